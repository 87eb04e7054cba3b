import type { PortalRole } from '@vireo/shared';
import { and, eq, gt, isNotNull, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor, Tx } from '../../db/client';
import { accounts, emailLinks, memberships, users } from '../../db/schema';
import { type Cursor, instantKeyset, textKeyset } from '../../platform/keyset';

/** A member of the account as the users list shows them. */
export type MemberRow = {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  language: string | null;
  status: 'active' | 'invited' | 'locked' | 'disabled';
  role: PortalRole;
  accessEndsAt: Date | null;
  lastSignInAt: Date | null;
  /** The list's order: last name, first name, lower-case. */
  sortKey: string;
};

const sortKey = sql<string>`lower(${users.lastName} || ' ' || ${users.firstName})`;
const memberColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  username: users.username,
  email: users.email,
  language: users.language,
  status: users.status,
  role: memberships.role,
  accessEndsAt: memberships.accessEndsAt,
  lastSignInAt: users.lastSignInAt,
  sortKey,
};

const inviter = alias(users, 'inviter');

/** Users and roles (issue 18 item 5): an account's members, their sessions, and its invitations (`email_links`). */
export function createUsersRepository() {
  return {
    /** The account's members by name, keyset-paged; `q` matches name, username or e-mail, without case. */
    async list(
      ex: Executor,
      accountId: string,
      query: { q?: string; status?: 'active' | 'deactivated'; cursor: Cursor | null; limit: number },
    ) {
      const filter: SQL[] = [eq(memberships.accountId, accountId)];
      if (query.q) {
        const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        filter.push(
          or(
            sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${like}`,
            sql`lower(${users.username}) like ${like}`,
            sql`lower(${users.email}) like ${like}`,
          ) as SQL,
        );
      }
      if (query.status === 'deactivated') filter.push(eq(users.status, 'disabled'));
      if (query.status === 'active') filter.push(ne(users.status, 'disabled'));
      const k = textKeyset({ key: sortKey, id: users.id }, query.cursor, filter);
      const from = () => ex.select(memberColumns).from(memberships).innerJoin(users, eq(users.id, memberships.userId));
      const rows = (await from()
        .where(k.where)
        .orderBy(...k.order)
        .limit(query.limit + 1)) as MemberRow[];
      const hasOtherSide = k.otherSide ? (await from().where(k.otherSide).limit(1)).length > 0 : false;
      return { rows, hasOtherSide };
    },

    /** One member of the account, locked for the rest of the transaction (their membership and user rows). */
    async lockMember(tx: Tx, accountId: string, userId: string): Promise<MemberRow | null> {
      const [row] = await tx
        .select(memberColumns)
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)))
        .for('update');
      return (row as MemberRow | undefined) ?? null;
    },

    async setRole(tx: Tx, accountId: string, userId: string, role: PortalRole) {
      await tx
        .update(memberships)
        .set({ role })
        .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
    },

    async setAccessEnd(tx: Tx, accountId: string, userId: string, accessEndsAt: Date | null) {
      await tx
        .update(memberships)
        .set({ accessEndsAt, accessRemindedAt: null })
        .where(and(eq(memberships.accountId, accountId), eq(memberships.userId, userId)));
    },

    async setStatus(tx: Tx, userId: string, status: 'active' | 'disabled', at: Date) {
      await tx
        .update(users)
        .set({ status, deactivatedAt: status === 'disabled' ? at : null })
        .where(eq(users.id, userId));
    },

    /**
     * Removes the sign-in: the user row and, by cascade, their membership, sessions and links. Payment methods,
     * scheduled payments and Auto Pay belong to the account (their `created_by` columns are set null), and audit
     * entries keep the name they were written with.
     */
    async deleteUser(tx: Tx, userId: string) {
      await tx.delete(users).where(eq(users.id, userId));
    },

    /** Memberships whose time-boxed access has ended and whose user is still active. */
    async accessEnded(ex: Executor, now: Date) {
      return ex
        .select({ accountId: memberships.accountId, userId: memberships.userId })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(lte(memberships.accessEndsAt, now), ne(users.status, 'disabled')));
    },

    /** Time-boxed accesses ending before `before`, not yet reminded, with the inviter to remind (when still there). */
    async accessEndingUnreminded(ex: Executor, now: Date, before: Date) {
      return ex
        .select({
          accountId: memberships.accountId,
          userId: memberships.userId,
          accessEndsAt: memberships.accessEndsAt,
          firstName: users.firstName,
          lastName: users.lastName,
          inviterId: inviter.id,
          inviterEmail: inviter.email,
          inviterFirstName: inviter.firstName,
          inviterLanguage: inviter.language,
          timeZone: accounts.timeZone,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .leftJoin(inviter, and(eq(inviter.id, memberships.invitedByUserId), eq(inviter.status, 'active')))
        .where(
          and(
            gt(memberships.accessEndsAt, now),
            lte(memberships.accessEndsAt, before),
            isNull(memberships.accessRemindedAt),
            ne(users.status, 'disabled'),
          ),
        );
    },

    /** Marks a reminder sent, once: false when another run marked it first. */
    async claimReminder(tx: Tx, accountId: string, userId: string, at: Date) {
      const claimed = await tx
        .update(memberships)
        .set({ accessRemindedAt: at })
        .where(
          and(
            eq(memberships.accountId, accountId),
            eq(memberships.userId, userId),
            isNull(memberships.accessRemindedAt),
          ),
        )
        .returning({ id: memberships.id });
      return claimed.length > 0;
    },

    /** The account's invitations not yet accepted (pending and expired), newest first, keyset-paged. */
    async listInvitations(ex: Executor, accountId: string, window: { cursor: Cursor | null; limit: number }) {
      const k = instantKeyset({ at: emailLinks.createdAt, id: emailLinks.id }, window.cursor, [
        eq(emailLinks.accountId, accountId),
        eq(emailLinks.purpose, 'invitation'),
        isNull(emailLinks.usedAt),
      ]);
      const rows = await ex
        .select({ link: emailLinks, inviterFirstName: inviter.firstName, inviterLastName: inviter.lastName })
        .from(emailLinks)
        .leftJoin(inviter, eq(inviter.id, emailLinks.createdByUserId))
        .where(k.where)
        .orderBy(...k.order)
        .limit(window.limit + 1);
      const hasOtherSide = k.otherSide
        ? (await ex.select({ id: emailLinks.id }).from(emailLinks).where(k.otherSide).limit(1)).length > 0
        : false;
      return { rows, hasOtherSide };
    },

    /** One of the account's unaccepted invitations, locked. */
    async lockInvitation(tx: Tx, accountId: string, id: string) {
      const [row] = await tx
        .select({ link: emailLinks, inviterFirstName: inviter.firstName, inviterLastName: inviter.lastName })
        .from(emailLinks)
        .leftJoin(inviter, eq(inviter.id, emailLinks.createdByUserId))
        .where(
          and(
            eq(emailLinks.id, id),
            eq(emailLinks.accountId, accountId),
            eq(emailLinks.purpose, 'invitation'),
            isNull(emailLinks.usedAt),
          ),
        )
        .for('update', { of: emailLinks });
      return row ?? null;
    },

    async deleteInvitation(tx: Tx, id: string) {
      await tx.delete(emailLinks).where(eq(emailLinks.id, id));
    },

    /** Whether the address is already a member's of the account, or has an unaccepted invitation to it. */
    async addressTaken(ex: Executor, accountId: string, email: string) {
      const lower = email.toLowerCase();
      const [member] = await ex
        .select({ id: users.id })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.accountId, accountId), sql`lower(${users.email}) = ${lower}`))
        .limit(1);
      if (member) return true;
      const [invited] = await ex
        .select({ id: emailLinks.id })
        .from(emailLinks)
        .where(
          and(
            eq(emailLinks.accountId, accountId),
            eq(emailLinks.purpose, 'invitation'),
            isNull(emailLinks.usedAt),
            isNotNull(emailLinks.email),
            sql`lower(${emailLinks.email}) = ${lower}`,
          ),
        )
        .limit(1);
      return invited !== undefined;
    },

    /** The account's time zone (an access end date is the end of that day there). */
    async timeZoneOf(ex: Executor, accountId: string) {
      const [row] = await ex.select({ timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, accountId));
      return row?.timeZone ?? 'America/New_York';
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
