import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accountServices, accounts, addresses, loginTransactions, memberships, sessions, users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export const identityRepository = {
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
    values: Pick<UserRow, 'failedLoginCount' | 'failedLoginWindowStart' | 'lockedUntil'>,
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

  async hasPhoneMeta(ex: Executor, accountId: string) {
    const [row] = await ex
      .select({ id: accountServices.id })
      .from(accountServices)
      .where(and(eq(accountServices.accountId, accountId), eq(accountServices.valueAddedServiceId, 'PHONE_META')));
    return row !== undefined;
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

  async findLiveSession(ex: Executor, id: string) {
    const [row] = await ex
      .select()
      .from(sessions)
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
    return row;
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
