import type { PortalRole } from '@vireo/shared';
import { and, asc, count, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, emailLinks, memberships, passkeys, registrationAttempts, sessions, users } from '../../db/schema';

export type EmailLinkRow = typeof emailLinks.$inferSelect;
export type NewEmailLink = typeof emailLinks.$inferInsert;

/** The open doors' queries (issue 17): e-mailed links, registration tries, users found by e-mail, new owners. */
export function createAccessRepository() {
  return {
    async insertLink(ex: Executor, link: NewEmailLink) {
      await ex.insert(emailLinks).values(link);
    },

    /** The link a token names, locked for the rest of the transaction (it is used once). */
    async lockLink(ex: Executor, tokenHash: string) {
      const [row] = await ex.select().from(emailLinks).where(eq(emailLinks.tokenHash, tokenHash)).for('update');
      return row ?? null;
    },

    async findLink(ex: Executor, tokenHash: string) {
      const [row] = await ex.select().from(emailLinks).where(eq(emailLinks.tokenHash, tokenHash));
      return row ?? null;
    },

    async markLinkUsed(ex: Executor, id: string, at: Date) {
      await ex.update(emailLinks).set({ usedAt: at }).where(eq(emailLinks.id, id));
    },

    /** Ends a user's other unused links of a purpose (a new reset link makes the older ones useless). */
    async retireLinks(ex: Executor, userId: string, purpose: EmailLinkRow['purpose'], at: Date) {
      await ex
        .update(emailLinks)
        .set({ usedAt: at })
        .where(and(eq(emailLinks.userId, userId), eq(emailLinks.purpose, purpose), isNull(emailLinks.usedAt)));
    },

    async recordRegistrationAttempt(ex: Executor, accountId: string, at: Date, succeeded: boolean) {
      await ex.insert(registrationAttempts).values({ accountId, at, succeeded });
    },

    async failedRegistrationAttemptsSince(ex: Executor, accountId: string, since: Date) {
      const [row] = await ex
        .select({ n: count() })
        .from(registrationAttempts)
        .where(
          and(
            eq(registrationAttempts.accountId, accountId),
            eq(registrationAttempts.succeeded, false),
            gte(registrationAttempts.at, since),
          ),
        );
      return row?.n ?? 0;
    },

    async accountHasPrimary(ex: Executor, accountId: string) {
      const [row] = await ex
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(eq(memberships.accountId, accountId), eq(memberships.role, 'PRIMARY')))
        .limit(1);
      return row !== undefined;
    },

    async usernameTaken(ex: Executor, username: string) {
      const [row] = await ex.select({ id: users.id }).from(users).where(eq(users.username, username.toLowerCase()));
      return row !== undefined;
    },

    /** The active users with this e-mail address (compared without case), oldest first. */
    async activeUsersByEmail(ex: Executor, email: string) {
      return ex
        .select({ id: users.id, username: users.username, language: users.language, firstName: users.firstName })
        .from(users)
        .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, eq(users.status, 'active')))
        .orderBy(users.createdAt);
    },

    /** An inviter's name and role in the account, with the account's name (no row: not a member of it). */
    async inviterIn(ex: Executor, userId: string, accountId: string) {
      const [row] = await ex
        .select({
          firstName: users.firstName,
          lastName: users.lastName,
          role: memberships.role,
          companyName: accounts.companyName,
        })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(and(eq(memberships.userId, userId), eq(memberships.accountId, accountId), eq(users.status, 'active')));
      return row ?? null;
    },

    /** The account a user belongs to (their first membership), whose audit log records what they do to themselves. */
    async accountOf(ex: Executor, userId: string): Promise<string | null> {
      const [row] = await ex
        .select({ accountId: memberships.accountId })
        .from(memberships)
        .where(eq(memberships.userId, userId))
        .orderBy(asc(memberships.createdAt))
        .limit(1);
      return row?.accountId ?? null;
    },

    async getUser(ex: Executor, userId: string) {
      const [row] = await ex.select().from(users).where(eq(users.id, userId));
      return row ?? null;
    },

    async insertMember(
      ex: Executor,
      user: typeof users.$inferInsert & { id: string },
      membership: {
        accountId: string;
        role: PortalRole;
        accessEndsAt?: Date | null;
        invitedByUserId?: string | null;
      },
    ) {
      await ex.insert(users).values(user);
      await ex.insert(memberships).values({ userId: user.id, createdAt: user.createdAt, ...membership });
    },

    /** A new password: the lockout and any reset requirement are lifted with it. */
    async setPassword(ex: Executor, userId: string, passwordHash: string) {
      await ex
        .update(users)
        .set({
          passwordHash,
          failedLoginCount: 0,
          failedLoginWindowStart: null,
          lockedUntil: null,
          passwordResetRequired: false,
        })
        .where(eq(users.id, userId));
    },

    /** Ends every live session of the user (a password reset). */
    async revokeSessions(ex: Executor, userId: string, at: Date) {
      const ended = await ex
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return ended.length;
    },

    /** "This wasn't me" (issue 18 item 4): the passkeys added since `since` go, and sign-in waits for a reset. */
    async lockDown(ex: Executor, userId: string, since: Date) {
      const removed = await ex
        .delete(passkeys)
        .where(and(eq(passkeys.userId, userId), gte(passkeys.createdAt, since)))
        .returning({ id: passkeys.id });
      await ex.update(users).set({ passwordResetRequired: true }).where(eq(users.id, userId));
      return removed.length;
    },
  };
}

export type AccessRepository = ReturnType<typeof createAccessRepository>;
