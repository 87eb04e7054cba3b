import {
  DATE_FORMAT_OPTIONS,
  DATE_INPUT_FORMATS,
  type DateFormatName,
  formatDateInput,
  type IsoDate,
  type Locale,
  parseDateInput,
} from '@vireo/shared';
import { useMemo } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { calendarDate } from './formatters';

/**
 * The one way the web shows and reads dates (issue 14: one date format per language, everywhere). Shown dates use
 * the shared `DATE_FORMAT_OPTIONS` (the server's PDF and e-mails use the same); typed dates (the payment date, the
 * history filters) use the language's `DATE_INPUT_FORMATS` pattern. `dates.test.ts` fails when a component formats
 * or parses a date its own way.
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

export type DateFormat = {
  /** "Nov 21, 2026" / "21 nov 2026" (or another of the shared formats). */
  date: (iso: string, name?: DateFormatName) => string;
  instant: (value: Date, name: DateFormatName) => string;
  /** The typed format's pattern, for hints: "MM/DD/YY" / "DD/MM/AA". */
  inputPattern: string;
  /** An ISO date as a date field shows it: "11/21/26" / "21/11/26". */
  toInput: (iso: IsoDate | undefined) => string;
  /** A typed date in the language's format, or null. */
  parseInput: (text: string) => IsoDate | null;
};

export function useDateFormat(): DateFormat {
  const intl = useIntl();
  return useMemo(() => {
    const locale = localeOf(intl);
    return {
      date: (iso, name = 'date') => formatCalendarDate(intl, iso, name),
      instant: (value, name) => formatInstant(intl, value, name),
      inputPattern: DATE_INPUT_FORMATS[locale].pattern,
      toInput: (iso) => formatDateInput(iso, locale),
      parseInput: (text) => parseDateInput(text, locale),
    };
  }, [intl]);
}
