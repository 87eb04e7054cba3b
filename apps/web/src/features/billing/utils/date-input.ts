import { compareDates, isIsoDate, type Locale, parseDateInput } from '@vireo/shared';
import type { MessageId } from '../../../messages';
import type { HistoryFilter } from './billing-paths';

export type DateRangeErrors = { from?: MessageId; to?: MessageId };

export type DateRangeResult = { ok: true; filter: HistoryFilter } | { ok: false; errors: DateRangeErrors };

/**
 * Both ends optional; each typed end must be a real date in the language's one typed format (`MM/DD/YY`,
 * `DD/MM/AA`: packages/shared dates.ts, as the payment date), and the start on or before the end.
 */
export function validateDateRange(fromText: string, toText: string, locale: Locale): DateRangeResult {
  const errors: DateRangeErrors = {};
  const from = fromText.trim() ? parseDateInput(fromText, locale) : undefined;
  const to = toText.trim() ? parseDateInput(toText, locale) : undefined;
  if (from === null) errors.from = 'billing.filter.errors.invalidDate';
  if (to === null) errors.to = 'billing.filter.errors.invalidDate';
  if (from && to && compareDates(from, to) > 0) errors.to = 'billing.filter.errors.order';
  if (errors.from || errors.to) return { ok: false, errors };
  return { ok: true, filter: { from: from ?? undefined, to: to ?? undefined } };
}

/** The filter's fields (the form kit's values) and their rules: `validateDateRange`'s verdict, field by field. */
export type DateRangeText = { from: string; to: string };

export function dateRangeRules(locale: Locale) {
  const rule = (name: keyof DateRangeText) => (_text: string, values: DateRangeText) => {
    const result = validateDateRange(values.from, values.to, locale);
    const message = result.ok ? undefined : result.errors[name];
    return message ? { ok: false as const, message } : null;
  };
  return { from: rule('from'), to: rule('to') };
}

/** A date filter from the address bar: only real ISO dates count, and a reversed range is ignored. */
export function filterFromSearch(search: { from?: unknown; to?: unknown }): HistoryFilter {
  const from = typeof search.from === 'string' && isIsoDate(search.from) ? search.from : undefined;
  const to = typeof search.to === 'string' && isIsoDate(search.to) ? search.to : undefined;
  if (from && to && compareDates(from, to) > 0) return {};
  return { from, to };
}
