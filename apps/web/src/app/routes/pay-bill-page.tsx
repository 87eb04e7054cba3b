import { useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { PAGE_TITLE } from '../../components/ui/form-styles';
import { PanelSkeleton } from '../../components/ui/loading';
import { refreshAfter } from '../../entities/query-keys';
import { useBillingSummary } from '../../features/billing/api/get-billing-summary';
import { BillDetailsPanel } from '../../features/billing/components/bill-details-panel';
import { EnterpriseBillingLanding } from '../../features/billing/components/enterprise-billing';
import { isBillingSuppressed } from '../../features/billing/utils/billing-errors';
import type { MessageId } from '../../messages';
import { PAY_BILL_PANELS } from '../route-search';

type PayBillPanel = (typeof PAY_BILL_PANELS)[number];

// The payment screens (issue 5) are chunks of their own, fetched when their panel opens.
const OneTimePaymentPanel = lazy(() =>
  import('../../features/payments/components/one-time-payment-panel').then((module) => ({
    default: module.OneTimePaymentPanel,
  })),
);
const ScheduledPaymentsPanel = lazy(() =>
  import('../../features/payments/components/scheduled-payments-panel').then((module) => ({
    default: module.ScheduledPaymentsPanel,
  })),
);

// Auto Pay (issue 6) likewise.
const AutoPayPanel = lazy(() =>
  import('../../features/autopay/components/autopay-panel').then((module) => ({ default: module.AutoPayPanel })),
);

const PANEL_TITLES: Record<PayBillPanel, MessageId> = {
  otp: 'billing.payBill.oneTimePayment',
  ap: 'billing.settings.autoPay',
  fdp: 'billing.payBill.scheduledPayments',
  bd: 'billing.payBill.billDetails',
};

function usePaymentMade() {
  const queryClient = useQueryClient();
  return () => {
    // the amount due, the history lists, and what the other panels read (payment options, Auto Pay status, wallet)
    refreshAfter(queryClient, 'payment');
  };
}

function PanelContent({ panel }: { panel: PayBillPanel }) {
  const onPaymentMade = usePaymentMade();
  if (panel === 'bd') return <BillDetailsPanel />;
  return (
    <Suspense fallback={<PanelSkeleton />}>
      {panel === 'otp' ? (
        <OneTimePaymentPanel onPaymentMade={onPaymentMade} />
      ) : panel === 'fdp' ? (
        <ScheduledPaymentsPanel onChanged={onPaymentMade} />
      ) : (
        <AutoPayPanel onChanged={onPaymentMade} />
      )}
    </Suspense>
  );
}

function Panel({ panel, initiallyOpen }: { panel: PayBillPanel; initiallyOpen: boolean }) {
  const intl = useIntl();
  const [open, setOpen] = useState(initiallyOpen);
  // A payment panel mounts (and loads) when first opened, then keeps its state while collapsed.
  const [opened, setOpened] = useState(initiallyOpen);
  const id = useId();
  return (
    <div className="border-b border-line last:border-b-0">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => {
            setOpen((current) => !current);
            setOpened(true);
          }}
          className="flex min-h-14 w-full cursor-pointer items-center gap-3 px-4 py-3 text-left text-lg font-semibold text-navy-900 hover:bg-surface-muted"
        >
          <span aria-hidden="true" className={`text-ink-muted transition-transform ${open ? 'rotate-90' : ''}`}>
            ▶
          </span>
          {intl.formatMessage({ id: PANEL_TITLES[panel] })}
        </button>
      </h2>
      <div id={id} hidden={!open} className="px-4 pb-6">
        {opened || panel === 'bd' ? <PanelContent panel={panel} /> : null}
      </div>
    </div>
  );
}

/**
 * `/billing/pay-bill`: the one-time payment (open=otp), Auto Pay (open=ap), scheduled payments
 * (open=fdp) and bill details (open=bd) panels. The panel named by `open` starts open.
 */
export function PayBillPage() {
  const intl = useIntl();
  const { open } = useSearch({ from: '/billing/pay-bill' });
  const summary = useBillingSummary();
  if (isBillingSuppressed(summary.error)) return <EnterpriseBillingLanding />;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 md:py-12">
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.payBill' })}</h1>
      <div className="mt-6 rounded-xl border border-line bg-surface">
        {PAY_BILL_PANELS.map((panel) => (
          // Keyed by `open`: following another `open=` link re-opens the panel it names.
          <Panel key={`${panel}-${open ?? ''}`} panel={panel} initiallyOpen={panel === open} />
        ))}
      </div>
    </div>
  );
}
