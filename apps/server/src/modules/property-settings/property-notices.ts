import { type Locale, localeOf } from '@vireo/shared';
import type { Db, Tx } from '../../db/client';
import { INTL_LOCALE_TAGS, type MessageId, translator } from '../../messages/intl';
import type { Clock } from '../../platform/clock';
import type { Jobs } from '../../platform/jobs';
import type { OutboxRepository } from '../../platform/outbox';
import { eventAt, type NetworkEventRow, type NetworkOps } from '../network-ops/network-ops';
import { queueForContact } from '../notifications/contact-notices';
import type { PropertySettingsRepository } from './property-settings.repository';

const HOUR_MS = 3_600_000;
/** An event over longer ago than this is not told any more (a pass missed for a day says nothing late). */
const TELL_WITHIN_MS = 24 * HOUR_MS;
const UNDER_WAY = 'property-outage';
const OVER = 'property-outage-over';
const SERVICE_ORDER = ['internet', 'tv', 'phone'] as const;

type Recipient = Awaited<ReturnType<PropertySettingsRepository['recipients']>>[number];
type Phase = 'underWay' | 'over';

/**
 * Notices follow the contact preferences (issue 22 item 5, wider-portal.md §10): an outage or maintenance under way at
 * a community property (network operations' event whose area covers the property's premises) is told to each contact
 * chosen for `outages` at the property, by each channel chosen, in the contact's language; and once it is over, the
 * same contacts are told so (only those told it began: an event that began and ended between two passes says
 * nothing). Exactly once per event, contact and channel, however many instances run the pass: each notice is queued in
 * the transaction that claims its unique job key (`jobs.claimOnce`), so a second claimer queues nothing.
 */
export function createPropertyNotices(deps: {
  db: Db;
  clock: Clock;
  repo: PropertySettingsRepository;
  networkOps: Pick<NetworkOps, 'events' | 'premisesOf' | 'covers'>;
  outbox: Pick<OutboxRepository, 'queueEmail' | 'queueText'>;
  jobs: Pick<Jobs, 'claimOnce'>;
  publicUrl: string;
  brandName: string;
}) {
  const { db, clock, repo, networkOps, outbox, jobs, publicUrl, brandName } = deps;

  function compose(event: NetworkEventRow, phase: Phase, at: Date, to: Recipient) {
    const locale: Locale = localeOf(to.language, 'en');
    const t = translator(locale);
    const tag = INTL_LOCALE_TAGS[locale];
    const time = (instant: Date) =>
      new Intl.DateTimeFormat(tag, {
        timeZone: to.timeZone,
        weekday: 'long',
        month: 'long',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }).format(instant);
    const values = {
      kind: event.kind,
      property: to.propertyName,
      address: `${to.addressLine1}, ${to.city}`,
      reference: event.reference,
      region: event.region,
      services: new Intl.ListFormat(tag, { type: 'conjunction' }).format(
        SERVICE_ORDER.filter((service) => event.services.includes(service)).map((service) =>
          t(`propertyNotice.service.${service}` as MessageId),
        ),
      ),
      since: time(event.startsAt),
      estimate: time(event.estimatedEndAt),
      end: time(at),
      url: `${publicUrl}/outage-map`,
    };
    const part = phase === 'underWay' ? 'underWay' : 'over';
    return {
      locale,
      subject: t(`propertyNotice.${part}.subject` as MessageId, values),
      text: t(`propertyNotice.${part}.body` as MessageId, values),
      action: { label: t('propertyNotice.action'), url: values.url },
      sms: `${brandName}: ${t(`sms.propertyNotice.${part}` as MessageId, values)}`,
    };
  }

  /** One contact and channel told of one event's phase, once: returns 1 when queued here. */
  async function tell(tx: Tx, event: NetworkEventRow, phase: Phase, at: Date, to: Recipient, now: Date) {
    const key = (kind: string) => `${kind}:${event.id}:${to.contactId}:${to.channel}`;
    const kind = phase === 'underWay' ? UNDER_WAY : OVER;
    const payload = { propertyId: to.propertyId, contactId: to.contactId, reference: event.reference };
    if (!(await jobs.claimOnce(tx, { kind, uniqueKey: key(kind), payload, runAt: now }, now))) return 0;
    // "over" only to a contact told it began: claiming the first notice now means it was never sent (and never will be)
    if (
      phase === 'over' &&
      (await jobs.claimOnce(tx, { kind: UNDER_WAY, uniqueKey: key(UNDER_WAY), payload, runAt: now }, now))
    ) {
      return 0;
    }
    const { locale, ...content } = compose(event, phase, at, to);
    return queueForContact(tx, outbox, to, { kind, locale, content, now });
  }

  return {
    /** One pass over the events under way or over within a day. Returns the notices queued. */
    async runOutageNotices(): Promise<number> {
      const now = clock.now();
      const recipients = await repo.recipients(db, 'outages');
      if (recipients.length === 0) return 0;
      const byProperty = new Map<string, Recipient[]>();
      for (const row of recipients) byProperty.set(row.propertyId, [...(byProperty.get(row.propertyId) ?? []), row]);
      const sites = [...byProperty.values()].map((list) => list[0] as Recipient);
      const points = await networkOps.premisesOf(db, sites);
      if (points.every((point) => point === null)) return 0;
      let told = 0;
      for (const event of await networkOps.events(db, now, TELL_WITHIN_MS)) {
        const state = eventAt(event, now);
        const phase: Phase | null = state?.active ? 'underWay' : state?.endedAt ? 'over' : null;
        if (!state || !phase) continue;
        for (const [index, site] of sites.entries()) {
          const point = points[index];
          if (!point || !networkOps.covers(event, point)) continue;
          for (const to of byProperty.get(site.propertyId) ?? []) {
            told += await db.transaction((tx) => tell(tx, event, phase, state.endedAt ?? now, to, now));
          }
        }
      }
      return told;
    },
  };
}

export type PropertyNotices = ReturnType<typeof createPropertyNotices>;
