import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD, PAGE, PAGE_TITLE, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { PanelSkeleton } from '../../../components/ui/loading';
import type { AppPath } from '../../../lib/app-path';
import type { MessageId } from '../../../messages';
import { useMobileBilling } from '../api/get-mobile-billing';
import { isRetryable, mobileErrorBodyId } from '../utils/mobile-errors';
import { BackLink } from './back-link';
import { MobileAutoPayCard } from './mobile-autopay-card';
import { MobileBalanceCard } from './mobile-balance-card';
import { MobileDevicesCard } from './mobile-devices-card';
import { MobileLinesCard } from './mobile-lines-card';
import { MobileOrdersCard } from './mobile-orders-card';

// Only a business without mobile lines needs the offer: out of the home's first load (quality-bars.md budgets).
const NoMobileService = lazy(() =>
  import('./no-mobile-service').then((module) => ({ default: module.NoMobileService })),
);

const MORE_LINKS: { to: AppPath; labelId: MessageId; bodyId: MessageId }[] = [
  { to: '/billing/mobile/transactions', labelId: 'mobile.links.transactions', bodyId: 'mobile.links.transactionsBody' },
  { to: '/billing/streaming', labelId: 'mobile.links.streaming', bodyId: 'mobile.links.streamingBody' },
];

/**
 * `/billing/mobile` (spec §2.4 mobile billing, issue 7): the mobile balance and its delinquency state (spec §4), the
 * lines, the devices card, mobile Auto Pay, the next bill's estimate, the orders, and the ways to pay and look back.
 * The devices and the orders load on their own, so either can fail while the rest of the page works. A business
 * without mobile lines sees the offer of the service, not an error (issue 14).
 */
export function MobileBillingPage({ quickPay }: { quickPay: ReactNode }) {
  const intl = useIntl();
  const billing = useMobileBilling();
  return (
    <div className={PAGE}>
      <BackLink to="/billing" labelId="pages.billing" />
      <h1 className={`${PAGE_TITLE} mt-4`}>{intl.formatMessage({ id: 'pages.mobileBilling' })}</h1>
      {billing.data && !billing.data.hasMobileService ? (
        <Suspense fallback={<PanelSkeleton className="mt-6" />}>
          <NoMobileService />
        </Suspense>
      ) : billing.data ? (
        <div className="mt-6 grid gap-6 side-menu:grid-cols-3">
          <div className="grid content-start gap-6 side-menu:col-span-2">
            <MobileBalanceCard billing={billing.data} quickPay={quickPay} />
            <MobileLinesCard lines={billing.data.lines} />
            <MobileDevicesCard />
            <MobileOrdersCard />
          </div>
          <div className="grid content-start gap-6">
            <MobileAutoPayCard autoPay={billing.data.autoPay} />
            <section aria-labelledby="mobile-more-title" className={CARD}>
              <h2 id="mobile-more-title" className={SECTION_TITLE}>
                {intl.formatMessage({ id: 'mobile.links.title' })}
              </h2>
              <ul className="mt-3 grid gap-4">
                {MORE_LINKS.map((link) => (
                  <li key={link.labelId}>
                    <Link to={link.to} className={TEXT_LINK}>
                      {intl.formatMessage({ id: link.labelId })}
                    </Link>
                    <p className="mt-1 text-sm text-ink-muted">{intl.formatMessage({ id: link.bodyId })}</p>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </div>
      ) : billing.isError ? (
        <ErrorNotice
          className="mt-6"
          titleId="mobile.errors.billing.title"
          bodyId={mobileErrorBodyId(billing.error, 'mobile.errors.billing.body')}
          onRetry={isRetryable(billing.error) ? () => void billing.refetch() : undefined}
          isRetrying={billing.isFetching}
        />
      ) : (
        <PanelSkeleton className="mt-6" />
      )}
    </div>
  );
}
