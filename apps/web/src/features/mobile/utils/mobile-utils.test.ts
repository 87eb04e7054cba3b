import { describe, expect, it } from 'vitest';
import { transactionTypeOf } from './mobile-transactions';

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
