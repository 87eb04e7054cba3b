import { useIntl } from 'react-intl';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import { formatInstant } from '../../../lib/dates';
import type { CallRecord } from '../api/voice-api';
import { formatDuration, formatLineNumber } from '../utils/voice-format';
import { BLOCK_REASON_MESSAGES } from '../utils/voice-words';

/** Calls as a table (stacked on a phone): when, which way (a blocked call with the reason), who, how long. */
export function CallTable({ calls, caption, busy }: { calls: readonly CallRecord[]; caption: string; busy: boolean }) {
  const intl = useIntl();
  const columns = ['when', 'direction', 'caller', 'duration'] as const;
  const label = (column: (typeof columns)[number]) => intl.formatMessage({ id: `voice.calls.column.${column}` });
  return (
    <ResponsiveTable
      caption={caption}
      busy={busy}
      columns={columns.map((column) => ({ label: label(column), align: column === 'duration' ? 'end' : 'start' }))}
    >
      {calls.map((call) => (
        <ResponsiveRow key={call.id}>
          <ResponsiveCell label={label('when')}>
            {formatInstant(intl, new Date(call.startedAt), 'dateTime')}
          </ResponsiveCell>
          <ResponsiveCell label={label('direction')}>
            {intl.formatMessage({ id: `voice.calls.direction.${call.direction}` })}
            {call.blockReason ? (
              <span className="block text-sm text-ink-muted">
                {intl.formatMessage({ id: BLOCK_REASON_MESSAGES[call.blockReason] })}
              </span>
            ) : null}
          </ResponsiveCell>
          <ResponsiveCell label={label('caller')}>
            <span className="block">
              {call.number ? formatLineNumber(call.number) : intl.formatMessage({ id: 'voice.message.withheld' })}
            </span>
            {call.name ? <span className="block text-sm text-ink-muted">{call.name}</span> : null}
          </ResponsiveCell>
          <ResponsiveCell label={label('duration')} align="end">
            {call.direction === 'missed' || call.direction === 'blocked' ? '—' : formatDuration(call.durationSeconds)}
          </ResponsiveCell>
        </ResponsiveRow>
      ))}
    </ResponsiveTable>
  );
}
