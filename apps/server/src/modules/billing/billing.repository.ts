import { ACCOUNT_STATUSES, type AccountStatus, MOBILE_LINE_STATES, type MobileLineState } from '@vireo/shared';
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, or, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  accountEvents,
  accounts,
  addresses,
  autopayEnrollments,
  charges,
  mobileDevices,
  mobileLines,
  mobileRefunds,
  paymentMethods,
  payments,
  recurringCharges,
  statementLines,
  statements,
  taxRates,
} from '../../db/schema';

export type StatementRow = typeof statements.$inferSelect;
export type NewStatement = Omit<typeof statements.$inferInsert, 'id'> & { id?: string };
export type NewStatementLine = Omit<typeof statementLines.$inferInsert, 'id' | 'statementId'> & { id?: string };

/** Drizzle queries only (architecture.md); every function takes the database or an open transaction. */
/** Statements, charges, payments history and the billing run's reads (app.ts creates it for the billing service). */
export function createBillingRepository() {
  return {
    async getAccount(ex: Executor, accountId: string) {
      const [row] = await ex.select().from(accounts).where(eq(accounts.id, accountId));
      return row;
    },

    async getBillToState(ex: Executor, accountId: string) {
      const [row] = await ex
        .select({ state: addresses.state })
        .from(addresses)
        .where(and(eq(addresses.accountId, accountId), eq(addresses.kind, 'bill_to')));
      return row?.state;
    },

    findRecurringCharges(ex: Executor, accountId: string) {
      return ex.select().from(recurringCharges).where(eq(recurringCharges.accountId, accountId));
    },

    findTaxRates(ex: Executor, state: string) {
      return ex.select().from(taxRates).where(eq(taxRates.state, state));
    },

    /** Charges and adjustments posted before `before` that no statement has billed yet. */
    findUnbilledCharges(ex: Executor, accountId: string, before: string) {
      return ex
        .select()
        .from(charges)
        .where(and(eq(charges.accountId, accountId), isNull(charges.statementId), lt(charges.postedOn, before)));
    },

    async markChargesBilled(ex: Executor, chargeIds: string[], statementId: string) {
      if (chargeIds.length === 0) return;
      await ex.update(charges).set({ statementId }).where(inArray(charges.id, chargeIds));
    },

    /** Successful payments dated in [from, to). */
    async sumPostedPayments(ex: Executor, accountId: string, from: string | null, to: string) {
      const [row] = await ex
        .select({ total: sum(payments.amountCents).mapWith(Number) })
        .from(payments)
        .where(
          and(
            eq(payments.accountId, accountId),
            eq(payments.status, 'successful'),
            // ADR 011: a device payment pays an instalment plan, not the statement balance
            ne(payments.target, 'device'),
            lt(payments.paymentDate, to),
            from ? gte(payments.paymentDate, from) : undefined,
          ),
        );
      return row?.total ?? 0;
    },

    /** Posted and pending payments toward the balance; `mobile` is the part made through the mobile flow (ADR 011). */
    async sumPaymentsByStatus(ex: Executor, accountId: string) {
      const rows = await ex
        .select({
          status: payments.status,
          target: payments.target,
          total: sum(payments.amountCents).mapWith(Number),
        })
        .from(payments)
        .where(
          and(
            eq(payments.accountId, accountId),
            inArray(payments.status, ['successful', 'pending']),
            ne(payments.target, 'device'),
          ),
        )
        .groupBy(payments.status, payments.target);
      const total = (status: string, target?: string) =>
        rows
          .filter((r) => r.status === status && (target === undefined || r.target === target))
          .reduce((n, r) => n + r.total, 0);
      return {
        successful: total('successful'),
        pending: total('pending'),
        successfulMobile: total('successful', 'mobile'),
        pendingMobile: total('pending', 'mobile'),
      };
    },

    /** The Mobile section (charges and their taxes) of each statement visible on `visibleOn`. */
    sumMobileLinesByStatement(ex: Executor, accountId: string, visibleOn: string) {
      return ex
        .select({ statementId: statements.id, total: sum(statementLines.amountCents).mapWith(Number) })
        .from(statementLines)
        .innerJoin(statements, eq(statements.id, statementLines.statementId))
        .where(
          and(
            eq(statements.accountId, accountId),
            lte(statements.statementDate, visibleOn),
            eq(statementLines.category, 'mobile'),
          ),
        )
        .groupBy(statements.id);
    },

    async getLatestStatementBefore(ex: Executor, accountId: string, before: string) {
      const [row] = await ex
        .select()
        .from(statements)
        .where(and(eq(statements.accountId, accountId), lt(statements.statementDate, before)))
        .orderBy(desc(statements.statementDate))
        .limit(1);
      return row;
    },

    async getStatementOn(ex: Executor, accountId: string, statementDate: string) {
      const [row] = await ex
        .select()
        .from(statements)
        .where(and(eq(statements.accountId, accountId), eq(statements.statementDate, statementDate)));
      return row;
    },

    /** The amounts aging needs, oldest first: statements visible on `visibleOn` (product-decisions.md). */
    findStatementAmounts(ex: Executor, accountId: string, visibleOn: string) {
      return ex
        .select({
          id: statements.id,
          statementDate: statements.statementDate,
          dueDate: statements.dueDate,
          previousBalanceCents: statements.previousBalanceCents,
          newChargesCents: statements.newChargesCents,
          adjustmentsCents: statements.adjustmentsCents,
          totalDueCents: statements.totalDueCents,
        })
        .from(statements)
        .where(and(eq(statements.accountId, accountId), lte(statements.statementDate, visibleOn)))
        .orderBy(asc(statements.statementDate));
    },

    async isAutoPayEnrolledOn(ex: Executor, accountId: string, date: string) {
      const [row] = await ex
        .select({ id: autopayEnrollments.id })
        .from(autopayEnrollments)
        .where(
          and(
            eq(autopayEnrollments.accountId, accountId),
            eq(autopayEnrollments.scope, 'core'),
            sql`${autopayEnrollments.enrolledAt}::date <= ${date}::date`,
            or(isNull(autopayEnrollments.cancelledAt), sql`${autopayEnrollments.cancelledAt}::date > ${date}::date`),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async findAutoPay(ex: Executor, accountId: string) {
      const [row] = await ex
        .select({
          debitDay: autopayEnrollments.debitDay,
          cardBrand: paymentMethods.cardBrand,
          bankAccountType: paymentMethods.bankAccountType,
          lastFour: paymentMethods.lastFour,
        })
        .from(autopayEnrollments)
        .innerJoin(paymentMethods, eq(paymentMethods.id, autopayEnrollments.paymentMethodId))
        .where(
          and(
            eq(autopayEnrollments.accountId, accountId),
            eq(autopayEnrollments.scope, 'core'),
            eq(autopayEnrollments.status, 'enrolled'),
          ),
        );
      return row;
    },

    findStatementsByIds(ex: Executor, ids: string[]) {
      return ids.length === 0 ? Promise.resolve([]) : ex.select().from(statements).where(inArray(statements.id, ids));
    },

    findPaymentsByIds(ex: Executor, ids: string[]) {
      return ids.length === 0 ? Promise.resolve([]) : ex.select().from(payments).where(inArray(payments.id, ids));
    },

    findRefundsByIds(ex: Executor, ids: string[]) {
      return ids.length === 0
        ? Promise.resolve([])
        : ex.select().from(mobileRefunds).where(inArray(mobileRefunds.id, ids));
    },

    findDevicesByIds(ex: Executor, ids: string[]) {
      return ids.length === 0
        ? Promise.resolve([])
        : ex.select().from(mobileDevices).where(inArray(mobileDevices.id, ids));
    },

    findChargesByIds(ex: Executor, ids: string[]) {
      return ids.length === 0 ? Promise.resolve([]) : ex.select().from(charges).where(inArray(charges.id, ids));
    },

    /** Billing accounts (not enterprise) locked for this run; another instance skips the ones locked here. */
    lockBillingAccount(ex: Executor, accountId: string) {
      return ex
        .select()
        .from(accounts)
        .where(and(eq(accounts.id, accountId), eq(accounts.isEnterprise, false)))
        .for('update', { skipLocked: true });
    },

    listBillingAccountIds(ex: Executor) {
      return ex.select({ id: accounts.id }).from(accounts).where(eq(accounts.isEnterprise, false));
    },

    /** The account's scheduled payments, soonest first (at most 2, spec §9): amount and the date each will run. */
    findScheduledPayments(ex: Executor, accountId: string) {
      return ex
        .select({ paymentDate: payments.paymentDate, amountCents: payments.amountCents })
        .from(payments)
        .where(and(eq(payments.accountId, accountId), eq(payments.status, 'scheduled')))
        .orderBy(asc(payments.paymentDate), asc(payments.id));
    },

    async hasMobileLines(ex: Executor, accountId: string) {
      const [row] = await ex
        .select({ id: mobileLines.id })
        .from(mobileLines)
        .where(eq(mobileLines.accountId, accountId))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Mobile lines follow the account's aging forward (spec §4). Backward only from past due to active: a non-pay
     * interruption is lifted by the restore job 1-2 hours after a payment (spec §9), a disconnected line stays so.
     */
    async setMobileLineStatus(ex: Executor, accountId: string, status: MobileLineState) {
      const from = MOBILE_LINE_STATES.slice(0, MOBILE_LINE_STATES.indexOf(status)).concat(
        status === 'active' ? ['past_due'] : [],
      );
      if (from.length === 0) return;
      await ex
        .update(mobileLines)
        .set({ status })
        .where(and(eq(mobileLines.accountId, accountId), inArray(mobileLines.status, from)));
    },

    /** Moves the account to `status` when that is further along ACCOUNT_STATUSES than where it is, never back. */
    async advanceAccountStatus(ex: Executor, accountId: string, status: AccountStatus) {
      const from = ACCOUNT_STATUSES.slice(0, ACCOUNT_STATUSES.indexOf(status));
      if (from.length === 0) return;
      await ex
        .update(accounts)
        .set({ status })
        .where(and(eq(accounts.id, accountId), inArray(accounts.status, from)));
    },

    /** Inserts a statement once per account and date; returns null when it already existed. */
    async insertStatement(ex: Executor, statement: NewStatement, lines: NewStatementLine[]) {
      const [row] = await ex
        .insert(statements)
        .values(statement)
        .onConflictDoNothing({ target: [statements.accountId, statements.statementDate] })
        .returning();
      if (!row) return null;
      if (lines.length > 0) {
        await ex.insert(statementLines).values(lines.map((line) => ({ ...line, statementId: row.id })));
      }
      return row;
    },

    /** A credit to bill on the next statement (a negative one-time charge) and the account event that explains it. */
    async insertCredit(
      ex: Executor,
      credit: typeof charges.$inferInsert & { event: Omit<typeof accountEvents.$inferInsert, 'accountId'> },
    ) {
      const { event, ...charge } = credit;
      const [row] = await ex.insert(charges).values(charge).returning({ id: charges.id });
      if (!row) throw new Error('the credit was not written');
      await ex.insert(accountEvents).values({ ...event, accountId: charge.accountId, sourceId: row.id });
      return row.id;
    },
  };
}

export type BillingRepository = ReturnType<typeof createBillingRepository>;
