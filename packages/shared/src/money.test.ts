import { describe, expect, it } from 'vitest';
import { applyBasisPoints, formatCents, parseAmountToCents, sumCents } from './money';

describe('parseAmountToCents', () => {
  it.each([
    ['289.47', 28_947],
    ['$289.47', 28_947],
    ['1,200', 120_000],
    ['$25,000.00', 2_500_000],
    ['0.5', 50],
    ['.5', 50],
    ['7', 700],
    [' 12.30 ', 1_230],
  ])('reads %j as %i cents', (text, cents) => expect(parseAmountToCents(text)).toBe(cents));

  it.each(['', 'abc', '1.234', '-5', '1e3', '12,34', '$', '1..2', 'NaN', '１２'])('refuses %j', (text) => {
    expect(parseAmountToCents(text)).toBeNull();
  });
});

describe('cents arithmetic', () => {
  it('rounds basis points half away from zero', () => {
    expect(applyBasisPoints(6498, 700)).toBe(455);
    expect(applyBasisPoints(7497, 1075)).toBe(806);
    expect(applyBasisPoints(50, 1000)).toBe(5);
    expect(applyBasisPoints(5, 1000)).toBe(1);
    expect(applyBasisPoints(-5, 1000)).toBe(-1);
  });

  it('refuses sums that are not whole cents', () => {
    expect(sumCents([100, 250])).toBe(350);
    expect(() => sumCents([0.5])).toThrow(RangeError);
  });

  it('formats at the edge in the user locale', () => {
    expect(formatCents(28_947, 'en-US')).toBe('$289.47');
    expect(formatCents(28_947, 'es-US')).toMatch(/289[.,]47/);
  });
});
