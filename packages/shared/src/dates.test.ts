import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dateInZone, daysBetween, isIsoDate, monthlyDate } from './dates';

describe('dates', () => {
  it('knows real calendar dates', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
  });

  it('adds days and counts them across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysBetween('2026-11-21', '2026-12-01')).toBe(10);
    expect(daysBetween('2026-12-01', '2026-11-21')).toBe(-10);
  });

  it('runs a day missing in a month on the 1st of the next month (spec §5)', () => {
    expect(monthlyDate(2027, 2, 31)).toBe('2027-03-01');
    expect(monthlyDate(2026, 12, 31)).toBe('2026-12-31');
    expect(monthlyDate(2026, 11, 31)).toBe('2026-12-01');
    expect(monthlyDate(2026, 12, 32 - 1)).toBe('2026-12-31');
  });

  it('moves whole months', () => {
    expect(addMonths('2026-11-21', 2)).toEqual({ year: 2027, month: 1 });
    expect(addMonths('2026-01-31', -1)).toEqual({ year: 2025, month: 12 });
  });

  it('takes the calendar date in the account time zone, not the machine one', () => {
    const instant = new Date('2026-11-22T03:30:00Z');
    expect(dateInZone(instant, 'America/New_York')).toBe('2026-11-21');
    expect(dateInZone(instant, 'UTC')).toBe('2026-11-22');
  });
});
