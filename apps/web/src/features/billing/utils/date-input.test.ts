import { describe, expect, it } from 'vitest';
import { filterFromSearch, formatDateInput, parseDateInput, validateDateRange } from './date-input';

describe('typed dates', () => {
  it.each([
    ['03/31/2026', 'mdy', '2026-03-31'],
    ['3/1/2026', 'mdy', '2026-03-01'],
    [' 12-25-2026 ', 'mdy', '2026-12-25'],
    ['31/03/2026', 'dmy', '2026-03-31'],
    ['29/02/2028', 'dmy', '2028-02-29'],
  ] as const)('%j (%s) is %s', (text, order, iso) => {
    expect(parseDateInput(text, order)).toBe(iso);
  });

  it.each([
    ['02/30/2026', 'mdy'],
    ['02/29/2026', 'mdy'],
    ['13/01/2026', 'mdy'],
    ['31/03/2026', 'mdy'],
    ['03/31/2026', 'dmy'],
    ['1/2/26', 'mdy'],
    ['2026-03-01', 'mdy'],
    ['00/10/2026', 'mdy'],
    ['soon', 'mdy'],
  ] as const)('%j (%s) is not a real date', (text, order) => {
    expect(parseDateInput(text, order)).toBeNull();
  });

  it('writes ISO dates back in the language’s order', () => {
    expect(formatDateInput('2026-03-05', 'mdy')).toBe('03/05/2026');
    expect(formatDateInput('2026-03-05', 'dmy')).toBe('05/03/2026');
    expect(formatDateInput(undefined, 'mdy')).toBe('');
  });
});

describe('date range validation', () => {
  it('accepts an empty, a one-sided and an ordered range', () => {
    expect(validateDateRange('', '', 'mdy')).toEqual({ ok: true, filter: { from: undefined, to: undefined } });
    expect(validateDateRange('01/01/2026', '', 'mdy')).toEqual({
      ok: true,
      filter: { from: '2026-01-01', to: undefined },
    });
    expect(validateDateRange('01/01/2026', '01/01/2026', 'mdy')).toEqual({
      ok: true,
      filter: { from: '2026-01-01', to: '2026-01-01' },
    });
  });

  it('rejects a date that is not real, on its own field', () => {
    expect(validateDateRange('02/30/2026', '03/01/2026', 'mdy')).toEqual({
      ok: false,
      errors: { from: 'billing.filter.errors.invalidDate' },
    });
    expect(validateDateRange('', 'tomorrow', 'mdy')).toEqual({
      ok: false,
      errors: { to: 'billing.filter.errors.invalidDate' },
    });
  });

  it('rejects From after To', () => {
    expect(validateDateRange('03/02/2026', '03/01/2026', 'mdy')).toEqual({
      ok: false,
      errors: { to: 'billing.filter.errors.order' },
    });
  });

  it('reads only real, ordered dates from the address', () => {
    expect(filterFromSearch({ from: '2026-01-01', to: '2026-02-01' })).toEqual({
      from: '2026-01-01',
      to: '2026-02-01',
    });
    expect(filterFromSearch({ from: '2026-02-30', to: 5 })).toEqual({ from: undefined, to: undefined });
    expect(filterFromSearch({ from: '2026-03-01', to: '2026-02-01' })).toEqual({});
  });
});
