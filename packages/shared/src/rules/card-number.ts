/** Where a card-number-shaped run sits in a text: `text.slice(start, end)`. */
export type CardNumberRun = { start: number; end: number };

/** The shortest and longest card numbers (ISO/IEC 7812 primary account numbers). */
const CARD_NUMBER_DIGITS = { min: 13, max: 19 } as const;

/** Groups of digits joined by single spaces or dashes: `4242 4242 4242 4242`, `4242-4242-…`, `4242424242424242`. */
const GROUPED_DIGITS = /\d+(?:[ -]\d+)*/g;
const DIGIT_GROUP = /\d+/g;
/**
 * Identifiers whose digits are not card numbers: UUIDs (request ids, every row's id) and long hex strings (hashes,
 * trace ids). Without this, 1 UUID in ~20 holds a Luhn-valid dash-joined run of 13+ digits (`1-4695-9077-8326`).
 */
const IDENTIFIER = /[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}|[0-9a-f]{32,}/gi;

/** What `maskCardNumbers` puts in place of a card number (the logger's censor, `REDACTED_LOG_PATHS`). */
export const CARD_NUMBER_MASK = '[redacted]';

/** The Luhn check of a string of digits (as `isLuhnValid` of rules/payments, without its clean-up: called per window). */
function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * Every card-number-shaped run in `text` (issue 14 items 6 and 7): 13-19 digits, with spaces or dashes between
 * groups or without, that pass the Luhn check. A run is whole groups: inside `4242 4242 4242 4242 12 28` (a number
 * pasted with its expiry) the first four groups are found; a longer unbroken digit string is not a card number,
 * nor are the digits of a UUID or a long hex identifier.
 * Overlapping runs are merged. Linear in the text's length.
 */
export function findCardNumberRuns(text: string): CardNumberRun[] {
  const runs: CardNumberRun[] = [];
  const identifiers = [...text.matchAll(IDENTIFIER)].map((id) => ({
    start: id.index ?? 0,
    end: (id.index ?? 0) + id[0].length,
  }));
  for (const match of text.matchAll(GROUPED_DIGITS)) {
    if (match[0].length < CARD_NUMBER_DIGITS.min) continue;
    const at = match.index ?? 0;
    const end = at + match[0].length;
    if (identifiers.some((id) => at < id.end && end > id.start)) continue;
    const groups = [...match[0].matchAll(DIGIT_GROUP)].map((group) => ({
      start: at + (group.index ?? 0),
      digits: group[0],
    }));
    for (let first = 0; first < groups.length; first++) {
      let digits = '';
      for (let last = first; last < groups.length; last++) {
        const group = groups[last] as (typeof groups)[number];
        digits += group.digits;
        if (digits.length > CARD_NUMBER_DIGITS.max) break;
        if (digits.length < CARD_NUMBER_DIGITS.min || !passesLuhn(digits)) continue;
        const run = { start: (groups[first] as (typeof groups)[number]).start, end: group.start + group.digits.length };
        const previous = runs.at(-1);
        if (previous && run.start <= previous.end) previous.end = Math.max(previous.end, run.end);
        else runs.push(run);
      }
    }
  }
  return runs;
}

/** Whether `text` holds a card-number-shaped run (see `findCardNumberRuns`). */
export function containsCardNumber(text: string): boolean {
  return findCardNumberRuns(text).length > 0;
}

/** `text` with every card-number-shaped run replaced by CARD_NUMBER_MASK (the logger writes nothing else). */
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
