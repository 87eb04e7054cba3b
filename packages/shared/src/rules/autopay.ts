import { AUTO_PAY_CHANGE_LOCK_DAYS } from '../constants';
import { addDays, addMonths, compareDates, daysInMonth, type IsoDate, monthlyDate } from '../dates';
import { cycleDate, dueDateFor, latestCycleDate } from './billing';

/**
 * Auto Pay rules (spec §4, §5; product-decisions.md, Auto Pay). Pure: the enrolment API, the draft job and the
 * debit-day calendar apply the same ones.
 */

export const DEBIT_DAYS = Array.from({ length: 31 }, (_, i) => i + 1);
/** How many cycles ahead a debit day is checked against the due date (every month length and February). */
const CYCLES_CHECKED = 12;

/**
 * The draft date for the statement dated `statementDate`: the first `debitDay` after the statement date; a month
 * without that day drafts on the 1st of the next month (spec §5).
 */
export function draftDateFor(statementDate: IsoDate, debitDay: number): IsoDate {
  const { year, month } = draftMonth(statementDate, debitDay);
  return monthlyDate(year, month, debitDay);
}

/** The month whose `debitDay` the draft for a statement aims at (it may move to the 1st of the month after). */
function draftMonth(statementDate: IsoDate, debitDay: number): { year: number; month: number } {
  const same = addMonths(statementDate, 0);
  return compareDates(monthlyDate(same.year, same.month, debitDay), statementDate) > 0
    ? same
    : addMonths(statementDate, 1);
}

/** The statement dates of an account from the latest one on or before `today`, `count` of them. */
function statementDatesFrom(today: IsoDate, cycleDay: number, count: number): IsoDate[] {
  const latest = latestCycleDate(today, cycleDay);
  return Array.from({ length: count }, (_, k) => cycleDate(latest, cycleDay, k));
}

export type DebitDay = {
  day: number;
  /** False when a draft on this day would come after the due date in some month (spec §5: it would be late). */
  allowed: boolean;
  /** True when some month lacks this day, so the draft then runs on the 1st of the next month. */
  movesToFirst: boolean;
};

/** spec §5 debit-day calendar for an account billed on `cycleDay`. */
export function debitDayCalendar(cycleDay: number, today: IsoDate): DebitDay[] {
  const statements = statementDatesFrom(today, cycleDay, CYCLES_CHECKED);
  return DEBIT_DAYS.map((day) => ({
    day,
    allowed: statements.every((s) => compareDates(draftDateFor(s, day), dueDateFor(s)) <= 0),
    movesToFirst: statements.some((s) => {
      const { year, month } = draftMonth(s, day);
      return day > daysInMonth(year, month);
    }),
  }));
}

export function isDebitDayAllowed(day: number, cycleDay: number, today: IsoDate): boolean {
  return Number.isInteger(day) && day >= 1 && day <= 31 && !!debitDayCalendar(cycleDay, today)[day - 1]?.allowed;
}

/** The next `count` real draft dates on or after `today` for a debit day (the picker shows three). */
export function nextDraftDates(debitDay: number, cycleDay: number, today: IsoDate, count = 3): IsoDate[] {
  return statementDatesFrom(today, cycleDay, count + 2)
    .map((s) => draftDateFor(s, debitDay))
    .filter((d) => compareDates(d, today) >= 0)
    .slice(0, count);
}

/**
 * product-decisions.md: a cancellation or change made within 2 days of a draft takes effect after that draft. Returns
 * the draft date that still runs the old way, or null when the change applies at once.
 */
export function draftLockedByChange(nextDraft: IsoDate | null, today: IsoDate): IsoDate | null {
  if (!nextDraft) return null;
  const within =
    compareDates(nextDraft, today) >= 0 && compareDates(nextDraft, addDays(today, AUTO_PAY_CHANGE_LOCK_DAYS)) <= 0;
  return within ? nextDraft : null;
}

/** A payment of the account as the draft rule sees it (device payments pay a plan, not the balance: leave them out). */
export type DraftLedgerPayment = {
  status: 'scheduled' | 'processing' | 'pending' | 'successful' | 'failed' | 'returned' | 'cancelled';
  paymentDate: IsoDate;
  amountCents: number;
};

/**
 * Whether a payment will still lower the balance by `draftDate` without being in it yet: a pending bank debit, a
 * payment in progress, or one scheduled on or before the draft date (issue 14: a payment scheduled for the draft day
 * and the draft charged the account twice). Posted payments are in the balance already.
 */
function lowersBalanceBy(payment: DraftLedgerPayment, draftDate: IsoDate): boolean {
  if (payment.status === 'pending' || payment.status === 'processing') return true;
  return payment.status === 'scheduled' && compareDates(payment.paymentDate, draftDate) <= 0;
}

/**
 * The amount of the Auto Pay draft on `draftDate` (product-decisions.md, Auto Pay; issue 14): the balance minus every
 * payment pending, in progress, or scheduled on or before the draft date; nothing when that is zero or less. The
 * enrolment preview and the draft run apply this one rule.
 */
export function draftAmountCents(balanceCents: number, payments: DraftLedgerPayment[], draftDate: IsoDate): number {
  const coming = payments.filter((p) => lowersBalanceBy(p, draftDate)).reduce((sum, p) => sum + p.amountCents, 0);
  return Math.max(0, balanceCents - coming);
}

/**
 * The payments scheduled on or before a draft date: the draft leaves their amount to them (the enrolment flow and the
 * Auto Pay card say so).
 */
export function scheduledBeforeDraft<T extends DraftLedgerPayment>(payments: T[], draftDate: IsoDate): T[] {
  return payments.filter((p) => p.status === 'scheduled' && compareDates(p.paymentDate, draftDate) <= 0);
}

/**
 * Whether the draft on `today` must wait for a payment due by then that has no outcome yet (scheduled for today or
 * earlier and not run, or in progress at the processor): whichever runs first, the draft then charges what is left
 * after its outcome, so a scheduled payment that is declined is not subtracted and one that succeeds is not charged
 * twice (issue 14). The background work runs again within a minute, so the draft is late by at most that.
 */
export function draftMustWait(payments: DraftLedgerPayment[], today: IsoDate): boolean {
  return payments.some(
    (p) => p.status === 'processing' || (p.status === 'scheduled' && compareDates(p.paymentDate, today) <= 0),
  );
}
