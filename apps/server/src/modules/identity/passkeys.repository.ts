import { and, asc, count, eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { memberships, passkeyChallenges, passkeys, users } from '../../db/schema';

export type PasskeyRow = typeof passkeys.$inferSelect;

/** Passkeys and their WebAuthn challenges (issue 18 item 2, ADR 029): a user's own rows only. */
export function createPasskeysRepository() {
  return {
    async listForUser(ex: Executor, userId: string) {
      return ex
        .select()
        .from(passkeys)
        .where(eq(passkeys.userId, userId))
        .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
    },

    async countForUser(ex: Executor, userId: string) {
      const [row] = await ex.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
      return row?.n ?? 0;
    },

    /** One of the user's passkeys by id (another user's id finds nothing). */
    async findUserPasskey(ex: Executor, userId: string, id: string) {
      const [row] = await ex
        .select()
        .from(passkeys)
        .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)));
      return row;
    },

    async findByCredentialId(ex: Executor, credentialId: string) {
      const [row] = await ex.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
      return row;
    },

    async insert(ex: Executor, row: typeof passkeys.$inferInsert) {
      const [inserted] = await ex.insert(passkeys).values(row).onConflictDoNothing().returning();
      return inserted;
    },

    async rename(ex: Executor, id: string, name: string) {
      await ex.update(passkeys).set({ name }).where(eq(passkeys.id, id));
    },

    async remove(ex: Executor, id: string) {
      await ex.delete(passkeys).where(eq(passkeys.id, id));
    },

    async markUsed(ex: Executor, id: string, counter: number, at: Date) {
      await ex.update(passkeys).set({ counter, lastUsedAt: at }).where(eq(passkeys.id, id));
    },

    /** Keeps a challenge under its binding, replacing an earlier one; clears the expired ones. */
    async putChallenge(ex: Executor, row: typeof passkeyChallenges.$inferInsert, now: Date) {
      await ex.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, now));
      await ex
        .insert(passkeyChallenges)
        .values(row)
        .onConflictDoUpdate({
          target: passkeyChallenges.id,
          set: { challenge: row.challenge, expiresAt: row.expiresAt },
        });
    },

    /** Takes the challenge once: a second verification with the same binding finds nothing. */
    async takeChallenge(ex: Executor, id: string) {
      const [row] = await ex.delete(passkeyChallenges).where(eq(passkeyChallenges.id, id)).returning();
      return row;
    },

    async getUser(ex: Executor, userId: string) {
      const [row] = await ex
        .select({
          id: users.id,
          username: users.username,
          firstName: users.firstName,
          lastName: users.lastName,
          email: users.email,
          language: users.language,
          status: users.status,
          lockedUntil: users.lockedUntil,
          passwordResetRequired: users.passwordResetRequired,
          accountId: memberships.accountId,
        })
        .from(users)
        .leftJoin(memberships, eq(memberships.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },
  };
}

export type PasskeysRepository = ReturnType<typeof createPasskeysRepository>;
