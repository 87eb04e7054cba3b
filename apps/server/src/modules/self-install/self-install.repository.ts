import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { selfInstallKits } from '../../db/schema';

export type KitRow = typeof selfInstallKits.$inferSelect;

/** The self-install kits (issue 21 item 6): one per account at most. */
export function createSelfInstallRepository() {
  return {
    async kit(ex: Executor, accountId: string): Promise<KitRow | null> {
      const [row] = await ex.select().from(selfInstallKits).where(eq(selfInstallKits.accountId, accountId));
      return row ?? null;
    },

    async lockKit(ex: Executor, accountId: string): Promise<KitRow | null> {
      const [row] = await ex
        .select()
        .from(selfInstallKits)
        .where(eq(selfInstallKits.accountId, accountId))
        .for('update');
      return row ?? null;
    },

    async update(
      ex: Executor,
      id: string,
      change: Partial<
        Pick<KitRow, 'stage' | 'failedStep' | 'failureReason' | 'failedAttempts' | 'wifiName' | 'activatedAt'>
      >,
    ): Promise<KitRow> {
      const [row] = await ex.update(selfInstallKits).set(change).where(eq(selfInstallKits.id, id)).returning();
      if (!row) throw new Error('kit vanished under its lock');
      return row;
    },
  };
}

export type SelfInstallRepository = ReturnType<typeof createSelfInstallRepository>;
