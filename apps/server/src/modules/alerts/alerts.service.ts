import { type Alert, type AlertsResponse, type Locale } from '@vireo/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses, type NetworkStage } from '../../db/schema';
import { INTL_LOCALE_TAGS, type MessageId, type Translate, translator } from '../../messages/intl';
import type { Clock } from '../../platform/clock';
import { eventAt, type NetworkEventRow, type NetworkOps, networkOpsUnavailable } from '../network-ops/network-ops';

const STAGE_WORDS: Record<NetworkStage, MessageId> = {
  investigating: 'alerts.stage.investigating',
  identified: 'alerts.stage.identified',
  crew_dispatched: 'alerts.stage.crewDispatched',
  monitoring: 'alerts.stage.monitoring',
  resolved: 'alerts.stage.resolved',
  scheduled: 'alerts.stage.scheduled',
  in_progress: 'alerts.stage.inProgress',
  completed: 'alerts.stage.completed',
};
const SERVICE_WORDS: Record<string, MessageId> = {
  internet: 'alerts.service.internet',
  tv: 'alerts.service.tv',
  phone: 'alerts.service.phone',
};

/** "Internet and Phone", in the reader's language. */
function servicesText(locale: Locale, services: string[], t: Translate): string {
  const names = services.map((service) => t(SERVICE_WORDS[service] ?? 'alerts.service.other'));
  return new Intl.ListFormat(INTL_LOCALE_TAGS[locale], { type: 'conjunction' }).format(names);
}

/**
 * Alerts (issue 20 item 6, spec §3, wider-portal.md §8): network operations' outages and planned maintenance whose
 * area covers the account's service address (point in polygon on the premises' coordinates), as spec §3 alerts with a
 * body in the reader's language and times on the account's clock: outages under way first, then maintenance under
 * way, then maintenance announced. Network operations not answering is 503 (the banner then says nothing).
 */
export function createAlertsService({ db, clock, networkOps }: { db: Db; clock: Clock; networkOps: NetworkOps }) {
  function alertOf(event: NetworkEventRow, locale: Locale, timeZone: string, now: Date): Alert | null {
    const at = eventAt(event, now);
    if (!at || at.ended) return null;
    const t = translator(locale);
    const tag = INTL_LOCALE_TAGS[locale];
    const time = new Intl.DateTimeFormat(tag, {
      timeZone,
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    });
    const hour = new Intl.DateTimeFormat(tag, { timeZone, hour: 'numeric', minute: '2-digit' });
    const values = {
      services: servicesText(locale, event.services, t),
      region: event.region,
      reference: event.reference,
      start: time.format(event.startsAt),
      end: time.format(event.estimatedEndAt),
      endHour: hour.format(event.estimatedEndAt),
      confidence: event.confidence ? t(`alerts.confidence.${event.confidence}`) : '',
      stage: t(STAGE_WORDS[at.stage]),
    };
    const outage = event.kind === 'outage';
    const body = outage
      ? t('alerts.outage.body', values)
      : t(at.active ? 'alerts.maintenance.active' : 'alerts.maintenance.planned', values);
    return {
      id: `${event.reference}:service-address`,
      pid: event.reference,
      type: outage ? 'outage' : 'other',
      severity: outage || at.active ? 'warning' : 'info',
      body,
      estimatedResolution: event.estimatedEndAt.toISOString(),
      // the outage map says more; under an outage, the callback is what the reader can do (issue 20 items 5, 7)
      link: '/outage-map',
      action: outage ? '/outage-callback' : null,
      stage: at.stage,
      confidence: event.confidence,
      active: at.active,
      startsAt: event.startsAt.toISOString(),
    };
  }

  const rank = (alert: Alert) => (alert.type === 'outage' ? 0 : alert.active ? 1 : 2);

  return {
    /** The account's alerts; with `services` (the network's words: internet, tv, phone), those about them only. */
    async forAccount(
      account: { accountId: string; timeZone: string },
      locale: Locale,
      services?: readonly string[],
    ): Promise<AlertsResponse> {
      const [address] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.accountId, account.accountId), eq(addresses.kind, 'service')));
      if (!address) return { alerts: [] };
      const now = clock.now();
      const point = await networkOps.premises(db, address);
      if (!point) return { alerts: [] };
      const events = (await networkOps.events(db, now).catch(networkOpsUnavailable)).filter(
        (event) =>
          networkOps.covers(event, point) &&
          (!services || event.services.some((service) => services.includes(service))),
      );
      const alerts = events
        .map((event) => alertOf(event, locale, account.timeZone, now))
        .filter((alert): alert is Alert => alert !== null)
        .sort((a, b) => rank(a) - rank(b));
      return { alerts };
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
