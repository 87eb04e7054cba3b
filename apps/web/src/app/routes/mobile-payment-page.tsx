import { useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { CARD, PAGE, PAGE_TITLE, SECTION_TITLE } from '../../components/ui/form-styles';
import { PanelSkeleton } from '../../components/ui/loading';
import { refreshAfter } from '../../entities/query-keys';
import { useMobileBilling } from '../../features/mobile/api/get-mobile-billing';
import { BackLink } from '../../features/mobile/components/back-link';

// Only a business without mobile lines needs the offer: out of the page's first load (quality-bars.md budgets), as on
// the mobile home.
const NoMobileService = lazy(() =>
  import('../../features/mobile/components/no-mobile-service').then((module) => ({ default: module.NoMobileService })),
);

// The payment steps belong to the payments feature (method step, review, result, the card vault): a chunk of its own.
const MobilePaymentPanel = lazy(() =>
  import('../../features/payments/components/mobile-payment-panel').then((module) => ({
    default: module.MobilePaymentPanel,
  })),
);

/** `?device=<id>&kind=payoff|extra` (the devices card's links); a device without a kind means its payoff. */
function presetOf(search: { device?: string; kind?: 'payoff' | 'extra' }) {
  if (!search.device) return null;
  return { deviceId: search.device, kind: search.kind ?? ('payoff' as const) };
}

/**
 * `/billing/mobile/pay` (spec §2.4 "Mobile: payment", issue 7): the mobile payment in 3 steps, optionally starting on
 * a device. A payment refreshes the mobile billing home's balance, devices and transactions.
 */
export function MobilePaymentPage() {
  const intl = useIntl();
  const search = useSearch({ from: '/billing/mobile/pay' });
  const preset = presetOf(search);
  const queryClient = useQueryClient();
  // the mobile balance, devices, transactions and orders, the payment options, the account's balance
  const onPaymentMade = () => refreshAfter(queryClient, 'mobilePayment');
  // issue 14: a business without mobile lines has nothing to pay here; it gets the offer, not a failure
  const billing = useMobileBilling();
  return (
    <div className={PAGE}>
      <BackLink to="/billing/mobile" labelId="pages.mobileBilling" />
      <h1 className={`${PAGE_TITLE} mt-4`}>{intl.formatMessage({ id: 'pages.mobilePayment' })}</h1>
      {billing.data?.hasMobileService === false ? (
        <Suspense fallback={<PanelSkeleton className="mt-6" />}>
          <NoMobileService />
        </Suspense>
      ) : (
        <section aria-labelledby="mobile-payment-title" className={`${CARD} mt-6`}>
          <h2 id="mobile-payment-title" className={`${SECTION_TITLE} mb-4`}>
            {intl.formatMessage({ id: 'mobile.pay.title' })}
          </h2>
          <Suspense fallback={<PanelSkeleton />}>
            {/* Keyed by the preset: following another device's link starts over on that device. */}
            <MobilePaymentPanel
              key={preset ? `${preset.kind}:${preset.deviceId}` : 'balance'}
              preset={preset}
              onPaymentMade={onPaymentMade}
            />
          </Suspense>
        </section>
      )}
    </div>
  );
}
