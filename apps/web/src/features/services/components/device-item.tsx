import { AppError, EQUIPMENT_NICKNAME_MAX_LENGTH, validateNickname } from '@vireo/shared';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { DEVICE_TYPE_MESSAGES, DeviceSummary } from '../../../components/ui/device-summary';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import type { MessageId } from '../../../messages';
import { type Equipment, useSetNickname } from '../api/services-api';

/** The field codes the rule and the server give, in words. */
const NICKNAME_ERRORS: Record<string, MessageId> = {
  'services.nickname.required': 'services.nickname.required',
  'services.nickname.tooLong': 'services.nickname.tooLong',
  'services.nickname.invalid': 'services.nickname.invalid',
  'services.nickname.notAllowed': 'services.nickname.notAllowed',
  'text.cardNumberRefused': 'services.nickname.invalid',
};

function serverError(error: unknown): MessageId {
  if (AppError.is(error) && error.code === 'VALIDATION_FAILED') {
    const code = error.fields?.find((field) => field.path === 'body.nickname')?.code;
    return (code && NICKNAME_ERRORS[code]) || 'services.nickname.invalid';
  }
  return 'services.nickname.failed';
}

/**
 * One device (wider-portal.md §5): its nickname or type, model, masked identifier and whether it is online; Rename
 * (where spec §5 and the reader's role allow) opens a field in place; an empty name removes the nickname.
 */
export function DeviceItem({ device, onRenamed }: { device: Equipment; onRenamed: (message: string) => void }) {
  const intl = useIntl();
  const [editing, setEditing] = useState<string | null>(null);
  const [clientError, setClientError] = useState<MessageId | null>(null);
  const save = useSetNickname();
  const typeName = intl.formatMessage({ id: DEVICE_TYPE_MESSAGES[device.deviceType] });
  const name = device.nickname ?? typeName;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (editing === null || save.isPending) return;
    if (editing.trim() !== '') {
      const rule = validateNickname(editing);
      if (!rule.ok) {
        setClientError(rule.message as MessageId);
        return;
      }
    }
    setClientError(null);
    save.mutate(
      { id: device.id, nickname: editing },
      {
        onSuccess: (saved) => {
          setEditing(null);
          onRenamed(
            saved.nickname
              ? intl.formatMessage({ id: 'services.nickname.saved' }, { name: saved.nickname })
              : intl.formatMessage({ id: 'services.nickname.removed' }, { type: typeName }),
          );
        },
      },
    );
  };

  const error = clientError ?? (save.isError ? serverError(save.error) : null);

  return (
    <li className="flex flex-col gap-3 p-4 md:flex-row md:items-start md:justify-between">
      <DeviceSummary device={device} />
      {device.canNickname ? (
        editing === null ? (
          <button
            type="button"
            className={SECONDARY_BUTTON}
            aria-label={intl.formatMessage({ id: 'services.nickname.renameOf' }, { name })}
            onClick={() => {
              save.reset();
              setClientError(null);
              setEditing(device.nickname ?? '');
            }}
          >
            {intl.formatMessage({ id: 'services.nickname.rename' })}
          </button>
        ) : (
          <form onSubmit={submit} className="flex flex-wrap items-end gap-3" noValidate>
            <TextField
              label={intl.formatMessage({ id: 'services.nickname.label' }, { type: typeName })}
              hint={intl.formatMessage({ id: 'services.nickname.hint' }, { max: EQUIPMENT_NICKNAME_MAX_LENGTH })}
              value={editing}
              maxLength={EQUIPMENT_NICKNAME_MAX_LENGTH + 10}
              onChange={setEditing}
              error={error ? intl.formatMessage({ id: error }, { max: EQUIPMENT_NICKNAME_MAX_LENGTH }) : null}
              autoFocus
            />
            <button type="submit" className={PRIMARY_BUTTON} aria-disabled={save.isPending || undefined}>
              {intl.formatMessage({ id: 'services.nickname.save' })}
            </button>
            <button type="button" className={SECONDARY_BUTTON} onClick={() => setEditing(null)}>
              {intl.formatMessage({ id: 'services.nickname.cancel' })}
            </button>
          </form>
        )
      ) : null}
    </li>
  );
}
