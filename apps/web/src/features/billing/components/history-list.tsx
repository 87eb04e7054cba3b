import type { UseQueryResult } from '@tanstack/react-query';
import type { Locale } from '@vireo/shared';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { KeysetPager } from '../../../components/ui/keyset-pager';
import { ListSkeleton } from '../../../components/ui/loading';
import type { MessageId } from '../../../messages';
import { useListSearch } from '../hooks/use-list-search';
import { errorBodyId, isRetryable } from '../utils/billing-errors';
import { exportPath } from '../utils/billing-paths';
import { DateRangeFilter } from './date-range-filter';
import { DownloadLink, useDownload } from './download-link';

type Page = { items: unknown[]; nextCursor: string | null; previousCursor: string | null };

type HistoryListProps<P extends Page> = {
  query: UseQueryResult<P>;
  /** The list's API path, for its CSV export. */
  listPath: string;
  exportName: string;
  /** The failure's sentence under "Activity Unavailable". */
  errorBodyId: MessageId;
  emptyId: MessageId;
  /** The next step an empty list offers (issue 16 item 4), under its sentence; not shown for an empty filter. */
  emptyAction?: ReactNode;
  pagerLabelId: MessageId;
  children: (page: P) => ReactNode;
};

/**
 * The frame of a history list (account activity, payment history, recent charges): date filter, Download CSV for
 * that filter, the list, keyset paging both ways, and "Activity Unavailable" (spec §8) in place of a list that fails.
 */
export function HistoryList<P extends Page>({
  query,
  listPath,
  exportName,
  errorBodyId: failureBodyId,
  emptyId,
  emptyAction,
  pagerLabelId,
  children,
}: HistoryListProps<P>) {
  const intl = useIntl();
  const { filter, update } = useListSearch();
  const download = useDownload();
  const page = query.data;
  const lang = intl.locale as Locale;
  const suffix = [filter.from, filter.to].filter(Boolean).join('_to_');

  return (
    <div className="space-y-4">
      <DateRangeFilter
        key={`${lang}|${filter.from ?? ''}|${filter.to ?? ''}`}
        filter={filter}
        onApply={(next) => update({ from: next.from, to: next.to, cursor: undefined })}
      />
      <div className="flex flex-wrap items-center gap-3 print:hidden">
        <DownloadLink
          path={exportPath(listPath, filter, lang)}
          fallbackName={`${exportName}${suffix ? `-${suffix}` : ''}.csv`}
          labelId="billing.history.downloadCsv"
          download={download}
        />
        <p className="sr-only" aria-live="polite">
          {download.isPending ? intl.formatMessage({ id: 'billing.download.pending' }) : ''}
        </p>
      </div>
      {download.isError ? (
        <ErrorNotice
          titleId="billing.errors.activity.title"
          bodyId="billing.errors.export.body"
          onRetry={download.retry}
          isRetrying={download.isPending}
        />
      ) : null}
      <div className="min-h-64">
        {query.isError ? (
          <ErrorNotice
            titleId="billing.errors.activity.title"
            bodyId={errorBodyId(query.error, failureBodyId)}
            onRetry={isRetryable(query.error) ? () => void query.refetch() : undefined}
            isRetrying={query.isFetching}
          />
        ) : page ? (
          <>
            {page.items.length === 0 ? (
              <div className="rounded-lg border border-line bg-surface p-4 text-ink">
                <p>
                  {intl.formatMessage({ id: filter.from || filter.to ? 'billing.history.emptyFiltered' : emptyId })}
                </p>
                {filter.from || filter.to || !emptyAction ? null : <div className="mt-3">{emptyAction}</div>}
              </div>
            ) : (
              children(page)
            )}
            <KeysetPager
              labelId={pagerLabelId}
              previousCursor={page.previousCursor}
              nextCursor={page.nextCursor}
              onPage={(cursor) => update({ cursor })}
              isBusy={query.isFetching}
            />
          </>
        ) : (
          <ListSkeleton />
        )}
      </div>
    </div>
  );
}
