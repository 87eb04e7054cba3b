import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import { formatInstant } from '../../../lib/dates';
import type { MessageId } from '../../../messages';
import { useSupportLogLines } from '../api/analytics-events-api';

/**
 * Issue 23 item 4 (wider-portal.md §11): with a support code in the filter, the server's log lines of that call, as
 * the portal kept them (the last lines, in memory, outside production): when, how serious, what the line says, the
 * request and its answer. Messages and URLs are the server's own words: shown as they are.
 */
export function SupportLogLines({ supportCode }: { supportCode: string }) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const logLines = useSupportLogLines(supportCode);
  const columns = [
    { label: t('analyticsViewer.log.time') },
    { label: t('analyticsViewer.log.level') },
    { label: t('analyticsViewer.log.message') },
    { label: t('analyticsViewer.log.request') },
  ];
  const title = intl.formatMessage({ id: 'analyticsViewer.log.title' }, { code: supportCode });
  if (logLines.isError) {
    return (
      <ErrorNotice
        titleId="analyticsViewer.log.errorTitle"
        bodyId="analyticsViewer.errors.load.body"
        error={logLines.error}
        onRetry={() => void logLines.refetch()}
        isRetrying={logLines.isFetching}
      />
    );
  }
  if (!logLines.data) return <ListSkeleton rows={3} label={t('analyticsViewer.log.loading')} />;
  if (logLines.data.lines.length === 0) {
    return (
      <div className={CARD}>
        <h2 className="text-lg font-semibold text-navy-900">{title}</h2>
        <p className="mt-2 max-w-3xl text-ink">{t('analyticsViewer.log.none')}</p>
      </div>
    );
  }
  return (
    <ResponsiveTable caption={title} columns={columns} busy={logLines.isFetching}>
      {logLines.data.lines.map((line) => (
        <ResponsiveRow key={`${line.time}-${line.message}-${line.url ?? ''}-${line.statusCode ?? ''}`}>
          <ResponsiveCell label={columns[0]?.label ?? ''}>
            {formatInstant(intl, new Date(line.time), 'dateTimeSeconds')}
          </ResponsiveCell>
          <ResponsiveCell label={columns[1]?.label ?? ''}>
            <span className="font-mono text-sm">{line.level}</span>
          </ResponsiveCell>
          <ResponsiveCell label={columns[2]?.label ?? ''}>
            <span className="block break-all text-ink">{line.message}</span>
            {line.code ? <span className="block font-mono text-sm text-ink-muted">{line.code}</span> : null}
          </ResponsiveCell>
          <ResponsiveCell label={columns[3]?.label ?? ''}>
            {line.method && line.url ? (
              <span className="block break-all font-mono text-sm">{`${line.method} ${line.url}`}</span>
            ) : null}
            {line.statusCode !== null ? (
              <span className="block text-sm text-ink-muted">
                {intl.formatMessage(
                  { id: 'analyticsViewer.log.answer' },
                  { status: line.statusCode, duration: Math.round(line.responseTimeMs ?? 0) },
                )}
              </span>
            ) : null}
          </ResponsiveCell>
        </ResponsiveRow>
      ))}
    </ResponsiveTable>
  );
}
