import { addDays, addMonths, type IsoDate, toIsoDate, type YearMonth } from '@vireo/shared';

/**
 * Calendar months (`YYYY-MM`) of the bulk agreement's ramp and the ramp ledger (issue 22 item 6, wider-portal.md §10):
 * the month of a day, months apart, a month's first and last day, and the ramp's units in a month.
 */

export function monthOf(date: IsoDate): YearMonth {
  return date.slice(0, 7);
}

export function firstDayOf(month: YearMonth): IsoDate {
  return `${month}-01`;
}

export function lastDayOf(month: YearMonth): IsoDate {
  return addDays(firstDayOf(shiftMonth(month, 1)), -1);
}

/** The month `count` months after `month` (before it when negative). */
export function shiftMonth(month: YearMonth, count: number): YearMonth {
  const { year, month: m } = addMonths(firstDayOf(month), count);
  return monthOf(toIsoDate(year, m, 1));
}

/** How many months `to` is after `from` (negative when before). */
export function monthsBetween(from: YearMonth, to: YearMonth): number {
  const index = (month: YearMonth) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return index(to) - index(from);
}

/** Every month from `from` to `to`, both included (none when `to` is before `from`). */
export function monthRange(from: YearMonth, to: YearMonth): YearMonth[] {
  return Array.from({ length: Math.max(0, monthsBetween(from, to) + 1) }, (_, i) => shiftMonth(from, i));
}

export type RampStep = { month: YearMonth; units: number };

/**
 * The contracted units billed in `month` (wider-portal.md §10, the ramp): the units of the latest step that has begun
 * by then; none before the first step.
 */
export function rampUnitsIn(steps: readonly RampStep[], month: YearMonth): number {
  return [...steps]
    .sort((a, b) => (a.month < b.month ? -1 : 1))
    .reduce((found, step) => (step.month <= month ? step.units : found), 0);
}

/** The first month whose ramp bills every contracted unit, or null when the ramp never does. */
export function fullFrom(steps: readonly RampStep[], unitsContracted: number): YearMonth | null {
  const sorted = [...steps].sort((a, b) => (a.month < b.month ? -1 : 1));
  return sorted.find((step) => step.units >= unitsContracted)?.month ?? null;
}
