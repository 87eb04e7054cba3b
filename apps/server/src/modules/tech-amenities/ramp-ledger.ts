import type { FlaggedUnit, RampMonth, UnitAccess, UnitOccupancy, YearMonth } from '@vireo/shared';
import type { BulkBill, ProjectedBill } from '../billing-system/bulk-billing';
import { monthRange, type RampStep, rampUnitsIn, shiftMonth } from './months';

/**
 * The ramp ledger's rules (issue 22 item 6, wider-portal.md §10), pure: which months it shows, each month's row (the
 * contracted ramp against what the billing engine billed and the units activated, with the bill or projected bill),
 * the flags (units billed but not active, active but not billed) and the months of all properties added together.
 */

/** A unit as the ledger needs it (the community module's read, given in app.ts). */
export type UnitState = { propertyId: string; number: string; occupancy: string; access: string };

/**
 * The ledger's months: the term's months up to this one (billed: `past`, `current`), then up to RAMP_PROJECTED_MONTHS
 * more within the term (`projected`).
 */
export function ledgerMonths(
  term: { start: YearMonth; end: YearMonth },
  thisMonth: YearMonth,
  projectedMonths: number,
) {
  const lastBilled = thisMonth < term.end ? thisMonth : term.end;
  const billed = monthRange(term.start, lastBilled);
  const firstProjected = thisMonth < term.start ? term.start : shiftMonth(thisMonth, 1);
  const lastProjected = shiftMonth(thisMonth, projectedMonths);
  const projected = monthRange(firstProjected, lastProjected < term.end ? lastProjected : term.end);
  return { billed, projected };
}

/**
 * One property's rows: each billed month with the engine's bill (null when it has none for the month or did not
 * answer) and the units activated recorded that month (null before the record began), the current month with today's
 * units activated, each projected month with the engine's projection.
 */
export function propertyMonths(input: {
  months: { billed: YearMonth[]; projected: YearMonth[] };
  thisMonth: YearMonth;
  steps: readonly RampStep[];
  /** The engine's bills and projections of this property by month; null when the engine did not answer. */
  bills: Map<YearMonth, BulkBill> | null;
  projections: Map<YearMonth, ProjectedBill> | null;
  activated: number;
  /** The units activated recorded for past months (ramp-activations); a month without a record has none. */
  recorded?: Map<YearMonth, number>;
}): RampMonth[] {
  const { months, thisMonth, steps, bills, projections, activated, recorded } = input;
  const billedRows = months.billed.map((month): RampMonth => {
    const bill = bills?.get(month);
    return {
      month,
      kind: month === thisMonth ? 'current' : 'past',
      rampUnits: rampUnitsIn(steps, month),
      billedUnits: bill ? bill.units.length : null,
      activatedUnits: month === thisMonth ? activated : (recorded?.get(month) ?? null),
      amountCents: bill ? bill.amountCents : null,
    };
  });
  const projectedRows = months.projected.map((month): RampMonth => {
    const projection = projections?.get(month);
    return {
      month,
      kind: 'projected',
      rampUnits: rampUnitsIn(steps, month),
      billedUnits: null,
      activatedUnits: null,
      amountCents: projection ? projection.amountCents : null,
    };
  });
  return [...billedRows, ...projectedRows];
}

const byNumber = (a: { number: string }, b: { number: string }) =>
  a.number.localeCompare(b.number, 'en', { numeric: true });

/**
 * The flags of one property (wider-portal.md §10): the units a bill billed whose access is not active (suspended, not
 * yet activated, or a number the property does not have), and the units active today that the bill did not bill; each
 * by unit number.
 */
export function rampFlags(
  bill: Pick<BulkBill, 'units'>,
  units: readonly UnitState[],
): { billedNotActive: FlaggedUnit[]; activeNotBilled: FlaggedUnit[] } {
  const known = new Map(units.map((unit) => [unit.number, unit]));
  const billed = new Set(bill.units);
  const flagged = (number: string): FlaggedUnit => {
    const unit = known.get(number);
    return {
      number,
      occupancy: (unit?.occupancy as UnitOccupancy | undefined) ?? null,
      access: (unit?.access as UnitAccess | undefined) ?? null,
    };
  };
  return {
    billedNotActive: [...billed]
      .filter((number) => known.get(number)?.access !== 'active')
      .map(flagged)
      .sort(byNumber),
    activeNotBilled: units
      .filter((unit) => unit.access === 'active' && !billed.has(unit.number))
      .map((unit) => flagged(unit.number))
      .sort(byNumber),
  };
}

/** The latest of a property's bills up to `thisMonth`, or null when it has none. */
export function latestBill(bills: Map<YearMonth, BulkBill> | null, thisMonth: YearMonth): BulkBill | null {
  if (!bills) return null;
  let latest: BulkBill | null = null;
  for (const bill of bills.values()) {
    if (bill.month <= thisMonth && (!latest || bill.month > latest.month)) latest = bill;
  }
  return latest;
}

/** Nullable counts added: null only when every part is null (no property billed, or the engine did not answer). */
function addNullable(values: (number | null)[]): number | null {
  const present = values.filter((value): value is number => value !== null);
  return present.length === 0 ? null : present.reduce((sum, value) => sum + value, 0);
}

/** Every property's rows of the same months added month by month (the all-properties ledger). */
export function sumMonths(perProperty: readonly RampMonth[][]): RampMonth[] {
  const first = perProperty[0] ?? [];
  return first.map((row, index) => {
    const same = perProperty.map((rows) => rows[index] as RampMonth);
    return {
      month: row.month,
      kind: row.kind,
      rampUnits: same.reduce((sum, each) => sum + each.rampUnits, 0),
      billedUnits: addNullable(same.map((each) => each.billedUnits)),
      activatedUnits: addNullable(same.map((each) => each.activatedUnits)),
      amountCents: addNullable(same.map((each) => each.amountCents)),
    };
  });
}
