import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { TEXT_LINK } from '../../../components/ui/form-styles';
import { PanelSkeleton } from '../../../components/ui/loading';
import { useBillingSummary } from '../api/get-billing-summary';
import { useStatement } from '../api/get-statement';
import { errorBodyId, isRetryable } from '../utils/billing-errors';
import { StatementBody } from './statement-body';

/** spec §2.2 `open=bd`: the bill details of the latest statement, with a way to the full digital statement. */
export function BillDetailsPanel() {
  const intl = useIntl();
  const summary = useBillingSummary();
  const latest = summary.data?.latestStatement ?? undefined;
  const statement = useStatement(latest?.id);

  if (summary.isError) {
    return (
      <ErrorNotice
        headingLevel={3}
        titleId="billing.errors.billDetails.title"
        bodyId={errorBodyId(summary.error, 'billing.errors.billDetails.body')}
        onRetry={isRetryable(summary.error) ? () => void summary.refetch() : undefined}
        isRetrying={summary.isFetching}
      />
    );
  }
  if (summary.data && !latest) {
    return <p className="text-ink">{intl.formatMessage({ id: 'billing.billDetails.none' })}</p>;
  }
  if (statement.isError) {
    return (
      <ErrorNotice
        headingLevel={3}
        titleId="billing.errors.billDetails.title"
        bodyId={errorBodyId(statement.error, 'billing.errors.billDetails.body')}
        onRetry={isRetryable(statement.error) ? () => void statement.refetch() : undefined}
        isRetrying={statement.isFetching}
      />
    );
  }
  if (!statement.data || !latest) return <PanelSkeleton />;
  return (
    <div>
      <StatementBody statement={statement.data} />
      <Link
        to="/billing/view-statements/$statementId"
        params={{ statementId: latest.id }}
        className={`${TEXT_LINK} mt-6 inline-block`}
      >
        {intl.formatMessage({ id: 'billing.billDetails.fullStatement' })}
      </Link>
    </div>
  );
}
