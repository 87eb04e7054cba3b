import { AppError, CANCEL_NOTE_MAX_LENGTH, CANCEL_REASONS, type CancelReason, validateFreeText } from '@vireo/shared';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { RadioGroup } from '../../../components/form/radio-group';
import { useForm } from '../../../components/form/use-form';
import { FormAlerts, FormErrorSummary } from '../../../components/ui/form-alerts';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import type { Appointment } from '../api/appointments-api';
import { useVisitChange } from '../api/visit-access';
import { REASON_WORDS } from './visit-words';

type Values = { reason: CancelReason | ''; note: string };

/**
 * Cancels a visit (wider-portal.md §7: any type of visit, with a reason): the reason, a note if the business wants
 * to add one (never a card number: the shared rule, as the server's), then one button; "Keep the visit" closes.
 */
export function CancelPanel({
  visit,
  onDone,
  onClose,
}: {
  visit: Appointment;
  onDone: () => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const change = useVisitChange();
  const [failed, setFailed] = useState(false);
  const form = useForm<Values>({
    initial: { reason: '', note: '' },
    rules: {
      reason: (value) => (value === '' ? { ok: false, message: 'appointments.cancel.reason.required' } : null),
      note: (value) => (value.trim() === '' ? null : validateFreeText(value)),
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailed(false);
    form.submit((values) => {
      if (change.isPending || values.reason === '') return;
      const note = values.note.trim();
      change.mutate(
        { id: visit.id, change: { kind: 'cancel', request: { reason: values.reason, ...(note ? { note } : {}) } } },
        {
          onSuccess: onDone,
          onError: (error) => {
            const note = AppError.is(error) && error.fields?.find((field) => field.path === 'body.note');
            if (note) form.showErrors({ note: { message: 'text.cardNumberRefused' } });
            else setFailed(true);
          },
        },
      );
    });
  };

  return (
    <form
      noValidate
      aria-label={intl.formatMessage({ id: 'appointments.cancel.title' })}
      className="mt-4 border-t border-line pt-4"
      onSubmit={onSubmit}
    >
      <FormAlerts>
        <FormErrorSummary show={form.hasErrors} />
        {failed ? (
          <p role="alert" className="font-semibold text-danger-700">
            {intl.formatMessage({ id: 'appointments.failed' })}
          </p>
        ) : null}
      </FormAlerts>
      <div className="mt-3 grid gap-4">
        <RadioGroup
          legend={intl.formatMessage({ id: 'appointments.cancel.reason' })}
          options={CANCEL_REASONS.map((reason) => ({
            value: reason,
            label: intl.formatMessage({ id: REASON_WORDS[reason] }),
          }))}
          {...form.field('reason')}
        />
        <TextField
          {...form.field('note')}
          label={intl.formatMessage({ id: 'appointments.cancel.note' })}
          hint={intl.formatMessage({ id: 'appointments.cancel.noteHint' }, { max: CANCEL_NOTE_MAX_LENGTH })}
          maxLength={CANCEL_NOTE_MAX_LENGTH}
          autoComplete="off"
        />
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" className={PRIMARY_BUTTON} aria-disabled={change.isPending || undefined}>
          {intl.formatMessage({ id: 'appointments.cancel.submit' })}
        </button>
        <button type="button" className={SECONDARY_BUTTON} onClick={onClose}>
          {intl.formatMessage({ id: 'appointments.cancel.keep' })}
        </button>
      </div>
    </form>
  );
}
