import { useIntl } from 'react-intl';
import { PRIMARY_BUTTON, SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { formatCalendarDate, formatInstantIn, localeOf } from '../../../lib/dates';
import { formatMoney } from '../../../lib/formatters';
import type { MessageId } from '../../../messages';
import { type LocationOutage, letterPath, useLetterDownload, useRequestCredit } from '../api/outage-care-api';
import { STAGE_WORDS } from './event-card';

const SERVICE_WORDS: Record<LocationOutage['services'][number], MessageId> = {
  internet: 'outages.care.service.internet',
  tv: 'outages.care.service.tv',
  phone: 'outages.care.service.phone',
};

/**
 * One outage at a location (issue 20 items 7-8): what is down, its stage and restoration estimate, how long the
 * location was without service; once it is over, for a role with billing access, the outage credit (one click, when it
 * lasted 4 hours or more) and the service-interruption letter (PDF, in the reader's language).
 */
export function LocationOutageCard({ outage, timeZone }: { outage: LocationOutage; timeZone: string }) {
  const intl = useIntl();
  const lang = localeOf(intl);
  const credit = useRequestCredit();
  const letter = useLetterDownload();
  const at = (iso: string) => formatInstantIn(intl, new Date(iso), 'dayMonthTime', timeZone);
  const services = intl.formatList(
    outage.services.map((service) => intl.formatMessage({ id: SERVICE_WORDS[service] })),
  );
  const hours = Math.floor(outage.affectedMinutes / 60);
  const minutes = outage.affectedMinutes % 60;
  const duration = intl.formatList([
    ...(hours > 0 ? [intl.formatMessage({ id: 'outages.care.hours' }, { hours })] : []),
    ...(minutes > 0 || hours === 0 ? [intl.formatMessage({ id: 'outages.care.minutes' }, { minutes })] : []),
  ]);
  const headingId = `outage-${outage.reference}`;
  const offer = outage.credit;
  return (
    <article aria-labelledby={headingId} className="rounded-md border border-l-4 border-line border-l-warning-700 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 id={headingId} className="font-semibold text-ink">
          {intl.formatMessage({ id: 'outages.care.outage' }, { services, reference: outage.reference })}
        </h4>
        <span className="rounded-full border border-line bg-surface-muted px-3 py-0.5 text-sm font-semibold text-ink">
          {intl.formatMessage({ id: STAGE_WORDS[outage.stage] })}
        </span>
      </div>
      <p className="mt-2 text-ink">
        {outage.endedAt
          ? intl.formatMessage(
              { id: 'outages.care.over' },
              { start: at(outage.startsAt), end: at(outage.endedAt), duration },
            )
          : intl.formatMessage(
              { id: 'outages.care.underWay' },
              {
                start: at(outage.startsAt),
                estimate: at(outage.estimatedEndAt),
                confidence: intl.formatMessage({ id: `outages.confidence.${outage.confidence ?? 'low'}` }),
              },
            )}
      </p>
      {offer && outage.endedAt ? (
        <div className="mt-3 grid gap-3">
          <p className="text-ink">
            {offer.requestedOn
              ? intl.formatMessage(
                  { id: 'outages.care.credit.requested' },
                  {
                    amount: formatMoney(offer.amountCents, intl.locale),
                    days: offer.days,
                    date: formatCalendarDate(intl, offer.requestedOn, 'date'),
                  },
                )
              : offer.eligible
                ? intl.formatMessage(
                    { id: 'outages.care.credit.offer' },
                    { amount: formatMoney(offer.amountCents, intl.locale), days: offer.days },
                  )
                : intl.formatMessage({ id: 'outages.care.credit.tooShort' })}
          </p>
          <div className="flex flex-wrap gap-3">
            {offer.eligible ? (
              <button
                type="button"
                className={PRIMARY_BUTTON}
                aria-disabled={credit.isPending || undefined}
                onClick={() => {
                  if (!credit.isPending) credit.mutate(outage.reference);
                }}
              >
                {intl.formatMessage(
                  { id: 'outages.care.credit.request' },
                  { amount: formatMoney(offer.amountCents, intl.locale) },
                )}
              </button>
            ) : null}
            <a
              href={letterPath(outage.reference, lang)}
              download={`service-interruption-${outage.reference}.pdf`}
              aria-disabled={letter.isPending || undefined}
              className={SECONDARY_BUTTON}
              onClick={(event) => {
                if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                if (!letter.isPending) letter.mutate({ reference: outage.reference, lang });
              }}
            >
              <span aria-hidden="true">↓</span>
              {intl.formatMessage({ id: 'outages.care.letter' })}
            </a>
          </div>
          <p role="status" className="text-sm font-semibold text-ink empty:hidden">
            {credit.isSuccess ? intl.formatMessage({ id: 'outages.care.credit.done' }) : ''}
          </p>
          {credit.isError || letter.isError ? (
            <p role="alert" className="font-semibold text-danger-700">
              {intl.formatMessage({ id: credit.isError ? 'outages.care.credit.failed' : 'outages.care.letter.failed' })}
            </p>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
