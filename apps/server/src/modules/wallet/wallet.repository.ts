import type { AutoPayScope, WalletMethod } from '@vireo/shared';
import { and, asc, eq, inArray, isNotNull, max } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { autopayEnrollments, paymentMethods, payments } from '../../db/schema';
import type { PaymentMethodRow } from '../payments/payments.repository';

/**
 * Queries of the wallet module that the payments repository has not got; every one scoped to an account. The
 * shared ones (lock the account, list, count, get and insert methods, audit) are `paymentsRepository`'s.
 */
export const walletRepository = {
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

  async updateMethod(ex: Executor, accountId: string, id: string, values: Partial<typeof paymentMethods.$inferInsert>) {
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
