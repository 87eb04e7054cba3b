/**
 * Card numbers (PANs) inside text (issue 14 item 6, PCI): a card number typed where a name, a nickname or a note goes
 * would be stored and shown in clear, outside the card vault (architecture.md, card data). One detector serves every
 * free-text field (the `freeText()` schemas and the forms' rules) and the log masking.
 *
 * A card number is 13 to 19 digits that pass the Luhn check (ISO/IEC 7812). People and scripts write it with spaces or
 * dashes between groups, or none; fullwidth digits (what an IME types) count as digits, and invisible characters
 * (zero-width space, soft hyphen) as separators, so neither hides a number.
 */

/** ISO/IEC 7812: the shortest and longest card numbers. */
export const CARD_NUMBER_MIN_DIGITS = 13;
export const CARD_NUMBER_MAX_DIGITS = 19;
/** Separator characters allowed between two digits of one run ("4242 - 4242" has three). */
const MAX_SEPARATORS_BETWEEN_DIGITS = 3;

/** The value of a digit character (ASCII or fullwidth), else -1. */
function digitValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  if (code >= 0xff10 && code <= 0xff19) return code - 0xff10;
  return -1;
}

/** Spaces (any Unicode space), dashes (any dash or hyphen), and the invisible characters that could hide a number. */
const SEPARATOR = /^[\s\p{Pd}\u00AD\u200B-\u200D\u2060\uFEFF\u2212]$/u;

function luhnValid(digits: readonly number[], from: number, to: number): boolean {
  let sum = 0;
  for (let i = to - 1, position = 0; i >= from; i--, position++) {
    let digit = digits[i] as number;
    if (position % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Identifiers whose digits are not card numbers: UUIDs (request ids, every row's id) and long hex strings (hashes,
 * trace ids; a run of digits alone is no identifier). Without this, 1 UUID in ~20 holds a Luhn-valid dash-joined run of 13+ digits (`1-4695-9077-8326`), and
 * the log lost request ids to the mask.
 */
const IDENTIFIER = /[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}|[0-9a-f]{32,}/gi;
const HEX_LETTER = /[a-f]/i;

/** A run of digits in a text that holds a card number: `text.slice(start, end)` is the run, separators included. */
export type CardNumberRun = { start: number; end: number };

/**
 * Every run of digits (with spaces or dashes between them, or none) in `text` that holds a card number: 13 to 19
 * consecutive digits of the run passing the Luhn check. Windows inside a longer run count too, so digits around a
 * number ("Unit 5 4242 4242 4242 4242", two numbers written together) do not hide it; the digits of a UUID or a
 * long hex identifier do not count. Linear in the text's length.
 */
export function findCardNumberRuns(text: string): CardNumberRun[] {
  const runs: CardNumberRun[] = [];
  let digits: number[] = [];
  let start = -1;
  let end = -1;
  let separators = 0;

  const close = () => {
    if (digits.length >= CARD_NUMBER_MIN_DIGITS && holdsCardNumber(digits)) runs.push({ start, end });
    digits = [];
    start = -1;
    separators = 0;
  };

  for (let i = 0; i < text.length; i++) {
    const value = digitValue(text.charCodeAt(i));
    if (value >= 0) {
      if (digits.length === 0) start = i;
      digits.push(value);
      end = i + 1;
      separators = 0;
    } else if (digits.length > 0 && SEPARATOR.test(text[i] as string) && separators < MAX_SEPARATORS_BETWEEN_DIGITS) {
      separators++;
    } else if (digits.length > 0) {
      close();
    }
  }
  if (digits.length > 0) close();
  if (runs.length === 0) return runs;
  // a long run of digits alone is no identifier (two card numbers written together are 32 digits)
  const identifiers = [...text.matchAll(IDENTIFIER)]
    .filter((id) => id[0].includes('-') || HEX_LETTER.test(id[0]))
    .map((id) => ({
      start: id.index ?? 0,
      end: (id.index ?? 0) + id[0].length,
    }));
  return runs.filter((run) => !identifiers.some((id) => run.start < id.end && run.end > id.start));
}

/**
 * Past this many digits a run is taken to hold one without looking: 13-19-digit windows that all fail the Luhn check
 * become vanishingly rare (each fails with probability 9/10), and the check stays linear for megabyte inputs.
 */
const LONG_RUN_DIGITS = 64;

function holdsCardNumber(digits: readonly number[]): boolean {
  if (digits.length > LONG_RUN_DIGITS) return true;
  for (let length = CARD_NUMBER_MIN_DIGITS; length <= CARD_NUMBER_MAX_DIGITS; length++) {
    for (let from = 0; from + length <= digits.length; from++) {
      if (luhnValid(digits, from, from + length)) return true;
    }
  }
  return false;
}

/** Whether `text` holds a card number anywhere (the predicate of every free-text field). */
export function containsCardNumber(text: string): boolean {
  return findCardNumberRuns(text).length > 0;
}

/** The field code (and message id, en + es in the web catalogs) of a card number in a free-text field. */
export const CARD_NUMBER_IN_TEXT = 'text.cardNumberRefused';

/**
 * The one rule of every free-text field (names on cards and accounts, nicknames, notes, …): no card number in it.
 * The `freeText()` schemas apply it on the server, the forms through their field rules (`validateHolderName`, …).
 */
export function validateFreeText(text: string): { ok: true } | { ok: false; message: typeof CARD_NUMBER_IN_TEXT } {
  return containsCardNumber(text) ? { ok: false, message: CARD_NUMBER_IN_TEXT } : { ok: true };
}

/** What `maskCardNumbers` puts in place of a card number (the logger's censor, `REDACTED_LOG_PATHS`). */
export const CARD_NUMBER_MASK = '[redacted]';

/**
 * `text` with every run holding a card number replaced by CARD_NUMBER_MASK (issue 14 item 7: the logger writes
 * nothing else). The whole run goes, the digits around the number too.
 */
export function maskCardNumbers(text: string): string {
  const runs = findCardNumberRuns(text);
  if (runs.length === 0) return text;
  let masked = '';
  let from = 0;
  for (const run of runs) {
    masked += text.slice(from, run.start) + CARD_NUMBER_MASK;
    from = run.end;
  }
  return masked + text.slice(from);
}
