import { DATE_INPUT_FORMATS, type DateFormatName, formatDateInput, type IsoDate, parseDateInput } from '@vireo/shared';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { formatCalendarDate, formatInstant, localeOf } from './dates';

// Its own module, apart from dates.ts (in the entry chunk): only the lazy date fields and filters type dates.

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
