import type { AccountStatus } from '@vireo/shared';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, addresses } from '../../db/schema';

/** An account with what proves a person holds its bill (below). */
async function proof(ex: Executor, where: SQL) {
  const [row] = await ex
    .select({
      id: accounts.id,
      companyName: accounts.companyName,
      serviceZip: addresses.zip,
      statementCode: accounts.statementCode,
      timeZone: accounts.timeZone,
      isEnterprise: accounts.isEnterprise,
    })
    .from(accounts)
    .leftJoin(addresses, and(eq(addresses.accountId, accounts.id), eq(addresses.kind, 'service')))
    .where(where);
  return row ?? null;
}

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

    /**
     * What proves a person holds an account's bill (issue 17: Create account, Quick Pay): the account by its number,
     * with its service address's ZIP, its statement security code and its time zone; null when no account has it.
     */
    async findByNumber(ex: Executor, accountNumber: string) {
      return proof(ex, eq(accounts.accountNumber, accountNumber));
    },

    /** The same, by the account's id (a pay link names its account: issue 17 item 7). */
    async findById(ex: Executor, accountId: string) {
      return proof(ex, eq(accounts.id, accountId));
    },

    async setStatus(ex: Executor, accountId: string, status: AccountStatus) {
      await ex.update(accounts).set({ status }).where(eq(accounts.id, accountId));
    },
  };
}

export type AccountRepository = ReturnType<typeof createAccountRepository>;
