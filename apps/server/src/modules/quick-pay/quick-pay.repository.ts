import { eq, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { quickPaySessions } from '../../db/schema';

export type QuickPaySessionRow = typeof quickPaySessions.$inferSelect;

/** Quick Pay sessions (issue 17 item 6): found by their token's SHA-256 only. */
export function createQuickPayRepository() {
  return {
    async insertSession(ex: Executor, values: Omit<typeof quickPaySessions.$inferInsert, 'id'>) {
      const [row] = await ex.insert(quickPaySessions).values(values).returning();
      return row as QuickPaySessionRow;
    },

    async findSession(ex: Executor, tokenHash: string) {
      const [row] = await ex.select().from(quickPaySessions).where(eq(quickPaySessions.tokenHash, tokenHash));
      return row ?? null;
    },

    /** Sessions that ended before `before` are of no use to anyone: forgotten. */
    async deleteExpired(ex: Executor, before: Date) {
      await ex.delete(quickPaySessions).where(lt(quickPaySessions.expiresAt, before));
    },
  };
}

export type QuickPayRepository = ReturnType<typeof createQuickPayRepository>;
