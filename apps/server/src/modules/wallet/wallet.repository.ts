import type { AutoPayScope, WalletMethod } from '@vireo/shared';
import { and, asc, between, count, desc, eq, inArray, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, autopayEnrollments, paymentMethods, payments } from '../../db/schema';

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/**
 * Queries of the wallet module: the saved payment methods (every other module reaches them through the wallet
 * service), and what uses each; every one scoped to an account where a user's input names a row.
 */
export function createWalletRepository() {
  return {
    listMethods(ex: Executor, accountId: string) {
      return (
        ex
          .select()
          .from(paymentMethods)
          .where(and(eq(paymentMethods.accountId, accountId), isNull(paymentMethods.deletedAt)))
          // the default first, then oldest first; cards before bank accounts when added together
          .orderBy(
            desc(paymentMethods.isDefault),
            asc(paymentMethods.createdAt),
            asc(paymentMethods.type),
            asc(paymentMethods.id),
          )
      );
    },

    async getMethod(ex: Executor, accountId: string, id: string) {
      const [row] = await ex
        .select()
        .from(paymentMethods)
        .where(
          and(eq(paymentMethods.id, id), eq(paymentMethods.accountId, accountId), isNull(paymentMethods.deletedAt)),
        );
      return row ?? null;
    },

    /**
     * The saved method a payment is about to charge, if it is still live, share-locked for the rest of the transaction
     * so it cannot be deleted before the payment is recorded as in progress (issue 14).
     */
    async lockLiveMethod(ex: Executor, accountId: string, id: string) {
      const [row] = await ex
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(
          and(eq(paymentMethods.id, id), eq(paymentMethods.accountId, accountId), isNull(paymentMethods.deletedAt)),
        )
        .for('share');
      return row ?? null;
    },

    /** A method by id, deleted or not (a payment recorded with it still names it). */
    async getMethodById(ex: Executor, id: string) {
      const [row] = await ex.select().from(paymentMethods).where(eq(paymentMethods.id, id));
      return row ?? null;
    },

    async getMethodByToken(ex: Executor, accountId: string, token: string) {
      const [row] = await ex
        .select()
        .from(paymentMethods)
        .where(
          and(
            eq(paymentMethods.vaultToken, token),
            eq(paymentMethods.accountId, accountId),
            isNull(paymentMethods.deletedAt),
          ),
        );
      return row ?? null;
    },

    async countMethods(ex: Executor, accountId: string) {
      const [row] = await ex
        .select({ n: count() })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.accountId, accountId), isNull(paymentMethods.deletedAt)));
      return row?.n ?? 0;
    },

    async insertMethod(ex: Executor, values: typeof paymentMethods.$inferInsert) {
      const [row] = await ex.insert(paymentMethods).values(values).returning();
      return row as PaymentMethodRow;
    },

    /**
     * The live cards of billable accounts whose expiry month is between `fromMonth` and `toMonth` (months counted as
     * year * 12 + month - 1), with the account's time zone: the candidates of "card expiring".
     */
    cardsExpiringBetween(ex: Executor, fromMonth: number, toMonth: number) {
      const expiry = sql`${paymentMethods.expYear} * 12 + ${paymentMethods.expMonth} - 1`;
      return ex
        .select({ method: paymentMethods, timeZone: accounts.timeZone })
        .from(paymentMethods)
        .innerJoin(accounts, eq(accounts.id, paymentMethods.accountId))
        .where(
          and(
            eq(paymentMethods.type, 'card'),
            isNull(paymentMethods.deletedAt),
            eq(accounts.isEnterprise, false),
            between(expiry, fromMonth, toMonth),
          ),
        )
        .orderBy(asc(paymentMethods.createdAt));
    },

    /** The Auto Pay scopes enrolled with each of the account's methods (method id → scopes, core before mobile). */
    async enrolledScopes(ex: Executor, accountId: string): Promise<Map<string, AutoPayScope[]>> {
      const rows = await ex
        .select({ paymentMethodId: autopayEnrollments.paymentMethodId, scope: autopayEnrollments.scope })
        .from(autopayEnrollments)
        .where(and(eq(autopayEnrollments.accountId, accountId), eq(autopayEnrollments.status, 'enrolled')))
        .orderBy(asc(autopayEnrollments.scope));
      const scopes = new Map<string, AutoPayScope[]>();
      for (const row of rows) scopes.set(row.paymentMethodId, [...(scopes.get(row.paymentMethodId) ?? []), row.scope]);
      return scopes;
    },

    /**
     * The payments still to charge each of the account's methods (method id → payments, soonest first): scheduled, or
     * in progress at the processor. While there is one the method cannot be deleted (issue 14, the roadblock).
     */
    async upcomingPayments(ex: Executor, accountId: string): Promise<Map<string, WalletMethod['upcomingPayments']>> {
      const rows = await ex
        .select({
          id: payments.id,
          paymentMethodId: payments.paymentMethodId,
          paymentDate: payments.paymentDate,
          amountCents: payments.amountCents,
          status: payments.status,
        })
        .from(payments)
        .where(
          and(
            eq(payments.accountId, accountId),
            isNotNull(payments.paymentMethodId),
            inArray(payments.status, ['scheduled', 'processing']),
          ),
        )
        .orderBy(asc(payments.paymentDate), asc(payments.id));
      const upcoming = new Map<string, WalletMethod['upcomingPayments']>();
      for (const { paymentMethodId, status, ...payment } of rows) {
        if (!paymentMethodId || (status !== 'scheduled' && status !== 'processing')) continue;
        upcoming.set(paymentMethodId, [...(upcoming.get(paymentMethodId) ?? []), { ...payment, status }]);
      }
      return upcoming;
    },

    /** A method of this account by its vault token, deleted or not (the token is unique across all methods). */
    async findByToken(ex: Executor, accountId: string, token: string): Promise<PaymentMethodRow | null> {
      const [row] = await ex
        .select()
        .from(paymentMethods)
        .where(and(eq(paymentMethods.vaultToken, token), eq(paymentMethods.accountId, accountId)));
      return row ?? null;
    },

    async updateMethod(
      ex: Executor,
      accountId: string,
      id: string,
      values: Partial<typeof paymentMethods.$inferInsert>,
    ) {
      const [row] = await ex
        .update(paymentMethods)
        .set(values)
        .where(and(eq(paymentMethods.id, id), eq(paymentMethods.accountId, accountId)))
        .returning();
      return row as PaymentMethodRow;
    },

    /** The latest date of a scheduled payment that will charge this method, or null (spec §5: expiry check). */
    async lastScheduledDate(ex: Executor, accountId: string, methodId: string): Promise<string | null> {
      const [row] = await ex
        .select({ last: max(payments.paymentDate) })
        .from(payments)
        .where(
          and(
            eq(payments.accountId, accountId),
            eq(payments.paymentMethodId, methodId),
            eq(payments.status, 'scheduled'),
          ),
        );
      return row?.last ?? null;
    },
  };
}

export type WalletRepository = ReturnType<typeof createWalletRepository>;
