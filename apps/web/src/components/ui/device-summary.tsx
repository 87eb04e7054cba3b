import type { DeviceType, Equipment } from '@vireo/shared';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../messages';
import { BADGE } from './form-styles';

/** A device type's name (wider-portal.md §5). */
export const DEVICE_TYPE_MESSAGES: Record<DeviceType, MessageId> = {
  modem: 'services.device.modem',
  router: 'services.device.router',
  voice_adapter: 'services.device.voiceAdapter',
  dvr: 'services.device.dvr',
  digital_receiver: 'services.device.digitalReceiver',
  transport_adapter: 'services.device.transportAdapter',
  cable_card: 'services.device.cableCard',
  tv_device: 'services.device.tvDevice',
};

const STATUS: Record<Equipment['status'], { id: MessageId; className: string }> = {
  online: { id: 'services.device.online', className: 'border-brand-700/40 bg-brand-50 text-brand-800' },
  offline: { id: 'services.device.offline', className: 'border-danger-700/40 bg-danger-50 text-danger-700' },
  unknown: { id: 'services.device.unknown', className: 'border-line-strong bg-surface-muted text-ink' },
};

/** How a device is called: its nickname, else its type's name. */
export function useDeviceName() {
  const intl = useIntl();
  return (device: Pick<Equipment, 'nickname' | 'deviceType'>) =>
    device.nickname ?? intl.formatMessage({ id: DEVICE_TYPE_MESSAGES[device.deviceType] });
}

/**
 * One device as the services page and troubleshooting show it: its nickname or type, model, masked identifier and
 * whether network operations see it online.
 */
export function DeviceSummary({ device }: { device: Equipment }) {
  const intl = useIntl();
  const typeName = intl.formatMessage({ id: DEVICE_TYPE_MESSAGES[device.deviceType] });
  const status = STATUS[device.status];
  return (
    <div className="min-w-0">
      <p className="font-semibold text-ink">{device.nickname ?? typeName}</p>
      <p className="text-sm text-ink-muted">
        {device.nickname ? `${typeName} · ` : ''}
        {device.model} · {intl.formatMessage({ id: 'services.device.identifier' }, { last: device.identifier })}
      </p>
      <p className="mt-2">
        <span className={`${BADGE} ${status.className}`}>{intl.formatMessage({ id: status.id })}</span>
      </p>
    </div>
  );
}
