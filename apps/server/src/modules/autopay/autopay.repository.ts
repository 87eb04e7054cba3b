import { and, asc, count, desc, eq, gte, inArray, isNull, lt, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, autopayEnrollments, paymentMethods, payments, statements } from '../../db/schema';

export type EnrollmentRow = typeof autopayEnrollments.$inferSelect;

/** Auto Pay's queries (created by app.ts, passed to the services: a service test gives fakes instead). */
export function createAutoPayRepository() {
  return {
    /** Live enrolments of an account with their method's display data. */
    enrolled(ex: Executor, accountId: string) {
      return ex
        .select({ enrollment: autopayEnrollments, method: paymentMethods })
        .from(autopayEnrollments)
        .innerJoin(paymentMethods, eq(paymentMethods.id, autopayEnrollments.paymentMethodId))
        .where(and(eq(autopayEnrollments.accountId, accountId), eq(autopayEnrollments.status, 'enrolled')))
        .orderBy(autopayEnrollments.scope);
    },

    async insertEnrollment(ex: Executor, values: typeof autopayEnrollments.$inferInsert) {
      const [row] = await ex.insert(autopayEnrollments).values(values).returning();
      return row as EnrollmentRow;
    },

    async updateEnrollment(ex: Executor, id: string, values: Partial<typeof autopayEnrollments.$inferInsert>) {
      await ex.update(autopayEnrollments).set(values).where(eq(autopayEnrollments.id, id));
    },

    async setPaperless(ex: Executor, accountId: string, paperless: boolean) {
      await ex.update(accounts).set({ paperless }).where(eq(accounts.id, accountId));
    },

    /** The latest Auto Pay payment of an account, if any. */
    async latestAutoPayPayment(ex: Executor, accountId: string) {
      const [row] = await ex
        .select()
        .from(payments)
        .where(and(eq(payments.accountId, accountId), eq(payments.channel, 'autoPay')))
        .orderBy(desc(payments.entryDate), desc(payments.id))
        .limit(1);
      return row ?? null;
    },

    /**
     * The account's payments that will still lower its balance (pending, in progress, scheduled), device payments left
     * out (they pay a plan): what the draft rule subtracts (issue 14, `draftAmountCents`).
     */
    paymentsToCome(ex: Executor, accountId: string) {
      return ex
        .select({
          id: payments.id,
          status: payments.status,
          paymentDate: payments.paymentDate,
          amountCents: payments.amountCents,
          methodLabel: payments.methodLabel,
        })
        .from(payments)
        .where(
          and(
            eq(payments.accountId, accountId),
            inArray(payments.status, ['scheduled', 'processing', 'pending']),
            ne(payments.target, 'device'),
          ),
        )
        .orderBy(asc(payments.paymentDate), asc(payments.id));
    },

    /** Core enrolments of billing accounts (the draft job's work list). */
    coreEnrollments(ex: Executor) {
      return ex
        .select({ id: autopayEnrollments.id, accountId: autopayEnrollments.accountId })
        .from(autopayEnrollments)
        .innerJoin(accounts, eq(accounts.id, autopayEnrollments.accountId))
        .where(
          and(
            eq(autopayEnrollments.status, 'enrolled'),
            eq(autopayEnrollments.scope, 'core'),
            eq(accounts.isEnterprise, false),
          ),
        );
    },

    async getEnrollment(ex: Executor, id: string) {
      const [row] = await ex.select().from(autopayEnrollments).where(eq(autopayEnrollments.id, id));
      return row ?? null;
    },

    /** The latest statement dated before `today` (a statement's draft comes after its date). */
    async latestStatementBefore(ex: Executor, accountId: string, today: string) {
      const [row] = await ex
        .select({ id: statements.id, statementDate: statements.statementDate, dueDate: statements.dueDate })
        .from(statements)
        .where(and(eq(statements.accountId, accountId), lt(statements.statementDate, today)))
        .orderBy(desc(statements.statementDate))
        .limit(1);
      return row ?? null;
    },

    /** Whether an Auto Pay payment was already made for the cycle that began on `since` (the seed's ones count). */
    async autoPayPaidSince(ex: Executor, accountId: string, since: string) {
      const [row] = await ex
        .select({ n: count() })
        .from(payments)
        .where(
          and(
            eq(payments.accountId, accountId),
            eq(payments.channel, 'autoPay'),
            gte(payments.paymentDate, since),
            inArray(payments.status, ['processing', 'pending', 'successful']),
          ),
        );
      return (row?.n ?? 0) > 0;
    },

    /** Deferred changes whose draft has passed (product-decisions.md: a change within 2 days applies after it). */
    duePendingChanges(ex: Executor, today: string) {
      return ex
        .select()
        .from(autopayEnrollments)
        .where(and(eq(autopayEnrollments.status, 'enrolled'), lt(autopayEnrollments.pendingAfter, today)));
    },

    activeMethod(ex: Executor, accountId: string, id: string) {
      return ex
        .select()
        .from(paymentMethods)
        .where(
          and(eq(paymentMethods.id, id), eq(paymentMethods.accountId, accountId), isNull(paymentMethods.deletedAt)),
        );
    },
  };
}

export type AutoPayRepository = ReturnType<typeof createAutoPayRepository>;
