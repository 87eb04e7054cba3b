import { ServiceZipSchema } from '@vireo/shared';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { useForm } from '../../../components/form/use-form';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormAlerts, FormErrorSummary } from '../../../components/ui/form-alerts';
import { CARD, PRIMARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { TextField } from '../../../components/ui/text-field';
import { type ServiceAreaAddress, useServiceArea } from '../api/support-api';

const STREET_MAX = 100;

/**
 * "Do we serve your address?" on the contact page (issue 23 item 6): spec §7.1's partner check by address says whether
 * the address is in the footprint and whether the network serves its premises; the answer in words, read out as it
 * comes (a status region).
 */
export function ServiceAreaCheck() {
  const intl = useIntl();
  const [address, setAddress] = useState<ServiceAreaAddress | null>(null);
  const check = useServiceArea(address);
  const form = useForm<{ street: string; zip: string }>({
    initial: { street: '', zip: '' },
    rules: {
      street: (value) => {
        const street = value.trim();
        if (street.length === 0) return { ok: false, message: 'support.serviceArea.street.required' };
        return street.length > STREET_MAX ? { ok: false, message: 'support.serviceArea.street.tooLong' } : null;
      },
      zip: (value) =>
        ServiceZipSchema.safeParse(value.trim()).success ? null : { ok: false, message: 'support.stores.zip.invalid' },
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit((values) => setAddress({ addressLine1: values.street.trim(), zipcode: values.zip.trim() }));
  };
  const answer = check.data;
  const where = address ? `${address.addressLine1}, ${address.zipcode}` : '';
  const verdict = !answer
    ? ''
    : answer.serviceable
      ? intl.formatMessage({ id: 'support.serviceArea.served' }, { address: where })
      : answer.inFootprint
        ? intl.formatMessage({ id: 'support.serviceArea.notWired' }, { address: where, zip: answer.zipcode })
        : intl.formatMessage({ id: 'support.serviceArea.outside' }, { zip: answer.zipcode });
  return (
    <section aria-labelledby="contact-service-area" className={`${CARD} mt-6`}>
      <h2 id="contact-service-area" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'support.serviceArea.title' })}
      </h2>
      <p className="mt-2 text-ink">{intl.formatMessage({ id: 'support.serviceArea.intro' })}</p>
      <form noValidate className="mt-3" onSubmit={onSubmit}>
        <FormAlerts>
          <FormErrorSummary show={form.hasErrors} />
        </FormAlerts>
        <div className="flex flex-wrap items-end gap-4">
          <TextField
            {...form.field('street')}
            label={intl.formatMessage({ id: 'support.serviceArea.street' })}
            autoComplete="address-line1"
            maxLength={STREET_MAX}
          />
          <TextField
            {...form.field('zip')}
            label={intl.formatMessage({ id: 'support.stores.zip' })}
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={5}
          />
          <button type="submit" className={PRIMARY_BUTTON}>
            {intl.formatMessage({ id: 'support.serviceArea.submit' })}
          </button>
        </div>
      </form>
      <div className="mt-4">
        {check.isError ? (
          <ErrorNotice
            titleId="support.serviceArea.error"
            bodyId="support.errors.load.body"
            error={check.error}
            onRetry={() => void check.refetch()}
            isRetrying={check.isFetching}
          />
        ) : address !== null && !answer ? (
          <ListSkeleton rows={1} label={intl.formatMessage({ id: 'support.serviceArea.loading' })} />
        ) : null}
        <p role="status" className="text-ink">
          {verdict}
        </p>
      </div>
    </section>
  );
}
