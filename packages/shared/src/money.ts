/**
 * Money is integer cents end to end (architecture.md); formatting happens only at the edge.
 */

export type Cents = number;

export function assertCents(value: number): Cents {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a whole number of cents: ${value}`);
  return value;
}

/** Parses a user-typed amount such as "289.47", "$1,200" or "0.5" into cents; null when it is not an amount. */
export function parseAmountToCents(input: string): Cents | null {
  const text = input
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text) ?? /^()\.(\d{1,2})$/.exec(text);
  if (!match) return null;
  const whole = Number(match[1] || '0');
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

export function sumCents(values: Iterable<Cents>): Cents {
  let total = 0;
  for (const value of values) total += value;
  return assertCents(total);
}

/** Multiplies by a rate given in basis points (1/100 of a percent) and rounds half away from zero. */
export function applyBasisPoints(amount: Cents, basisPoints: number): Cents {
  const exact = (amount * basisPoints) / 10_000;
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

export function formatCents(amount: Cents, locale: string, currency = 'USD'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount / 100);
}
