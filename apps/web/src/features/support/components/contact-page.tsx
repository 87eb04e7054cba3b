import { Link } from '@tanstack/react-router';
import { CUSTOMER_SERVICE_LINES, ServiceZipSchema, type Store } from '@vireo/shared';
import { type FormEvent, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { useForm } from '../../../components/form/use-form';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FormAlerts, FormErrorSummary } from '../../../components/ui/form-alerts';
import { CARD, PAGE, PAGE_TITLE, PRIMARY_BUTTON, SECTION_TITLE, TEXT_LINK } from '../../../components/ui/form-styles';
import { ListSkeleton } from '../../../components/ui/loading';
import { PhoneLines } from '../../../components/ui/phone-lines';
import { TextField } from '../../../components/ui/text-field';
import { usePortalConfig } from '../../../entities/api/get-portal-config';
import { useStores } from '../api/support-api';
import { ServiceAreaCheck } from './service-area-check';

/**
 * `/contactus` (issue 21 item 3, wider-portal.md §9; spec §2.1: open): the customer-service numbers of every kind of
 * customer (spec §9, from configuration; the footer shows this portal's and account's own), when each answers, writing to
 * us, whether the network serves an address (issue 23 item 6), and the stores nearest a ZIP code.
 */
export function ContactPage() {
  const intl = useIntl();
  const config = usePortalConfig().data;
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'pages.contactUs' })}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{intl.formatMessage({ id: 'support.contactUs.intro' })}</p>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="contact-call" className={CARD}>
          <h2 id="contact-call" className={SECTION_TITLE}>
            {intl.formatMessage({ id: 'support.contactUs.call.title' })}
          </h2>
          {config ? (
            <PhoneLines lines={CUSTOMER_SERVICE_LINES} numbers={config.customerService} className="mt-3" />
          ) : null}
          <h3 className="mt-5 font-semibold text-navy-900">
            {intl.formatMessage({ id: 'support.contactUs.hours.title' })}
          </h3>
          <ul className="mt-2 grid gap-1 text-ink">
            <li>{intl.formatMessage({ id: 'support.contactUs.hours.business' })}</li>
            <li>{intl.formatMessage({ id: 'support.contactUs.hours.mobile' })}</li>
            <li>{intl.formatMessage({ id: 'support.contactUs.hours.community' })}</li>
          </ul>
        </section>
        <section aria-labelledby="contact-write" className={CARD}>
          <h2 id="contact-write" className={SECTION_TITLE}>
            {intl.formatMessage({ id: 'support.contactUs.write.title' })}
          </h2>
          <p className="mt-2 text-ink">{intl.formatMessage({ id: 'support.contactUs.write.body' })}</p>
          <p className="mt-3">
            <Link to="/support/forms" className={TEXT_LINK}>
              {intl.formatMessage({ id: 'support.contact.forms' })}
            </Link>
          </p>
        </section>
      </div>
      <ServiceAreaCheck />
      <StoreFinder />
    </div>
  );
}

function StoreFinder() {
  const intl = useIntl();
  const [zip, setZip] = useState<string | null>(null);
  const stores = useStores(zip);
  const form = useForm<{ zip: string }>({
    initial: { zip: '' },
    rules: {
      zip: (value) =>
        ServiceZipSchema.safeParse(value.trim()).success ? null : { ok: false, message: 'support.stores.zip.invalid' },
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.submit((values) => setZip(values.zip.trim()));
  };
  const found = stores.data;
  return (
    <section aria-labelledby="contact-stores" className={`${CARD} mt-6`}>
      <h2 id="contact-stores" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'support.stores.title' })}
      </h2>
      <form noValidate className="mt-3" onSubmit={onSubmit}>
        <FormAlerts>
          <FormErrorSummary show={form.hasErrors} />
        </FormAlerts>
        <div className="flex flex-wrap items-end gap-4">
          <TextField
            {...form.field('zip')}
            label={intl.formatMessage({ id: 'support.stores.zip' })}
            autoComplete="postal-code"
            inputMode="numeric"
            maxLength={5}
          />
          <button type="submit" className={PRIMARY_BUTTON}>
            {intl.formatMessage({ id: 'support.stores.submit' })}
          </button>
        </div>
      </form>
      <div className="mt-4">
        {stores.isError ? (
          <ErrorNotice
            titleId="support.stores.error"
            bodyId="support.errors.load.body"
            onRetry={() => void stores.refetch()}
            isRetrying={stores.isFetching}
          />
        ) : zip !== null && !found ? (
          <ListSkeleton rows={2} label={intl.formatMessage({ id: 'support.stores.loading' })} />
        ) : null}
        <p role="status" className="text-ink">
          {found
            ? found.place
              ? intl.formatMessage(
                  { id: 'support.stores.near' },
                  { count: found.stores.length, place: `${found.place.city}, ${found.place.state} ${found.place.zip}` },
                )
              : intl.formatMessage({ id: 'support.stores.unknownZip' }, { zip })
            : ''}
        </p>
        {found && found.stores.length > 0 ? (
          <ul className="mt-3 grid gap-4 md:grid-cols-3">
            {found.stores.map((store) => (
              <li key={store.id}>
                <StoreCard store={store} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}

function StoreCard({ store }: { store: Store }) {
  const intl = useIntl();
  const time = (hhmm: string) => formatClock(intl, hhmm);
  const { saturday, sunday } = store.hours;
  return (
    <article aria-labelledby={`store-${store.id}`} className="rounded-lg border border-line p-4">
      <h3 id={`store-${store.id}`} className="font-semibold text-navy-900">
        {store.name}
      </h3>
      <p className="text-sm text-ink-muted">
        {intl.formatMessage(
          { id: 'support.stores.distance' },
          { distance: intl.formatNumber(store.distanceTenthsOfMile / 10, { maximumFractionDigits: 1 }) },
        )}
      </p>
      <address className="mt-2 text-ink not-italic">
        {store.addressLine1}
        <br />
        {`${store.city}, ${store.state} ${store.zip}`}
      </address>
      <ul className="mt-2 text-sm text-ink">
        <li>
          {intl.formatMessage(
            { id: 'support.stores.weekdays' },
            { opens: time(store.hours.weekdays.opens), closes: time(store.hours.weekdays.closes) },
          )}
        </li>
        <li>
          {saturday
            ? intl.formatMessage(
                { id: 'support.stores.saturday' },
                { opens: time(saturday.opens), closes: time(saturday.closes) },
              )
            : intl.formatMessage({ id: 'support.stores.saturdayClosed' })}
        </li>
        <li>
          {sunday
            ? intl.formatMessage(
                { id: 'support.stores.sunday' },
                { opens: time(sunday.opens), closes: time(sunday.closes) },
              )
            : intl.formatMessage({ id: 'support.stores.sundayClosed' })}
        </li>
      </ul>
      <ul className="mt-2 flex flex-wrap gap-2 text-sm">
        {store.services.map((service) => (
          <li key={service} className="rounded-full border border-line px-2 py-0.5 text-ink-muted">
            {intl.formatMessage({ id: `support.stores.service.${service}` })}
          </li>
        ))}
      </ul>
    </article>
  );
}

/** A store's `HH:MM` (its own clock) in the page's language: "10:00 AM", "10:00". */
function formatClock(intl: IntlShape, hhmm: string): string {
  const [hours = 0, minutes = 0] = hhmm.split(':').map(Number);
  return intl.formatTime(Date.UTC(2000, 0, 1, hours, minutes), { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
}
