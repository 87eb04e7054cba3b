import { describe, expect, it } from 'vitest';
import { DATE_INPUT_FORMATS, formatDateInput, parseDateInput } from './date-input';
import { addDays, addMonths, dateInZone, daysBetween, isIsoDate, monthlyDate, startOfDayInZone } from './dates';

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

  it('writes a year before 1000 with four digits, as an ISO date (input fuzzing sent 0800-02-29)', () => {
    const date = dateInZone(new Date('0800-02-29T20:00:00Z'), 'UTC');
    expect(date).toBe('0800-02-29');
    expect(isIsoDate(date)).toBe(true);
  });
});

describe('typed dates: one format per language (issue 14)', () => {
  it('are MM/DD/YY in English and DD/MM/AA in Spanish', () => {
    expect(DATE_INPUT_FORMATS.en.pattern).toBe('MM/DD/YY');
    expect(DATE_INPUT_FORMATS.es.pattern).toBe('DD/MM/AA');
    expect(formatDateInput('2026-03-05', 'en')).toBe('03/05/26');
    expect(formatDateInput('2026-03-05', 'es')).toBe('05/03/26');
    expect(formatDateInput(undefined, 'en')).toBe('');
  });

  it.each([
    ['03/31/26', 'en', '2026-03-31'],
    ['03/31/2026', 'en', '2026-03-31'],
    ['3/1/26', 'en', '2026-03-01'],
    [' 12-25-2026 ', 'en', '2026-12-25'],
    ['31/03/26', 'es', '2026-03-31'],
    ['31/03/2026', 'es', '2026-03-31'],
    ['29/02/28', 'es', '2028-02-29'],
  ] as const)('%j (%s) is %s', (text, locale, iso) => {
    expect(parseDateInput(text, locale)).toBe(iso);
  });

  it.each([
    ['02/30/26', 'en'],
    ['02/29/2026', 'en'],
    ['13/01/26', 'en'],
    ['31/03/26', 'en'],
    ['03/31/26', 'es'],
    ['2026-03-01', 'en'],
    ['00/10/26', 'en'],
    ['11/21/202', 'en'],
    ['soon', 'es'],
  ] as const)('%j (%s) is not a real date', (text, locale) => {
    expect(parseDateInput(text, locale)).toBeNull();
  });

  it('reads back what it writes, in both languages', () => {
    for (const locale of ['en', 'es'] as const) {
      expect(parseDateInput(formatDateInput('2027-01-20', locale), locale)).toBe('2027-01-20');
    }
  });
});

describe('startOfDayInZone', () => {
  it('is the midnight of the day in the zone, in and out of daylight saving time', () => {
    expect(startOfDayInZone('2026-11-27', 'America/New_York').toISOString()).toBe('2026-11-27T05:00:00.000Z');
    expect(startOfDayInZone('2026-07-04', 'America/New_York').toISOString()).toBe('2026-07-04T04:00:00.000Z');
    expect(startOfDayInZone('2026-07-04', 'America/Los_Angeles').toISOString()).toBe('2026-07-04T07:00:00.000Z');
    expect(startOfDayInZone('2026-03-08', 'America/Chicago').toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(startOfDayInZone('2026-03-09', 'America/Chicago').toISOString()).toBe('2026-03-09T05:00:00.000Z');
    expect(startOfDayInZone('2026-01-01', 'UTC').toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });
});
