import { Link } from '@tanstack/react-router';
import type { MobileDevice } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { CARD, SECONDARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { PanelSkeleton } from '../../../components/ui/loading';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { formatPhoneNumber } from '../../../lib/formatters';
import { useMobileDevices } from '../api/get-mobile-devices';
import { isRetryable, mobileErrorBodyId } from '../utils/mobile-errors';

function DeviceItem({ device }: { device: MobileDevice }) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const headingId = `device-${device.id}`;
  const paidOff = device.payoffCents <= 0;
  const figures: [string, string][] = [
    [intl.formatMessage({ id: 'mobile.devices.monthly' }), format.money(device.monthlyInstalmentCents)],
    [intl.formatMessage({ id: 'mobile.devices.remaining' }), format.money(device.remainingCents)],
    [intl.formatMessage({ id: 'mobile.devices.paymentsLeft' }), intl.formatNumber(device.paymentsLeft)],
    [intl.formatMessage({ id: 'mobile.devices.payoff' }), format.money(device.payoffCents)],
  ];
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-lg border border-line p-4" data-testid="mobile-device">
        <h3 id={headingId} className="text-lg font-semibold text-navy-900">
          {device.model}
        </h3>
        <p className="mt-1 text-sm text-ink-muted">
          {intl.formatMessage(
            { id: 'mobile.devices.line' },
            { label: device.lineLabel, number: formatPhoneNumber(device.phoneNumber) },
          )}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 narrow:grid-cols-4">
          {figures.map(([term, value]) => (
            <div key={term}>
              <dt className="text-sm font-medium text-ink-muted">{term}</dt>
              <dd className="font-semibold text-ink tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
        {paidOff ? (
          <p className="mt-3 font-semibold text-ink">{intl.formatMessage({ id: 'mobile.devices.paidOff' })}</p>
        ) : (
          <div className="mt-4 flex flex-wrap gap-3">
            {/* Named with the model (every device has these two links); the name starts with the visible text. */}
            <Link
              to="/billing/mobile/pay"
              search={{ device: device.id, kind: 'payoff' }}
              aria-label={intl.formatMessage({ id: 'mobile.devices.payOffNamed' }, { model: device.model })}
              className={SECONDARY_BUTTON}
            >
              {intl.formatMessage({ id: 'mobile.devices.payOff' })}
            </Link>
            <Link
              to="/billing/mobile/pay"
              search={{ device: device.id, kind: 'extra' }}
              aria-label={intl.formatMessage({ id: 'mobile.devices.extraNamed' }, { model: device.model })}
              className={SECONDARY_BUTTON}
            >
              {intl.formatMessage({ id: 'mobile.devices.extra' })}
            </Link>
          </div>
        )}
      </article>
    </li>
  );
}

/**
 * spec §2.4 devices card: each device bought on instalments, with what is left and the ways to pay it. Its own query,
 * so that its failure ("Device Payments Unavailable", spec §8) stays inside the card.
 */
export function MobileDevicesCard() {
  const intl = useIntl();
  const devices = useMobileDevices();
  return (
    <section aria-labelledby="mobile-devices-title" className={CARD} data-testid="mobile-devices-card">
      <h2 id="mobile-devices-title" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'mobile.devices.title' })}
      </h2>
      <div className="mt-3">
        {devices.data ? (
          devices.data.devices.length === 0 ? (
            <p className="text-ink">{intl.formatMessage({ id: 'mobile.devices.empty' })}</p>
          ) : (
            <ul className="grid gap-4">
              {devices.data.devices.map((device) => (
                <DeviceItem key={device.id} device={device} />
              ))}
            </ul>
          )
        ) : devices.isError ? (
          <ErrorNotice
            headingLevel={3}
            titleId="mobile.errors.devices.title"
            bodyId={mobileErrorBodyId(devices.error, 'mobile.errors.devices.body')}
            onRetry={isRetryable(devices.error) ? () => void devices.refetch() : undefined}
            isRetrying={devices.isFetching}
          />
        ) : (
          <PanelSkeleton lines={1} />
        )}
      </div>
    </section>
  );
}
