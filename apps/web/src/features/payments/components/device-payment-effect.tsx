import { devicePaymentEffect, type MobileDevice } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';

const CELL = 'border-b border-line px-3 py-2';

/**
 * Issue 7: before a device payment, what it does to the plan and to the next bill (the shared rule
 * `devicePaymentEffect`): the remaining balance, the next instalment and the payments left, before and after.
 */
export function DevicePaymentEffect({ device, amountCents }: { device: MobileDevice; amountCents: number }) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const effect = devicePaymentEffect(device, amountCents);
  const rows: [string, string, string][] = [
    [
      intl.formatMessage({ id: 'payments.mobile.effect.remaining' }),
      format.money(effect.remainingBeforeCents),
      format.money(effect.remainingAfterCents),
    ],
    [
      intl.formatMessage({ id: 'payments.mobile.effect.nextInstalment' }),
      format.money(effect.nextInstalmentBeforeCents),
      format.money(effect.nextInstalmentAfterCents),
    ],
    [
      intl.formatMessage({ id: 'payments.mobile.effect.paymentsLeft' }),
      intl.formatNumber(effect.paymentsLeftBefore),
      intl.formatNumber(effect.paymentsLeftAfter),
    ],
  ];
  return (
    <table className="w-full max-w-xl border-collapse text-left" data-testid="device-payment-effect">
      <caption className="pb-2 text-left font-semibold text-navy-900">
        {intl.formatMessage({ id: 'payments.mobile.effect.caption' }, { model: device.model })}
      </caption>
      <thead>
        <tr>
          <th scope="col" className={`${CELL} text-sm text-ink-muted`}>
            {intl.formatMessage({ id: 'payments.mobile.effect.item' })}
          </th>
          <th scope="col" className={`${CELL} text-right text-sm text-ink-muted`}>
            {intl.formatMessage({ id: 'payments.mobile.effect.before' })}
          </th>
          <th scope="col" className={`${CELL} text-right text-sm text-ink-muted`}>
            {intl.formatMessage({ id: 'payments.mobile.effect.after' })}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, before, after]) => (
          <tr key={label}>
            <th scope="row" className={`${CELL} font-semibold text-ink`}>
              {label}
            </th>
            <td className={`${CELL} text-right text-ink tabular-nums`}>{before}</td>
            <td className={`${CELL} text-right font-semibold text-ink tabular-nums`}>{after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
