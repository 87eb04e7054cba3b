import { useIntl } from 'react-intl';
import { formatInstantIn } from '../../../lib/dates';
import type { MessageId } from '../../../messages';
import type { NetworkEvent } from '../api/outages-api';

const TERM = 'text-sm font-medium text-ink-muted';

export const STAGE_WORDS: Record<NetworkEvent['stage'], MessageId> = {
  investigating: 'outages.stage.investigating',
  identified: 'outages.stage.identified',
  crew_dispatched: 'outages.stage.crewDispatched',
  monitoring: 'outages.stage.monitoring',
  resolved: 'outages.stage.resolved',
  scheduled: 'outages.stage.scheduled',
  in_progress: 'outages.stage.inProgress',
  completed: 'outages.stage.completed',
};
const SERVICE_WORDS: Record<NetworkEvent['services'][number], MessageId> = {
  internet: 'outages.service.internet',
  tv: 'outages.service.tv',
  phone: 'outages.service.phone',
};
const CAUSE_WORDS: Record<NetworkEvent['cause'], MessageId> = {
  fiber_cut: 'outages.cause.fiberCut',
  power: 'outages.cause.power',
  equipment: 'outages.cause.equipment',
  weather: 'outages.cause.weather',
  upgrade: 'outages.cause.upgrade',
};
const CONFIDENCE_WORDS: Record<NonNullable<NetworkEvent['confidence']>, MessageId> = {
  low: 'outages.confidence.low',
  medium: 'outages.confidence.medium',
  high: 'outages.confidence.high',
};

/**
 * One outage or planned maintenance of the map's list (issue 20 item 5): what is down where, its stage and the
 * stages so far (each with its time on the area's clock), the restoration estimate with its confidence (a
 * maintenance: its window), the customers affected and the reference to quote.
 */
export function EventCard({ event, affected }: { event: NetworkEvent; affected: boolean }) {
  const intl = useIntl();
  const at = (iso: string) => formatInstantIn(intl, new Date(iso), 'dayMonthTime', event.timeZone);
  const services = intl.formatList(event.services.map((service) => intl.formatMessage({ id: SERVICE_WORDS[service] })));
  const headingId = `event-${event.id}`;
  const outage = event.kind === 'outage';
  return (
    <article
      aria-labelledby={headingId}
      className={`rounded-md border border-l-4 bg-surface p-4 ${outage ? 'border-l-warning-700' : 'border-l-brand-700'} ${affected ? 'ring-2 ring-brand-700' : ''}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold text-ink">
          {intl.formatMessage(
            { id: outage ? 'outages.event.outage' : 'outages.event.maintenance' },
            { services, region: event.region },
          )}
        </h3>
        <span className="rounded-full border border-line bg-surface-muted px-3 py-0.5 text-sm font-semibold text-ink">
          {intl.formatMessage({ id: STAGE_WORDS[event.stage] })}
        </span>
      </div>
      {affected ? (
        <p className="mt-1 font-semibold text-brand-900">{intl.formatMessage({ id: 'outages.event.yourAddress' })}</p>
      ) : null}
      <dl className="mt-3 grid gap-x-6 gap-y-2 md:grid-cols-2">
        <div>
          <dt className={TERM}>
            {intl.formatMessage({ id: outage ? 'outages.event.restoration' : 'outages.event.window' })}
          </dt>
          <dd className="text-ink">
            {event.endedAt
              ? intl.formatMessage({ id: 'outages.event.ended' }, { time: at(event.endedAt) })
              : outage
                ? intl.formatMessage(
                    { id: 'outages.event.estimate' },
                    {
                      time: at(event.estimatedEndAt),
                      confidence: intl.formatMessage({ id: CONFIDENCE_WORDS[event.confidence ?? 'low'] }),
                    },
                  )
                : intl.formatMessage(
                    { id: 'outages.event.between' },
                    { start: at(event.startsAt), end: at(event.estimatedEndAt) },
                  )}
          </dd>
        </div>
        <div>
          <dt className={TERM}>{intl.formatMessage({ id: 'outages.event.cause' })}</dt>
          <dd className="text-ink">{intl.formatMessage({ id: CAUSE_WORDS[event.cause] })}</dd>
        </div>
        <div>
          <dt className={TERM}>{intl.formatMessage({ id: 'outages.event.customers' })}</dt>
          <dd className="text-ink tabular-nums">{intl.formatNumber(event.customersAffected)}</dd>
        </div>
        <div>
          <dt className={TERM}>{intl.formatMessage({ id: 'outages.event.reference' })}</dt>
          <dd className="text-ink tabular-nums">{event.reference}</dd>
        </div>
      </dl>
      {event.history.length > 0 ? (
        <>
          <h4 className="mt-3 text-sm font-semibold text-ink">{intl.formatMessage({ id: 'outages.event.history' })}</h4>
          <ol className="mt-1 grid gap-1 text-sm text-ink">
            {event.history.map((step) => (
              <li key={`${step.stage}-${step.at}`}>
                <span className="tabular-nums text-ink-muted">{at(step.at)}</span>{' '}
                {intl.formatMessage({ id: STAGE_WORDS[step.stage] })}
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </article>
  );
}
