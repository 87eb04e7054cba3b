import { useNavigate, useSearch } from '@tanstack/react-router';
import { type KeyboardEvent, useCallback, useId, useRef } from 'react';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { PAGE, PAGE_TITLE } from '../../../components/ui/form-styles';
import { KeysetPager } from '../../../components/ui/keyset-pager';
import { ListSkeleton } from '../../../components/ui/loading';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import type { MessageId } from '../../../messages';
import { type MobileTransactionsResult, useMobileTransactions } from '../api/find-mobile-transactions';
import { isNoMobileService, isRetryable, mobileErrorBodyId } from '../utils/mobile-errors';
import {
  EMPTY_TAB,
  MOBILE_TRANSACTION_TYPES,
  type MobileTransactionType,
  TAB_NAMES,
  transactionTypeOf,
} from '../utils/mobile-transactions';
import { BackLink } from './back-link';
import { NoMobileService } from './no-mobile-service';

type MobileTransaction = MobileTransactionsResult['items'][number];

const STATUS_NAMES: Record<MobileTransaction['status'], MessageId> = {
  pending: 'mobile.transactions.status.pending',
  processing: 'mobile.transactions.status.processing',
  successful: 'mobile.transactions.status.successful',
  failed: 'mobile.transactions.status.failed',
  returned: 'mobile.transactions.status.returned',
};

/** What a transaction paid or gave back, in the user's language; `description` is the model or the returned item. */
const PURPOSES: Record<MobileTransaction['purpose'], MessageId> = {
  balance: 'mobile.transactions.for.balance',
  device: 'mobile.transactions.for.device',
  refund: 'mobile.transactions.for.refund',
};

function asString(value: unknown): string | undefined {
  if (typeof value === 'string') return value || undefined;
  // The router parses JSON-looking values; an opaque cursor made of digits comes back as a number.
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** The tab and the page live in the address (`type`, `cursor`): Back walks them and a reload keeps them. */
function useTransactionsSearch() {
  const search = useSearch({ from: '/billing/mobile/transactions' });
  const navigate = useNavigate();
  const update = useCallback(
    (changes: { type?: MobileTransactionType; cursor?: string }) => {
      void navigate({
        to: '.',
        search: (previous: Record<string, unknown>) => {
          const next: Record<string, unknown> = { ...previous, ...changes };
          // All is the page without `type`.
          if (next.type === 'all') delete next.type;
          for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
          return next;
        },
        // Inside one page: keep the scroll position and the focus on the control.
        resetScroll: false,
      });
    },
    [navigate],
  );
  return { type: transactionTypeOf(search.type), cursor: asString(search.cursor), update };
}

function TransactionsTable({
  page,
  type,
  busy,
}: {
  page: MobileTransactionsResult;
  type: MobileTransactionType;
  busy: boolean;
}) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const columns = [
    { label: intl.formatMessage({ id: 'mobile.transactions.date' }) },
    { label: intl.formatMessage({ id: 'mobile.transactions.description' }) },
    { label: intl.formatMessage({ id: 'mobile.transactions.method' }) },
    { label: intl.formatMessage({ id: 'mobile.transactions.reference' }) },
    { label: intl.formatMessage({ id: 'mobile.transactions.status' }) },
    { label: intl.formatMessage({ id: 'mobile.transactions.amount' }), align: 'end' as const },
  ];
  const label = (index: number) => columns[index]?.label ?? '';
  return (
    <ResponsiveTable
      caption={intl.formatMessage(
        { id: 'mobile.transactions.caption' },
        { tab: intl.formatMessage({ id: TAB_NAMES[type] }) },
      )}
      columns={columns}
      busy={busy}
    >
      {page.items.map((item) => (
        <ResponsiveRow key={item.id}>
          <ResponsiveCell label={label(0)}>{format.date(item.date)}</ResponsiveCell>
          <ResponsiveCell label={label(1)}>
            {intl.formatMessage({ id: PURPOSES[item.purpose] }, { description: item.description })}
          </ResponsiveCell>
          <ResponsiveCell label={label(2)}>{format.method(item.methodLabel)}</ResponsiveCell>
          <ResponsiveCell label={label(3)}>{item.reference}</ResponsiveCell>
          <ResponsiveCell label={label(4)}>{intl.formatMessage({ id: STATUS_NAMES[item.status] })}</ResponsiveCell>
          <ResponsiveCell label={label(5)} align="end">
            {format.money(item.amountCents)}
          </ResponsiveCell>
        </ResponsiveRow>
      ))}
    </ResponsiveTable>
  );
}

function TransactionsList({
  type,
  cursor,
  onPage,
}: {
  type: MobileTransactionType;
  cursor: string | undefined;
  onPage: (cursor: string) => void;
}) {
  const intl = useIntl();
  const transactions = useMobileTransactions(type, cursor);
  const page = transactions.data;
  if (isNoMobileService(transactions.error)) return <NoMobileService className="" />;
  if (transactions.isError) {
    return (
      <ErrorNotice
        titleId="mobile.errors.transactions.title"
        bodyId={mobileErrorBodyId(transactions.error, 'mobile.errors.transactions.body')}
        onRetry={isRetryable(transactions.error) ? () => void transactions.refetch() : undefined}
        isRetrying={transactions.isFetching}
      />
    );
  }
  if (!page) return <ListSkeleton />;
  return (
    <>
      {page.items.length === 0 ? (
        <p className="rounded-lg border border-line bg-surface p-4 text-ink">
          {intl.formatMessage({ id: EMPTY_TAB[type] })}
        </p>
      ) : (
        <TransactionsTable page={page} type={type} busy={transactions.isFetching} />
      )}
      <KeysetPager
        labelId="mobile.transactions.pages"
        previousCursor={page.previousCursor}
        nextCursor={page.nextCursor}
        onPage={onPage}
        isBusy={transactions.isFetching}
      />
    </>
  );
}

const TAB =
  'inline-flex min-h-11 cursor-pointer items-center border-b-4 border-transparent px-4 font-semibold text-ink outline-none hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-focus aria-selected:border-brand-700 aria-selected:text-brand-900';

/** The tab an arrow key, Home or End moves to (WAI-ARIA tabs: the arrows wrap around), or null for other keys. */
function tabAfterKey(key: string, current: MobileTransactionType): MobileTransactionType | null {
  const tabs = MOBILE_TRANSACTION_TYPES;
  const index = tabs.indexOf(current);
  const target =
    key === 'ArrowRight'
      ? tabs[(index + 1) % tabs.length]
      : key === 'ArrowLeft'
        ? tabs[(index - 1 + tabs.length) % tabs.length]
        : key === 'Home'
          ? tabs[0]
          : key === 'End'
            ? tabs[tabs.length - 1]
            : undefined;
  return target ?? null;
}

/**
 * `/billing/mobile/transactions` (spec §2.4 "transactions with tabs All, Payments, Refunds"): ARIA tabs (arrow keys,
 * Home and End move between them and select, only the selected tab is in the tab order, the panel follows it), the
 * tab in the address as `type`, keyset pages both ways, newest first. Plain elements rather than react-aria's Tabs:
 * its collection and selection layers would more than double this page's chunk.
 */
export function MobileTransactionsPage() {
  const intl = useIntl();
  const { type, cursor, update } = useTransactionsSearch();
  const id = useId();
  const tabRefs = useRef(new Map<MobileTransactionType, HTMLButtonElement>());
  const tabId = (tab: MobileTransactionType) => `${id}-tab-${tab}`;
  const panelId = `${id}-panel`;
  const select = (tab: MobileTransactionType) => {
    if (tab !== type) update({ type: tab, cursor: undefined });
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabAfterKey(event.key, type);
    if (!next) return;
    event.preventDefault();
    tabRefs.current.get(next)?.focus();
    select(next);
  };
  return (
    <div className={PAGE}>
      <BackLink to="/billing/mobile" labelId="pages.mobileBilling" />
      <h1 className={`${PAGE_TITLE} mt-4`}>{intl.formatMessage({ id: 'pages.mobileTransactions' })}</h1>
      <div className="mt-4">
        <div
          role="tablist"
          aria-label={intl.formatMessage({ id: 'mobile.transactions.tabs' })}
          className="mb-6 flex flex-wrap border-b border-line"
          onKeyDown={onKeyDown}
        >
          {MOBILE_TRANSACTION_TYPES.map((tab) => (
            <button
              key={tab}
              ref={(element) => {
                if (element) tabRefs.current.set(tab, element);
                else tabRefs.current.delete(tab);
              }}
              type="button"
              role="tab"
              id={tabId(tab)}
              aria-selected={tab === type}
              aria-controls={tab === type ? panelId : undefined}
              tabIndex={tab === type ? 0 : -1}
              className={TAB}
              onClick={() => select(tab)}
            >
              {intl.formatMessage({ id: TAB_NAMES[tab] })}
            </button>
          ))}
        </div>
        <div
          role="tabpanel"
          id={panelId}
          aria-labelledby={tabId(type)}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs: the panel is the next stop after the tab list.
          tabIndex={0}
          className="min-h-64 rounded-md outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
        >
          <TransactionsList key={type} type={type} cursor={cursor} onPage={(next) => update({ cursor: next })} />
        </div>
      </div>
    </div>
  );
}
