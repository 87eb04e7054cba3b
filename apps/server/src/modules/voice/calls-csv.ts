import type { CallRecord, Locale } from '@vireo/shared';
import { type MessageId, translator } from '../../messages/intl';
import { type Cell, csv } from '../../platform/csv';

const HEADER: MessageId[] = [
  'csv.calls.date',
  'csv.calls.time',
  'csv.calls.direction',
  'csv.calls.number',
  'csv.calls.name',
  'csv.calls.duration',
  'csv.calls.blockReason',
];

const KEY = { blocked_number: 'blockedNumber', blocked_prefix: 'blockedPrefix', anonymous: 'anonymous', spam: 'spam' };

/** "2026-11-21" and "14:05" in the account's time zone. */
function localParts(iso: string, timeZone: string): [string, string] {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return [`${parts.year}-${parts.month}-${parts.day}`, `${parts.hour}:${parts.minute}`];
}

/**
 * A line's call log as CSV (issue 19 item 5, wider-portal.md §6): the date and time in the account's time zone (the
 * calendar its filters use), the direction and Call Guard's reason in the reader's language, the number as dialled
 * (10 digits), the caller-ID name as the network gave it (platform/csv.ts neutralises one a spreadsheet would run
 * as a formula), the length in seconds as a number.
 */
export function renderCallsCsv(calls: readonly CallRecord[], timeZone: string, locale: Locale): string {
  const t = translator(locale);
  const rows: Cell[][] = calls.map((call) => {
    const [date, time] = localParts(call.startedAt, timeZone);
    return [
      date,
      time,
      t(`calls.direction.${call.direction}`),
      call.number ?? t('calls.withheld'),
      call.name ?? '',
      { number: String(call.durationSeconds) },
      call.blockReason ? t(`calls.blockReason.${KEY[call.blockReason]}` as MessageId) : '',
    ];
  });
  return csv(
    HEADER.map((id) => t(id)),
    rows,
  );
}
