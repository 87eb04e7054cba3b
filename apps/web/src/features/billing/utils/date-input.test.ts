import { describe, expect, it } from 'vitest';
import { dateRangeRules as rulesOf, validateDateRange as validate } from '../../../lib/date-range';
import { filterFromSearch, HISTORY_RANGE_MESSAGES } from './date-input';

const validateDateRange = (from: string, to: string, locale: 'en' | 'es') =>
  validate(from, to, locale, HISTORY_RANGE_MESSAGES);
const dateRangeRules = (locale: 'en' | 'es') => rulesOf(locale, HISTORY_RANGE_MESSAGES);

describe('date range validation', () => {
  it('accepts an empty, a one-sided and an ordered range', () => {
    expect(validateDateRange('', '', 'en')).toEqual({ ok: true, from: undefined, to: undefined });
    expect(validateDateRange('01/01/2026', '', 'en')).toEqual({
      ok: true,
      from: '2026-01-01',
      to: undefined,
    });
    expect(validateDateRange('01/01/2026', '01/01/2026', 'en')).toEqual({
      ok: true,
      from: '2026-01-01',
      to: '2026-01-01',
    });
  });

  it('rejects a date that is not real, on its own field', () => {
    expect(validateDateRange('02/30/2026', '03/01/2026', 'en')).toEqual({
      ok: false,
      errors: { from: 'billing.filter.errors.invalidDate' },
    });
    expect(validateDateRange('', 'tomorrow', 'en')).toEqual({
      ok: false,
      errors: { to: 'billing.filter.errors.invalidDate' },
    });
  });

  it('rejects From after To', () => {
    expect(validateDateRange('03/02/2026', '03/01/2026', 'en')).toEqual({
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

  it('gives the form kit each field its own error (dateRangeRules)', () => {
    const rules = dateRangeRules('en');
    const reversed = { from: '03/02/2026', to: '03/01/2026' };
    expect(rules.from(reversed.from, reversed)).toBeNull();
    expect(rules.to(reversed.to, reversed)).toEqual({ ok: false, message: 'billing.filter.errors.order' });
    const impossible = { from: '02/30/2026', to: '' };
    expect(rules.from(impossible.from, impossible)).toEqual({
      ok: false,
      message: 'billing.filter.errors.invalidDate',
    });
    expect(rules.to(impossible.to, impossible)).toBeNull();
    expect(dateRangeRules('es').from('30/02/2026', { from: '30/02/2026', to: '' })).not.toBeNull();
  });
});
