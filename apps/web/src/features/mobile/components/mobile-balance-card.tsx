import { Link } from '@tanstack/react-router';
import type { MobileServiceBilling } from '@vireo/shared';
import { type ReactNode, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { CARD, PRIMARY_BUTTON, SECTION_TITLE, SUCCESS } from '../../../components/ui/form-styles';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { formatInstant } from '../../../lib/dates';
import { DELINQUENCY_MESSAGES } from '../utils/mobile-state';

const FIGURE_LABEL = 'text-sm font-medium text-ink-muted';

/** spec §4 mobile delinquency: the state's message, the past-due amount and, after a payment, when service is back. */
function Delinquency({ billing }: { billing: MobileServiceBilling }) {
  const intl = useIntl();
  const format = usePaymentFormat();
  if (billing.state === 'active') return null;
  const message = DELINQUENCY_MESSAGES[billing.state];
  const severe = billing.state !== 'past_due';
  return (
    <div
      data-testid="mobile-delinquency"
      className={`mt-5 rounded-lg border p-4 ${severe ? 'border-danger-700/40 bg-danger-50' : 'border-warning-700/40 bg-warning-50'}`}
    >
      <h3 className={`font-semibold ${severe ? 'text-danger-700' : 'text-warning-700'}`}>
        {intl.formatMessage({ id: message.titleId })}
      </h3>
      {billing.pastDueCents > 0 ? (
        <dl className="mt-2">
          <dt className={FIGURE_LABEL}>{intl.formatMessage({ id: 'mobile.balance.pastDue' })}</dt>
          <dd className="text-2xl font-bold text-ink tabular-nums" data-testid="mobile-past-due">
            {format.money(billing.pastDueCents)}
          </dd>
        </dl>
      ) : null}
      <p className="mt-2 leading-relaxed text-ink">
        {intl.formatMessage({ id: message.bodyId }, { days: billing.daysPastDue })}
      </p>
      {billing.nonPayInterruption ? (
        <p className="mt-2 font-semibold text-ink">{intl.formatMessage({ id: 'mobile.state.nonPayInterruption' })}</p>
      ) : null}
    </div>
  );
}

/**
 * The mobile balance, its due date, the delinquency state, the next bill's estimate, Make a payment and quick pay (the
 * payments feature's, composed in by the page: app/routes/mobile-billing-page.tsx).
 */
export function MobileBalanceCard({ billing, quickPay }: { billing: MobileServiceBilling; quickPay: ReactNode }) {
  const intl = useIntl();
  const format = usePaymentFormat();
  return (
    <section aria-labelledby="mobile-balance-title" className={CARD}>
      <h2 id="mobile-balance-title" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'mobile.balance.title' })}
      </h2>
      <dl className="mt-4 grid gap-5 narrow:grid-cols-2">
        <div>
          <dt className={FIGURE_LABEL}>{intl.formatMessage({ id: 'mobile.balance.amount' })}</dt>
          <dd
            className="mt-1 text-4xl font-bold tracking-tight text-navy-900 tabular-nums"
            data-testid="mobile-balance"
          >
            {format.money(billing.balanceCents)}
          </dd>
          {billing.balanceCents > 0 && billing.dueDate ? (
            <dd className="mt-1 text-ink" data-testid="mobile-due-date">
              {intl.formatMessage({ id: 'billing.status.dueOn' }, { date: format.date(billing.dueDate) })}
            </dd>
          ) : null}
          {billing.balanceCents <= 0 ? (
            <dd className="mt-1 text-ink">{intl.formatMessage({ id: 'billing.status.nothingDue' })}</dd>
          ) : null}
        </div>
        <div>
          <dt className={FIGURE_LABEL}>{intl.formatMessage({ id: 'mobile.balance.nextBill' })}</dt>
          <dd className="mt-1 text-2xl font-semibold text-ink tabular-nums" data-testid="mobile-next-bill">
            {format.money(billing.nextBillEstimateCents)}
          </dd>
          <dd className="mt-1 text-sm text-ink-muted">{intl.formatMessage({ id: 'mobile.balance.nextBillNote' })}</dd>
        </div>
      </dl>

      <Delinquency billing={billing} />

      {billing.restoreBy ? (
        <p role="status" className={`${SUCCESS} mt-5`} data-testid="mobile-restore-by">
          {intl.formatMessage(
            { id: 'mobile.state.restoreBy' },
            {
              time: formatInstant(intl, new Date(billing.restoreBy), 'dayMonthTime'),
            },
          )}
        </p>
      ) : null}

      <div className="mt-5 flex flex-wrap gap-3">
        <Link to="/billing/mobile/pay" className={PRIMARY_BUTTON}>
          {intl.formatMessage({ id: 'mobile.balance.makePayment' })}
        </Link>
      </div>
      <Suspense fallback={null}>
        <div className="mt-5 empty:hidden">{quickPay}</div>
      </Suspense>
    </section>
  );
}
