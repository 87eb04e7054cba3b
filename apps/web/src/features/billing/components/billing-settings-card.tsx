import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type ReactNode, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { CARD, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { SkeletonLine } from '../../../components/ui/loading';
import { billingKeys } from '../api/billing-keys';
import { useBillingSummary } from '../api/get-billing-summary';
import { useBillingFormat } from '../hooks/use-billing-format';

/** The paperless action, which the page composes in (app/routes/billing-home-page.tsx): it belongs to Auto Pay. */
export type PaperlessSlot = (props: { enrolled: boolean; onChanged: () => void }) => ReactNode;

/**
 * spec §2.4 settings card: Auto Pay (its status, a link to its panel), paperless billing, Payment Methods, and the
 * streaming subscriptions link (issue 7).
 */
export function BillingSettingsCard({ paperlessSetting }: { paperlessSetting: PaperlessSlot }) {
  const intl = useIntl();
  const format = useBillingFormat();
  const queryClient = useQueryClient();
  const query = useBillingSummary();
  const summary = query.data;
  // While the summary loads, its lines keep their places (no layout shift when it arrives).
  const statusPending = query.isPending ? (
    <p className="mt-1 text-sm" aria-hidden="true">
      <SkeletonLine />
    </p>
  ) : null;
  // The paperless button's box (PaperlessSetting: its button, and the space before its status line).
  const paperlessPending = <div className="mt-2 mb-2 h-11 w-56 max-w-full rounded-md bg-line" aria-hidden="true" />;
  const on = intl.formatMessage({ id: 'billing.status.on' });
  const off = intl.formatMessage({ id: 'billing.status.off' });
  const autoPayStatus = summary
    ? summary.autoPay.enrolled
      ? [
          on,
          summary.autoPay.methodLabel === null ? null : format.method(summary.autoPay.methodLabel),
          summary.autoPay.debitDay === null
            ? null
            : intl.formatMessage({ id: 'billing.status.debitDay' }, { day: summary.autoPay.debitDay }),
        ]
          .filter(Boolean)
          .join(' · ')
      : off
    : null;
  return (
    <section aria-labelledby="billing-settings-title" className={CARD}>
      <h2 id="billing-settings-title" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'billing.settings.title' })}
      </h2>
      <ul className="mt-3 divide-y divide-line">
        <li className="py-3">
          <Link to="/billing/pay-bill" search={{ open: 'ap' }} className={TEXT_LINK}>
            {intl.formatMessage({ id: 'billing.settings.autoPay' })}
          </Link>
          <p className="mt-1 text-sm text-ink-muted">{intl.formatMessage({ id: 'billing.settings.autoPayBody' })}</p>
          {autoPayStatus ? (
            <p className="mt-1 text-sm text-ink" data-testid="settings-auto-pay-status">
              {intl.formatMessage({ id: 'billing.settings.status' }, { status: autoPayStatus })}
            </p>
          ) : (
            statusPending
          )}
        </li>
        <li className="py-3">
          <p className="font-semibold text-ink">{intl.formatMessage({ id: 'billing.settings.paperless' })}</p>
          <p className="mt-1 text-sm text-ink-muted">{intl.formatMessage({ id: 'billing.settings.paperlessBody' })}</p>
          {summary ? (
            <>
              <p className="mt-1 text-sm text-ink" data-testid="settings-paperless-status">
                {intl.formatMessage({ id: 'billing.settings.status' }, { status: summary.paperless ? on : off })}
              </p>
              <Suspense fallback={paperlessPending}>
                {paperlessSetting({
                  enrolled: summary.paperless,
                  onChanged: () => void queryClient.invalidateQueries({ queryKey: billingKeys.all }),
                })}
              </Suspense>
            </>
          ) : statusPending ? (
            <>
              {statusPending}
              {paperlessPending}
            </>
          ) : null}
        </li>
        <li className="py-3">
          <Link to="/billing/bill-pay-options" className={TEXT_LINK}>
            {intl.formatMessage({ id: 'billing.settings.paymentMethods' })}
          </Link>
          <p className="mt-1 text-sm text-ink-muted">
            {intl.formatMessage({ id: 'billing.settings.paymentMethodsBody' })}
          </p>
        </li>
        <li className="py-3">
          <Link to="/billing/pay-links" className={TEXT_LINK}>
            {intl.formatMessage({ id: 'billing.settings.payLinks' })}
          </Link>
          <p className="mt-1 text-sm text-ink-muted">{intl.formatMessage({ id: 'billing.settings.payLinksBody' })}</p>
        </li>
        <li className="py-3">
          <Link to="/billing/streaming" className={TEXT_LINK}>
            {intl.formatMessage({ id: 'billing.settings.streaming' })}
          </Link>
          <p className="mt-1 text-sm text-ink-muted">{intl.formatMessage({ id: 'billing.settings.streamingBody' })}</p>
        </li>
      </ul>
    </section>
  );
}
