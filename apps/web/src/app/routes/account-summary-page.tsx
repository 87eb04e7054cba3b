import { useSearch } from '@tanstack/react-router';
import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import { LoadingPlaceholder, SkeletonLine } from '../../components/ui/loading';
import { accountInfoQueryOptions, useAccountInfo } from '../../features/account/api/get-account-info';
import { billingSummaryQueryOptions, useBillingSummary } from '../../features/billing/api/get-billing-summary';
import { BillingStatusCard, BillingStatusCardPending } from '../../features/billing/components/billing-status-card';
import { flagsQueryOptions } from '../../features/flags/get-flags';
import { useFlag } from '../../features/flags/use-flag';
import { sessionProfileQueryOptions, useSessionProfile } from '../../features/session/api/get-session-profile';
import type { MessageId } from '../../messages';
import type { AccessNotice } from '../guards';
import type { ScreenDataArgs } from '../screens';
import { BillingConfigProvider } from './billing-screen';

/**
 * For the route's loader (router.tsx): the account and, for users with billing access, the balance and the flags of its
 * card start with the page's chunk. Nothing is waited for: the heading and the greeting need none of it.
 */
function startAccountSummaryData({ queryClient }: ScreenDataArgs): undefined {
  void queryClient.prefetchQuery(accountInfoQueryOptions());
  const profile = queryClient.getQueryData(sessionProfileQueryOptions().queryKey);
  if (profile?.capabilities.includes('billing.view')) {
    void queryClient.prefetchQuery(billingSummaryQueryOptions());
    void queryClient.prefetchQuery(flagsQueryOptions());
  }
  return undefined;
}

const ACCESS_NOTICE_TEXT: Record<AccessNotice, { titleId?: MessageId; bodyId: MessageId }> = {
  // spec §6: billing needs a non-standard role; the same sentence as the billing screens' role refusal
  noBillingAccess: { titleId: 'accountSummary.noBillingAccess.title', bodyId: 'billing.errors.forbidden' },
  // spec §2.1 CPNI compliance guard (ADR 008)
  noVoiceAccess: { bodyId: 'accountSummary.noVoiceAccess' },
};

/** Why the user is here instead of the page they opened (guards.ts, `?notice=`; issue 14). */
function AccessNoticeBanner({ notice }: { notice: AccessNotice }) {
  const intl = useIntl();
  const { titleId, bodyId } = ACCESS_NOTICE_TEXT[notice];
  return (
    <div role="status" className="mt-6 rounded-lg border border-warning-700/40 bg-warning-50 p-4 text-ink">
      {titleId ? (
        <h2 className="mb-1 text-lg font-semibold text-navy-900">{intl.formatMessage({ id: titleId })}</h2>
      ) : null}
      <p>{intl.formatMessage({ id: bodyId })}</p>
    </div>
  );
}

function BillingStatusWithFlags() {
  const softDisconnect = useFlag('softDisconnect');
  return <BillingStatusCard softDisconnectEnabled={softDisconnect} showBillingLink />;
}

/**
 * `/account-summary` until its screen arrives: greets the user by first name (profile), shows the billing status
 * card to users with billing access (spec §2.4, the same card as the billing home), and the company and the account
 * number (account info). A user the guards sent here from a page their role does not include is told why.
 */
export function AccountSummaryPage() {
  const intl = useIntl();
  const profile = useSessionProfile();
  const account = useAccountInfo();
  const billing = profile?.capabilities.includes('billing.view') ?? false;
  // route-search.ts: a `notice` that is not one of ours is dropped
  const { notice } = useSearch({ from: '/account-summary' });
  // Ask for the balance with the page's other data, not only once the flags have let the card render.
  useBillingSummary({ enabled: billing });

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-navy-900">
        {intl.formatMessage({ id: 'pages.accountSummary' })}
      </h1>
      <p className="mt-2 min-h-7 text-lg text-ink">
        {profile
          ? intl.formatMessage({ id: 'accountSummary.greeting' }, { firstName: profile.memberDetails.firstName })
          : null}
      </p>
      {notice ? <AccessNoticeBanner notice={notice} /> : null}

      {billing ? (
        <div className="mt-8">
          <Suspense fallback={<BillingStatusCardPending showBillingLink />}>
            <BillingConfigProvider>
              <BillingStatusWithFlags />
            </BillingConfigProvider>
          </Suspense>
        </div>
      ) : null}

      <section aria-labelledby="account-details-title" className="mt-8 rounded-xl border border-line bg-surface p-6">
        <h2 id="account-details-title" className="text-xl font-semibold text-navy-900">
          {intl.formatMessage({ id: 'accountSummary.details.title' })}
        </h2>
        <div className="mt-4 min-h-28">
          {account.data ? (
            <dl className="grid gap-4 narrow:grid-cols-2">
              <div>
                <dt className="text-sm font-medium text-ink-muted">
                  {intl.formatMessage({ id: 'accountSummary.details.company' })}
                </dt>
                <dd className="mt-1 text-lg font-semibold text-ink">{account.data.companyName}</dd>
              </div>
              <div>
                <dt className="text-sm font-medium text-ink-muted">
                  {intl.formatMessage({ id: 'accountSummary.details.accountNumber' })}
                </dt>
                <dd className="mt-1 text-lg font-semibold text-ink tabular-nums">{account.data.accountId}</dd>
              </div>
            </dl>
          ) : account.isError ? (
            <div>
              <p role="alert" className="text-ink">
                {intl.formatMessage({ id: 'accountSummary.details.error' })}
              </p>
              <button
                type="button"
                onClick={() => void account.refetch()}
                className="mt-3 inline-flex min-h-11 cursor-pointer items-center rounded-md border border-line-strong px-5 font-semibold"
              >
                {intl.formatMessage({ id: 'ui.retry' })}
              </button>
            </div>
          ) : (
            <LoadingPlaceholder>
              <div className="grid gap-4">
                {[0, 1].map((item) => (
                  <div key={item}>
                    <p className="text-sm">
                      <SkeletonLine className="w-28" />
                    </p>
                    <p className="mt-1 text-lg">
                      <SkeletonLine className="w-48" />
                    </p>
                  </div>
                ))}
              </div>
            </LoadingPlaceholder>
          )}
        </div>
      </section>

      <p className="mt-8 max-w-3xl leading-relaxed text-ink-muted">{intl.formatMessage({ id: 'placeholder.body' })}</p>
    </div>
  );
}
AccountSummaryPage.startData = startAccountSummaryData;
