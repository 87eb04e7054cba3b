import { TEST_BANK, TEST_CARDS } from '../src/modules/processor/test-instruments';

/**
 * The card-data leak scan (issue 5, architecture.md card data): finds a card number, a full bank account number or a
 * security code in text (a database dump, raw database files, logs). Card numbers are found with or without spaces
 * or dashes between digits; security codes by the field names a request would carry them under.
 */
export type Leak = { what: string; where: string; context: string };

const SECRETS: { what: string; digits: string }[] = [
  ...Object.entries(TEST_CARDS).map(([name, digits]) => ({ what: `card number (${name})`, digits })),
  { what: 'bank account number (approved)', digits: TEST_BANK.approvedAccount },
  { what: 'bank account number (returned)', digits: TEST_BANK.returnedAccount },
];

const patterns = SECRETS.map(({ what, digits }) => ({
  what,
  // a digit-by-digit pattern allowing one space or dash between digits, not inside a longer run of digits
  regex: new RegExp(`(?<![0-9])${digits.split('').join('[ -]?')}(?![0-9])`, 'g'),
}));
const SECURITY_CODE = /["']?(securityCode|security_code|cvv|cvc|cvv2)["']?\s*[:=]\s*["']?\d{3,4}(?![0-9])/gi;

export function findCardDataLeaks(text: string, where: string): Leak[] {
  const leaks: Leak[] = [];
  const context = (index: number) => text.slice(Math.max(0, index - 40), index + 60).replace(/[^\x20-\x7e]/g, '.');
  for (const { what, regex } of patterns) {
    for (const match of text.matchAll(regex)) leaks.push({ what, where, context: context(match.index ?? 0) });
  }
  for (const match of text.matchAll(SECURITY_CODE)) {
    leaks.push({ what: 'security code', where, context: context(match.index ?? 0) });
  }
  return leaks;
}
