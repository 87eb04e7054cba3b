import { and, asc, count, eq, isNull, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, addresses, outageCallbacks, outageCredits } from '../../db/schema';

export type CallbackRow = typeof outageCallbacks.$inferSelect;
export type CreditRow = typeof outageCredits.$inferSelect;

/** The portal's records of outage callbacks and credits (issue 20 items 7-8), and the locations they are about. */
export function createOutageCareRepository() {
  return {
    /** The account's locations (service addresses). */
    locations(ex: Executor, accountId: string) {
      return ex
        .select()
        .from(addresses)
        .where(and(eq(addresses.accountId, accountId), eq(addresses.kind, 'service')))
        .orderBy(asc(addresses.id));
    },

    async account(ex: Executor, accountId: string) {
      const [row] = await ex.select().from(accounts).where(eq(accounts.id, accountId));
      return row ?? null;
    },

    /** A user's live callbacks on an account, the oldest first. */
    liveCallbacksOf(ex: Executor, accountId: string, userId: string) {
      return ex
        .select()
        .from(outageCallbacks)
        .where(
          and(
            eq(outageCallbacks.accountId, accountId),
            eq(outageCallbacks.userId, userId),
            isNull(outageCallbacks.endedAt),
          ),
        )
        .orderBy(asc(outageCallbacks.createdAt), asc(outageCallbacks.id));
    },

    async countLive(ex: Executor, userId: string, addressId: string) {
      const [row] = await ex
        .select({ n: count() })
        .from(outageCallbacks)
        .where(
          and(
            eq(outageCallbacks.userId, userId),
            eq(outageCallbacks.addressId, addressId),
            isNull(outageCallbacks.endedAt),
          ),
        );
      return row?.n ?? 0;
    },

    /** Inserts a callback; null when the same one is already live (the partial unique index). */
    async insertCallback(ex: Executor, row: typeof outageCallbacks.$inferInsert) {
      const [inserted] = await ex.insert(outageCallbacks).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },

    async findLive(ex: Executor, where: { userId: string; addressId: string; channel: string; destination: string }) {
      const [row] = await ex
        .select()
        .from(outageCallbacks)
        .where(
          and(
            eq(outageCallbacks.userId, where.userId),
            eq(outageCallbacks.addressId, where.addressId),
            eq(outageCallbacks.channel, where.channel),
            eq(outageCallbacks.destination, where.destination),
            isNull(outageCallbacks.endedAt),
          ),
        );
      return row ?? null;
    },

    /** Ends a user's live callback; null when there is none by that id (another's, ended, unknown). */
    async endCallback(ex: Executor, where: { id: string; accountId: string; userId: string }, at: Date) {
      const [row] = await ex
        .update(outageCallbacks)
        .set({ endedAt: at })
        .where(
          and(
            eq(outageCallbacks.id, where.id),
            eq(outageCallbacks.accountId, where.accountId),
            eq(outageCallbacks.userId, where.userId),
            isNull(outageCallbacks.endedAt),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** The callbacks live at `before` (made before it, not ended), with their location, for the restore notices. */
    callbacksLiveAt(ex: Executor, before: Date) {
      return ex
        .select({ callback: outageCallbacks, address: addresses, timeZone: accounts.timeZone })
        .from(outageCallbacks)
        .innerJoin(addresses, eq(addresses.id, outageCallbacks.addressId))
        .innerJoin(accounts, eq(accounts.id, outageCallbacks.accountId))
        .where(and(isNull(outageCallbacks.endedAt), lte(outageCallbacks.createdAt, before)));
    },

    creditsOf(ex: Executor, accountId: string) {
      return ex.select().from(outageCredits).where(eq(outageCredits.accountId, accountId));
    },

    /** Records a credit once per account and outage; null when it was already requested. */
    async insertCredit(ex: Executor, row: typeof outageCredits.$inferInsert) {
      const [inserted] = await ex.insert(outageCredits).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },
  };
}

export type OutageCareRepository = ReturnType<typeof createOutageCareRepository>;
