import { describe, expect, it } from 'vitest';
import { outageCredit } from './outage-credit';

const HOUR = 3_600_000;

describe('outageCredit (wider-portal.md §8: prorated daily rate, whole days rounded up)', () => {
  it.each([
    // 5 hours is one day: $89.99 over a 30-day cycle
    [8_999, 30, 5 * HOUR, 1, 300],
    // exactly a day is one day; a minute more is two
    [8_999, 30, 24 * HOUR, 1, 300],
    [8_999, 30, 24 * HOUR + 60_000, 2, 600],
    // a 31-day cycle's daily rate is lower; half a cent rounds to the nearest
    [10_000, 31, 4 * HOUR, 1, 323],
    [5_000, 28, 30 * HOUR, 2, 357],
  ])(
    '%i cents a %i-day cycle, %i ms affected: %i days, %i cents',
    (monthlyCents, cycleDays, affectedMs, days, cents) => {
      expect(outageCredit({ monthlyCents, cycleDays, affectedMs })).toEqual({ days, amountCents: cents });
    },
  );

  it('never credits more than the month', () => {
    expect(outageCredit({ monthlyCents: 6_000, cycleDays: 30, affectedMs: 45 * 24 * HOUR })).toEqual({
      days: 45,
      amountCents: 6_000,
    });
  });
});
