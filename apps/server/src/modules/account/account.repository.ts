import type { AccountStatus } from '@vireo/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts } from '../../db/schema';

/** The billing account row: the lock every money-moving change of an account takes first (architecture.md). */
export function createAccountRepository() {
  return {
    /**
     * The billing account, locked for the rest of the transaction (limits such as 2 scheduled payments). FOR NO KEY
     * UPDATE, the lock an UPDATE of the row takes: it serializes the account's writers all the same, but does not wait
     * for the KEY SHARE locks that inserting any row referencing the account takes. With FOR UPDATE, two transactions
     * that had each inserted such a row (an audit event) and then locked the account (two payments of one account
     * settling at once) waited for each other: PostgreSQL's "deadlock detected", a 500.
     */
    async lock(ex: Executor, accountId: string) {
      const [row] = await ex.select().from(accounts).where(eq(accounts.id, accountId)).for('no key update');
      return row ?? null;
    },

    async get(ex: Executor, accountId: string) {
      const [row] = await ex.select().from(accounts).where(eq(accounts.id, accountId));
      return row ?? null;
    },

    async setStatus(ex: Executor, accountId: string, status: AccountStatus) {
      await ex.update(accounts).set({ status }).where(eq(accounts.id, accountId));
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
