import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Subscription } from '@vireo/shared';
import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { isOutcomeUnknown } from '../../../components/ui/api-errors';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyOffer } from '../../../components/ui/empty-offer';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { BADGE, CARD, PAGE, PAGE_TITLE, SECONDARY_BUTTON, TEXT_LINK } from '../../../components/ui/form-styles';
import { PanelSkeleton } from '../../../components/ui/loading';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import { useIdempotentChange } from '../../../components/ui/use-idempotent-change';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { useCancelSubscription } from '../api/cancel-subscription';
import { type Subscriptions, useSubscriptions } from '../api/find-subscriptions';
import { mobileKeys } from '../api/mobile-keys';
import { isRetryable, mobileErrorBodyId } from '../utils/mobile-errors';
import { SHOP_PATH } from '../utils/shop';
import { BackLink } from './back-link';

const TERM = 'text-sm font-medium text-ink-muted';

/** Its charges on past statements, newest first (spec §2.4 "streaming transactions"). */
function Charges({ subscription }: { subscription: Subscription }) {
  const intl = useIntl();
  const format = usePaymentFormat();
  if (subscription.charges.length === 0) {
    return <p className="text-ink">{intl.formatMessage({ id: 'streaming.charges.empty' })}</p>;
  }
  const columns = [
    { label: intl.formatMessage({ id: 'streaming.charges.date' }) },
    { label: intl.formatMessage({ id: 'streaming.charges.amount' }), align: 'end' as const },
    { label: intl.formatMessage({ id: 'streaming.charges.statement' }) },
  ];
  const label = (index: number) => columns[index]?.label ?? '';
  return (
    <ResponsiveTable
      caption={intl.formatMessage({ id: 'streaming.charges.caption' }, { plan: subscription.planName })}
      columns={columns}
    >
      {subscription.charges.map((charge) => (
        <ResponsiveRow key={charge.statementId}>
          <ResponsiveCell label={label(0)}>{format.date(charge.statementDate)}</ResponsiveCell>
          <ResponsiveCell label={label(1)} align="end">
            {format.money(charge.amountCents)}
          </ResponsiveCell>
          <ResponsiveCell label={label(2)}>
            <Link
              to="/billing/view-statements/$statementId"
              params={{ statementId: charge.statementId }}
              aria-label={intl.formatMessage(
                { id: 'streaming.charges.viewNamed' },
                { date: format.date(charge.statementDate) },
              )}
              className={TEXT_LINK}
            >
              {intl.formatMessage({ id: 'streaming.charges.view' })}
            </Link>
          </ResponsiveCell>
        </ResponsiveRow>
      ))}
    </ResponsiveTable>
  );
}

function SubscriptionItem({
  subscription,
  announce,
}: {
  subscription: Subscription;
  announce: (text: string) => void;
}) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cancel = useIdempotentChange(useCancelSubscription(), (error) =>
    isOutcomeUnknown(error) ? 'streaming.errors.cancel.unknownOutcome' : 'streaming.errors.cancel.body',
  );
  const headingId = `subscription-${subscription.id}`;
  const active = subscription.status === 'active';
  const price = format.money(subscription.priceCents);

  const confirm = () =>
    cancel.send({ subscriptionId: subscription.id }, (updated) => {
      queryClient.setQueryData<Subscriptions>(mobileKeys.subscriptions(), (current) =>
        current
          ? { subscriptions: current.subscriptions.map((item) => (item.id === updated.id ? updated : item)) }
          : current,
      );
      void queryClient.invalidateQueries({ queryKey: mobileKeys.subscriptions() });
      announce(intl.formatMessage({ id: 'streaming.cancel.done' }, { plan: subscription.planName }));
      // The Cancel button is gone: the dialog's focus restoring (in a frame) has nowhere to go, the heading takes it.
      requestAnimationFrame(() => requestAnimationFrame(() => headingRef.current?.focus()));
    });

  const facts: [string, string][] = [
    [intl.formatMessage({ id: 'streaming.provider' }), subscription.provider],
    [intl.formatMessage({ id: 'streaming.price' }), intl.formatMessage({ id: 'streaming.perMonth' }, { price })],
    [intl.formatMessage({ id: 'streaming.startedOn' }), format.date(subscription.startedOn)],
  ];
  if (active && subscription.nextChargeOn) {
    facts.push([intl.formatMessage({ id: 'streaming.nextCharge' }), format.date(subscription.nextChargeOn)]);
  }
  if (!active && subscription.cancelledOn) {
    facts.push([intl.formatMessage({ id: 'streaming.cancelledOn' }), format.date(subscription.cancelledOn)]);
  }

  return (
    <li>
      <article aria-labelledby={headingId} className={CARD} data-testid="subscription">
        <div className="flex flex-wrap items-center gap-3">
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={-1}
            className="text-xl font-semibold text-navy-900 outline-none"
          >
            {subscription.planName}
          </h2>
          <span
            className={`${BADGE} ${active ? 'border-brand-700/40 bg-brand-50 text-brand-900' : 'border-line-strong bg-surface-muted text-ink'}`}
            data-testid="subscription-status"
          >
            {intl.formatMessage({ id: active ? 'streaming.status.active' : 'streaming.status.cancelled' })}
          </span>
        </div>
        <dl className="mt-3 grid gap-x-6 gap-y-2 narrow:grid-cols-2">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt className={TERM}>{term}</dt>
              <dd className="text-ink">{value}</dd>
            </div>
          ))}
        </dl>
        {active ? null : <p className="mt-3 text-ink">{intl.formatMessage({ id: 'streaming.cancelledNote' })}</p>}
        {cancel.failure ? (
          <ErrorNotice
            className="mt-4"
            headingLevel={3}
            titleId="streaming.errors.cancel.title"
            bodyId={cancel.failure}
          />
        ) : null}
        {active ? (
          <button
            type="button"
            className={`${SECONDARY_BUTTON} mt-4`}
            aria-describedby={headingId}
            onClick={cancel.ask}
          >
            {intl.formatMessage({ id: 'streaming.cancel.button' })}
          </button>
        ) : null}
        <div className="mt-5">
          <Charges subscription={subscription} />
        </div>
        <ConfirmDialog
          isOpen={cancel.confirming}
          title={intl.formatMessage({ id: 'streaming.cancel.title' }, { plan: subscription.planName })}
          confirmLabel={intl.formatMessage({ id: 'streaming.cancel.confirm' })}
          cancelLabel={intl.formatMessage({ id: 'streaming.cancel.keep' })}
          isPending={cancel.pending}
          onConfirm={confirm}
          onCancel={cancel.dismiss}
        >
          <p>{intl.formatMessage({ id: 'streaming.cancel.body' }, { plan: subscription.planName, price })}</p>
          <p>{intl.formatMessage({ id: 'streaming.cancel.pastCharges' })}</p>
          {cancel.pending ? <p role="status">{intl.formatMessage({ id: 'streaming.cancel.pending' })}</p> : null}
        </ConfirmDialog>
      </article>
    </li>
  );
}

/**
 * `/billing/streaming` (spec §2.4 "streaming subscriptions link and streaming transactions", issue 7): each
 * subscription billed through the account with its charges, and cancelling one (it is not charged again). Without
 * one, an offer rather than a bare sentence (issue 14).
 */
export function StreamingPage() {
  const intl = useIntl();
  const subscriptions = useSubscriptions();
  const [announcement, setAnnouncement] = useState('');
  return (
    <div className={PAGE}>
      <BackLink to="/billing" labelId="pages.billing" />
      <h1 className={`${PAGE_TITLE} mt-4`}>{intl.formatMessage({ id: 'pages.streaming' })}</h1>
      <p className="mt-2 text-ink">{intl.formatMessage({ id: 'streaming.intro' })}</p>
      <p role="status" className="mt-4 font-semibold text-ink empty:hidden">
        {announcement}
      </p>
      {subscriptions.data ? (
        subscriptions.data.subscriptions.length === 0 ? (
          <EmptyOffer
            className="mt-6"
            titleId="streaming.empty"
            actionId="streaming.none.action"
            to={SHOP_PATH}
            testId="no-streaming"
          />
        ) : (
          <ul className="mt-6 grid gap-6">
            {subscriptions.data.subscriptions.map((subscription) => (
              <SubscriptionItem key={subscription.id} subscription={subscription} announce={setAnnouncement} />
            ))}
          </ul>
        )
      ) : subscriptions.isError ? (
        <ErrorNotice
          className="mt-6"
          titleId="streaming.errors.load.title"
          bodyId={mobileErrorBodyId(subscriptions.error, 'streaming.errors.load.body')}
          onRetry={isRetryable(subscriptions.error) ? () => void subscriptions.refetch() : undefined}
          isRetrying={subscriptions.isFetching}
        />
      ) : (
        <PanelSkeleton className="mt-6" />
      )}
    </div>
  );
}
