import { Link } from '@tanstack/react-router';
import type { BillingSummaryResponse } from '@vireo/shared';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD, PRIMARY_BUTTON, SECONDARY_BUTTON, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { LoadingPlaceholder, SkeletonLine } from '../../../components/ui/loading';
import type { MessageId } from '../../../messages';
import { useBillingSummary } from '../api/get-billing-summary';
import { useSoftDisconnectDate } from '../api/get-delinquency-schedule';
import { type BillingFormat, useBillingFormat } from '../hooks/use-billing-format';
import { errorBodyId, isBillingSuppressed, isRetryable } from '../utils/billing-errors';
import {
  delinquencyMessage,
  pastDueAction,
  shouldRequestSoftDisconnectDate,
  uncoveredPastDueCents,
} from '../utils/delinquency';
import { EnterpriseBillingNotice } from './enterprise-billing';

type BillingStatusCardProps = {
  /** The `softDisconnect` flag, read by the page that shows the card. */
  softDisconnectEnabled: boolean;
  /** On the account summary the card links to the billing home. */
  showBillingLink?: boolean;
};

const FIGURE_LABEL = 'text-sm font-medium text-ink-muted';

function PastDue({
  summary,
  softDisconnectEnabled,
  format,
}: {
  summary: BillingSummaryResponse;
  softDisconnectEnabled: boolean;
  format: BillingFormat;
}) {
  const intl = useIntl();
  const message = delinquencyMessage(summary);
  const asksForDate = shouldRequestSoftDisconnectDate(summary, softDisconnectEnabled);
  const schedule = useSoftDisconnectDate(asksForDate);
  const uncovered = uncoveredPastDueCents(summary);
  // spec §7.1: only when the rule asked for it; a failure or a bad date leaves null (the amount shows alone).
  const softDisconnectDate = asksForDate ? (schedule.data ?? null) : null;
  if (!message) return null;
  const action = pastDueAction(summary.delinquencyCode, softDisconnectDate);
  const severe = summary.delinquencyCode !== null;
  return (
    <div
      data-testid="past-due"
      className={`mt-5 rounded-lg border p-4 ${severe ? 'border-danger-700/40 bg-danger-50' : 'border-warning-700/40 bg-warning-50'}`}
    >
      <h3 className={`font-semibold ${severe ? 'text-danger-700' : 'text-warning-700'}`}>
        {intl.formatMessage({ id: message.titleId })}
      </h3>
      <dl className="mt-2">
        <dt className={FIGURE_LABEL}>{intl.formatMessage({ id: 'billing.status.pastDue' })}</dt>
        <dd className="text-2xl font-bold text-ink tabular-nums">{format.money(summary.pastDueCents)}</dd>
      </dl>
      <p className="mt-2 leading-relaxed text-ink">{intl.formatMessage({ id: message.bodyId })}</p>
      {uncovered > 0 && schedule.isFetching && !schedule.data ? (
        // Reserve the line while the date loads: no layout shift when it arrives.
        <p className="mt-2 min-h-6" aria-hidden="true" />
      ) : uncovered > 0 ? (
        <p className="mt-2 min-h-6 font-semibold text-ink" data-testid="past-due-action">
          {intl.formatMessage(
            { id: action.id },
            {
              amount: format.money(uncovered),
              date: softDisconnectDate && action.withDate ? format.date(softDisconnectDate) : '',
            },
          )}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Issue 14: the scheduled payments, where the amount due is shown ("$239.47 scheduled for Dec 1"), with the way to
 * see, change or cancel them.
 */
function ScheduledPayments({
  scheduled,
  format,
}: {
  scheduled: BillingSummaryResponse['scheduledPayments'];
  format: BillingFormat;
}) {
  const intl = useIntl();
  if (scheduled.count === 0 || !scheduled.nextDate) return null;
  const values = {
    count: scheduled.count,
    amount: format.money(scheduled.nextAmountCents),
    total: format.money(scheduled.totalCents),
    date: format.date(scheduled.nextDate),
  };
  return (
    <dd className="mt-2 text-ink" data-testid="scheduled-payments">
      <span className="font-semibold">
        {intl.formatMessage(
          { id: scheduled.count === 1 ? 'billing.status.scheduledOne' : 'billing.status.scheduledMany' },
          values,
        )}
      </span>{' '}
      <Link to="/billing/pay-bill" search={{ open: 'fdp' }} className={TEXT_LINK}>
        {intl.formatMessage({ id: 'billing.status.scheduledView' })}
      </Link>
    </dd>
  );
}

function StatusDetails({
  summary,
  softDisconnectEnabled,
  showBillingLink,
}: {
  summary: BillingSummaryResponse;
  softDisconnectEnabled: boolean;
  showBillingLink: boolean;
}) {
  const intl = useIntl();
  const format = useBillingFormat();
  const credit = summary.amountDueCents < 0;
  const statement = summary.latestStatement;
  return (
    <>
      <dl className="mt-4 grid gap-5 narrow:grid-cols-2">
        <div>
          <dt className={FIGURE_LABEL}>
            {intl.formatMessage({ id: credit ? 'billing.status.creditBalance' : 'billing.status.amountDue' })}
          </dt>
          <dd className="mt-1 text-4xl font-bold tracking-tight text-navy-900 tabular-nums" data-testid="amount-due">
            {format.money(Math.abs(summary.amountDueCents))}
          </dd>
          {statement && summary.amountDueCents > 0 ? (
            <dd className="mt-1 text-ink" data-testid="due-date">
              {intl.formatMessage({ id: 'billing.status.dueOn' }, { date: format.date(statement.dueDate) })}
            </dd>
          ) : null}
          {summary.daysPastDue > 0 && summary.pastDueCents > 0 ? (
            // spec §2.4 status card "past-due status": the headline says how late, not only the code's message.
            <dd className="mt-1 font-semibold text-danger-700" data-testid="days-past-due">
              {intl.formatMessage({ id: 'billing.status.daysPastDue' }, { days: summary.daysPastDue })}
            </dd>
          ) : null}
          {summary.amountDueCents === 0 ? (
            <dd className="mt-1 text-ink">{intl.formatMessage({ id: 'billing.status.nothingDue' })}</dd>
          ) : null}
          <ScheduledPayments scheduled={summary.scheduledPayments} format={format} />
        </div>
        {summary.pendingPaymentCents > 0 ? (
          <div>
            <dt className={FIGURE_LABEL}>{intl.formatMessage({ id: 'billing.status.pendingPayments' })}</dt>
            <dd className="mt-1 text-2xl font-semibold text-ink tabular-nums" data-testid="pending-payments">
              {format.money(summary.pendingPaymentCents)}
            </dd>
            <dd className="mt-1 text-sm text-ink-muted">
              {intl.formatMessage({ id: 'billing.status.pendingPaymentsNote' })}
            </dd>
          </div>
        ) : null}
      </dl>

      <PastDue summary={summary} softDisconnectEnabled={softDisconnectEnabled} format={format} />

      <dl className="mt-5 grid gap-3 border-t border-line pt-4 narrow:grid-cols-2">
        <div>
          <dt className={FIGURE_LABEL}>{intl.formatMessage({ id: 'billing.status.autoPay' })}</dt>
          <dd className="mt-1 text-ink" data-testid="auto-pay-status">
            {summary.autoPay.enrolled
              ? [
                  intl.formatMessage({ id: 'billing.status.on' }),
                  summary.autoPay.methodLabel === null ? null : format.method(summary.autoPay.methodLabel),
                  summary.autoPay.debitDay === null
                    ? null
                    : intl.formatMessage({ id: 'billing.status.debitDay' }, { day: summary.autoPay.debitDay }),
                ]
                  .filter(Boolean)
                  .join(' · ')
              : intl.formatMessage({ id: 'billing.status.off' })}
          </dd>
        </div>
        <div>
          <dt className={FIGURE_LABEL}>{intl.formatMessage({ id: 'billing.status.paperless' })}</dt>
          <dd className="mt-1 text-ink" data-testid="paperless-status">
            {intl.formatMessage({ id: summary.paperless ? 'billing.status.on' : 'billing.status.off' })}
          </dd>
        </div>
      </dl>

      <div className="mt-5 flex flex-wrap gap-3">
        {summary.amountDueCents > 0 ? (
          <Link to="/billing/pay-bill" search={{ open: 'otp' }} className={PRIMARY_BUTTON}>
            {intl.formatMessage({ id: 'billing.status.payBill' })}
          </Link>
        ) : null}
        {statement ? (
          <Link to="/billing/pay-bill" search={{ open: 'bd' }} className={SECONDARY_BUTTON}>
            {intl.formatMessage({ id: 'billing.status.billDetails' })}
          </Link>
        ) : null}
        {showBillingLink ? (
          <Link to="/billing" className={SECONDARY_BUTTON}>
            {intl.formatMessage({ id: 'billing.status.goToBilling' })}
          </Link>
        ) : null}
      </div>
    </>
  );
}

/**
 * The card while its summary loads: the boxes of the usual card (amount due with its due date, Auto Pay, paperless and
 * the buttons, as StatusDetails lays them out), so that the card keeps its size when the summary arrives.
 */
function StatusPlaceholder({ showBillingLink }: { showBillingLink: boolean }) {
  const intl = useIntl();
  const buttons: MessageId[] = ['billing.status.payBill', 'billing.status.billDetails'];
  if (showBillingLink) buttons.push('billing.status.goToBilling');
  const setting = (
    <div>
      <p className={FIGURE_LABEL}>
        <SkeletonLine className="w-20" />
      </p>
      <p className="mt-1">
        <SkeletonLine className="w-12" />
      </p>
    </div>
  );
  return (
    <LoadingPlaceholder>
      <div className="mt-4">
        <p className={FIGURE_LABEL}>
          <SkeletonLine className="w-24" />
        </p>
        <p className="mt-1 text-4xl">
          <SkeletonLine className="w-40" />
        </p>
        <p className="mt-1">
          <SkeletonLine />
        </p>
      </div>
      <div className="mt-5 grid gap-3 border-t border-line pt-4 narrow:grid-cols-2">
        {setting}
        {setting}
      </div>
      {/* The buttons' own labels, unseen, so that they wrap as the buttons will. */}
      <div className="mt-5 flex flex-wrap gap-3">
        {buttons.map((id, index) => (
          <span
            key={id}
            className={`inline-flex min-h-11 items-center rounded-md bg-line font-semibold text-transparent ${index ? 'px-4' : 'px-5'}`}
          >
            {intl.formatMessage({ id })}
          </span>
        ))}
      </div>
    </LoadingPlaceholder>
  );
}

function StatusCardFrame({ testId, children }: { testId?: string; children: ReactNode }) {
  const intl = useIntl();
  return (
    <section aria-labelledby="billing-status-title" className={CARD} data-testid={testId}>
      <h2 id="billing-status-title" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'billing.status.title' })}
      </h2>
      {children}
    </section>
  );
}

/** The card before the page can show it (while the flags it depends on load), as the card looks while it loads. */
export function BillingStatusCardPending({ showBillingLink = false }: { showBillingLink?: boolean }) {
  return (
    <StatusCardFrame>
      <StatusPlaceholder showBillingLink={showBillingLink} />
    </StatusCardFrame>
  );
}

/**
 * spec §2.4 billing home status card, also on the account summary: amount due and due date, the scheduled payments
 * (issue 14), past due with the delinquency message of spec §4, pending payments, the soft-disconnect date (spec §7.1), Auto Pay and paperless.
 */
export function BillingStatusCard({ softDisconnectEnabled, showBillingLink = false }: BillingStatusCardProps) {
  const summary = useBillingSummary();
  if (isBillingSuppressed(summary.error)) return <EnterpriseBillingNotice />;
  return (
    <StatusCardFrame testId="billing-status-card">
      {summary.data ? (
        <StatusDetails
          summary={summary.data}
          softDisconnectEnabled={softDisconnectEnabled}
          showBillingLink={showBillingLink}
        />
      ) : summary.isError ? (
        <ErrorNotice
          className="mt-4"
          headingLevel={3}
          titleId="billing.errors.summary.title"
          bodyId={errorBodyId(summary.error, 'billing.errors.summary.body')}
          onRetry={isRetryable(summary.error) ? () => void summary.refetch() : undefined}
          isRetrying={summary.isFetching}
        />
      ) : (
        <StatusPlaceholder showBillingLink={showBillingLink} />
      )}
    </StatusCardFrame>
  );
}
