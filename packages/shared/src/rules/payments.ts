import {
  CARD_DECLINE_FIRST_DELAY_SECONDS,
  CARD_DECLINE_PAUSE_MINUTES,
  CARD_DECLINES_BEFORE_DELAY,
  CARD_DECLINES_BEFORE_PAUSE,
  CARD_EXPIRY_MAX_YEARS,
  CVV_LENGTH,
  CVV_LENGTH_AMEX,
  LAST_FUTURE_PAYMENT_DAYS,
  MAX_PAYMENT_CENTS,
  MIN_PAYMENT_CENTS,
  PAYMENT_CUTOFF,
  ZIP_LENGTH,
} from '../constants';
import { addDays, compareDates, dateInZone, type IsoDate, isIsoDate, toIsoDate } from '../dates';
import { type Cents, parseAmountToCents } from '../money';

/**
 * Payment input rules (spec §5, product-decisions.md: one-time payments, wallet). Pure: the card vault, the
 * payment service and the forms apply the same ones. A failure names a message id (and its values), never text.
 */
export type RuleResult = { ok: true } | { ok: false; message: string; values?: Record<string, string | number> };
const ok: RuleResult = { ok: true };
const fail = (message: string, values?: Record<string, string | number>): RuleResult => ({
  ok: false,
  message,
  values,
});

export type CardBrand = 'visa' | 'mc' | 'amex' | 'discover';

/** spec §9: the payment method names. */
export const CARD_BRAND_NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mc: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/**
 * The display label kept with a payment ("Visa 4242", "Checking 6789"): frozen at payment time so history survives
 * the method's deletion. The web translates the bank words.
 */
export function paymentMethodLabel(method: {
  cardBrand: CardBrand | null;
  bankAccountType: 'checking' | 'savings' | null;
  lastFour: string;
}): string {
  const name = method.cardBrand
    ? CARD_BRAND_NAMES[method.cardBrand]
    : method.bankAccountType === 'savings'
      ? 'Savings'
      : 'Checking';
  return `${name} ${method.lastFour}`;
}

const BANK_LABEL = /^(Checking|Savings) (\d{4})$/;

/**
 * A bank account's label as `paymentMethodLabel` wrote it ("Checking 6789"), in parts, so each reader can say it in
 * its language (payments keep the label of their method as it was; a card's brand is a name and needs no words);
 * null for any other label.
 */
export function bankLabelParts(label: string): { accountType: 'checking' | 'savings'; lastFour: string } | null {
  const bank = BANK_LABEL.exec(label);
  if (!bank?.[2]) return null;
  return { accountType: bank[1] === 'Savings' ? 'savings' : 'checking', lastFour: bank[2] };
}

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** The Luhn checksum every card number carries. */
export function isLuhnValid(number: string): boolean {
  const digits = digitsOnly(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand from the number's prefix and length (spec §3 payment method names). */
export function detectCardBrand(number: string): CardBrand | null {
  const digits = digitsOnly(number);
  const prefix = (n: number) => Number(digits.slice(0, n));
  if (/^4/.test(digits) && [13, 16, 19].includes(digits.length)) return 'visa';
  if (((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) && digits.length === 16) {
    return 'mc';
  }
  if (/^3[47]/.test(digits) && digits.length === 15) return 'amex';
  if (
    (/^6011/.test(digits) ||
      /^65/.test(digits) ||
      (prefix(3) >= 644 && prefix(3) <= 649) ||
      (prefix(6) >= 622126 && prefix(6) <= 622925)) &&
    digits.length >= 16
  ) {
    return 'discover';
  }
  return null;
}

export function validateCardNumber(number: string): RuleResult {
  if (!isLuhnValid(number) || detectCardBrand(number) === null) return fail('payments.card.number.invalid');
  return ok;
}

/**
 * spec §5: 4 digits for American Express, 3 otherwise; enrolment flows (no brand known yet) accept 3 or 4.
 */
export function validateSecurityCode(code: string, brand: CardBrand | 'enrolment'): RuleResult {
  if (brand === 'enrolment') return /^\d{3,4}$/.test(code) ? ok : fail('payments.card.securityCode.enrolment');
  const length = brand === 'amex' ? CVV_LENGTH_AMEX : CVV_LENGTH;
  return new RegExp(`^\\d{${length}}$`).test(code) ? ok : fail('payments.card.securityCode.length', { length });
}

/** spec §5: exactly 5 numeric digits. */
export function validateZip(zip: string): RuleResult {
  return new RegExp(`^\\d{${ZIP_LENGTH}}$`).test(zip) ? ok : fail('payments.zip.invalid');
}

/** `MMYY` into a month and a full year; null when it is not one. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^(\d{2})(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** The last day a card expiring in month/year can be used. */
export function expiryLastDay(month: number, year: number): IsoDate {
  return addDays(toIsoDate(month === 12 ? year + 1 : year, month === 12 ? 1 : month + 1, 1), -1);
}

/**
 * spec §5: MMYY, not expired, at most 20 years ahead, and still valid on the payment date when one is scheduled.
 */
export function validateExpiry(text: string, options: { today: IsoDate; paymentDate?: IsoDate }): RuleResult {
  const expiry = parseExpiry(text);
  if (!expiry) return fail('payments.card.expiry.invalid');
  const lastDay = expiryLastDay(expiry.month, expiry.year);
  if (compareDates(lastDay, options.today) < 0) return fail('payments.card.expiry.expired');
  const [year] = options.today.split('-').map(Number);
  if (expiry.year > (year as number) + CARD_EXPIRY_MAX_YEARS) return fail('payments.card.expiry.tooFar');
  if (options.paymentDate && compareDates(lastDay, options.paymentDate) < 0) {
    return fail('payments.card.expiry.beforePaymentDate');
  }
  return ok;
}

/**
 * spec §5 card edit: the expiry is valid as for a new card (and not before the last scheduled payment that uses the
 * card), and "on edit a changed value is required".
 */
export function validateEditedExpiry(
  text: string,
  current: { expMonth: number | null; expYear: number | null },
  options: { today: IsoDate; paymentDate?: IsoDate },
): RuleResult {
  const rule = validateExpiry(text, options);
  if (!rule.ok) return rule;
  const parsed = parseExpiry(text);
  return parsed && parsed.month === current.expMonth && parsed.year === current.expYear
    ? fail('payments.card.expiry.unchanged')
    : ok;
}

/** product-decisions.md: "expiring soon" = expires this month or next (choosing one asks for confirmation). */
export function isExpiringSoon(month: number, year: number, today: IsoDate): boolean {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const months = (year - y) * 12 + (month - m);
  return months === 0 || months === 1;
}

/** The ABA routing-number checksum: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isRoutingNumberValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = [...routing].map(Number) as number[];
  const sum =
    3 * ((d[0] as number) + (d[3] as number) + (d[6] as number)) +
    7 * ((d[1] as number) + (d[4] as number) + (d[7] as number)) +
    ((d[2] as number) + (d[5] as number) + (d[8] as number));
  return sum % 10 === 0;
}

/** Checks the routing number as sent (a form trims what a person typed first). */
export function validateRoutingNumber(routing: string): RuleResult {
  return isRoutingNumberValid(routing) ? ok : fail('payments.bank.routing.invalid');
}

/** A bank account number: 4 to 17 digits, as sent (a form removes the spaces and dashes a person typed first). */
export function validateBankAccountNumber(account: string): RuleResult {
  return /^\d{4,17}$/.test(account) ? ok : fail('payments.bank.account.invalid');
}

/**
 * product-decisions.md: $1.00 minimum, or the amount due when it is above $0 and under $1.00; $25,000.00 maximum
 * (a dynamic maximum, such as the mobile balance, replaces it).
 */
export function paymentAmountBounds(
  amountDueCents: Cents,
  dynamicMaxCents?: Cents,
): { minCents: Cents; maxCents: Cents } {
  const minCents = amountDueCents > 0 && amountDueCents < MIN_PAYMENT_CENTS ? amountDueCents : MIN_PAYMENT_CENTS;
  return { minCents, maxCents: dynamicMaxCents ?? MAX_PAYMENT_CENTS };
}

/** spec §5: "Please enter a payment amount between $minAmount and $maxAmount". */
export function validatePaymentAmount(amountCents: Cents, bounds: { minCents: Cents; maxCents: Cents }): RuleResult {
  if (!Number.isSafeInteger(amountCents)) return fail('payments.amount.invalid');
  if (amountCents < bounds.minCents || amountCents > bounds.maxCents) {
    return fail('payments.amount.range', { minCents: bounds.minCents, maxCents: bounds.maxCents });
  }
  return ok;
}

/** A typed amount ("12.50", "$1,000"): a real amount in dollars and cents, within the bounds (spec §5). */
export function validateAmountText(text: string, bounds: { minCents: Cents; maxCents: Cents }): RuleResult {
  const amountCents = parseAmountToCents(text);
  return amountCents === null ? fail('payments.amount.invalid') : validatePaymentAmount(amountCents, bounds);
}

/** spec §5: `MM/DD/YY` into an ISO date; null when it is not a real date. */
export function parseShortUsDate(text: string): IsoDate | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const iso = toIsoDate(2000 + Number(match[3]), Number(match[1]), Number(match[2]));
  return isIsoDate(iso) ? iso : null;
}

export type PaymentDateWindow = {
  earliest: IsoDate;
  /** `lastFuturePaymentDate` (product-decisions.md: today + 60 days). */
  latest: IsoDate;
  /** Past the 8:00 PM New York cut-off, tomorrow cannot be chosen (spec §5). */
  tomorrowBlocked: boolean;
  /** A past-due balance or an inactive account forces the payment to today (spec §5). */
  todayOnly: boolean;
};

/** Whether `now` is at or past the day's payment cut-off (8:00 PM New York, product-decisions.md). */
function isPastCutoff(now: Date): boolean {
  const cutoffParts = new Intl.DateTimeFormat('en-US', {
    timeZone: PAYMENT_CUTOFF.timeZone,
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(now);
  const hour = Number(cutoffParts.find((part) => part.type === 'hour')?.value);
  const minute = Number(cutoffParts.find((part) => part.type === 'minute')?.value);
  return hour * 60 + minute >= PAYMENT_CUTOFF.hour * 60 + PAYMENT_CUTOFF.minute;
}

export function paymentDateWindow(options: { now: Date; timeZone: string; todayOnly: boolean }): PaymentDateWindow {
  const today = dateInZone(options.now, options.timeZone);
  return {
    earliest: today,
    latest: options.todayOnly ? today : addDays(today, LAST_FUTURE_PAYMENT_DAYS),
    tomorrowBlocked: isPastCutoff(options.now),
    todayOnly: options.todayOnly,
  };
}

/**
 * product-decisions.md: a scheduled payment can be edited or cancelled until the cut-off of the day before it runs.
 * Days are counted in the cut-off's time zone.
 */
export function isScheduledPaymentEditable(paymentDate: IsoDate, now: Date): boolean {
  const today = dateInZone(now, PAYMENT_CUTOFF.timeZone);
  const dayBefore = addDays(paymentDate, -1);
  const order = compareDates(today, dayBefore);
  return order < 0 || (order === 0 && !isPastCutoff(now));
}

export function validatePaymentDate(date: IsoDate, window: PaymentDateWindow): RuleResult {
  if (window.todayOnly && date !== window.earliest) return fail('payments.date.todayOnly');
  if (compareDates(date, window.earliest) < 0 || compareDates(date, window.latest) > 0) {
    return fail('payments.date.outOfRange', { earliest: window.earliest, latest: window.latest });
  }
  if (window.tomorrowBlocked && date === addDays(window.earliest, 1)) return fail('payments.date.pastCutoff');
  return ok;
}

/**
 * Card testing (issue 14 item 11): what an account's run of consecutive declines (security-code checks, payments,
 * bank sign-ins) costs the next attempt. From CARD_DECLINES_BEFORE_DELAY on, a wait that doubles with each decline
 * (30 s, 60 s, 2 min, 4 min, 8 min); from CARD_DECLINES_BEFORE_PAUSE on, a pause of CARD_DECLINE_PAUSE_MINUTES. The
 * wait runs from the last decline; a payment that goes through ends the run.
 */
export function cardDeclineWait(
  consecutiveDeclines: number,
): { kind: 'none' } | { kind: 'slowed' | 'paused'; seconds: number } {
  if (consecutiveDeclines >= CARD_DECLINES_BEFORE_PAUSE)
    return { kind: 'paused', seconds: CARD_DECLINE_PAUSE_MINUTES * 60 };
  if (consecutiveDeclines >= CARD_DECLINES_BEFORE_DELAY) {
    return {
      kind: 'slowed',
      seconds: CARD_DECLINE_FIRST_DELAY_SECONDS * 2 ** (consecutiveDeclines - CARD_DECLINES_BEFORE_DELAY),
    };
  }
  return { kind: 'none' };
}
