import { Link, useParams } from '@tanstack/react-router';
import { AppError, type Locale } from '@vireo/shared';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { Spinner } from '../../../components/ui/spinner';
import { browserPrint } from '../../../lib/browser-files';
import { useStatement } from '../api/get-statement';
import { useBillingFormat } from '../hooks/use-billing-format';
import { errorBodyId, isBillingSuppressed, isRetryable } from '../utils/billing-errors';
import { statementFilePath } from '../utils/billing-paths';
import { DownloadLink, useDownload } from './download-link';
import { EnterpriseBillingLanding } from './enterprise-billing';
import { StatementBody } from './statement-body';
import { PAGE, PAGE_TITLE, SECONDARY_BUTTON, TEXT_LINK } from './styles';

/**
 * `/billing/view-statements/$statementId`: the digital statement with Print (the print stylesheet drops the portal's
 * chrome and shows every section) and the PDF and CSV in the user's language.
 */
export function StatementDetailPage() {
  const intl = useIntl();
  const format = useBillingFormat();
  const { statementId = '' } = useParams({ strict: false }) as { statementId?: string };
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
      <h1 className={`${PAGE_TITLE} mt-4`}>
        {data
          ? intl.formatMessage({ id: 'billing.statement.title' }, { date: format.date(data.statementDate) })
          : intl.formatMessage({ id: 'billing.statement.titleLoading' })}
      </h1>

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
          />
        ) : (
          <Spinner className="min-h-96" />
        )}
      </div>
    </div>
  );
}
