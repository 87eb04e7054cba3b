import { describe, expect, it } from 'vitest';
import { transactionTypeOf } from './mobile-transactions';
import { formatPhoneNumber } from './phone';

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

describe('transactionTypeOf (the tab of the address)', () => {
  it.each([
    ['payments', 'payments'],
    ['refunds', 'refunds'],
    ['all', 'all'],
    [undefined, 'all'],
    ['charges', 'all'],
    [3, 'all'],
  ])('%s → %s', (value, type) => {
    expect(transactionTypeOf(value)).toBe(type);
  });
});
