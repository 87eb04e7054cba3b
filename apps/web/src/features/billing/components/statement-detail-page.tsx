import type { QueryClient } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { AppError, type Locale } from '@vireo/shared';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD, PAGE, PAGE_TITLE, SECONDARY_BUTTON, TEXT_LINK } from '../../../components/ui/form-styles';
import { LoadingPlaceholder, SkeletonLine } from '../../../components/ui/loading';
import { browserPrint } from '../../../lib/browser-files';
import { statementQueryOptions, useStatement } from '../api/get-statement';
import { useBillingFormat } from '../hooks/use-billing-format';
import { errorBodyId, isBillingSuppressed, isRetryable } from '../utils/billing-errors';
import { statementFilePath } from '../utils/billing-paths';
import { DownloadLink, useDownload } from './download-link';
import { EnterpriseBillingLanding } from './enterprise-billing';
import { StatementBody } from './statement-body';

const BAR = 'rounded-md bg-line';
/** A date whose month is among the longest to write ("Sep 28, 2026", "28 sept 2026"), to size the title to come. */
const SAMPLE_STATEMENT_DATE = '2026-09-28';
/**
 * The title's date on a line of its own on a phone: "Statement of May 20, 2026" is as wide as a 390-pixel screen in the
 * typeface, so some dates wrapped and others did not, and the page below moved when the statement came (CLS 0.03 on
 * the mobile lab profile, docs/performance.md). Now the title is two lines on every date below the `narrow` breakpoint (608 px), one line from there.
 */
const TITLE_DATE = 'max-narrow:block';

/**
 * The statement while it loads, laid out as StatementBody: its header (six items, the address on two lines), the
 * totals and last month's comparison, and the charges by service, so the page keeps its shape when it arrives.
 */
function StatementPlaceholder() {
  return (
    <LoadingPlaceholder>
      <div className="space-y-8">
        <div className={`${CARD} grid gap-4`}>
          {['w-40', 'w-48', 'w-44', 'w-56', 'w-28', 'w-32'].map((width) => (
            <div key={width}>
              <p className="text-sm">
                <SkeletonLine className="w-24" />
              </p>
              <p className="mt-0.5">
                <SkeletonLine className={width} />
              </p>
              {width === 'w-44' ? <SkeletonLine className="w-36" /> : null}
            </div>
          ))}
        </div>
        <div className="grid gap-8 md:grid-cols-2">
          <div className="max-w-md">
            <p className="pb-2 text-lg">
              <SkeletonLine className="w-56" />
            </p>
            {[0, 1, 2, 3, 4].map((row) => (
              <p key={row} className="border-b border-line py-2">
                <SkeletonLine className="w-full" />
              </p>
            ))}
          </div>
          <div>
            <p className="text-xl">
              <SkeletonLine className="w-48" />
            </p>
            <p className="mt-2">
              <SkeletonLine className="w-72" />
            </p>
          </div>
        </div>
        <div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <SkeletonLine className="w-44 text-xl" />
            <div className={`h-11 w-52 ${BAR}`} />
          </div>
          <div className="mt-3 divide-y divide-line rounded-lg border border-line">
            {[0, 1, 2].map((row) => (
              <div key={row} className="min-h-14" />
            ))}
          </div>
        </div>
      </div>
    </LoadingPlaceholder>
  );
}

/**
 * `/billing/view-statements/$statementId`: the digital statement with Print (the print stylesheet drops the portal's
 * chrome and shows every section) and the PDF and CSV in the user's language.
 */
/** For the route's loader (app/router.tsx): the statement starts with the page's chunk, before the page renders. */
function startStatementDetailData({
  queryClient,
  params,
}: {
  queryClient: QueryClient;
  params: Record<string, string>;
}): undefined {
  if (params.statementId) void queryClient.prefetchQuery(statementQueryOptions(params.statementId));
  return undefined;
}

export function StatementDetailPage() {
  const intl = useIntl();
  const format = useBillingFormat();
  const { statementId } = useParams({ from: '/billing/view-statements/$statementId' });
  const statement = useStatement(statementId);
  const download = useDownload();
  const [printFailed, setPrintFailed] = useState(false);
  const lang = intl.locale as Locale;

  if (isBillingSuppressed(statement.error)) return <EnterpriseBillingLanding />;

  const print = () => {
    if (statement.data) {
      setPrintFailed(false);
      browserPrint.print();
    } else {
      // spec §8: printing needs the statement.
      setPrintFailed(true);
    }
  };
  const retryPrint = () =>
    void statement.refetch().then((result) => {
      if (result.data) {
        setPrintFailed(false);
        browserPrint.print();
      }
    });

  const notFound = AppError.is(statement.error) && statement.error.code === 'NOT_FOUND';
  const data = statement.data;
  const fileName = `vireo-statement-${data?.statementDate ?? statementId}`;

  return (
    <div className={PAGE}>
      <Link to="/billing/view-statements" className={`${TEXT_LINK} print:hidden`}>
        <span aria-hidden="true">← </span>
        {intl.formatMessage({ id: 'billing.statement.allStatements' })}
      </Link>
      <div className="mt-4 grid">
        <h1 className={`${PAGE_TITLE} col-start-1 row-start-1`}>
          {data
            ? intl.formatMessage(
                { id: 'billing.statement.title' },
                { date: <span className={TITLE_DATE}>{format.date(data.statementDate)}</span> },
              )
            : intl.formatMessage({ id: 'billing.statement.titleLoading' })}
        </h1>
        {data ? null : (
          // The title to come, unseen, in the heading's place: the heading's box is the loaded one's from the start
          // (it wraps as that title will), so the page below does not move when the statement arrives.
          <p aria-hidden="true" className={`${PAGE_TITLE} invisible col-start-1 row-start-1`}>
            {intl.formatMessage(
              { id: 'billing.statement.title' },
              { date: <span className={TITLE_DATE}>{format.date(SAMPLE_STATEMENT_DATE)}</span> },
            )}
          </p>
        )}
      </div>

      <div className="mt-4 flex flex-wrap gap-3 print:hidden" data-testid="statement-toolbar">
        <button type="button" onClick={print} className={SECONDARY_BUTTON}>
          {intl.formatMessage({ id: 'billing.statement.print' })}
        </button>
        <DownloadLink
          path={statementFilePath(statementId, 'pdf', lang)}
          fallbackName={`${fileName}.pdf`}
          labelId="billing.statement.downloadPdf"
          download={download}
        />
        <DownloadLink
          path={statementFilePath(statementId, 'csv', lang)}
          fallbackName={`${fileName}.csv`}
          labelId="billing.statement.downloadCsv"
          download={download}
        />
        <p className="sr-only" aria-live="polite">
          {download.isPending ? intl.formatMessage({ id: 'billing.download.pending' }) : ''}
        </p>
      </div>

      <div className="print:hidden">
        {printFailed && !data ? (
          <ErrorNotice
            className="mt-4"
            titleId="billing.errors.print.title"
            bodyId="billing.errors.print.body"
            onRetry={retryPrint}
            isRetrying={statement.isFetching}
          />
        ) : null}
        {download.isError ? (
          <ErrorNotice
            className="mt-4"
            titleId="billing.errors.download.title"
            bodyId="billing.errors.download.body"
            onRetry={download.retry}
            isRetrying={download.isPending}
          />
        ) : null}
      </div>

      <div className="mt-6 min-h-96">
        {data ? (
          <StatementBody statement={data} />
        ) : statement.isError ? (
          <ErrorNotice
            titleId="billing.errors.billDetails.title"
            bodyId={
              notFound
                ? 'billing.errors.billDetails.notFound'
                : errorBodyId(statement.error, 'billing.errors.billDetails.body')
            }
            onRetry={isRetryable(statement.error) && !notFound ? () => void statement.refetch() : undefined}
            isRetrying={statement.isFetching}
            error={statement.error}
          />
        ) : (
          <StatementPlaceholder />
        )}
      </div>
    </div>
  );
}
StatementDetailPage.startData = startStatementDetailData;
