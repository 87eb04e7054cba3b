import { Link } from '@tanstack/react-router';
import { PAYMENT_HISTORY_PATH } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { PAGE, PAGE_TITLE, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import type { MessageId } from '../../../messages';
import { type PaymentHistoryItem, usePaymentHistory } from '../api/find-payment-history';
import { useBillingFormat } from '../hooks/use-billing-format';
import { useListSearch } from '../hooks/use-list-search';
import { isBillingSuppressed } from '../utils/billing-errors';
import { EnterpriseBillingLanding } from './enterprise-billing';
import { HistoryList } from './history-list';

/** spec §3: Successful / Pending in English, Completado / En Proceso in Spanish; the other statuses likewise. */
export const PAYMENT_STATUS_NAMES: Record<PaymentHistoryItem['status'], MessageId> = {
  scheduled: 'billing.payments.status.scheduled',
  processing: 'billing.payments.status.processing',
  pending: 'billing.payments.status.pending',
  successful: 'billing.payments.status.successful',
  failed: 'billing.payments.status.failed',
  returned: 'billing.payments.status.returned',
  cancelled: 'billing.payments.status.cancelled',
};

export const PAYMENT_CHANNEL_NAMES: Record<PaymentHistoryItem['channel'], MessageId> = {
  online: 'billing.payments.channel.online',
  phone: 'billing.payments.channel.phone',
  'in-store': 'billing.payments.channel.inStore',
  autoPay: 'billing.payments.channel.autoPay',
  'agent-assisted': 'billing.payments.channel.agentAssisted',
  'chat-assisted': 'billing.payments.channel.chatAssisted',
};

const STATUS_STYLE: Partial<Record<PaymentHistoryItem['status'], string>> = {
  successful: 'bg-brand-50 text-brand-800',
  failed: 'bg-danger-50 text-danger-700',
  returned: 'bg-danger-50 text-danger-700',
};

/** `/billing/payment-history` (spec §3 payment history row: Payment Date, Status, Amount, Method, Channel, Confirmation). */
export function PaymentHistoryPage() {
  const intl = useIntl();
  const format = useBillingFormat();
  const { filter, cursor } = useListSearch();
  const payments = usePaymentHistory(filter, cursor);
  if (isBillingSuppressed(payments.error)) return <EnterpriseBillingLanding />;
  const columns = [
    { label: intl.formatMessage({ id: 'billing.payments.date' }) },
    { label: intl.formatMessage({ id: 'billing.payments.status' }) },
    { label: intl.formatMessage({ id: 'billing.payments.amount' }), align: 'end' as const },
    { label: intl.formatMessage({ id: 'billing.payments.method' }) },
    { label: intl.formatMessage({ id: 'billing.payments.channel' }) },
    { label: intl.formatMessage({ id: 'billing.payments.confirmation' }) },
  ];
  const label = (index: number) => columns[index]?.label ?? '';
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.paymentHistory' })}</h1>
      <p className="mt-2 mb-6 text-ink-muted">{intl.formatMessage({ id: 'billing.payments.intro' })}</p>
      <HistoryList
        query={payments}
        listPath={PAYMENT_HISTORY_PATH}
        exportName="vireo-payment-history"
        errorBodyId="billing.errors.payments.body"
        emptyId="billing.payments.empty"
        emptyAction={
          <Link to="/billing/pay-bill" search={{ open: 'otp' }} className={SECONDARY_BUTTON}>
            {intl.formatMessage({ id: 'billing.payments.emptyAction' })}
          </Link>
        }
        pagerLabelId="billing.payments.pages"
      >
        {(page) => (
          <ResponsiveTable
            caption={intl.formatMessage({ id: 'billing.payments.caption' })}
            columns={columns}
            busy={payments.isFetching}
          >
            {page.items.map((payment) => (
              <ResponsiveRow key={payment.id}>
                <ResponsiveCell label={label(0)}>{format.date(payment.paymentDate)}</ResponsiveCell>
                <ResponsiveCell label={label(1)}>
                  <span
                    className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold ${STATUS_STYLE[payment.status] ?? 'bg-surface-muted text-ink'}`}
                  >
                    {intl.formatMessage({ id: PAYMENT_STATUS_NAMES[payment.status] })}
                  </span>
                </ResponsiveCell>
                <ResponsiveCell label={label(2)} align="end">
                  {format.money(payment.amountCents)}
                </ResponsiveCell>
                <ResponsiveCell label={label(3)}>{format.method(payment.methodLabel)}</ResponsiveCell>
                <ResponsiveCell label={label(4)}>
                  {intl.formatMessage({ id: PAYMENT_CHANNEL_NAMES[payment.channel] })}
                </ResponsiveCell>
                <ResponsiveCell label={label(5)}>
                  <span className="font-mono text-sm">{payment.confirmationNumber}</span>
                </ResponsiveCell>
              </ResponsiveRow>
            ))}
          </ResponsiveTable>
        )}
      </HistoryList>
    </div>
  );
}
