import type { Locale } from './constants';
import { type IsoDate, isIsoDate, toIsoDate } from './dates';

// Its own module, apart from dates.ts (in the web app's entry chunk): only the date fields read typed dates.

/**
 * The typed date of each language (issue 14: the payment date and the history filters read alike): English
 * `MM/DD/YY` (spec §5), Spanish `DD/MM/AA`, the day-first order of es-US. Every date field shows, prefills, hints and
 * parses this one format; a four-digit year is accepted too.
 */
export const DATE_INPUT_FORMATS: Record<Locale, { order: 'mdy' | 'dmy'; pattern: string }> = {
  en: { order: 'mdy', pattern: 'MM/DD/YY' },
  es: { order: 'dmy', pattern: 'DD/MM/AA' },
};

const TYPED_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/;

/** A typed date in the language's format as an ISO date; null when it is not a real calendar date. */
export function parseDateInput(text: string, locale: Locale): IsoDate | null {
  const match = TYPED_DATE.exec(text.trim());
  if (!match) return null;
  const first = Number(match[1]);
  const second = Number(match[2]);
  const year = match[3]?.length === 2 ? 2000 + Number(match[3]) : Number(match[3]);
  const [month, day] = DATE_INPUT_FORMATS[locale].order === 'mdy' ? [first, second] : [second, first];
  if (year < 1900) return null;
  const iso = toIsoDate(year, month, day);
  return isIsoDate(iso) ? iso : null;
}

/** An ISO date written in the language's typed format ("11/21/26" / "21/11/26"); '' for no date. */
export function formatDateInput(iso: IsoDate | undefined, locale: Locale): string {
  if (!iso || !isIsoDate(iso)) return '';
  const [year, month, day] = iso.split('-') as [string, string, string];
  const short = year.slice(-2);
  return DATE_INPUT_FORMATS[locale].order === 'mdy' ? `${month}/${day}/${short}` : `${day}/${month}/${short}`;
}
