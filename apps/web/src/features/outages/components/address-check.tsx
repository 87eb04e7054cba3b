import { type AddressCheckResponse, AppError, ServiceZipSchema, validateFreeText } from '@vireo/shared';
import type { FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useForm } from '../../../components/form/use-form';
import { FormAlerts, FormErrorSummary } from '../../../components/ui/form-alerts';
import { CARD, PRIMARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import { useAddressCheck } from '../api/outages-api';

type Values = { addressLine1: string; zip: string };

/**
 * "Is my address affected?" (issue 20 item 5): the street and ZIP of a service address, looked up among the premises
 * network operations serves; the answer names the events that cover it (the list marks them), says none does, or
 * that the network does not serve that address. `onResult` gives the page the references to mark.
 */
export function AddressCheck({ onResult }: { onResult: (result: AddressCheckResponse | null) => void }) {
  const intl = useIntl();
  const check = useAddressCheck();
  const form = useForm<Values>({
    initial: { addressLine1: '', zip: '' },
    rules: {
      addressLine1: (value) =>
        value.trim() === '' ? { ok: false, message: 'outages.check.street.required' } : validateFreeText(value),
      zip: (value) =>
        ServiceZipSchema.safeParse(value.trim()).success ? null : { ok: false, message: 'outages.check.zip.invalid' },
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit((values) => {
      if (check.isPending) return;
      check.mutate(
        { addressLine1: values.addressLine1.trim(), zip: values.zip.trim() },
        { onSuccess: onResult, onError: () => onResult(null) },
      );
    });
  };

  const result = check.data;
  const limited = AppError.is(check.error) && check.error.code === 'RATE_LIMITED';
  return (
    <section aria-labelledby="address-check-title" className={CARD}>
      <h2 id="address-check-title" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'outages.check.title' })}
      </h2>
      <form noValidate className="mt-3" onSubmit={onSubmit}>
        <FormAlerts>
          <FormErrorSummary show={form.hasErrors} />
        </FormAlerts>
        <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] md:items-end">
          <TextField
            {...form.field('addressLine1')}
            label={intl.formatMessage({ id: 'outages.check.street' })}
            autoComplete="address-line1"
            maxLength={100}
          />
          <TextField
            {...form.field('zip')}
            label={intl.formatMessage({ id: 'outages.check.zip' })}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
          />
          <button type="submit" className={PRIMARY_BUTTON} aria-disabled={check.isPending || undefined}>
            {intl.formatMessage({ id: 'outages.check.submit' })}
          </button>
        </div>
      </form>
      <p role="status" className="mt-3 font-semibold text-ink empty:hidden">
        {result
          ? intl.formatMessage(
              {
                id: !result.served
                  ? 'outages.check.notServed'
                  : result.affectedBy.length > 0
                    ? 'outages.check.affected'
                    : 'outages.check.clear',
              },
              { references: intl.formatList(result.affectedBy), count: result.affectedBy.length },
            )
          : check.isError
            ? intl.formatMessage({ id: limited ? 'outages.check.limited' : 'outages.check.failed' })
            : ''}
      </p>
    </section>
  );
}
