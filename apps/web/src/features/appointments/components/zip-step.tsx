import { AppError, ServiceZipSchema } from '@vireo/shared';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { useForm } from '../../../components/form/use-form';
import { FormAlerts, FormErrorSummary } from '../../../components/ui/form-alerts';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';

/**
 * Tracking without sign-in (wider-portal.md §7): before a change, whoever holds the link says the service address's
 * ZIP. A wrong one is said on the field; too many tries, that the page must wait.
 */
export function ZipStep({
  verify,
  onPassed,
  onClose,
}: {
  verify: (zip: string) => Promise<void>;
  onPassed: () => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<'limited' | 'failed' | null>(null);
  const form = useForm<{ zip: string }>({
    initial: { zip: '' },
    rules: {
      zip: (value) =>
        ServiceZipSchema.safeParse(value.trim()).success ? null : { ok: false, message: 'appointments.zip.invalid' },
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    form.submit(async (values) => {
      if (pending) return;
      setPending(true);
      try {
        await verify(values.zip.trim());
        onPassed();
      } catch (error) {
        if (AppError.is(error) && error.fields?.some((field) => field.code === 'appointments.zip.mismatch')) {
          form.showErrors({ zip: { message: 'appointments.zip.mismatch' } });
        } else {
          setFailure(AppError.is(error) && error.code === 'RATE_LIMITED' ? 'limited' : 'failed');
        }
      } finally {
        setPending(false);
      }
    });
  };

  return (
    <form
      noValidate
      aria-label={intl.formatMessage({ id: 'appointments.zip.title' })}
      className="mt-4 border-t border-line pt-4"
      onSubmit={onSubmit}
    >
      <FormAlerts>
        <FormErrorSummary show={form.hasErrors} />
        {failure ? (
          <p role="alert" className="font-semibold text-danger-700">
            {intl.formatMessage({ id: failure === 'limited' ? 'appointments.zip.limited' : 'appointments.failed' })}
          </p>
        ) : null}
      </FormAlerts>
      <p className="mt-2 text-ink">{intl.formatMessage({ id: 'appointments.zip.why' })}</p>
      <TextField
        {...form.field('zip')}
        className="mt-3 max-w-xs"
        label={intl.formatMessage({ id: 'appointments.zip.label' })}
        hint={intl.formatMessage({ id: 'appointments.zip.hint' })}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
      />
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" className={PRIMARY_BUTTON} aria-disabled={pending || undefined}>
          {intl.formatMessage({ id: 'appointments.zip.submit' })}
        </button>
        <button type="button" className={SECONDARY_BUTTON} onClick={onClose}>
          {intl.formatMessage({ id: 'appointments.reschedule.cancel' })}
        </button>
      </div>
    </form>
  );
}
