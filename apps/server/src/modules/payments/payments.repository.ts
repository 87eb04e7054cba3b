import type { MobileLineState } from '@vireo/shared';
import { and, asc, eq, inArray, lt, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, mobileLines, payments, users } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;

/** Queries of the payments module; every one scoped to an account where a user's input names a row. */
export function createPaymentsRepository() {
  return {
    async getPaymentById(ex: Executor, id: string) {
      const [row] = await ex.select().from(payments).where(eq(payments.id, id));
      return row ?? null;
    },

    async getUser(ex: Executor, userId: string) {
      const [row] = await ex
        .select({ email: users.email, language: users.language })
        .from(users)
        .where(eq(users.id, userId));
      return row ?? null;
    },

    listScheduled(ex: Executor, accountId: string) {
      return ex
        .select()
        .from(payments)
        .where(and(eq(payments.accountId, accountId), eq(payments.status, 'scheduled')))
        .orderBy(asc(payments.paymentDate), asc(payments.id));
    },

    async insertPayment(ex: Executor, values: typeof payments.$inferInsert) {
      const [row] = await ex.insert(payments).values(values).returning();
      return row as PaymentRow;
    },

    async getPayment(ex: Executor, accountId: string, id: string) {
      const [row] = await ex
        .select()
        .from(payments)
        .where(and(eq(payments.id, id), eq(payments.accountId, accountId)));
      return row ?? null;
    },

    /** Locks one payment if no one else holds it (jobs on several instances skip each other's rows). */
    async lockPayment(ex: Executor, id: string, options: { skipLocked: boolean }) {
      const query = ex.select().from(payments).where(eq(payments.id, id));
      const [row] = await (options.skipLocked ? query.for('update', { skipLocked: true }) : query.for('update'));
      return row ?? null;
    },

    async updatePayment(ex: Executor, id: string, values: Partial<typeof payments.$inferInsert>) {
      const [row] = await ex.update(payments).set(values).where(eq(payments.id, id)).returning();
      return row as PaymentRow;
    },

    /** Scheduled payments whose date has come (in UTC terms; the caller checks each account's own today). */
    dueScheduled(ex: Executor, onOrBefore: string) {
      return ex
        .select({ id: payments.id, paymentDate: payments.paymentDate, timeZone: accounts.timeZone })
        .from(payments)
        .innerJoin(accounts, eq(accounts.id, payments.accountId))
        .where(and(eq(payments.status, 'scheduled'), lte(payments.paymentDate, onOrBefore)));
    },

    pendingIds(ex: Executor) {
      return ex.select({ id: payments.id }).from(payments).where(eq(payments.status, 'pending'));
    },

    /** Payments the processor was asked about before `attemptedBefore` and that still have no outcome. */
    stuckIds(ex: Executor, attemptedBefore: Date) {
      return ex
        .select({ id: payments.id, attemptedAt: payments.attemptedAt })
        .from(payments)
        .where(and(eq(payments.status, 'processing'), lt(payments.attemptedAt, attemptedBefore)));
    },

    async hasInterruptedMobileLines(ex: Executor, accountId: string) {
      const [row] = await ex
        .select({ id: mobileLines.id })
        .from(mobileLines)
        .where(
          and(
            eq(mobileLines.accountId, accountId),
            inArray(mobileLines.status, ['hotlined', 'temporarily_disconnected']),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** The restore job: interrupted lines come back to the state the account's aging gives now. */
    async restoreMobileLines(ex: Executor, accountId: string, status: MobileLineState) {
      if (status !== 'active' && status !== 'past_due') return 0;
      const rows = await ex
        .update(mobileLines)
        .set({ status })
        .where(
          and(
            eq(mobileLines.accountId, accountId),
            inArray(mobileLines.status, ['hotlined', 'temporarily_disconnected']),
          ),
        )
        .returning({ id: mobileLines.id });
      return rows.length;
    },
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
