import { compareDates, type IsoDate, type Locale, parseDateInput } from '@vireo/shared';
import type { MessageId } from '../messages';

/** The words a feature gives a range's two refusals (its own message ids). */
export type DateRangeMessages = { invalidDate: MessageId; order: MessageId };
export type DateRangeText = { from: string; to: string };
export type DateRangeErrors = { from?: MessageId; to?: MessageId };
export type DateRangeResult =
  | { ok: true; from: IsoDate | undefined; to: IsoDate | undefined }
  | { ok: false; errors: DateRangeErrors };

/**
 * A From-To filter as typed (the history lists, the audit log, the call logs): both ends optional; each typed end a
 * real date in the language's one typed format (`MM/DD/YY`, `DD/MM/AA`: packages/shared dates.ts), the start on or
 * before the end (refused on To).
 */
export function validateDateRange(
  fromText: string,
  toText: string,
  locale: Locale,
  messages: DateRangeMessages,
): DateRangeResult {
  const errors: DateRangeErrors = {};
  const from = fromText.trim() ? parseDateInput(fromText, locale) : undefined;
  const to = toText.trim() ? parseDateInput(toText, locale) : undefined;
  if (from === null) errors.from = messages.invalidDate;
  if (to === null) errors.to = messages.invalidDate;
  if (from && to && compareDates(from, to) > 0) errors.to = messages.order;
  if (errors.from || errors.to) return { ok: false, errors };
  return { ok: true, from: from ?? undefined, to: to ?? undefined };
}

/** The form kit's rules of the two fields: `validateDateRange`'s verdict, field by field. */
export function dateRangeRules(locale: Locale, messages: DateRangeMessages) {
  const rule = (name: keyof DateRangeText) => (_text: string, values: DateRangeText) => {
    const result = validateDateRange(values.from, values.to, locale, messages);
    const message = result.ok ? undefined : result.errors[name];
    return message ? { ok: false as const, message } : null;
  };
  return { from: rule('from'), to: rule('to') };
}
