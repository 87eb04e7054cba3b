import { Link } from '@tanstack/react-router';
import { type ReactNode, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { CARD, PAGE, PAGE_TITLE, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { SkeletonLine } from '../../../components/ui/loading';
import type { AppPath } from '../../../lib/app-path';
import type { MessageId } from '../../../messages';
import { useBillingSummary } from '../api/get-billing-summary';
import { useBillingFormat } from '../hooks/use-billing-format';
import { isBillingSuppressed } from '../utils/billing-errors';
import { BillingInfoButtons } from './billing-info-buttons';
import { BillingSettingsCard, type PaperlessSlot } from './billing-settings-card';
import { BillingStatusCard } from './billing-status-card';
import { EnterpriseBillingLanding } from './enterprise-billing';

function LatestStatementCard() {
  const intl = useIntl();
  const format = useBillingFormat();
  const summary = useBillingSummary();
  const statement = summary.data?.latestStatement;
  if (!statement) {
    // While the summary loads, the card most accounts have keeps its place.
    return summary.isPending ? (
      <div className={CARD} aria-hidden="true">
        <p className="text-xl">
          <SkeletonLine className="w-40" />
        </p>
        <p className="mt-2">
          <SkeletonLine className="w-64" />
        </p>
        <p className="mt-3">
          <SkeletonLine className="w-28" />
        </p>
      </div>
    ) : null;
  }
  return (
    <section aria-labelledby="latest-statement-title" className={CARD}>
      <h2 id="latest-statement-title" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'billing.home.latestStatement' })}
      </h2>
      <p className="mt-2 text-ink">
        {intl.formatMessage(
          { id: 'billing.home.latestStatementSummary' },
          { date: format.date(statement.statementDate), amount: format.money(statement.totalDueCents) },
        )}
      </p>
      <Link
        to="/billing/view-statements/$statementId"
        params={{ statementId: statement.id }}
        className={`${TEXT_LINK} mt-3 inline-block`}
      >
        {intl.formatMessage({ id: 'billing.home.viewStatement' })}
      </Link>
    </section>
  );
}

/** Issue 7: an account with mobile lines has its mobile billing (balance, devices, transactions) one link away. */
function MobileBillingCard() {
  const intl = useIntl();
  const hasMobile = useBillingSummary().data?.hasMobile ?? false;
  if (!hasMobile) return null;
  return (
    <section aria-labelledby="mobile-billing-title" className={CARD} data-testid="mobile-billing-card">
      <h2 id="mobile-billing-title" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'billing.home.mobile' })}
      </h2>
      <p className="mt-2 text-ink">{intl.formatMessage({ id: 'billing.home.mobileBody' })}</p>
      <Link to="/billing/mobile" className={`${TEXT_LINK} mt-3 inline-block`}>
        {intl.formatMessage({ id: 'billing.home.mobileLink' })}
      </Link>
    </section>
  );
}

const HISTORY_LINKS: { to: AppPath; search?: Record<string, string>; labelId: MessageId; bodyId: MessageId }[] = [
  { to: '/billing/view-statements', labelId: 'pages.statements', bodyId: 'billing.home.statementsBody' },
  { to: '/billing/account-activity', labelId: 'pages.accountActivity', bodyId: 'billing.home.activityBody' },
  { to: '/billing/payment-history', labelId: 'pages.paymentHistory', bodyId: 'billing.home.paymentHistoryBody' },
  {
    to: '/billing/account-activity',
    search: { tab: 'charges' },
    labelId: 'billing.charges.title',
    bodyId: 'billing.home.chargesBody',
  },
];

type BillingHomeProps = {
  softDisconnectEnabled: boolean;
  /** Auto Pay's failed-draft banner, composed in by the page (app/routes/billing-home-page.tsx). */
  failedDraftBanner: ReactNode;
  paperlessSetting: PaperlessSlot;
};

/**
 * `/billing` (spec §2.4 billing home): the failed Auto Pay draft banner, status card, settings card, mobile billing
 * (accounts with mobile lines), latest statement, history, dialogs.
 */
export function BillingHome({ softDisconnectEnabled, failedDraftBanner, paperlessSetting }: BillingHomeProps) {
  const intl = useIntl();
  const summary = useBillingSummary();
  if (isBillingSuppressed(summary.error)) return <EnterpriseBillingLanding />;
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.billing' })}</h1>
      <Suspense fallback={null}>
        <div className="mt-6 empty:hidden">{failedDraftBanner}</div>
      </Suspense>
      {/*
        From 1090 px two columns: the bill, the latest statement, the history and the information on the left, the
        settings (and mobile billing) beside them, so no column stands empty (issue 16). Below it one column, in the
        order of the source: the bill, then the settings, then the rest.
      */}
      <div className="mt-6 grid items-start gap-6 side-menu:grid-cols-3">
        <div className="side-menu:col-span-2 side-menu:col-start-1">
          <BillingStatusCard softDisconnectEnabled={softDisconnectEnabled} />
        </div>
        <div className="grid content-start gap-6 side-menu:col-start-3 side-menu:row-span-4 side-menu:row-start-1">
          <BillingSettingsCard paperlessSetting={paperlessSetting} />
          <MobileBillingCard />
        </div>
        <div className="side-menu:col-span-2 side-menu:col-start-1">
          <LatestStatementCard />
        </div>

        <section
          aria-labelledby="billing-history-title"
          className={`${CARD} side-menu:col-span-2 side-menu:col-start-1`}
        >
          <h2 id="billing-history-title" className={SECTION_TITLE}>
            {intl.formatMessage({ id: 'billing.home.history' })}
          </h2>
          <ul className="mt-3 grid gap-4 narrow:grid-cols-2">
            {HISTORY_LINKS.map((link) => (
              <li key={link.labelId}>
                <Link to={link.to} search={link.search} className={TEXT_LINK}>
                  {intl.formatMessage({ id: link.labelId })}
                </Link>
                <p className="mt-1 text-sm text-ink-muted">{intl.formatMessage({ id: link.bodyId })}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="billing-info-title" className="side-menu:col-span-2 side-menu:col-start-1">
          <h2 id="billing-info-title" className={SECTION_TITLE}>
            {intl.formatMessage({ id: 'billing.home.information' })}
          </h2>
          <div className="mt-3">
            <BillingInfoButtons />
          </div>
        </section>
      </div>
    </div>
  );
}
