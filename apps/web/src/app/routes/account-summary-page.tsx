import { Link, useSearch } from '@tanstack/react-router';
import type { Capability } from '@vireo/shared';
import { Building2, LifeBuoy } from 'lucide-react';
import { Suspense, useState } from 'react';
import { useIntl } from 'react-intl';
import { CARD, PAGE, PAGE_TITLE, SECONDARY_BUTTON, SECTION_TITLE } from '../../components/ui/form-styles';
import { LoadingPlaceholder, SkeletonLine } from '../../components/ui/loading';
import { accountInfoQueryOptions, useAccountInfo } from '../../features/account/api/get-account-info';
import { accountServicesQueryOptions } from '../../features/account/api/get-account-services';
import { billingSummaryQueryOptions, useBillingSummary } from '../../features/billing/api/get-billing-summary';
import { BillingStatusCard, BillingStatusCardPending } from '../../features/billing/components/billing-status-card';
import { flagsQueryOptions } from '../../features/flags/get-flags';
import { useFlag } from '../../features/flags/use-flag';
import { type Alert, alertsQueryOptions, useAlerts } from '../../features/outages/api/alerts-api';
import { AccountAlerts } from '../../features/outages/components/account-alerts';
import { sessionProfileQueryOptions, useSessionProfile } from '../../features/session/api/get-session-profile';
import { localeOf } from '../../lib/dates';
import { getCurrentLocale } from '../../lib/locale';
import { CustomerServiceNumbers } from '../layouts/customer-service';
import type { ScreenDataArgs } from '../screens';
import { AccessNoticeBanner } from './account-summary/access-notice';
import { AreaCards } from './account-summary/area-cards';
import { BillingConfigProvider } from './billing-screen';

/**
 * For the route's loader (router.tsx): the account, its services (the voice card), its alerts and, for users with billing access,
 * the balance and the flags of its card start with the page's chunk. Nothing is waited for: the heading and the
 * greeting need none of it.
 */
function startAccountSummaryData({ queryClient }: ScreenDataArgs): undefined {
  void queryClient.prefetchQuery(accountInfoQueryOptions());
  void queryClient.prefetchQuery(accountServicesQueryOptions());
  // issue 20 item 6: asked with the page's chunk, so the alerts are there when the page first renders
  void queryClient.prefetchQuery(alertsQueryOptions(getCurrentLocale()));
  const profile = queryClient.getQueryData(sessionProfileQueryOptions().queryKey);
  if (profile?.capabilities.includes('billing.view')) {
    void queryClient.prefetchQuery(billingSummaryQueryOptions());
    void queryClient.prefetchQuery(flagsQueryOptions());
  }
  return undefined;
}

function BillingStatusWithFlags() {
  const softDisconnect = useFlag('softDisconnect');
  return <BillingStatusCard softDisconnectEnabled={softDisconnect} showBillingLink />;
}

const TERM = 'text-sm font-medium text-ink-muted';
const VALUE = 'mt-1 font-semibold text-ink';

/** The company, the account number and the service address (account info), with its placeholder and its retry. */
function AccountDetailsCard() {
  const intl = useIntl();
  const account = useAccountInfo();
  const address = account.data?.serviceAddress;
  return (
    <section aria-labelledby="account-details-title" className={CARD}>
      <h2 id="account-details-title" className={`flex items-center gap-2 ${SECTION_TITLE}`}>
        <Building2 aria-hidden="true" className="size-5 text-brand-700" />
        {intl.formatMessage({ id: 'accountSummary.details.title' })}
      </h2>
      <div className="mt-4 min-h-48">
        {account.data && address ? (
          <dl className="grid gap-4">
            <div>
              <dt className={TERM}>{intl.formatMessage({ id: 'accountSummary.details.company' })}</dt>
              <dd className={VALUE}>{account.data.companyName}</dd>
            </div>
            <div>
              <dt className={TERM}>{intl.formatMessage({ id: 'accountSummary.details.accountNumber' })}</dt>
              <dd className={`${VALUE} tabular-nums`}>{account.data.accountId}</dd>
            </div>
            <div>
              <dt className={TERM}>{intl.formatMessage({ id: 'accountSummary.details.serviceAddress' })}</dt>
              <dd className={VALUE}>
                {address.addressLine1}
                <br />
                {`${address.city}, ${address.state} ${address.zip}`}
              </dd>
            </div>
          </dl>
        ) : account.isError ? (
          <div>
            <p role="alert" className="text-ink">
              {intl.formatMessage({ id: 'accountSummary.details.error' })}
            </p>
            <button type="button" onClick={() => void account.refetch()} className={`mt-3 ${SECONDARY_BUTTON}`}>
              {intl.formatMessage({ id: 'ui.retry' })}
            </button>
          </div>
        ) : (
          <LoadingPlaceholder>
            <div className="grid gap-4">
              {['w-44', 'w-32', 'w-52'].map((width) => (
                <div key={width}>
                  <p className="text-sm">
                    <SkeletonLine className="w-28" />
                  </p>
                  <p className="mt-1">
                    <SkeletonLine className={width} />
                  </p>
                </div>
              ))}
            </div>
          </LoadingPlaceholder>
        )}
      </div>
    </section>
  );
}

/** Where to get help: the customer-service numbers and the support pages. */
function HelpCard() {
  const intl = useIntl();
  return (
    <section aria-labelledby="account-help-title" className={CARD}>
      <h2 id="account-help-title" className={`flex items-center gap-2 ${SECTION_TITLE}`}>
        <LifeBuoy aria-hidden="true" className="size-5 text-brand-700" />
        {intl.formatMessage({ id: 'accountSummary.help.title' })}
      </h2>
      <CustomerServiceNumbers className="mt-4" />
      <Link to="/support" className={`mt-4 ${SECONDARY_BUTTON}`}>
        {intl.formatMessage({ id: 'accountSummary.help.support' })}
      </Link>
    </section>
  );
}

/**
 * `/account-summary`, the hub of the account (issue 16 item 5): the greeting; why the user was sent here, if they
 * were; the alerts of the account's address (issue 20: outages and planned maintenance; the banner is not shown here,
 * spec §2.4); the bill (the billing home's status card: balance, due date, scheduled payments, Auto Pay and paperless) for
 * users with billing access; the account's details and where to get help; then one card per area of the portal.
 */
export function AccountSummaryPage() {
  const intl = useIntl();
  const profile = useSessionProfile();
  const capabilities = profile?.capabilities ?? [];
  const billing = capabilities.includes('billing.view');
  // route-search.ts: a `notice` that is not one of ours is dropped
  const { notice } = useSearch({ from: '/account-summary' });
  // Ask for the balance with the page's other data, not only once the flags have let the card render.
  useBillingSummary({ enabled: billing });
  // The alerts come first on the page (issue 20 item 6): what is under them waits for their first answer, so that an
  // alert does not push the cards down once they are drawn (CLS, quality-bars.md); a first failure does not hold the
  // page while the query tries again.
  // Once drawn, the page stays: a later read of the alerts (every 5 minutes, after a failure with nothing to show)
  // does not take it away.
  const alerts = useAlerts(localeOf(intl));
  const [alertsAnswered, setAlertsAnswered] = useState(false);
  if (!alertsAnswered && (!alerts.isPending || alerts.failureCount > 0)) setAlertsAnswered(true);

  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.accountSummary' })}</h1>
      <p className="mt-2 min-h-7 text-lg text-ink">
        {profile
          ? intl.formatMessage({ id: 'accountSummary.greeting' }, { firstName: profile.memberDetails.firstName })
          : null}
      </p>
      {notice ? <AccessNoticeBanner notice={notice} /> : null}
      {alertsAnswered ? (
        <AccountSummaryBody alerts={alerts.data} billing={billing} capabilities={capabilities} />
      ) : null}
    </div>
  );
}
AccountSummaryPage.startData = startAccountSummaryData;

/** Everything under the greeting: the alerts, the bill, the account's details and help, the areas' cards. */
function AccountSummaryBody({
  alerts,
  billing,
  capabilities,
}: {
  alerts: readonly Alert[] | undefined;
  billing: boolean;
  capabilities: readonly Capability[];
}) {
  return (
    <>
      <AccountAlerts alerts={alerts} />

      <div
        className={`mt-8 grid items-start gap-6 ${billing ? 'xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]' : 'md:grid-cols-2'}`}
      >
        {billing ? (
          <Suspense fallback={<BillingStatusCardPending showBillingLink />}>
            <BillingConfigProvider>
              <BillingStatusWithFlags />
            </BillingConfigProvider>
          </Suspense>
        ) : null}
        <div
          className={`grid content-start gap-6 ${billing ? 'md:grid-cols-2 xl:grid-cols-1' : 'md:col-span-2 md:grid-cols-2'}`}
        >
          <AccountDetailsCard />
          <HelpCard />
        </div>
      </div>

      <AreaCards capabilities={capabilities} />
    </>
  );
}
