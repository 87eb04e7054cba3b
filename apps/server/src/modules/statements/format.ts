import { type Cents, DATE_FORMAT_OPTIONS, formatCents, type IsoDate, type Locale } from '@vireo/shared';
import { INTL_LOCALE_TAGS } from '../../messages/intl';

/**
 * Formatting at the edge (architecture.md: money is integer cents until it is shown). Billing dates are calendar
 * dates: they are formatted at UTC midnight in UTC, so no machine time zone can move them to the day before.
 */

/**
 * `medium`: "Nov 21, 2026" / "21 nov 2026", the web's and the e-mails' date; `long`: "November 21, 2026", a
 * document's headline. Both are the shared `DATE_FORMAT_OPTIONS` (issue 14: one date format per language).
 */
export type DateStyle = 'long' | 'medium';
const DATE_STYLE_OPTIONS = { long: DATE_FORMAT_OPTIONS.longDate, medium: DATE_FORMAT_OPTIONS.date } as const;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

export function formatCalendarDate(date: IsoDate, locale: Locale, style: DateStyle = 'long'): string {
  const key = `${locale}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALE_TAGS[locale], { ...DATE_STYLE_OPTIONS[style], timeZone: 'UTC' });
    dateFormats.set(key, format);
  }
  const [year, month, day] = date.split('-').map(Number);
  return format.format(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
}

/**
 * `formatCents` in the locale, remembered per document: a 200-line statement repeats few distinct amounts, and
 * building an `Intl.NumberFormat` per call is the most expensive step of a render.
 */
export function moneyFormatter(locale: Locale): (amount: Cents) => string {
  const tag = INTL_LOCALE_TAGS[locale];
  const seen = new Map<Cents, string>();
  return (amount) => {
    let text = seen.get(amount);
    if (text === undefined) {
      text = formatCents(amount, tag);
      seen.set(amount, text);
    }
    return text;
  };
}

/** A difference with its sign always shown: `+$12.86`, `-$29.99`, `$0.00`. */
export function signed(formatted: string, amount: Cents): string {
  return amount > 0 ? `+${formatted}` : formatted;
}

/** Machine-readable amount for CSV: `289.47`, `-5.00`, `1234.50` (no currency sign, no grouping, dot decimal). */
export function centsToDecimal(amount: Cents): string {
  const sign = amount < 0 ? '-' : '';
  const absolute = Math.abs(amount);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, '0')}`;
}
