import { afterEach, describe, expect, it } from 'vitest';
import { calendarDate, formatMoney, formatPhoneNumber, formattingLocale } from './formatters';

describe('formatPhoneNumber', () => {
  it.each([
    ['4075550141', '(407) 555-0141'],
    ['+14075550141', '(407) 555-0141'],
    ['407-555-0141', '(407) 555-0141'],
    ['555-0141', '555-0141'],
    ['', ''],
  ])('%s → %s', (value, formatted) => {
    expect(formatPhoneNumber(value)).toBe(formatted);
  });
});

// The web project has no Node types; the test runs in Node, where TZ changes the local time zone on the fly.
declare const process: { env: Record<string, string | undefined> };
const originalTz = process.env.TZ;

describe('formatters', () => {
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it('formats money with the US conventions of the user’s language', () => {
    expect(formattingLocale('en')).toBe('en-US');
    expect(formattingLocale('es')).toBe('es-US');
    expect(formatMoney(28_947, 'en')).toBe('$289.47');
    expect(formatMoney(28_947, 'es')).toBe('$289.47');
    expect(formatMoney(123_456_78, 'en')).toBe('$123,456.78');
  });

  it('reads a billing date as that calendar day in any time zone (not UTC midnight)', () => {
    process.env.TZ = 'America/Los_Angeles';
    // The trap this avoids: a bare ISO date is UTC midnight, the evening before on the US west coast.
    expect(new Date('2026-10-14').getDate()).toBe(13);
    const date = calendarDate('2026-10-14');
    expect([date?.getFullYear(), date?.getMonth(), date?.getDate()]).toEqual([2026, 9, 14]);
  });

  it('refuses what is not a calendar date', () => {
    expect(calendarDate('2026-02-30')).toBeNull();
    expect(calendarDate('14/10/2026')).toBeNull();
  });
});
