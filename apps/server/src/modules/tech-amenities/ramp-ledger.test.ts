import { describe, expect, it } from 'vitest';
import { fullFrom, lastDayOf, monthRange, monthsBetween, rampUnitsIn, shiftMonth } from './months';
import { latestBill, ledgerMonths, propertyMonths, rampFlags, sumMonths, type UnitState } from './ramp-ledger';

// issue 22 item 6, wider-portal.md §10: the ramp ledger's rules
const STEPS = [
  { month: '2026-11', units: 30 },
  { month: '2025-09', units: 4 },
  { month: '2027-04', units: 48 },
];

describe('months', () => {
  it('counts, shifts and lists calendar months across years', () => {
    expect(shiftMonth('2026-11', 2)).toBe('2027-01');
    expect(shiftMonth('2026-01', -14)).toBe('2024-11');
    expect(monthsBetween('2025-09', '2026-11')).toBe(14);
    expect(monthRange('2026-11', '2027-02')).toEqual(['2026-11', '2026-12', '2027-01', '2027-02']);
    expect(monthRange('2026-11', '2026-10')).toEqual([]);
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
  });

  it('bills the units of the latest step begun, none before the first, and knows when the ramp is full', () => {
    expect(rampUnitsIn(STEPS, '2025-08')).toBe(0);
    expect(rampUnitsIn(STEPS, '2025-09')).toBe(4);
    expect(rampUnitsIn(STEPS, '2026-10')).toBe(4);
    expect(rampUnitsIn(STEPS, '2026-11')).toBe(30);
    expect(rampUnitsIn(STEPS, '2030-01')).toBe(48);
    expect(fullFrom(STEPS, 48)).toBe('2027-04');
    expect(fullFrom(STEPS, 60)).toBeNull();
  });
});

describe('the ledger’s months', () => {
  it('shows the term so far, then six projected months within the term', () => {
    const { billed, projected } = ledgerMonths({ start: '2025-09', end: '2030-08' }, '2026-11', 6);
    expect(billed).toHaveLength(15);
    expect([billed[0], billed.at(-1)]).toEqual(['2025-09', '2026-11']);
    expect(projected).toEqual(['2026-12', '2027-01', '2027-02', '2027-03', '2027-04', '2027-05']);
    // near the end of the term, the projection stops with it; after the term, nothing is projected
    expect(ledgerMonths({ start: '2025-09', end: '2026-12' }, '2026-11', 6).projected).toEqual(['2026-12']);
    expect(ledgerMonths({ start: '2025-09', end: '2026-06' }, '2026-11', 6)).toMatchObject({ projected: [] });
    expect(ledgerMonths({ start: '2025-09', end: '2026-06' }, '2026-11', 6).billed.at(-1)).toBe('2026-06');
  });

  it('puts the bill, the units activated (this month only) and the projection on each row', () => {
    const bills = new Map([
      ['2026-10', { propertyId: 'p', month: '2026-10', units: ['101', '102', '103', '104'], amountCents: 20_000 }],
      ['2026-11', { propertyId: 'p', month: '2026-11', units: ['101', '102', '103'], amountCents: 15_000 }],
    ]);
    const projections = new Map([['2026-12', { propertyId: 'p', month: '2026-12', units: 30, amountCents: 150_000 }]]);
    const months = { billed: ['2026-09', '2026-10', '2026-11'], projected: ['2026-12'] };
    const rows = propertyMonths({ months, thisMonth: '2026-11', steps: STEPS, bills, projections, activated: 26 });
    expect(rows).toEqual([
      { month: '2026-09', kind: 'past', rampUnits: 4, billedUnits: null, activatedUnits: null, amountCents: null },
      { month: '2026-10', kind: 'past', rampUnits: 4, billedUnits: 4, activatedUnits: null, amountCents: 20_000 },
      { month: '2026-11', kind: 'current', rampUnits: 30, billedUnits: 3, activatedUnits: 26, amountCents: 15_000 },
      {
        month: '2026-12',
        kind: 'projected',
        rampUnits: 30,
        billedUnits: null,
        activatedUnits: null,
        amountCents: 150_000,
      },
    ]);
    // the billing engine not answering: the ramp and the units activated stay
    const without = propertyMonths({
      months,
      thisMonth: '2026-11',
      steps: STEPS,
      bills: null,
      projections: null,
      activated: 26,
    });
    expect(without.map((row) => [row.rampUnits, row.billedUnits, row.activatedUnits, row.amountCents])).toEqual([
      [4, null, null, null],
      [4, null, null, null],
      [30, null, 26, null],
      [30, null, null, null],
    ]);
    expect(latestBill(bills, '2026-11')?.month).toBe('2026-11');
    expect(latestBill(bills, '2026-10')?.month).toBe('2026-10');
    expect(latestBill(null, '2026-11')).toBeNull();
  });

  it('adds the properties’ rows month by month; a figure nobody has stays empty', () => {
    const row = (rampUnits: number, billedUnits: number | null, amountCents: number | null) => ({
      month: '2026-11',
      kind: 'current' as const,
      rampUnits,
      billedUnits,
      activatedUnits: rampUnits - 1,
      amountCents,
    });
    expect(sumMonths([[row(48, 48, 240_000)], [row(30, null, null)]])).toEqual([
      { month: '2026-11', kind: 'current', rampUnits: 78, billedUnits: 48, activatedUnits: 76, amountCents: 240_000 },
    ]);
    expect(sumMonths([[row(48, null, null)], [row(30, null, null)]])[0]).toMatchObject({
      billedUnits: null,
      amountCents: null,
    });
    expect(sumMonths([])).toEqual([]);
  });
});

describe('the flags', () => {
  const unit = (number: string, occupancy: string, access: string): UnitState => ({
    propertyId: 'p',
    number,
    occupancy,
    access,
  });
  const units = [
    unit('101', 'occupied', 'active'),
    unit('102', 'occupied', 'inactive'),
    unit('103', 'vacant', 'inactive'),
    unit('104', 'occupied', 'suspended'),
    unit('110', 'occupied', 'active'),
    unit('99', 'vacant', 'active'),
  ];

  it('lists the units billed but not active and active but not billed, by unit number', () => {
    const flags = rampFlags({ units: ['104', '101', '102', '777'] }, units);
    expect(flags.billedNotActive).toEqual([
      { number: '102', occupancy: 'occupied', access: 'inactive' },
      { number: '104', occupancy: 'occupied', access: 'suspended' },
      // a number the property does not have
      { number: '777', occupancy: null, access: null },
    ]);
    // numbers in numeric order: 99 before 110
    expect(flags.activeNotBilled.map((each) => each.number)).toEqual(['99', '110']);
  });

  it('flags nothing when the bill and the active units agree', () => {
    expect(rampFlags({ units: ['101', '110', '99'] }, units)).toEqual({ billedNotActive: [], activeNotBilled: [] });
  });
});
