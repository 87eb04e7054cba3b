import { compareDates, type IsoDate, isIsoDate, type Locale, toIsoDate } from '@vireo/shared';
import type { MessageId } from '../../../messages';
import type { HistoryFilter } from './billing-paths';

/**
 * Typed dates in the order of the user's language in the United States: `en` MM/DD/YYYY, `es` DD/MM/AAAA (es-US).
 * The catalog's `billing.filter.format` hint says the same, so the two must change together.
 */
export type DateOrder = 'mdy' | 'dmy';
export const DATE_ORDER: Record<Locale, DateOrder> = { en: 'mdy', es: 'dmy' };

const TYPED_DATE = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** A typed date as an ISO date; null when it is not a real calendar date (02/30/2026, 13/01/2026, 1/2/26). */
export function parseDateInput(text: string, order: DateOrder): IsoDate | null {
  const match = TYPED_DATE.exec(text.trim());
  if (!match) return null;
  const first = Number(match[1]);
  const second = Number(match[2]);
  const year = Number(match[3]);
  const [month, day] = order === 'mdy' ? [first, second] : [second, first];
  if (year < 1900) return null;
  const iso = toIsoDate(year, month, day);
  return isIsoDate(iso) ? iso : null;
}

export function formatDateInput(iso: IsoDate | undefined, order: DateOrder): string {
  if (!iso || !isIsoDate(iso)) return '';
  const [year, month, day] = iso.split('-') as [string, string, string];
  return order === 'mdy' ? `${month}/${day}/${year}` : `${day}/${month}/${year}`;
}

export type DateRangeErrors = { from?: MessageId; to?: MessageId };

export type DateRangeResult = { ok: true; filter: HistoryFilter } | { ok: false; errors: DateRangeErrors };

/** Both ends optional; each typed end must be a real date, and the start on or before the end. */
export function validateDateRange(fromText: string, toText: string, order: DateOrder): DateRangeResult {
  const errors: DateRangeErrors = {};
  const from = fromText.trim() ? parseDateInput(fromText, order) : undefined;
  const to = toText.trim() ? parseDateInput(toText, order) : undefined;
  if (from === null) errors.from = 'billing.filter.errors.invalidDate';
  if (to === null) errors.to = 'billing.filter.errors.invalidDate';
  if (from && to && compareDates(from, to) > 0) errors.to = 'billing.filter.errors.order';
  if (errors.from || errors.to) return { ok: false, errors };
  return { ok: true, filter: { from: from ?? undefined, to: to ?? undefined } };
}

/** A date filter from the address bar: only real ISO dates count, and a reversed range is ignored. */
export function filterFromSearch(search: { from?: unknown; to?: unknown }): HistoryFilter {
  const from = typeof search.from === 'string' && isIsoDate(search.from) ? search.from : undefined;
  const to = typeof search.to === 'string' && isIsoDate(search.to) ? search.to : undefined;
  if (from && to && compareDates(from, to) > 0) return {};
  return { from, to };
}
