import {
  AppError,
  ageBalance,
  buildStatement,
  cycleDate,
  DELINQUENCY_CODES,
  type DelinquencyState,
  type IsoDate,
} from '@vireo/shared';
import type { Db, Executor } from '../../db/client';
import type { Clock } from '../clock/clock';
import { billingRepository as repo } from './billing.repository';

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
  latestStatement: { statementDate: IsoDate; dueDate: IsoDate; totalDueCents: number } | null;
};

export type BillingServiceDeps = {
  db: Db;
  clock: Clock;
  /** Makes ids for new rows; the seed passes a seeded generator so demo data is the same every time. */
  newId?: () => string;
};

export function createBillingService({ db, clock, newId = () => crypto.randomUUID() }: BillingServiceDeps) {
  return {
    /**
     * Generates the statement dated `statementDate` for one account (product-decisions.md, billing cycle):
     * previous balance, payments received and adjustments since the previous statement, and the period's charges.
     * Idempotent: a second call for the same date returns null and changes nothing.
     */
    async generateStatement(accountId: string, statementDate: IsoDate, ex: Executor = db) {
      const account = await repo.getAccount(ex, accountId);
      if (!account) throw new AppError('NOT_FOUND', `account ${accountId}`);
      const previous = await repo.getLatestStatementBefore(ex, accountId, statementDate);
      const periodStart = previous?.statementDate ?? cycleDate(statementDate, account.cycleDay, -1);
      const state = await repo.getBillToState(ex, accountId);
      const [recurring, unbilled, taxRates, paymentsReceivedCents, autoPayEnrolled] = await Promise.all([
        repo.findRecurringCharges(ex, accountId),
        repo.findUnbilledCharges(ex, accountId, statementDate),
        state ? repo.findTaxRates(ex, state) : Promise.resolve([]),
        previous ? repo.sumPostedPayments(ex, accountId, periodStart, statementDate) : Promise.resolve(0),
        repo.isAutoPayEnrolledOn(ex, accountId, statementDate),
      ]);
      const oneTime = unbilled.filter((c) => c.kind === 'one_time');
      const adjustments = unbilled.filter((c) => c.kind === 'adjustment');
      const built = buildStatement({
        statementDate,
        periodStart,
        previousBalanceCents: previous?.totalDueCents ?? 0,
        paymentsReceivedCents,
        adjustmentsCents: adjustments.reduce((total, c) => total + c.amountCents, 0),
        recurring,
        oneTime,
        taxRates,
        autoPayEnrolled,
      });
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
      }
      return statement;
    },

    /** The amount due, past-due amount and delinquency state of an account today (spec §3 account info, §4). */
    async getSummary(accountId: string, ex: Executor = db): Promise<BillingSummary> {
      const account = await repo.getAccount(ex, accountId);
      if (!account) throw new AppError('NOT_FOUND', `account ${accountId}`);
      const today = clock.today(account.timeZone);
      const [amounts, paid] = await Promise.all([
        repo.findStatementAmounts(ex, accountId),
        repo.sumPaymentsByStatus(ex, accountId),
      ]);
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
          ? { statementDate: latest.statementDate, dueDate: latest.dueDate, totalDueCents: latest.totalDueCents }
          : null,
      };
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
