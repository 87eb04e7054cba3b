import { describe, expect, it } from 'vitest';
import {
  delinquencyMessage,
  pastDueAction,
  shouldRequestSoftDisconnectDate,
  uncoveredPastDueCents,
} from './delinquency';

describe('delinquency message (spec §4)', () => {
  it.each([
    [30, 'billing.delinquency.code30.title'],
    [43, 'billing.delinquency.code43.title'],
    [50, 'billing.delinquency.code50.title'],
    [76, 'billing.delinquency.code76.title'],
  ] as const)('code %i says %s', (code, titleId) => {
    expect(delinquencyMessage({ delinquencyCode: code, pastDueCents: 100 })?.titleId).toBe(titleId);
  });

  it('says "past due" before the first code, and nothing when nothing is past due', () => {
    expect(delinquencyMessage({ delinquencyCode: null, pastDueCents: 1 })?.titleId).toBe(
      'billing.delinquency.pastDue.title',
    );
    expect(delinquencyMessage({ delinquencyCode: null, pastDueCents: 0 })).toBeNull();
  });
});

describe('soft-disconnect date rule (spec §7.1)', () => {
  it.each([
    // past due, pending, flag → ask?
    [41_210, 0, true, true],
    [41_210, 10_000, true, true],
    [41_210, 0, false, false],
    [41_210, 41_210, true, false],
    [41_210, 50_000, true, false],
    [0, 0, true, false],
  ])('past due %i, pending %i, flag %s → %s', (pastDueCents, pendingPaymentCents, flag, expected) => {
    expect(shouldRequestSoftDisconnectDate({ pastDueCents, pendingPaymentCents }, flag)).toBe(expected);
  });

  it('counts only what the pending payments leave unpaid', () => {
    expect(uncoveredPastDueCents({ pastDueCents: 41_210, pendingPaymentCents: 10_000 })).toBe(31_210);
    expect(uncoveredPastDueCents({ pastDueCents: 100, pendingPaymentCents: 500 })).toBe(0);
  });

  it('words the action by code, with the date only when there is one', () => {
    expect(pastDueAction(43, '2026-12-30')).toEqual({ id: 'billing.status.action.avoidBy', withDate: true });
    expect(pastDueAction(43, null)).toEqual({ id: 'billing.status.action.avoid', withDate: false });
    expect(pastDueAction(null, null)).toEqual({ id: 'billing.status.action.avoid', withDate: false });
    expect(pastDueAction(50, '2026-10-01')).toEqual({ id: 'billing.status.action.restoreSince', withDate: true });
    expect(pastDueAction(50, null)).toEqual({ id: 'billing.status.action.restore', withDate: false });
    expect(pastDueAction(76, '2026-10-01')).toEqual({ id: 'billing.status.action.settle', withDate: false });
  });
});
