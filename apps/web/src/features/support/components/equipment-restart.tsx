import { AppError, type Equipment } from '@vireo/shared';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DeviceSummary, useDeviceName } from '../../../components/ui/device-summary';
import { NOTICE, SECONDARY_BUTTON, SUCCESS, WARNING } from '../../../components/ui/form-styles';
import { type EquipmentRestart, useRestartDevice } from '../api/troubleshooting-api';

/** How a restart ended: the device's answer, network operations not reaching it, or the request failing. */
export type RestartResult = EquipmentRestart | 'unreachable' | 'failed';

/**
 * Troubleshooting's equipment step (issue 21 item 5): each device with its status and, for the admin group, Restart,
 * confirmed first (the service through it stops for a few minutes); then what network operations say of it: back
 * online, still offline (the ticket is next), or not reached (try again). The result is announced where it shows.
 */
export function EquipmentRestartList({
  equipment,
  canRestart,
  deviceStatusAvailable,
  results,
  onResult,
}: {
  equipment: readonly Equipment[];
  canRestart: boolean;
  deviceStatusAvailable: boolean;
  results: ReadonlyMap<string, RestartResult>;
  onResult: (device: Equipment, result: RestartResult) => void;
}) {
  const intl = useIntl();
  const nameOf = useDeviceName();
  const restart = useRestartDevice();
  const [confirming, setConfirming] = useState<Equipment | null>(null);

  const confirm = () => {
    const device = confirming;
    if (!device || restart.isPending) return;
    restart.mutate(device.id, {
      onSuccess: (answer) => onResult(device, answer),
      onError: (error) =>
        onResult(device, AppError.is(error) && error.code === 'SERVICE_UNAVAILABLE' ? 'unreachable' : 'failed'),
      onSettled: () => setConfirming(null),
    });
  };

  if (equipment.length === 0) {
    return <p className="mt-2 text-ink-muted">{intl.formatMessage({ id: 'support.troubleshoot.equipment.none' })}</p>;
  }
  return (
    <>
      {deviceStatusAvailable ? null : (
        <p className={`${NOTICE} mt-3`}>{intl.formatMessage({ id: 'support.troubleshoot.equipment.statusUnknown' })}</p>
      )}
      {canRestart ? null : (
        <p className="mt-2 text-ink-muted">{intl.formatMessage({ id: 'support.troubleshoot.restart.adminsOnly' })}</p>
      )}
      <ul className="mt-3 divide-y divide-line rounded-xl border border-line">
        {equipment.map((listed) => {
          const result = results.get(listed.id);
          const device = typeof result === 'object' ? result.equipment : listed;
          const name = nameOf(device);
          const running = restart.isPending && restart.variables === device.id;
          return (
            <li key={device.id} className="flex flex-col gap-3 p-4 md:flex-row md:items-start md:justify-between">
              <div className="min-w-0">
                <DeviceSummary device={device} />
                <div role="status" className="mt-3 empty:hidden">
                  {running ? (
                    <p className={NOTICE}>
                      {intl.formatMessage({ id: 'support.troubleshoot.restart.running' }, { name })}
                    </p>
                  ) : result ? (
                    <RestartOutcome name={name} result={result} />
                  ) : null}
                </div>
              </div>
              {canRestart ? (
                <button
                  type="button"
                  className={SECONDARY_BUTTON}
                  aria-label={intl.formatMessage({ id: 'support.troubleshoot.restart.of' }, { name })}
                  aria-disabled={restart.isPending || undefined}
                  onClick={() => {
                    if (restart.isPending) return;
                    setConfirming(device);
                  }}
                >
                  {intl.formatMessage({ id: 'support.troubleshoot.restart' })}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        isOpen={confirming !== null}
        title={intl.formatMessage(
          { id: 'support.troubleshoot.confirm.title' },
          { name: confirming ? nameOf(confirming) : '' },
        )}
        confirmLabel={intl.formatMessage({ id: 'support.troubleshoot.confirm.yes' })}
        cancelLabel={intl.formatMessage({ id: 'support.troubleshoot.confirm.no' })}
        onConfirm={confirm}
        onCancel={() => setConfirming(null)}
        isPending={restart.isPending}
      >
        <p>{intl.formatMessage({ id: 'support.troubleshoot.confirm.body' })}</p>
      </ConfirmDialog>
    </>
  );
}

function RestartOutcome({ name, result }: { name: string; result: RestartResult }) {
  const intl = useIntl();
  if (typeof result === 'string') {
    const id =
      result === 'unreachable' ? 'support.troubleshoot.restart.unreachable' : 'support.troubleshoot.restart.failed';
    return <p className={WARNING}>{intl.formatMessage({ id }, { name })}</p>;
  }
  return result.outcome === 'online' ? (
    <p className={SUCCESS}>{intl.formatMessage({ id: 'support.troubleshoot.restart.online' }, { name })}</p>
  ) : (
    <p className={WARNING}>{intl.formatMessage({ id: 'support.troubleshoot.restart.offline' }, { name })}</p>
  );
}
