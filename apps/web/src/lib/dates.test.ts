import { DATE_INPUT_FORMATS } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import en from '../messages/en';
import es from '../messages/es';

/** Every component's source, as text (Vite reads them at build time; nothing here runs them). */
const sources = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * Ways of formatting or reading a date of one's own: only `lib/dates.ts` may (with the shared options and the
 * language's typed format); `lib/formatters.ts` keeps `calendarDate`, which makes a billing date a local `Date`.
 */
const OWN_DATE_HANDLING = [
  /\bformatDate\s*\(/,
  /\bformatDateToParts\s*\(/,
  /\bDateTimeFormat\b/,
  /\.toLocale(Date)?String\s*\(/,
  /\bparseShortUsDate\b/,
  /\bdateStyle\s*:/,
  /\bweekday\s*:\s*'/,
  /\bmonth\s*:\s*'(short|long|narrow|numeric|2-digit)'/,
];

describe('one date format per language (issue 14)', () => {
  it('every date is formatted and read through lib/dates.ts', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
    const own = Object.entries(sources).flatMap(([file, text]) =>
      file === './dates.ts'
        ? []
        : OWN_DATE_HANDLING.filter((pattern) => pattern.test(text)).map((pattern) => `${file}: ${pattern}`),
    );
    expect(own).toEqual([]);
  });

  it.each([
    ['en', en],
    ['es', es],
  ] as const)('the %s messages name only the language’s date format', (locale, catalog) => {
    const named = Object.entries(catalog as Record<string, string>).flatMap(([id, text]) =>
      [...text.matchAll(/\b(?:MM|DD)\/(?:MM|DD)\/(?:YY|AA)+\b/g)].map((match) => `${id}: ${match[0]}`),
    );
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter((entry) => !entry.endsWith(`: ${DATE_INPUT_FORMATS[locale].pattern}`))).toEqual([]);
  });
});
