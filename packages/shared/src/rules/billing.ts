import {
  AUTO_PAY_DISCOUNT_CENTS,
  DELINQUENCY_DISCONNECT_DAYS,
  DELINQUENCY_INTERRUPTION_WARNING_DAYS,
  DELINQUENCY_SOFT_DISCONNECT_DAYS,
  DELINQUENCY_SUSPENSION_WARNING_DAYS,
  DUE_AFTER_STATEMENT_DAYS,
} from '../constants';
import { addDays, addMonths, compareDates, daysBetween, type IsoDate, monthlyDate } from '../dates';
import { applyBasisPoints, type Cents, sumCents } from '../money';

/**
 * The billing engine's pure rules (product-decisions.md, billing cycle and delinquency). The server's statement job
 * and the demo seed both produce statements through `buildStatement`, so demo totals are never hand-typed.
 */

export const BILLING_CATEGORIES = ['internet', 'tv', 'phone', 'mobile', 'account'] as const;
export type BillingCategory = (typeof BILLING_CATEGORIES)[number];

export const LINE_KINDS = [
  'monthly_service',
  'equipment',
  'one_time',
  'proration',
  'promotion',
  'taxes_fees',
  'auto_pay_discount',
] as const;
export type LineKind = (typeof LINE_KINDS)[number];

/** A charge that repeats every cycle while it is in effect (a plan, a rented device, a promotion, a fixed fee). */
export type RecurringCharge = {
  id: string;
  category: BillingCategory;
  kind: 'monthly_service' | 'equipment' | 'promotion' | 'fee';
  description: string;
  /** Per full cycle; promotions are negative. Fees are not taxed; everything else is taxed at the category's rate. */
  amountCents: Cents;
  startsOn: IsoDate;
  /** Last day in effect, inclusive; null while open-ended. */
  endsOn: IsoDate | null;
};

export type OneTimeCharge = {
  id: string;
  category: BillingCategory;
  description: string;
  amountCents: Cents;
  chargedOn: IsoDate;
};

/** Tax rates in basis points per category, in effect from a date. */
export type TaxRate = { category: BillingCategory; basisPoints: number; effectiveFrom: IsoDate };

export type StatementLine = {
  category: BillingCategory;
  kind: LineKind;
  description: string;
  amountCents: Cents;
  /** The recurring or one-time charge the line comes from, so a later comparison can explain it. */
  sourceId: string | null;
  periodStart: IsoDate | null;
  periodEnd: IsoDate | null;
};

export type StatementInput = {
  statementDate: IsoDate;
  /**
   * First day of the billed period, the previous statement date. Service is billed in arrears for the closed
   * period [periodStart, statementDate - 1], so a statement never depends on a fact unknown on its date.
   */
  periodStart: IsoDate;
  previousBalanceCents: Cents;
  paymentsReceivedCents: Cents;
  adjustmentsCents: Cents;
  recurring: readonly RecurringCharge[];
  /** One-time charges posted in the period and not billed yet. */
  oneTime: readonly OneTimeCharge[];
  taxRates: readonly TaxRate[];
  autoPayEnrolled: boolean;
};

export type Statement = {
  statementDate: IsoDate;
  dueDate: IsoDate;
  periodStart: IsoDate;
  periodEnd: IsoDate;
  previousBalanceCents: Cents;
  paymentsReceivedCents: Cents;
  adjustmentsCents: Cents;
  newChargesCents: Cents;
  totalDueCents: Cents;
  lines: StatementLine[];
};

/** The statement date of the cycle `monthsFromAnchor` months after the month of `anchor`, on `cycleDay`. */
export function cycleDate(anchor: IsoDate, cycleDay: number, monthsFromAnchor: number): IsoDate {
  const { year, month } = addMonths(anchor, monthsFromAnchor);
  return monthlyDate(year, month, cycleDay);
}

/** The latest statement date on or before `onOrBefore` for an account with `cycleDay`. */
export function latestCycleDate(onOrBefore: IsoDate, cycleDay: number): IsoDate {
  const thisMonth = cycleDate(onOrBefore, cycleDay, 0);
  return compareDates(thisMonth, onOrBefore) <= 0 ? thisMonth : cycleDate(onOrBefore, cycleDay, -1);
}

export function dueDateFor(statementDate: IsoDate): IsoDate {
  return addDays(statementDate, DUE_AFTER_STATEMENT_DAYS);
}

function overlapDays(aStart: IsoDate, aEnd: IsoDate | null, bStart: IsoDate, bEnd: IsoDate): number {
  const start = compareDates(aStart, bStart) > 0 ? aStart : bStart;
  const end = aEnd === null || compareDates(aEnd, bEnd) > 0 ? bEnd : aEnd;
  return compareDates(start, end) > 0 ? 0 : daysBetween(start, end) + 1;
}

function taxRateFor(rates: readonly TaxRate[], category: TaxRate['category'], on: IsoDate): number {
  let best: TaxRate | undefined;
  for (const rate of rates) {
    if (rate.category !== category || compareDates(rate.effectiveFrom, on) > 0) continue;
    if (!best || compareDates(rate.effectiveFrom, best.effectiveFrom) > 0) best = rate;
  }
  return best?.basisPoints ?? 0;
}

/**
 * Builds one statement. Recurring charges are prorated by the days of the period they were in effect (a plan
 * change, a new service or a promotion ending mid-period gives partial lines); taxes are the category's rate on
 * its taxable subtotal; the Auto Pay discount is a credit while enrolled (spec §9).
 */
export function buildStatement(input: StatementInput): Statement {
  const periodStart = input.periodStart;
  const periodEnd = addDays(input.statementDate, -1);
  const periodDays = daysBetween(periodStart, periodEnd) + 1;
  const lines: StatementLine[] = [];
  const taxable = new Map<TaxRate['category'], Cents>();

  for (const charge of input.recurring) {
    const days = overlapDays(charge.startsOn, charge.endsOn, periodStart, periodEnd);
    if (days === 0) continue;
    const full = days === periodDays;
    const amountCents = full ? charge.amountCents : Math.round((charge.amountCents * days) / periodDays);
    if (amountCents === 0) continue;
    const kind: LineKind =
      charge.kind === 'fee'
        ? 'taxes_fees'
        : charge.kind === 'promotion'
          ? 'promotion'
          : full
            ? charge.kind
            : 'proration';
    const start = compareDates(charge.startsOn, periodStart) > 0 ? charge.startsOn : periodStart;
    const end = charge.endsOn !== null && compareDates(charge.endsOn, periodEnd) < 0 ? charge.endsOn : periodEnd;
    lines.push({
      category: charge.category,
      kind,
      description: charge.description,
      amountCents,
      sourceId: charge.id,
      periodStart: start,
      periodEnd: end,
    });
    if (charge.kind !== 'fee') taxable.set(charge.category, (taxable.get(charge.category) ?? 0) + amountCents);
  }

  for (const charge of input.oneTime) {
    lines.push({
      category: charge.category,
      kind: 'one_time',
      description: charge.description,
      amountCents: charge.amountCents,
      sourceId: charge.id,
      periodStart: charge.chargedOn,
      periodEnd: charge.chargedOn,
    });
    taxable.set(charge.category, (taxable.get(charge.category) ?? 0) + charge.amountCents);
  }

  for (const [category, subtotal] of taxable) {
    const basisPoints = taxRateFor(input.taxRates, category, input.statementDate);
    const tax = applyBasisPoints(Math.max(subtotal, 0), basisPoints);
    if (tax === 0) continue;
    lines.push({
      category,
      kind: 'taxes_fees',
      description: 'Taxes',
      amountCents: tax,
      sourceId: null,
      periodStart,
      periodEnd,
    });
  }

  if (input.autoPayEnrolled) {
    lines.push({
      category: 'account',
      kind: 'auto_pay_discount',
      description: 'Auto Pay discount',
      amountCents: -AUTO_PAY_DISCOUNT_CENTS,
      sourceId: null,
      periodStart,
      periodEnd,
    });
  }

  lines.sort(
    (a, b) =>
      BILLING_CATEGORIES.indexOf(a.category) - BILLING_CATEGORIES.indexOf(b.category) ||
      LINE_KINDS.indexOf(a.kind) - LINE_KINDS.indexOf(b.kind),
  );
  const newChargesCents = sumCents(lines.map((line) => line.amountCents));
  return {
    statementDate: input.statementDate,
    dueDate: dueDateFor(input.statementDate),
    periodStart,
    periodEnd,
    previousBalanceCents: input.previousBalanceCents,
    paymentsReceivedCents: input.paymentsReceivedCents,
    adjustmentsCents: input.adjustmentsCents,
    newChargesCents,
    totalDueCents: input.previousBalanceCents - input.paymentsReceivedCents + input.adjustmentsCents + newChargesCents,
    lines,
  };
}

export type DelinquencyState =
  | 'current'
  | 'past_due'
  | 'interruption_warning'
  | 'suspension_warning'
  | 'soft_disconnect'
  | 'disconnected';

/** Delinquency code of spec §4 for each state; `null` where the spec names none. */
export const DELINQUENCY_CODES: Record<DelinquencyState, 30 | 43 | 50 | 76 | null> = {
  current: null,
  past_due: null,
  interruption_warning: 30,
  suspension_warning: 43,
  soft_disconnect: 50,
  disconnected: 76,
};

/** product-decisions.md: days past the due date of the oldest unpaid statement decide the state. */
export function delinquencyStateFor(daysPastDue: number): DelinquencyState {
  if (daysPastDue <= 0) return 'current';
  if (daysPastDue < DELINQUENCY_INTERRUPTION_WARNING_DAYS) return 'past_due';
  if (daysPastDue < DELINQUENCY_SUSPENSION_WARNING_DAYS) return 'interruption_warning';
  if (daysPastDue < DELINQUENCY_SOFT_DISCONNECT_DAYS) return 'suspension_warning';
  if (daysPastDue < DELINQUENCY_DISCONNECT_DAYS) return 'soft_disconnect';
  return 'disconnected';
}

/**
 * Account statuses from least to most interrupted (product-decisions.md: soft (non-pay) disconnect at 60 days,
 * disconnected at 90). The billing run only moves an account forward; the restore job lifts a soft disconnect.
 */
export const ACCOUNT_STATUSES = ['active', 'soft_disconnected', 'disconnected'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** spec §4 mobile delinquency, in order. */
export const MOBILE_LINE_STATES = [
  'active',
  'past_due',
  'hotlined',
  'temporarily_disconnected',
  'disconnected',
] as const;
export type MobileLineState = (typeof MOBILE_LINE_STATES)[number];

/**
 * product-decisions.md, mobile delinquency: past due -> hotlined (30) -> temporarily disconnected (45) ->
 * inactive/disconnected (90).
 */
export function mobileLineStateFor(daysPastDue: number): MobileLineState {
  if (daysPastDue <= 0) return 'active';
  if (daysPastDue < DELINQUENCY_INTERRUPTION_WARNING_DAYS) return 'past_due';
  if (daysPastDue < DELINQUENCY_SUSPENSION_WARNING_DAYS) return 'hotlined';
  if (daysPastDue < DELINQUENCY_DISCONNECT_DAYS) return 'temporarily_disconnected';
  return 'disconnected';
}

export type AgingInput = {
  /** Oldest first: each statement's own new amount (new charges plus adjustments) and its due date. */
  statements: readonly {
    dueDate: IsoDate;
    newChargesCents: Cents;
    adjustmentsCents: Cents;
    previousBalanceCents: Cents;
  }[];
  /** Every posted (successful) payment up to today. */
  postedPaymentsCents: Cents;
  today: IsoDate;
};

export type Aging = {
  balanceCents: Cents;
  pastDueCents: Cents;
  /** Days past the due date of the oldest statement not fully paid (0 when nothing is past due). */
  daysPastDue: number;
  oldestUnpaidDueDate: IsoDate | null;
  state: DelinquencyState;
  /** product-decisions.md: due date of the oldest unpaid statement + 60 days, from the suspension warning on. */
  softDisconnectDate: IsoDate | null;
};

/** Applies payments to the oldest statements first (FIFO) and ages what is left. */
export function ageBalance(input: AgingInput): Aging {
  const first = input.statements[0];
  const units = input.statements.map((s, index) => ({
    dueDate: s.dueDate,
    amount: s.newChargesCents + s.adjustmentsCents + (index === 0 ? s.previousBalanceCents : 0),
  }));
  let remainingPayments = input.postedPaymentsCents;
  let balanceCents = -remainingPayments;
  let pastDueCents = 0;
  let oldestUnpaidDueDate: IsoDate | null = null;
  for (const unit of units) {
    balanceCents += unit.amount;
    const covered = Math.min(Math.max(remainingPayments, 0), Math.max(unit.amount, 0));
    remainingPayments -= unit.amount;
    const open = unit.amount - covered;
    if (open > 0 && compareDates(unit.dueDate, input.today) < 0) {
      pastDueCents += open;
      oldestUnpaidDueDate ??= unit.dueDate;
    }
  }
  if (!first) balanceCents = -input.postedPaymentsCents;
  const daysPastDue = oldestUnpaidDueDate ? daysBetween(oldestUnpaidDueDate, input.today) : 0;
  const state = delinquencyStateFor(daysPastDue);
  const softDisconnectDate =
    oldestUnpaidDueDate && daysPastDue >= DELINQUENCY_SUSPENSION_WARNING_DAYS
      ? addDays(oldestUnpaidDueDate, DELINQUENCY_SOFT_DISCONNECT_DAYS)
      : null;
  return { balanceCents, pastDueCents, daysPastDue, oldestUnpaidDueDate, state, softDisconnectDate };
}
