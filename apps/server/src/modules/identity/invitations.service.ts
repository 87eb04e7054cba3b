import { randomUUID } from 'node:crypto';
import {
  type AcceptInvitationRequest,
  AppError,
  INVITED_ROLES,
  type InvitedRole,
  isAdminGroup,
  LINK_EXPIRY_MINUTES,
  type Locale,
} from '@vireo/shared';
import type { Db, Tx } from '../../db/client';
import { translator } from '../../messages/intl';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { OutboxRepository } from '../../platform/outbox';
import type { AccessRepository } from './access.repository';
import { createEmailLinks, refusedPassword } from './email-links';
import { hashPassword } from './password';
import { judgePassword } from './password-policy';

export type InvitationsDeps = {
  db: Db;
  clock: Clock;
  repo: AccessRepository;
  outbox: Pick<OutboxRepository, 'queueEmail'>;
  audit: AuditRepository;
  /** Where the links in e-mails point (PUBLIC_URL). */
  publicUrl: string;
};

export type NewInvitation = {
  accountId: string;
  /** The PRIMARY or ADMIN of the account who invites (wider-portal.md §4). */
  invitedBy: string;
  email: string;
  firstName: string;
  lastName: string;
  role: InvitedRole;
  /** The invited person's language: the e-mail's, then the new user's. */
  language: Locale;
  /** Time-boxed access (wider-portal.md §4): when the member's access ends; null or absent for lasting access. */
  accessEndsAt?: Date | null;
};

/** What an invitation link finishes (`email_links.data`): the member the person becomes. The e-mail is the link's. */
type PendingInvitation = {
  accountId: string;
  role: InvitedRole;
  firstName: string;
  lastName: string;
  language: Locale;
  invitedBy: string;
  /** ISO instant, or null for lasting access (absent in invitations made before time-boxed access). */
  accessEndsAt?: string | null;
};

/** An invitation as the users area lists it: the link's row and what it finishes. */
export type InvitationLink = { id: string; email: string; createdAt: Date; expiresAt: Date; data: unknown };

/** What an invitation link's `data` holds (wider-portal.md §4 invitations list). */
export function pendingInvitationOf(link: InvitationLink) {
  const data = link.data as PendingInvitation;
  return {
    firstName: data.firstName,
    lastName: data.lastName,
    role: data.role,
    language: data.language,
    invitedBy: data.invitedBy,
    accessEndsAt: data.accessEndsAt ? new Date(data.accessEndsAt) : null,
  };
}

/**
 * Invitations (issue 17 item 3, wider-portal.md §1 "Invitation acceptance" and §4 "Invite"): an account's PRIMARY or
 * ADMIN invites someone by e-mail with a role; the e-mailed link (72 h, single-use, `/create-sub-account?token=…`)
 * lets them choose a username and a password, which makes them a member with that role, signed in. The users area
 * that sends invitations calls `createInvitation` (it comes later); today tests do (test/invitations.ts).
 */
export function createInvitationsService({ db, clock, repo, outbox, audit, publicUrl }: InvitationsDeps) {
  const links = createEmailLinks({ clock, repo, publicUrl });

  /**
   * The invitation's work inside the caller's transaction: checks the inviter, stores the link, queues the e-mail and
   * writes the audit entry, at the clock's now. `createInvitation` runs it in a transaction of its own; the demo seed
   * (db/seed/seed.ts) in its one transaction, with a clock at the day the invitation was sent.
   */
  async function invite(
    tx: Tx,
    input: NewInvitation,
    action: 'user.invited' | 'user.invitation_resent' = 'user.invited',
  ): Promise<{ id: string; sentTo: string; expiresAt: Date }> {
    if (!(INVITED_ROLES as readonly string[]).includes(input.role)) {
      throw new AppError('VALIDATION_FAILED', 'an invitation gives ADMIN, BILLING or STANDARD');
    }
    const inviter = await repo.inviterIn(tx, input.invitedBy, input.accountId);
    // wider-portal.md §4: users are managed by the PRIMARY and ADMINs of the account, no one else
    if (!inviter || !isAdminGroup(inviter.role)) throw new AppError('FORBIDDEN', 'only PRIMARY and ADMIN invite');
    const now = clock.now();
    const data: PendingInvitation = {
      accountId: input.accountId,
      role: input.role,
      firstName: input.firstName,
      lastName: input.lastName,
      language: input.language,
      invitedBy: input.invitedBy,
      accessEndsAt: input.accessEndsAt?.toISOString() ?? null,
    };
    const { id, url, expiresAt } = await links.issueLink(tx, {
      purpose: 'invitation',
      userId: null,
      accountId: input.accountId,
      email: input.email,
      data,
      createdByUserId: input.invitedBy,
    });
    const t = translator(input.language);
    await outbox.queueEmail(tx, {
      to: input.email,
      kind: 'invitation',
      language: input.language,
      subject: t('link.invite.subject', { company: inviter.companyName }),
      text: t('link.invite.body', {
        firstName: input.firstName,
        inviter: `${inviter.firstName} ${inviter.lastName}`,
        company: inviter.companyName,
        role: input.role,
        hours: LINK_EXPIRY_MINUTES.invitation / 60,
      }),
      action: { label: t('link.invite.action'), url },
      createdAt: now,
    });
    await audit.record(tx, {
      at: now,
      accountId: input.accountId,
      actorUserId: input.invitedBy,
      action,
      targetId: id,
      data: {
        role: input.role,
        email: input.email,
        name: `${input.firstName} ${input.lastName}`,
        accessEndsAt: data.accessEndsAt,
      },
    });
    return { id, sentTo: input.email, expiresAt };
  }

  return {
    invite,

    /** Stores the invitation link, queues its e-mail and writes the audit entry, in one transaction. */
    async createInvitation(input: NewInvitation): Promise<{ id: string; sentTo: string; expiresAt: Date }> {
      return db.transaction((tx) => invite(tx, input));
    },

    /**
     * Accepts an invitation (wider-portal.md §1 `/create-sub-account`): the link must be a live invitation (else
     * LINK_UNKNOWN, LINK_USED or LINK_EXPIRED, as every link route answers), the password passes the policy of Create
     * account (ADR 027, judged with the person's names and e-mail), the username is free (USERNAME_TAKEN). The user
     * is created as a member of the inviting account with the invited role, the link is used. The route signs them in.
     */
    async acceptInvitation(request: AcceptInvitationRequest): Promise<{ userId: string; username: string }> {
      return db.transaction(async (tx) => {
        const link = await links.usableLink(tx, request.token, ['invitation']);
        const pending = link.data as PendingInvitation;
        const verdict = judgePassword(request.password, {
          username: request.username,
          words: [pending.firstName, pending.lastName, link.email],
        });
        if (!verdict.acceptable) throw refusedPassword(verdict.problems);
        if (await repo.usernameTaken(tx, request.username)) {
          throw new AppError('USERNAME_TAKEN', 'username taken', {
            fields: [{ path: 'body.username', code: 'taken' }],
          });
        }
        const now = clock.now();
        const userId = randomUUID();
        await repo.insertMember(
          tx,
          {
            id: userId,
            username: request.username,
            passwordHash: await hashPassword(request.password),
            firstName: pending.firstName,
            lastName: pending.lastName,
            email: link.email,
            language: pending.language,
            createdAt: now,
          },
          {
            accountId: pending.accountId,
            role: pending.role,
            accessEndsAt: pending.accessEndsAt ? new Date(pending.accessEndsAt) : null,
            // the inviter, reminded before a time-boxed access ends, unless they have been removed since
            invitedByUserId: (await repo.getUser(tx, pending.invitedBy)) ? pending.invitedBy : null,
          },
        );
        await repo.markLinkUsed(tx, link.id, now);
        await audit.record(tx, {
          at: now,
          accountId: pending.accountId,
          actorUserId: userId,
          action: 'user.invitation_accepted',
          targetId: userId,
          data: { role: pending.role, invitedBy: pending.invitedBy },
        });
        return { userId, username: request.username };
      });
    },
  };
}

export type InvitationsService = ReturnType<typeof createInvitationsService>;
