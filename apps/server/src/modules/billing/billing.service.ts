import {
  AppError,
  addDays,
  ageBalance,
  type BillingCategory,
  buildStatement,
  compareDates,
  cycleDate,
  DELINQUENCY_CODES,
  type DelinquencyState,
  daysBetween,
  type IsoDate,
  latestCycleDate,
  mobileLineStateFor,
  type OneTimeCharge,
  paymentMethodLabel,
  type RecurringCharge,
  STATEMENT_VISIBLE_AFTER_DAYS,
  type StatementInput,
  splitBalance,
} from '@vireo/shared';
import type { Db, Executor } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { Jobs } from '../../platform/jobs';
import { type BillingRepository, createBillingRepository, type StatementRow } from './billing.repository';
import { createBillingHistory } from './billing-history';
import { queueBillReady } from './billing-notices';
import { devicePlans } from './device-plans';

export type BillingSummary = {
  accountId: string;
  /** What the account owes now: statements less posted payments. */
  amountDueCents: number;
  pastDueCents: number;
  pendingPaymentCents: number;
  isDelinquent: boolean;
  daysPastDue: number;
  delinquencyState: DelinquencyState;
  delinquencyCode: 30 | 43 | 50 | 76 | null;
  softDisconnectDate: IsoDate | null;
  latestStatement: { id: string; statementDate: IsoDate; dueDate: IsoDate; totalDueCents: number } | null;
};

export type BillingServiceDeps = {
  db: Db;
  clock: Clock;
  /** Makes ids for new rows; the seed passes a seeded generator so demo data is the same every time. */
  newId?: () => string;
  /** app.ts passes it; the seed and the billing tests take the real one. */
  repo?: BillingRepository;
  /** Where the billing run queues "bill ready" (app.ts); the seed's statements are history and announce nothing. */
  jobs?: Pick<Jobs, 'enqueue'>;
};

/**
 * A change of service as the billing engine previews it (issue 19 item 2): recurring charges that end (their last
 * day), ones that start, and one-time charges posted with it. Nothing is written.
 */
export type HypotheticalChange = {
  ending: { id: string; endsOn: IsoDate }[];
  starting: Omit<RecurringCharge, 'id'>[];
  oneTime: Omit<OneTimeCharge, 'id'>[];
};

export function createBillingService({
  db,
  clock,
  newId = () => crypto.randomUUID(),
  repo = createBillingRepository(),
  jobs,
}: BillingServiceDeps) {
  /** What the statement dated `statementDate` of an account is built from, as of now (one engine: real and previewed). */
  async function statementInput(ex: Executor, accountId: string, statementDate: IsoDate) {
    const account = await repo.getAccount(ex, accountId);
    if (!account) throw new AppError('NOT_FOUND', `account ${accountId}`);
    const previous = await repo.getLatestStatementBefore(ex, accountId, statementDate);
    const periodStart = previous?.statementDate ?? cycleDate(statementDate, account.cycleDay, -1);
    const state = await repo.getBillToState(ex, accountId);
    // one after another: a transaction is one connection, and node-postgres refuses overlapping queries on one
    const recurring = await repo.findRecurringCharges(ex, accountId);
    const unbilled = await repo.findUnbilledCharges(ex, accountId, statementDate);
    const taxRates = state ? await repo.findTaxRates(ex, state) : [];
    const paymentsReceivedCents = previous
      ? await repo.sumPostedPayments(ex, accountId, periodStart, statementDate)
      : 0;
    const autoPayEnrolled = await repo.isAutoPayEnrolledOn(ex, accountId, statementDate);
    const oneTime = unbilled.filter((c) => c.kind === 'one_time');
    const adjustments = unbilled.filter((c) => c.kind === 'adjustment');
    const input: StatementInput = {
      statementDate,
      periodStart,
      previousBalanceCents: previous?.totalDueCents ?? 0,
      paymentsReceivedCents,
      adjustmentsCents: adjustments.reduce((total, c) => total + c.amountCents, 0),
      recurring,
      oneTime,
      taxRates,
      autoPayEnrolled,
    };
    return { input, unbilled, cycleDay: account.cycleDay };
  }

  return {
    /** The keyset-paged history lists (statements, activity, payments, charges), for the routes and mobile billing. */
    history: createBillingHistory(db, repo),
    /**
     * Generates the statement dated `statementDate` for one account (product-decisions.md, billing cycle):
     * previous balance, payments received and adjustments since the previous statement, and the period's charges.
     * Idempotent: a second call for the same date returns null and changes nothing.
     */
    async generateStatement(accountId: string, statementDate: IsoDate, ex?: Executor): Promise<StatementRow | null> {
      // statement, lines and the charges it bills are written together or not at all
      if (!ex) return db.transaction((tx) => this.generateStatement(accountId, statementDate, tx));
      const { input, unbilled } = await statementInput(ex, accountId, statementDate);
      const built = buildStatement(input);
      const statement = await repo.insertStatement(
        ex,
        {
          id: newId(),
          accountId,
          statementDate: built.statementDate,
          dueDate: built.dueDate,
          periodStart: built.periodStart,
          periodEnd: built.periodEnd,
          previousBalanceCents: built.previousBalanceCents,
          paymentsReceivedCents: built.paymentsReceivedCents,
          adjustmentsCents: built.adjustmentsCents,
          newChargesCents: built.newChargesCents,
          totalDueCents: built.totalDueCents,
          createdAt: clock.now(),
        },
        built.lines.map((line, position) => ({ ...line, id: newId(), position })),
      );
      if (statement) {
        await repo.markChargesBilled(
          ex,
          unbilled.map((c) => c.id),
          statement.id,
        );
        await devicePlans.advance(ex, built.lines);
      }
      return statement;
    },

    /**
     * The statement dated `statementDate` as the billing engine would make it now, with a change of service applied
     * (issue 19 item 2: the next bill's preview), and without it. Reads only; the same inputs and the same
     * `buildStatement` as `generateStatement`.
     */
    async previewStatement(accountId: string, statementDate: IsoDate, change: HypotheticalChange, ex: Executor = db) {
      const { input, cycleDay } = await statementInput(ex, accountId, statementDate);
      const ends = new Map(change.ending.map((e) => [e.id, e.endsOn]));
      const proposed: StatementInput = {
        ...input,
        recurring: [
          ...input.recurring.map((charge) =>
            ends.has(charge.id) ? { ...charge, endsOn: ends.get(charge.id) ?? null } : charge,
          ),
          ...change.starting.map((charge, index) => ({ ...charge, id: `preview-${index}` })),
        ],
        oneTime: [
          ...input.oneTime,
          ...change.oneTime.map((charge, index) => ({ ...charge, id: `preview-once-${index}` })),
        ],
      };
      // a whole cycle after it: only the charges in effect then (the new monthly amount, taxes and fees included)
      const cycle = (recurring: StatementInput['recurring']) =>
        buildStatement({
          ...input,
          statementDate: cycleDate(statementDate, cycleDay, 1),
          periodStart: statementDate,
          previousBalanceCents: 0,
          paymentsReceivedCents: 0,
          adjustmentsCents: 0,
          oneTime: [],
          recurring,
        }).newChargesCents;
      return {
        current: buildStatement(input),
        proposed: buildStatement(proposed),
        monthly: { currentCents: cycle(input.recurring), proposedCents: cycle(proposed.recurring) },
      };
    },

    /**
     * An outage credit's inputs (issue 20 item 8): the monthly service charges of `categories` in effect on `on`, by
     * category, and the days of the billing cycle holding `on` (the daily rate's divisor).
     */
    async monthlyServiceCents(ex: Executor, accountId: string, categories: readonly string[], on: IsoDate) {
      const account = await repo.getAccount(ex, accountId);
      if (!account) throw new AppError('NOT_FOUND', `account ${accountId}`);
      const start = latestCycleDate(on, account.cycleDay);
      const cycleDays = daysBetween(start, cycleDate(start, account.cycleDay, 1));
      const byCategory = new Map<string, number>();
      for (const charge of await repo.findRecurringCharges(ex, accountId)) {
        const inEffect =
          compareDates(charge.startsOn, on) <= 0 && (charge.endsOn === null || compareDates(charge.endsOn, on) >= 0);
        if (charge.kind !== 'monthly_service' || !inEffect || !categories.includes(charge.category)) continue;
        byCategory.set(charge.category, (byCategory.get(charge.category) ?? 0) + charge.amountCents);
      }
      return { cycleDays, byCategory };
    },

    /**
     * Posts a credit that the next statement bills (a negative one-time charge on `on`) with the account event that
     * explains its line ("why did my bill change"). In the caller's transaction.
     */
    postCredit(
      ex: Executor,
      credit: {
        accountId: string;
        category: BillingCategory;
        description: string;
        amountCents: number;
        on: IsoDate;
        event: { type: 'outage_credit'; data: Record<string, unknown> };
      },
    ): Promise<string> {
      return repo.insertCredit(ex, {
        accountId: credit.accountId,
        kind: 'one_time',
        category: credit.category,
        description: credit.description,
        amountCents: -credit.amountCents,
        chargedOn: credit.on,
        postedOn: credit.on,
        event: { type: credit.event.type, occurredOn: credit.on, data: credit.event.data },
      });
    },

    /**
     * The billing run (product-decisions.md): for every billing account, every statement due by today on its cycle
     * day that does not exist yet, then its delinquency status. Idempotent and safe on several instances: accounts
     * are locked with SKIP LOCKED and statements are unique per account and date. Returns the statements made.
     */
    async runBillingCycle(): Promise<number> {
      let made = 0;
      for (const { id } of await repo.listBillingAccountIds(db)) {
        made += await db.transaction(async (tx) => {
          const [account] = await repo.lockBillingAccount(tx, id);
          if (!account) return 0;
          const today = clock.today(account.timeZone);
          const latest = await repo.getLatestStatementBefore(tx, id, addDays(today, 1));
          let count = 0;
          let newest: StatementRow | null = null;
          // catch up every missed cycle, oldest first, up to today
          for (let months = 0; ; months++) {
            const base = latest?.statementDate ?? latestCycleDate(today, account.cycleDay);
            const date = cycleDate(base, account.cycleDay, latest ? months + 1 : months);
            if (compareDates(date, today) > 0 || months > 24) break;
            const made = await this.generateStatement(id, date, tx);
            if (made) {
              count++;
              newest = made;
            }
          }
          // issue 18 item 4: the newest statement made is announced when it becomes visible
          if (newest && jobs) await queueBillReady(tx, jobs, newest, account.timeZone);
          const summary = await this.getSummary(id, tx);
          // The run only interrupts service: lifting a soft disconnect is the restore job's, CORE_RESTORE_MINUTES
          // after the payment that cleared it (spec §4, §9), like the mobile lines' (ADR 011).
          await repo.advanceAccountStatus(
            tx,
            id,
            summary.delinquencyState === 'disconnected'
              ? 'disconnected'
              : summary.delinquencyState === 'soft_disconnect'
                ? 'soft_disconnected'
                : 'active',
          );
          await repo.setMobileLineStatus(tx, id, mobileLineStateFor(summary.daysPastDue));
          return count;
        });
      }
      return made;
    },

    /**
     * The mobile part of what the account owes (ADR 011): its balance and past-due amount, beside the summary they
     * were split from.
     */
    async getMobileSplit(accountId: string, ex: Executor = db) {
      const summary = await this.getSummary(accountId, ex);
      const account = await repo.getAccount(ex, accountId);
      if (!account) throw new AppError('NOT_FOUND', `account ${accountId}`);
      const today = clock.today(account.timeZone);
      const visibleOn = statementsVisibleOn(today);
      const mobileLines = await repo.sumMobileLinesByStatement(ex, accountId, visibleOn);
      const amounts = await repo.findStatementAmounts(ex, accountId, visibleOn);
      const paid = await repo.sumPaymentsByStatus(ex, accountId);
      const mobileOf = new Map(mobileLines.map((s) => [s.statementId, s.total]));
      const split = splitBalance({
        statements: amounts.map((s, index) => {
          const mobileCents = mobileOf.get(s.id) ?? 0;
          const own = s.newChargesCents + s.adjustmentsCents + (index === 0 ? s.previousBalanceCents : 0);
          return { dueDate: s.dueDate, mobileCents, coreCents: own - mobileCents };
        }),
        mobilePaymentsCents: paid.successfulMobile,
        otherPaymentsCents: paid.successful - paid.successfulMobile,
        today,
      });
      return {
        summary,
        balanceCents: split.mobileCents,
        pastDueCents: split.mobilePastDueCents,
        pendingCents: paid.pendingMobile,
      };
    },

    /**
     * The scheduled payments, where the amount due is shown (issue 14): how many, the next one's date and amount,
     * and their total.
     */
    async getScheduled(accountId: string, ex: Executor = db) {
      const rows = await repo.findScheduledPayments(ex, accountId);
      return {
        count: rows.length,
        nextDate: rows[0]?.paymentDate ?? null,
        nextAmountCents: rows[0]?.amountCents ?? 0,
        totalCents: rows.reduce((total, row) => total + row.amountCents, 0),
      };
    },

    async hasMobile(accountId: string, ex: Executor = db) {
      return repo.hasMobileLines(ex, accountId);
    },

    async getAutoPay(accountId: string, ex: Executor = db) {
      const row = await repo.findAutoPay(ex, accountId);
      if (!row) return { enrolled: false, methodLabel: null, debitDay: null };
      return { enrolled: true, methodLabel: paymentMethodLabel(row), debitDay: row.debitDay };
    },

    /**
     * The amount due, past-due amount and delinquency state of an account today (spec §3 account info, §4). Given
     * the account's id it reads the account; a caller that has the row already (the signed-in request's) passes it.
     */
    async getSummary(of: string | { id: string; timeZone: string }, ex: Executor = db): Promise<BillingSummary> {
      const account = typeof of === 'string' ? await repo.getAccount(ex, of) : of;
      if (!account) throw new AppError('NOT_FOUND', `account ${of}`);
      const accountId = account.id;
      const today = clock.today(account.timeZone);
      // sequential: `ex` may be a transaction (one connection)
      const amounts = await repo.findStatementAmounts(ex, accountId, statementsVisibleOn(today));
      const paid = await repo.sumPaymentsByStatus(ex, accountId);
      const aging = ageBalance({ statements: amounts, postedPaymentsCents: paid.successful, today });
      const latest = amounts.at(-1);
      return {
        accountId,
        amountDueCents: aging.balanceCents,
        pastDueCents: aging.pastDueCents,
        pendingPaymentCents: paid.pending,
        isDelinquent: aging.pastDueCents > 0,
        daysPastDue: aging.daysPastDue,
        delinquencyState: aging.state,
        delinquencyCode: DELINQUENCY_CODES[aging.state],
        softDisconnectDate: aging.softDisconnectDate,
        latestStatement: latest
          ? {
              id: latest.id,
              statementDate: latest.statementDate,
              dueDate: latest.dueDate,
              totalDueCents: latest.totalDueCents,
            }
          : null,
      };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;

/** product-decisions.md: a statement is made on its cycle day and shown from the next day (spec §9: 24-48 h). */
export function statementsVisibleOn(today: IsoDate): IsoDate {
  return addDays(today, -STATEMENT_VISIBLE_AFTER_DAYS);
}
