import type { InvitedRole, Locale } from '@vireo/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client';
import { memberships, outboxEmails, users } from '../src/db/schema';

/** The newest e-mail of a kind to an address, and the link token in it (43 base64url characters after `token=`). */
export async function latestLink(db: Db, to: string, kind: string) {
  const [mail] = await db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.toAddress, to), eq(outboxEmails.kind, kind)))
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
    .limit(1);
  const token = mail?.body.match(/token=([A-Za-z0-9_-]{43})/)?.[1];
  return { mail, token };
}

export type DemoInvitation = {
  /** The demo user who invites (a PRIMARY or ADMIN, demo-data.md): their account is the one joined. */
  inviter?: string;
  email: string;
  firstName?: string;
  lastName?: string;
  role?: InvitedRole;
  language?: Locale;
};

/**
 * An invitation to a demo account, made as the users area will make it (issue 17 item 3): through the invitations
 * service, which stores the link, queues the e-mail and writes the audit entry. Returns the e-mail and the token its
 * link carries (`/create-sub-account?token=…`), read from the outbox as the mailbox shows it.
 */
export async function inviteToDemoAccount(app: FastifyInstance, db: Db, invitation: DemoInvitation) {
  const inviter = invitation.inviter ?? 'harbor-owner';
  const [member] = await db
    .select({ userId: users.id, accountId: memberships.accountId })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(eq(users.username, inviter));
  if (!member) throw new Error(`inviteToDemoAccount: no demo user ${inviter}`);
  const sent = await app.portal.services.invitations.createInvitation({
    accountId: member.accountId,
    invitedBy: member.userId,
    email: invitation.email,
    firstName: invitation.firstName ?? 'Dana',
    lastName: invitation.lastName ?? 'Whitfield',
    role: invitation.role ?? 'BILLING',
    language: invitation.language ?? 'en',
  });
  const { mail, token } = await latestLink(db, invitation.email, 'invitation');
  if (!mail || !token) throw new Error('inviteToDemoAccount: no invitation e-mail in the outbox');
  return { ...sent, accountId: member.accountId, inviterId: member.userId, mail, token };
}
