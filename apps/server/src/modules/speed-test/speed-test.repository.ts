import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { speedTests } from '../../db/schema';
import { type Cursor, instantKeyset } from '../../platform/keyset';

export type SpeedTestRow = typeof speedTests.$inferSelect;

/** The users' speed tests (issue 21 item 7). */
export function createSpeedTestRepository() {
  return {
    async insert(ex: Executor, row: typeof speedTests.$inferInsert): Promise<SpeedTestRow> {
      const [inserted] = await ex.insert(speedTests).values(row).returning();
      if (!inserted) throw new Error('speed test not inserted');
      return inserted;
    },

    /** The user's tests, newest first, keyset-paged over (at, id). */
    async listOfUser(ex: Executor, userId: string, window: { cursor: Cursor | null; limit: number }) {
      const k = instantKeyset({ at: speedTests.at, id: speedTests.id }, window.cursor, [eq(speedTests.userId, userId)]);
      const rows = await ex
        .select()
        .from(speedTests)
        .where(k.where)
        .orderBy(...k.order)
        .limit(window.limit + 1);
      const hasOtherSide = k.otherSide
        ? (await ex.select({ id: speedTests.id }).from(speedTests).where(k.otherSide).limit(1)).length > 0
        : false;
      return { rows, hasOtherSide };
    },

    async latestOfUser(ex: Executor, userId: string): Promise<SpeedTestRow | null> {
      const [row] = await ex
        .select()
        .from(speedTests)
        .where(eq(speedTests.userId, userId))
        .orderBy(desc(speedTests.at), desc(speedTests.id))
        .limit(1);
      return row ?? null;
    },
  };
}

export type SpeedTestRepository = ReturnType<typeof createSpeedTestRepository>;
