import { useSearch } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../messages';
import { useBillingSummary } from '../api/get-billing-summary';
import { isBillingSuppressed } from '../utils/billing-errors';
import { BillDetailsPanel } from './bill-details-panel';
import { EnterpriseBillingLanding } from './enterprise-billing';
import { PAGE_TITLE } from './styles';

/** spec §2.2: `open=otp|ap|fdp|bd` opens the one-time payment, Auto Pay, future-dated payment or bill details panel. */
export const PAY_BILL_PANELS = ['otp', 'ap', 'fdp', 'bd'] as const;
export type PayBillPanel = (typeof PAY_BILL_PANELS)[number];

const PANEL_TITLES: Record<PayBillPanel, MessageId> = {
  otp: 'billing.payBill.oneTimePayment',
  ap: 'billing.settings.autoPay',
  fdp: 'billing.payBill.scheduledPayments',
  bd: 'billing.payBill.billDetails',
};

function Panel({ panel, initiallyOpen }: { panel: PayBillPanel; initiallyOpen: boolean }) {
  const intl = useIntl();
  const [open, setOpen] = useState(initiallyOpen);
  const id = useId();
  return (
    <div className="border-b border-line last:border-b-0">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen((current) => !current)}
          className="flex min-h-14 w-full cursor-pointer items-center gap-3 px-4 py-3 text-left text-lg font-semibold text-navy-900 hover:bg-surface-muted"
        >
          <span aria-hidden="true" className={`text-ink-muted transition-transform ${open ? 'rotate-90' : ''}`}>
            ▶
          </span>
          {intl.formatMessage({ id: PANEL_TITLES[panel] })}
        </button>
      </h2>
      <div id={id} hidden={!open} className="px-4 pb-6">
        {/* TODO(issue 5): payments, Auto Pay and scheduled payments. */}
        {panel === 'bd' ? (
          <BillDetailsPanel />
        ) : (
          <p className="text-ink-muted">{intl.formatMessage({ id: 'placeholder.body' })}</p>
        )}
      </div>
    </div>
  );
}

/**
 * `/billing/pay-bill`: for now the bill details panel (open=bd) and the places of the payment panels of issue 5.
 * The panel named by `open` starts open.
 */
export function PayBillPage() {
  const intl = useIntl();
  const search = useSearch({ strict: false }) as { open?: unknown };
  const summary = useBillingSummary();
  const open = PAY_BILL_PANELS.find((panel) => panel === search.open);
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
