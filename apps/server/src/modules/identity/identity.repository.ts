import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accountServices, accounts, addresses, loginTransactions, memberships, sessions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AccountRow = typeof accounts.$inferSelect;

/** Whether the account has the phone meta value-added service (it gates the voice capabilities, spec §6). */
const hasPhoneMetaOf = (accountId: typeof accounts.id) =>
  sql<boolean>`exists (select 1 from ${accountServices} where ${accountServices.accountId} = ${accountId} and ${accountServices.valueAddedServiceId} = 'PHONE_META')`;

/** Users, sessions, memberships and login transactions (app.ts creates it for the identity service). */
export function createIdentityRepository() {
  return {
    async findUserByUsername(ex: Executor, username: string) {
      const [row] = await ex.select().from(users).where(eq(users.username, username.toLowerCase()));
      return row;
    },

    async lockUserRow(ex: Executor, userId: string) {
      const [row] = await ex.select().from(users).where(eq(users.id, userId)).for('update');
      return row;
    },

    async updateLoginFailures(
      ex: Executor,
      userId: string,
      values: Pick<UserRow, 'failedLoginCount' | 'failedLoginWindowStart' | 'lockedUntil'> &
        Partial<Pick<UserRow, 'passwordResetRequired'>>,
    ) {
      await ex.update(users).set(values).where(eq(users.id, userId));
    },

    /** The user's membership, account and what the session profile needs. A user belongs to one business. */
    async findMembership(ex: Executor, userId: string) {
      const [row] = await ex
        .select({ membership: memberships, account: accounts, user: users })
        .from(memberships)
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.userId, userId))
        .limit(1);
      return row;
    },

    /** The account's owner (its PRIMARY member, the longest-standing if there are several), for access notices. */
    async findAccountOwner(ex: Executor, accountId: string) {
      const [row] = await ex
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.accountId, accountId), eq(memberships.role, 'PRIMARY')))
        .orderBy(memberships.createdAt)
        .limit(1);
      return row;
    },

    async findAddress(ex: Executor, accountId: string, kind: 'service' | 'bill_to') {
      const [row] = await ex
        .select()
        .from(addresses)
        .where(and(eq(addresses.accountId, accountId), eq(addresses.kind, kind)));
      return row;
    },

    async insertSession(ex: Executor, row: typeof sessions.$inferInsert) {
      await ex.insert(sessions).values(row);
    },

    /**
     * What every signed-in request needs, in one round trip: the unrevoked session, its user's status, the member's
     * role, the account, and whether the account has the phone meta service (no password hash or personal details). No row when the session is unknown or revoked.
     */
    async findLiveSessionContext(ex: Executor, id: string) {
      const [row] = await ex
        .select({
          session: sessions,
          userStatus: users.status,
          role: memberships.role,
          account: accounts,
          hasPhoneMeta: hasPhoneMetaOf(accounts.id),
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .innerJoin(memberships, eq(memberships.userId, sessions.userId))
        .innerJoin(accounts, eq(accounts.id, memberships.accountId))
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
        .limit(1);
      return row;
    },

    async setSessionAuthenticatedAt(ex: Executor, id: string, at: Date) {
      await ex.update(sessions).set({ authenticatedAt: at }).where(eq(sessions.id, id));
    },

    /** The users list's "last sign-in". */
    async markSignedIn(ex: Executor, userId: string, at: Date) {
      await ex.update(users).set({ lastSignInAt: at }).where(eq(users.id, userId));
    },

    async touchSession(ex: Executor, id: string, at: Date) {
      await ex.update(sessions).set({ lastSeenAt: at }).where(eq(sessions.id, id));
    },

    async revokeSession(ex: Executor, id: string, at: Date) {
      await ex
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    },

    async setLanguage(ex: Executor, userId: string, language: 'en' | 'es') {
      await ex.update(users).set({ language }).where(eq(users.id, userId));
    },

    async insertLoginTransaction(ex: Executor, row: typeof loginTransactions.$inferInsert) {
      await ex.insert(loginTransactions).values(row);
    },

    /** Takes a login transaction once: a replayed callback finds nothing. */
    async consumeLoginTransaction(ex: Executor, id: string) {
      const [row] = await ex.delete(loginTransactions).where(eq(loginTransactions.id, id)).returning();
      return row;
    },

    async deleteExpiredLoginTransactions(ex: Executor, before: Date) {
      await ex.delete(loginTransactions).where(sql`${loginTransactions.expiresAt} < ${before}`);
    },
  };
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;
