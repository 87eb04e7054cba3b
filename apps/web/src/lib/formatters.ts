import { formatCents, type IsoDate, isIsoDate } from '@vireo/shared';

/**
 * The portal bills in US dollars for businesses in the United States, so numbers follow the US conventions of the
 * user's language: `en` → `en-US` ($1,234.56), `es` → `es-US` ($1,234.56, not "1234,56 US$" of Spain).
 */
export function formattingLocale(locale: string): string {
  return locale.includes('-') ? locale : `${locale}-US`;
}

/** Money is integer cents end to end; this is the edge (architecture.md). */
export function formatMoney(cents: number, locale: string): string {
  return formatCents(cents, formattingLocale(locale));
}

/**
 * A billing date (`YYYY-MM-DD`, the account's calendar day) as local midnight of that day, so it shows the same day
 * in every time zone. `new Date('2026-10-14')` would be UTC midnight: Oct 13 in the Americas.
 */
export function calendarDate(value: IsoDate): Date | null {
  if (!isIsoDate(value)) return null;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/** A US phone number as people write it (the mobile lines, a community resident): `4075550141` (or `+14075550141`) → `(407) 555-0141`; anything else as is. */
export function formatPhoneNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return value;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
}
