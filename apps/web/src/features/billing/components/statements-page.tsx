import { Link, useNavigate } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { PAGE, PAGE_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { KeysetPager } from '../../../components/ui/keyset-pager';
import { ListSkeleton } from '../../../components/ui/loading';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import { useStatements } from '../api/find-statements';
import { useBillingFormat } from '../hooks/use-billing-format';
import { useListSearch } from '../hooks/use-list-search';
import { errorBodyId, isBillingSuppressed, isRetryable } from '../utils/billing-errors';
import { EnterpriseBillingLanding } from './enterprise-billing';

/** `/billing/view-statements` (spec §2.4 statements list): newest first, keyset pages, each row opens the statement. */
export function StatementsPage() {
  const intl = useIntl();
  const format = useBillingFormat();
  const navigate = useNavigate();
  const { cursor, update } = useListSearch();
  const statements = useStatements(cursor);

  if (isBillingSuppressed(statements.error)) return <EnterpriseBillingLanding />;
  const page = statements.data;
  const columns = [
    { label: intl.formatMessage({ id: 'billing.statements.date' }) },
    { label: intl.formatMessage({ id: 'billing.statements.period' }) },
    { label: intl.formatMessage({ id: 'billing.statements.dueDate' }) },
    { label: intl.formatMessage({ id: 'billing.statements.total' }), align: 'end' as const },
  ];
  const open = (statementId: string) =>
    void navigate({ to: '/billing/view-statements/$statementId', params: { statementId } });

  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.statements' })}</h1>
      <p className="mt-2 text-ink-muted">{intl.formatMessage({ id: 'billing.statements.intro' })}</p>
      <div className="mt-6 min-h-64">
        {statements.isError && !page ? (
          <ErrorNotice
            titleId="billing.errors.summary.title"
            bodyId={errorBodyId(statements.error, 'billing.errors.statements.body')}
            onRetry={isRetryable(statements.error) ? () => void statements.refetch() : undefined}
            isRetrying={statements.isFetching}
          />
        ) : page ? (
          <>
            {statements.isError ? (
              <ErrorNotice
                className="mb-4"
                titleId="billing.errors.summary.title"
                bodyId="billing.errors.statements.body"
                onRetry={() => void statements.refetch()}
                isRetrying={statements.isFetching}
              />
            ) : null}
            {page.items.length === 0 ? (
              <p className="text-ink">{intl.formatMessage({ id: 'billing.statements.empty' })}</p>
            ) : (
              <ResponsiveTable
                caption={intl.formatMessage({ id: 'billing.statements.caption' })}
                columns={columns}
                busy={statements.isFetching}
              >
                {page.items.map((statement) => (
                  <ResponsiveRow key={statement.id} onClick={() => open(statement.id)}>
                    <ResponsiveCell label={columns[0]?.label ?? ''}>
                      <Link
                        to="/billing/view-statements/$statementId"
                        params={{ statementId: statement.id }}
                        className={TEXT_LINK}
                        onClick={(event) => event.stopPropagation()}
                      >
                        {format.date(statement.statementDate)}
                      </Link>
                    </ResponsiveCell>
                    <ResponsiveCell label={columns[1]?.label ?? ''}>
                      {intl.formatMessage(
                        { id: 'billing.statement.periodRange' },
                        { start: format.date(statement.periodStart), end: format.date(statement.periodEnd) },
                      )}
                    </ResponsiveCell>
                    <ResponsiveCell label={columns[2]?.label ?? ''}>{format.date(statement.dueDate)}</ResponsiveCell>
                    <ResponsiveCell label={columns[3]?.label ?? ''} align="end">
                      {format.money(statement.totalDueCents)}
                    </ResponsiveCell>
                  </ResponsiveRow>
                ))}
              </ResponsiveTable>
            )}
            <KeysetPager
              labelId="billing.statements.pages"
              previousCursor={page.previousCursor}
              nextCursor={page.nextCursor}
              onPage={(next) => update({ cursor: next })}
              isBusy={statements.isFetching}
            />
            <p className="sr-only" aria-live="polite">
              {statements.isFetching || page.items.length === 0
                ? ''
                : intl.formatMessage(
                    { id: 'billing.statements.showing' },
                    {
                      newest: format.date(page.items[0]?.statementDate ?? ''),
                      oldest: format.date(page.items.at(-1)?.statementDate ?? ''),
                    },
                  )}
            </p>
          </>
        ) : (
          <ListSkeleton />
        )}
      </div>
    </div>
  );
}
