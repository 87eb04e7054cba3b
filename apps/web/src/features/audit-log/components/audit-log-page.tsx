import { useState } from 'react';
import { useIntl } from 'react-intl';
import { isForbidden } from '../../../components/ui/api-errors';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD, PAGE, PAGE_TITLE, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { KeysetPager } from '../../../components/ui/keyset-pager';
import { ListSkeleton } from '../../../components/ui/loading';
import { refusalBodyId } from '../../../components/ui/refusal';
import { localeOf } from '../../../lib/dates';
import { type AuditFilter, auditLogExportPath, useAuditLog } from '../api/audit-log-api';
import { AuditLogFilters } from './audit-log-filters';
import { AuditLogTable } from './audit-log-table';

/**
 * `/profile-and-settings/audit-log` (issue 18 item 6, wider-portal.md §4): every change made on the account in the last
 * 400 days, newest first, a keyset page at a time; filters by user, area and dates; the filtered log as CSV. The
 * route table gives the page its access (`audit.view`: PRIMARY and ADMIN) and title.
 */
export function AuditLogPage() {
  const intl = useIntl();
  const [filter, setFilter] = useState<AuditFilter>({});
  const [cursor, setCursor] = useState<string | undefined>(undefined);
  const log = useAuditLog(filter, cursor);
  const page = log.data;
  const forbidden = log.isError && isForbidden(log.error);
  const lang = localeOf(intl);

  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.auditLog' })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: 'auditLog.intro' })}</p>
      {forbidden ? (
        <ErrorNotice
          className="mt-6"
          titleId="auditLog.errors.load.title"
          bodyId={refusalBodyId(log.error) ?? 'auditLog.errors.load.body'}
        />
      ) : (
        <div className="mt-6 space-y-4">
          <AuditLogFilters
            key={`${lang}|${JSON.stringify(filter)}|${page ? 'users' : ''}`}
            filter={filter}
            users={page?.users ?? []}
            onApply={(next) => {
              setFilter(next);
              setCursor(undefined);
            }}
          />
          <div className="flex flex-wrap items-center gap-3 print:hidden">
            <a href={auditLogExportPath(filter, lang)} download="audit-log.csv" className={SECONDARY_BUTTON}>
              {intl.formatMessage({ id: 'auditLog.export' })}
            </a>
          </div>
          <section className="min-w-0">
            {log.isError && !page ? (
              <ErrorNotice
                headingLevel={2}
                titleId="auditLog.errors.load.title"
                bodyId="auditLog.errors.load.body"
                onRetry={() => void log.refetch()}
                isRetrying={log.isFetching}
              />
            ) : !page ? (
              <ListSkeleton rows={5} label={intl.formatMessage({ id: 'auditLog.loading' })} />
            ) : page.items.length === 0 ? (
              <div className={CARD}>
                <h2 className="text-lg font-semibold text-navy-900">
                  {intl.formatMessage({ id: 'auditLog.empty.title' })}
                </h2>
                <p className="mt-2 max-w-3xl text-ink">{intl.formatMessage({ id: 'auditLog.empty.body' })}</p>
              </div>
            ) : (
              <>
                <AuditLogTable entries={page.items} busy={log.isFetching} />
                <KeysetPager
                  labelId="auditLog.pages"
                  previousCursor={page.previousCursor}
                  nextCursor={page.nextCursor}
                  onPage={setCursor}
                  isBusy={log.isFetching}
                />
              </>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
