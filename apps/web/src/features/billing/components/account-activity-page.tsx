import { Link } from '@tanstack/react-router';
import { ACTIVITY_PATH, CHARGES_PATH } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { PAGE, PAGE_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import type { MessageId } from '../../../messages';
import { type ActivityItem, useActivity } from '../api/find-activity';
import { useCharges } from '../api/find-charges';
import { type BillingFormat, useBillingFormat } from '../hooks/use-billing-format';
import { useListSearch } from '../hooks/use-list-search';
import { isBillingSuppressed } from '../utils/billing-errors';
import { EnterpriseBillingLanding } from './enterprise-billing';
import { HistoryList } from './history-list';

export const ACTIVITY_TYPE_NAMES: Record<ActivityItem['type'], MessageId> = {
  statement: 'billing.activity.type.statement',
  payment: 'billing.activity.type.payment',
  credit: 'billing.activity.type.credit',
  adjustment: 'billing.activity.type.adjustment',
  charge: 'billing.activity.type.charge',
};

const TYPE_MARKER: Record<ActivityItem['type'], string> = {
  statement: 'bg-navy-700',
  payment: 'bg-brand-500',
  credit: 'bg-brand-500',
  adjustment: 'bg-warning-700',
  charge: 'bg-warning-700',
};

function ActivityTimeline({ items, format, busy }: { items: ActivityItem[]; format: BillingFormat; busy: boolean }) {
  const intl = useIntl();
  return (
    <ol
      aria-label={intl.formatMessage({ id: 'billing.activity.timeline' })}
      aria-busy={busy || undefined}
      className="relative ml-2 border-l-2 border-line"
    >
      {items.map((item) => (
        <li key={item.id} className="relative mb-4 ml-6 rounded-lg border border-line bg-surface p-4">
          <span
            aria-hidden="true"
            className={`absolute top-5 -left-[2.1rem] size-3.5 rounded-full ring-4 ring-surface-muted ${TYPE_MARKER[item.type]}`}
          />
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <p className="text-sm font-medium text-ink-muted">
              <time dateTime={item.date}>{format.date(item.date)}</time>
              {' · '}
              {intl.formatMessage({ id: ACTIVITY_TYPE_NAMES[item.type] })}
            </p>
            <p className="font-semibold text-ink tabular-nums">{format.money(item.amountCents)}</p>
          </div>
          {item.type === 'statement' ? null : (
            // the type above already names a statement; a payment's text is its method ("Checking 6789")
            <p className="mt-1 text-ink">
              {item.type === 'payment' ? format.method(item.description) : item.description}
            </p>
          )}
          {item.type === 'statement' && item.referenceId ? (
            <Link
              to="/billing/view-statements/$statementId"
              params={{ statementId: item.referenceId }}
              className={`${TEXT_LINK} mt-1 inline-block text-sm`}
            >
              {intl.formatMessage({ id: 'billing.home.viewStatement' })}
            </Link>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function ActivityList({ activity }: { activity: ReturnType<typeof useActivity> }) {
  const format = useBillingFormat();
  return (
    <HistoryList
      query={activity}
      listPath={ACTIVITY_PATH}
      exportName="vireo-account-activity"
      errorBodyId="billing.errors.activity.body"
      emptyId="billing.activity.empty"
      pagerLabelId="billing.activity.pages"
    >
      {(page) => <ActivityTimeline items={page.items} format={format} busy={activity.isFetching} />}
    </HistoryList>
  );
}

function ChargesList({ charges }: { charges: ReturnType<typeof useCharges> }) {
  const intl = useIntl();
  const format = useBillingFormat();
  const columns = [
    { label: intl.formatMessage({ id: 'billing.charges.date' }) },
    { label: intl.formatMessage({ id: 'billing.charges.description' }) },
    { label: intl.formatMessage({ id: 'billing.charges.datePosted' }) },
    { label: intl.formatMessage({ id: 'billing.charges.amount' }), align: 'end' as const },
  ];
  const label = (index: number) => columns[index]?.label ?? '';
  return (
    <HistoryList
      query={charges}
      listPath={CHARGES_PATH}
      exportName="vireo-recent-charges"
      errorBodyId="billing.errors.charges.body"
      emptyId="billing.charges.empty"
      pagerLabelId="billing.charges.pages"
    >
      {(page) => (
        <ResponsiveTable
          caption={intl.formatMessage({ id: 'billing.charges.caption' })}
          columns={columns}
          busy={charges.isFetching}
        >
          {page.items.map((charge) => (
            <ResponsiveRow key={charge.id}>
              <ResponsiveCell label={label(0)}>{format.date(charge.date)}</ResponsiveCell>
              <ResponsiveCell label={label(1)}>{charge.description}</ResponsiveCell>
              <ResponsiveCell label={label(2)}>{format.date(charge.datePosted)}</ResponsiveCell>
              <ResponsiveCell label={label(3)} align="end">
                {format.money(charge.amountCents)}
              </ResponsiveCell>
            </ResponsiveRow>
          ))}
        </ResponsiveTable>
      )}
    </HistoryList>
  );
}

const TAB_LINK =
  'inline-flex min-h-11 items-center border-b-4 border-transparent px-4 font-semibold text-ink hover:bg-brand-50 aria-[current=page]:border-brand-700 aria-[current=page]:text-brand-900';

/**
 * `/billing/account-activity`: the activity timeline, and recent charges at `?tab=charges` (spec §2.4). The two
 * views are links (each its own address, its own filter), marked with aria-current rather than ARIA tabs.
 */
export function AccountActivityPage() {
  const intl = useIntl();
  const { tab, filter, cursor } = useListSearch();
  const charges = tab === 'charges';
  const activityQuery = useActivity(filter, cursor, !charges);
  const chargesQuery = useCharges(filter, cursor, charges);
  if (isBillingSuppressed((charges ? chargesQuery : activityQuery).error)) return <EnterpriseBillingLanding />;
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>
        {intl.formatMessage({ id: charges ? 'billing.charges.title' : 'pages.accountActivity' })}
      </h1>
      <nav aria-label={intl.formatMessage({ id: 'billing.activity.views' })} className="mt-4 mb-6 border-b border-line">
        <ul className="flex flex-wrap">
          <li>
            {/* explicitUndefined: this link is current only when there is no `tab`. */}
            <Link
              to="/billing/account-activity"
              search={{ tab: undefined }}
              activeOptions={{ exact: false, includeSearch: true, explicitUndefined: true }}
              className={TAB_LINK}
            >
              {intl.formatMessage({ id: 'pages.accountActivity' })}
            </Link>
          </li>
          <li>
            <Link
              to="/billing/account-activity"
              search={{ tab: 'charges' }}
              activeOptions={{ includeSearch: true }}
              className={TAB_LINK}
            >
              {intl.formatMessage({ id: 'billing.charges.title' })}
            </Link>
          </li>
        </ul>
      </nav>
      {charges ? (
        <ChargesList key="charges" charges={chargesQuery} />
      ) : (
        <ActivityList key="activity" activity={activityQuery} />
      )}
    </div>
  );
}
