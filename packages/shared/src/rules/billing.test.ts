import { describe, expect, it } from 'vitest';
import {
  ageBalance,
  buildStatement,
  cycleDate,
  DELINQUENCY_CODES,
  delinquencyStateFor,
  latestCycleDate,
  mobileLineStateFor,
} from './billing';

const base = {
  statementDate: '2026-03-05',
  periodStart: '2026-02-05',
  previousBalanceCents: 0,
  paymentsReceivedCents: 0,
  adjustmentsCents: 0,
  oneTime: [],
  taxRates: [],
  autoPayEnrolled: false,
};

describe('buildStatement', () => {
  it('bills a full period in full and a partial one prorated by days', () => {
    const statement = buildStatement({
      ...base,
      recurring: [
        {
          id: 'a',
          category: 'internet',
          kind: 'monthly_service',
          description: 'Internet',
          amountCents: 10_000,
          startsOn: '2025-01-01',
          endsOn: null,
        },
        // 13 of the 28 days of February-March
        {
          id: 'b',
          category: 'tv',
          kind: 'monthly_service',
          description: 'TV',
          amountCents: 2_800,
          startsOn: '2026-02-20',
          endsOn: null,
        },
      ],
    });
    expect(statement.periodEnd).toBe('2026-03-04');
    expect(statement.lines.map((l) => [l.kind, l.amountCents])).toEqual([
      ['monthly_service', 10_000],
      ['proration', 1_300],
    ]);
    expect(statement.lines[1]?.periodStart).toBe('2026-02-20');
  });

  it('ends a promotion mid-period with a partial credit and leaves charges outside the period out', () => {
    const statement = buildStatement({
      ...base,
      recurring: [
        {
          id: 'p',
          category: 'internet',
          kind: 'promotion',
          description: 'Promo',
          amountCents: -2_800,
          startsOn: '2025-01-01',
          endsOn: '2026-02-18',
        },
        {
          id: 'old',
          category: 'internet',
          kind: 'monthly_service',
          description: 'Old',
          amountCents: 5_000,
          startsOn: '2025-01-01',
          endsOn: '2026-01-31',
        },
        {
          id: 'new',
          category: 'internet',
          kind: 'monthly_service',
          description: 'Future',
          amountCents: 5_000,
          startsOn: '2026-03-05',
          endsOn: null,
        },
      ],
    });
    expect(statement.lines).toHaveLength(1);
    expect(statement.lines[0]).toMatchObject({ kind: 'promotion', amountCents: -1_400, periodEnd: '2026-02-18' });
  });

  it('taxes each category on its subtotal, never taxes fees, and credits the Auto Pay discount', () => {
    const statement = buildStatement({
      ...base,
      autoPayEnrolled: true,
      taxRates: [
        { category: 'phone', basisPoints: 1000, effectiveFrom: '2000-01-01' },
        { category: 'phone', basisPoints: 1075, effectiveFrom: '2026-03-01' },
        { category: 'phone', basisPoints: 9999, effectiveFrom: '2026-04-01' },
      ],
      recurring: [
        {
          id: 'v',
          category: 'phone',
          kind: 'monthly_service',
          description: 'Voice',
          amountCents: 7_497,
          startsOn: '2025-01-01',
          endsOn: null,
        },
        {
          id: 'f',
          category: 'phone',
          kind: 'fee',
          description: 'Regulatory fee',
          amountCents: 299,
          startsOn: '2025-01-01',
          endsOn: null,
        },
      ],
      oneTime: [{ id: 'o', category: 'phone', description: 'Install', amountCents: 1_000, chargedOn: '2026-02-10' }],
    });
    const taxes = statement.lines.find((l) => l.description === 'Taxes');
    expect(taxes?.amountCents).toBe(913); // 10.75% of 84.97, the rate in effect on the statement date
    expect(statement.lines.find((l) => l.kind === 'auto_pay_discount')?.amountCents).toBe(-500);
    expect(statement.newChargesCents).toBe(7_497 + 299 + 1_000 + 913 - 500);
  });

  it('reconciles: previous balance - payments + adjustments + new charges = total', () => {
    const statement = buildStatement({
      ...base,
      previousBalanceCents: 28_947,
      paymentsReceivedCents: 20_000,
      adjustmentsCents: -1_500,
      recurring: [
        {
          id: 'a',
          category: 'internet',
          kind: 'monthly_service',
          description: 'I',
          amountCents: 9_999,
          startsOn: '2025-01-01',
          endsOn: null,
        },
      ],
    });
    expect(statement.totalDueCents).toBe(28_947 - 20_000 - 1_500 + 9_999);
    expect(statement.dueDate).toBe('2026-03-26');
  });
});

describe('cycle dates', () => {
  it('finds the latest statement date on or before a day', () => {
    expect(latestCycleDate('2026-11-21', 10)).toBe('2026-11-10');
    expect(latestCycleDate('2026-11-09', 10)).toBe('2026-10-10');
    expect(latestCycleDate('2026-11-10', 10)).toBe('2026-11-10');
    expect(cycleDate('2026-11-10', 10, -12)).toBe('2025-11-10');
  });
});

describe('delinquency', () => {
  it.each([
    [0, 'current', null],
    [1, 'past_due', null],
    [29, 'past_due', null],
    [30, 'interruption_warning', 30],
    [44, 'interruption_warning', 30],
    [45, 'suspension_warning', 43],
    [59, 'suspension_warning', 43],
    [60, 'soft_disconnect', 50],
    [89, 'soft_disconnect', 50],
    [90, 'disconnected', 76],
  ] as const)('%i days past due is %s (code %s)', (days, state, code) => {
    expect(delinquencyStateFor(days)).toBe(state);
    expect(DELINQUENCY_CODES[delinquencyStateFor(days)]).toBe(code);
  });

  it('applies payments to the oldest statement first and ages what is left', () => {
    const statements = [
      { dueDate: '2026-08-26', newChargesCents: 20_000, adjustmentsCents: 0, previousBalanceCents: 0 },
      { dueDate: '2026-09-26', newChargesCents: 20_000, adjustmentsCents: 0, previousBalanceCents: 20_000 },
      { dueDate: '2026-10-26', newChargesCents: 20_000, adjustmentsCents: 0, previousBalanceCents: 40_000 },
      { dueDate: '2026-11-26', newChargesCents: 20_000, adjustmentsCents: 0, previousBalanceCents: 60_000 },
    ];
    const aging = ageBalance({ statements, postedPaymentsCents: 25_000, today: '2026-11-21' });
    expect(aging.balanceCents).toBe(55_000);
    expect(aging.pastDueCents).toBe(35_000);
    expect(aging.oldestUnpaidDueDate).toBe('2026-09-26');
    expect(aging.daysPastDue).toBe(56);
    expect(aging.state).toBe('suspension_warning');
    expect(aging.softDisconnectDate).toBe('2026-11-25');
  });

  it('is current when everything due is paid, and a credit balance is negative', () => {
    const statements = [
      { dueDate: '2026-10-26', newChargesCents: 10_000, adjustmentsCents: 0, previousBalanceCents: 0 },
    ];
    expect(ageBalance({ statements, postedPaymentsCents: 12_000, today: '2026-11-21' })).toMatchObject({
      balanceCents: -2_000,
      pastDueCents: 0,
      state: 'current',
      softDisconnectDate: null,
    });
  });
});

describe('mobile delinquency (product-decisions.md)', () => {
  it.each([
    [0, 'active'],
    [1, 'past_due'],
    [29, 'past_due'],
    [30, 'hotlined'],
    [44, 'hotlined'],
    [45, 'temporarily_disconnected'],
    [89, 'temporarily_disconnected'],
    [90, 'disconnected'],
  ] as const)('%i days past due: %s', (days, state) => expect(mobileLineStateFor(days)).toBe(state));
});
