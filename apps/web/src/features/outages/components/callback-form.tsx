import {
  AppError,
  type CallbackChannel,
  EmailAddressSchema,
  OUTAGE_CALLBACKS_PER_LOCATION,
  PHONE_INVALID_CODE,
  validateFreeText,
} from '@vireo/shared';
import { Mail, MessageSquareText } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { RadioGroup } from '../../../components/form/radio-group';
import { useForm } from '../../../components/form/use-form';
import { FormAlerts, FormErrorSummary } from '../../../components/ui/form-alerts';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { TextField } from '../../../components/ui/text-field';
import type { MessageId } from '../../../messages';
import { type OutageLocation, useAddCallback, useRemoveCallback } from '../api/outage-care-api';

type Values = { channel: CallbackChannel | null; destination: string };

/** The server's field codes of a callback, in words. */
const SERVER_CODES: Record<string, MessageId> = {
  [PHONE_INVALID_CODE]: 'outages.care.text.invalid',
  too_big: 'outages.care.tooMany',
  too_small: 'outages.care.text.invalid',
};

/** "(407) 555-0142" for a US number in E.164; other numbers as they are. */
function shownNumber(e164: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : e164;
}

/**
 * A location's callbacks (issue 20 item 7, wider-portal.md §8): the user's own (each removable), and a form to add an
 * e-mail address or a mobile number told once when an outage there is over. The number is read on the server
 * (libphonenumber-js, as the profile's); a refusal is said at the field.
 */
export function CallbackForm({ location }: { location: OutageLocation }) {
  const intl = useIntl();
  const add = useAddCallback();
  const remove = useRemoveCallback();
  const [added, setAdded] = useState<string | null>(null);
  const form = useForm<Values>({
    initial: { channel: 'email', destination: '' },
    rules: {
      channel: (value) => (value ? null : { ok: false, message: 'outages.care.channel.required' }),
      destination: (value, values) => {
        const text = value.trim();
        if (text === '') {
          return {
            ok: false,
            message: values.channel === 'text' ? 'outages.care.text.required' : 'outages.care.email.required',
          };
        }
        const free = validateFreeText(text);
        if (!free.ok) return free;
        if (values.channel === 'email' && !EmailAddressSchema.safeParse(text).success) {
          return { ok: false, message: 'outages.care.email.invalid' };
        }
        return values.channel === 'text' && text.replace(/\D/g, '').length < 10
          ? { ok: false, message: 'outages.care.text.invalid' }
          : null;
      },
    },
  });
  const channel = form.values.channel ?? 'email';
  const headingId = `callbacks-${location.addressId}`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    form.submit((values) => {
      if (add.isPending || !values.channel) return;
      const destination = values.destination.trim();
      add.mutate(
        { addressId: location.addressId, channel: values.channel, destination },
        {
          onSuccess: ({ callback }) => {
            form.reset({ channel: values.channel, destination: '' });
            setAdded(callback.channel === 'text' ? shownNumber(callback.destination) : callback.destination);
          },
          onError: (error) => {
            const code = AppError.is(error) ? error.fields?.[0]?.code : undefined;
            if (code) form.showErrors({ destination: { message: SERVER_CODES[code] ?? 'outages.care.failed' } });
          },
        },
      );
    });
  };

  const full = location.callbacks.length >= OUTAGE_CALLBACKS_PER_LOCATION;
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="text-lg font-semibold text-navy-900">
        {intl.formatMessage({ id: 'outages.care.callbacks.title' })}
      </h3>
      <p className="mt-1 text-ink-muted">{intl.formatMessage({ id: 'outages.care.callbacks.intro' })}</p>
      {location.callbacks.length === 0 ? (
        <p className="mt-3 text-ink">{intl.formatMessage({ id: 'outages.care.callbacks.none' })}</p>
      ) : (
        <ul className="mt-3 grid gap-2">
          {location.callbacks.map((callback) => {
            const Icon = callback.channel === 'text' ? MessageSquareText : Mail;
            const shown = callback.channel === 'text' ? shownNumber(callback.destination) : callback.destination;
            return (
              <li
                key={callback.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border border-line p-3"
              >
                <span className="flex items-center gap-2 text-ink">
                  <Icon aria-hidden="true" className="size-5 shrink-0 text-ink-muted" />
                  <span>
                    {intl.formatMessage(
                      {
                        id: callback.channel === 'text' ? 'outages.care.callback.text' : 'outages.care.callback.email',
                      },
                      { destination: shown },
                    )}
                  </span>
                </span>
                <button
                  type="button"
                  className={SECONDARY_BUTTON}
                  aria-disabled={remove.isPending || undefined}
                  onClick={() => {
                    if (!remove.isPending) remove.mutate(callback.id, { onSuccess: () => setAdded(null) });
                  }}
                >
                  {intl.formatMessage({ id: 'outages.care.callback.remove' }, { destination: shown })}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <p role="status" className="mt-2 font-semibold text-brand-900 empty:hidden">
        {added
          ? intl.formatMessage({ id: 'outages.care.callback.added' }, { destination: added })
          : remove.isSuccess
            ? intl.formatMessage({ id: 'outages.care.callback.removed' })
            : ''}
      </p>
      {remove.isError || (add.isError && !(AppError.is(add.error) && add.error.fields?.length)) ? (
        <p role="alert" className="mt-2 font-semibold text-danger-700">
          {intl.formatMessage({ id: 'outages.care.failed' })}
        </p>
      ) : null}
      {full ? (
        <p className="mt-3 text-ink-muted">{intl.formatMessage({ id: 'outages.care.tooMany' })}</p>
      ) : (
        <form noValidate className="mt-4 grid gap-4" onSubmit={onSubmit}>
          <FormAlerts>
            <FormErrorSummary show={form.hasErrors} />
          </FormAlerts>
          <RadioGroup
            {...form.field('channel')}
            legend={intl.formatMessage({ id: 'outages.care.channel' })}
            options={[
              { value: 'email', label: intl.formatMessage({ id: 'outages.care.channel.email' }) },
              { value: 'text', label: intl.formatMessage({ id: 'outages.care.channel.text' }) },
            ]}
          />
          <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-end">
            <TextField
              {...form.field('destination')}
              label={intl.formatMessage({
                id: channel === 'text' ? 'outages.care.text.label' : 'outages.care.email.label',
              })}
              type={channel === 'text' ? 'tel' : 'email'}
              autoComplete={channel === 'text' ? 'tel' : 'email'}
              maxLength={channel === 'text' ? 40 : 254}
            />
            <button type="submit" className={PRIMARY_BUTTON} aria-disabled={add.isPending || undefined}>
              {intl.formatMessage({ id: 'outages.care.add' })}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
