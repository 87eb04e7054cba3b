import type { AccountStatus, MobileLineState } from '@vireo/shared';
import { and, asc, count, desc, eq, inArray, isNull, lt, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  accounts,
  auditEvents,
  jobs,
  mobileLines,
  outboxEmails,
  paymentMethods,
  payments,
  users,
} from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** Queries of the payments module; every one scoped to an account where a user's input names a row. */
export const paymentsRepository = {
  /**
   * The billing account, locked for the rest of the transaction (limits such as 2 scheduled payments). FOR NO KEY
   * UPDATE, the lock an UPDATE of the row takes: it serializes the account's writers all the same, but does not wait
   * for the KEY SHARE locks that inserting any row referencing the account takes. With FOR UPDATE, two transactions
   * that had each inserted such a row (an audit event) and then locked the account (two payments of one account
   * settling at once) waited for each other: PostgreSQL's "deadlock detected", a 500.
   */
  async lockAccount(ex: Executor, accountId: string) {
    const [row] = await ex.select().from(accounts).where(eq(accounts.id, accountId)).for('no key update');
    return row ?? null;
  },

  async getAccount(ex: Executor, accountId: string) {
    const [row] = await ex.select().from(accounts).where(eq(accounts.id, accountId));
    return row ?? null;
  },

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
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.accountId, accountId), isNull(paymentMethods.deletedAt)));
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
      .where(and(eq(paymentMethods.id, id), eq(paymentMethods.accountId, accountId), isNull(paymentMethods.deletedAt)))
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

  async audit(ex: Executor, event: typeof auditEvents.$inferInsert) {
    await ex.insert(auditEvents).values(event);
  },

  async queueEmail(ex: Executor, email: typeof outboxEmails.$inferInsert) {
    await ex.insert(outboxEmails).values(email);
  },

  async enqueueJob(ex: Executor, job: typeof jobs.$inferInsert) {
    await ex.insert(jobs).values(job).onConflictDoNothing();
  },

  dueJobIds(ex: Executor, kinds: string[], now: Date) {
    return ex
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.status, 'queued'), inArray(jobs.kind, kinds), lte(jobs.runAt, now)))
      .orderBy(asc(jobs.runAt))
      .limit(100);
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

  async lockJob(ex: Executor, id: string) {
    const [row] = await ex
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), eq(jobs.status, 'queued')))
      .for('update', { skipLocked: true });
    return row ?? null;
  },

  async finishJob(ex: Executor, id: string, now: Date) {
    await ex.update(jobs).set({ status: 'done', completedAt: now }).where(eq(jobs.id, id));
  },

  async setAccountStatus(ex: Executor, accountId: string, status: AccountStatus) {
    await ex.update(accounts).set({ status }).where(eq(accounts.id, accountId));
  },
};
