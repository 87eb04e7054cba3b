import { DATE_FORMAT_OPTIONS, type DateFormatName, type Locale } from '@vireo/shared';
import type { IntlShape } from 'react-intl';
import { calendarDate } from './formatters';

/**
 * The one way the web shows and reads dates (issue 14: one date format per language, everywhere). Shown dates use
 * the shared `DATE_FORMAT_OPTIONS` (the server's PDF and e-mails use the same); typed dates (the payment date, the
 * history filters) use the language's `DATE_INPUT_FORMATS` pattern. `dates.test.ts` fails when a component formats
 * or parses a date its own way. The hook of the date fields, `useDateFormat`, is in `date-format.ts` (with the lazy
 * forms, out of the entry chunk).
 */

/** The portal's language of an `IntlShape` (`en`, `es`; `es-US` → `es`). */
export function localeOf(intl: Pick<IntlShape, 'locale'>): Locale {
  return intl.locale.startsWith('es') ? 'es' : 'en';
}

/** A billing (calendar) date, shown the same day in every time zone; the raw text when it is not a date. */
export function formatCalendarDate(intl: IntlShape, iso: string, name: DateFormatName = 'date'): string {
  const date = calendarDate(iso);
  return date ? intl.formatDate(date, DATE_FORMAT_OPTIONS[name]) : iso;
}

/** An instant (or a calendar day already made a local `Date`, as a date picker's days are). */
export function formatInstant(intl: IntlShape, value: Date, name: DateFormatName): string {
  return intl.formatDate(value, DATE_FORMAT_OPTIONS[name]);
}

/** An instant on another place's clock (a technician visit at the service address, in its time zone). */
export function formatInstantIn(intl: IntlShape, value: Date, name: DateFormatName, timeZone: string): string {
  return intl.formatDate(value, { ...DATE_FORMAT_OPTIONS[name], timeZone });
}
