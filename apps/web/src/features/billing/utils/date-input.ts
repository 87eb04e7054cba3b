import { compareDates, isIsoDate } from '@vireo/shared';
import type { DateRangeMessages } from '../../../lib/date-range';
import type { HistoryFilter } from './billing-paths';

/** The history filters' words for a range refused (lib/date-range.ts checks it). */
export const HISTORY_RANGE_MESSAGES: DateRangeMessages = {
  invalidDate: 'billing.filter.errors.invalidDate',
  order: 'billing.filter.errors.order',
};

/** A date filter from the address bar: only real ISO dates count, and a reversed range is ignored. */
export function filterFromSearch(search: { from?: unknown; to?: unknown }): HistoryFilter {
  const from = typeof search.from === 'string' && isIsoDate(search.from) ? search.from : undefined;
  const to = typeof search.to === 'string' && isIsoDate(search.to) ? search.to : undefined;
  if (from && to && compareDates(from, to) > 0) return {};
  return { from, to };
}
