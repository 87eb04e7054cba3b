import { describe, expect, it } from 'vitest';
import {
  devicePaymentBounds,
  devicePaymentEffect,
  isNonPayInterruption,
  mobileAutoPayOf,
  mobilePaymentBounds,
  nextInstalmentCents,
  paymentsLeft,
  splitBalance,
} from './mobile';

const today = '2026-11-21';
const paidHistory = [
  { dueDate: '2026-09-26', coreCents: 10_000, mobileCents: 20_000 },
  { dueDate: '2026-10-26', coreCents: 10_000, mobileCents: 20_000 },
];
const current = { dueDate: '2026-11-26', coreCents: 10_500, mobileCents: 25_284 };

describe('splitBalance (ADR 011)', () => {
  it("leaves the current statement's Mobile section when other payments paid the history", () => {
    expect(
      splitBalance({
        statements: [...paidHistory, current],
        mobilePaymentsCents: 0,
        otherPaymentsCents: 60_000,
        today,
      }),
    ).toEqual({ mobileCents: 25_284, coreCents: 10_500, mobilePastDueCents: 0 });
  });

  it('lowers the mobile part by a mobile payment, the core part by any other', () => {
    const base = { statements: [...paidHistory, current], today };
    expect(splitBalance({ ...base, mobilePaymentsCents: 5_000, otherPaymentsCents: 60_000 })).toMatchObject({
      mobileCents: 20_284,
      coreCents: 10_500,
    });
    expect(splitBalance({ ...base, mobilePaymentsCents: 0, otherPaymentsCents: 65_000 })).toMatchObject({
      mobileCents: 25_284,
      coreCents: 5_500,
    });
  });

  it('spills an overpayment to the other side, then keeps what is left as a core credit', () => {
    const base = { statements: [current], today };
    expect(splitBalance({ ...base, mobilePaymentsCents: 30_000, otherPaymentsCents: 0 })).toEqual({
      mobileCents: 0,
      coreCents: 5_784,
      mobilePastDueCents: 0,
    });
    expect(splitBalance({ ...base, mobilePaymentsCents: 30_000, otherPaymentsCents: 20_000 })).toEqual({
      mobileCents: 0,
      coreCents: -14_216,
      mobilePastDueCents: 0,
    });
  });

  it('counts the unpaid Mobile sections already due as past due', () => {
    expect(
      splitBalance({
        statements: [...paidHistory, current],
        mobilePaymentsCents: 0,
        otherPaymentsCents: 35_000,
        today,
      }),
      // 35,000 pays September in full and 5,000 of October's core: October's Mobile section is unpaid and late
    ).toEqual({ mobileCents: 20_000 + 25_284, coreCents: 5_000 + 10_500, mobilePastDueCents: 20_000 });
  });

  it('always adds up to the balance', () => {
    for (const [mobile, other] of [
      [0, 0],
      [1_000, 0],
      [0, 99_999],
      [70_000, 70_000],
    ] as const) {
      const split = splitBalance({
        statements: [...paidHistory, current],
        mobilePaymentsCents: mobile,
        otherPaymentsCents: other,
        today,
      });
      expect(split.mobileCents + split.coreCents).toBe(95_784 - mobile - other);
      expect(split.mobileCents).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('mobile payment bounds (spec §5 dynamic maximum)', () => {
  it.each([
    [25_284, { minCents: 100, maxCents: 25_284 }],
    [57, { minCents: 57, maxCents: 57 }],
    [0, { minCents: 100, maxCents: 0 }],
  ])('a mobile balance of %i cents', (balance, bounds) => expect(mobilePaymentBounds(balance)).toEqual(bounds));
});

describe('device instalment plans', () => {
  const se = { monthlyInstalmentCents: 1_450, remainingCents: 20_300, instalmentsPaid: 10, instalmentsTotal: 24 };

  it('bills the monthly amount, the rest on the last one, nothing once paid off', () => {
    expect(nextInstalmentCents(se)).toBe(1_450);
    expect(nextInstalmentCents({ ...se, remainingCents: 900 })).toBe(900);
    expect(nextInstalmentCents({ ...se, remainingCents: 1_500, instalmentsPaid: 23 })).toBe(1_500);
    expect(nextInstalmentCents({ ...se, remainingCents: 0 })).toBe(0);
    expect(paymentsLeft(se)).toBe(14);
    expect(paymentsLeft({ ...se, remainingCents: 0 })).toBe(0);
  });

  it('shows what a payoff and an extra payment do to the next bill before paying', () => {
    expect(devicePaymentEffect(se, 20_300)).toEqual({
      remainingBeforeCents: 20_300,
      remainingAfterCents: 0,
      nextInstalmentBeforeCents: 1_450,
      nextInstalmentAfterCents: 0,
      paymentsLeftBefore: 14,
      paymentsLeftAfter: 0,
    });
    // an extra payment shortens the plan; the next bill changes only when less than an instalment is left
    expect(devicePaymentEffect(se, 5_000)).toMatchObject({ nextInstalmentAfterCents: 1_450, paymentsLeftAfter: 11 });
    expect(devicePaymentEffect(se, 19_500)).toMatchObject({ nextInstalmentAfterCents: 800, paymentsLeftAfter: 1 });
    expect(devicePaymentBounds(se)).toEqual({ minCents: 100, maxCents: 20_300 });
  });

  it.each([
    ['active', false],
    ['past_due', false],
    ['hotlined', true],
    ['temporarily_disconnected', true],
    ['disconnected', false],
  ] as const)('%s is a non-pay interruption: %s', (state, expected) =>
    expect(isNonPayInterruption(state)).toBe(expected),
  );
});

describe('mobileAutoPayOf (issue 14: one truth for Auto Pay across core and mobile; ADR 011)', () => {
  const core = (methodType: 'card' | 'bank') => ({ scope: 'core' as const, methodType, label: `core ${methodType}` });
  const mobile = { scope: 'mobile' as const, methodType: 'card' as const, label: 'mobile card' };

  it.each([
    ['nothing enrolled', [], null],
    ['core on a card: its draft pays the Mobile section too', [core('card')], 'core card'],
    ['core on a bank account: mobile Auto Pay takes cards only (spec §4)', [core('bank')], null],
    ['the lines enrolled on their own', [mobile], 'mobile card'],
    ['both: the lines’ own enrolment', [core('card'), mobile], 'mobile card'],
    ['both, core on a bank account', [core('bank'), mobile], 'mobile card'],
  ])('%s', (_, enrollments, label) => {
    expect(mobileAutoPayOf(enrollments)?.label ?? null).toBe(label);
  });
});
