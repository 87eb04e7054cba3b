import { createHmac } from 'node:crypto';
import {
  ANALYTICS_RETENTION_DAYS,
  type AnalyticsBatch,
  type AnalyticsEvent,
  addDays,
  type DevAnalyticsPage,
  type DevAnalyticsQuery,
  dateInZone,
  isOperationalEvent,
  type MyAnalyticsPage,
  type PortalVariant,
  type PrivacySettings,
  supportCodeOf,
} from '@vireo/shared';
import type { Db } from '../../db/client';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { decodeCursor, toPage } from '../../platform/keyset';
import type { AnalyticsRepository } from './analytics.repository';

/** Who sent a batch, from the session (never from the batch): null when nobody is signed in. */
export type AnalyticsSender = { accountId: string; userId: string } | null;
/** The signed-in person asking about their own events (the privacy page). */
export type AnalyticsPerson = { accountId: string; userId: string };

/** What is kept from a browser: everything, unless it sent GPC or the person turned usage analytics off. */
const settingsOf = (usageAnalytics: boolean, gpc: boolean): PrivacySettings => ({
  usageAnalytics,
  globalPrivacyControl: gpc,
  collecting: usageAnalytics && !gpc ? 'all' : 'operational',
});

/** A stored row's event as the batch had it. */
const eventOf = (row: { type: string; at: Date; data: unknown }) =>
  ({ type: row.type, at: row.at.toISOString(), ...(row.data as object) }) as AnalyticsEvent;

/**
 * Client analytics' ingest (issue 23 item 2, spec §7.3, wider-portal.md §11): a batch the schema let in is kept one row
 * per event, on the day it arrived, with the portal variant and, for a signed-in sender, the account and the person as
 * HMAC-SHA256 pseudonyms under the portal's signing secret (`secret`): the same person has the same pseudonym, so
 * their events can be shown to them and deleted (the privacy page, item 3), and the table alone says nobody's name.
 * Rotating the secret starts new pseudonyms. The retention step deletes the days older than
 * ANALYTICS_RETENTION_DAYS, once a day per process (any instance may run it: the delete is idempotent).
 */
export function createAnalyticsService(deps: {
  db: Db;
  clock: Clock;
  repo: AnalyticsRepository;
  audit: AuditRepository;
  secret: string;
}) {
  const { db, clock, repo, audit, secret } = deps;
  const pseudonym = (kind: 'account' | 'person', id: string) =>
    createHmac('sha256', secret).update(`analytics:${kind}:${id}`).digest('hex');
  let purgedOn: string | null = null;

  return {
    pseudonym,

    /**
     * Keeps the batch's events; returns those kept. Usage events (page views) are left out when the browser sent
     * Global Privacy Control (`gpc`) or the signed-in sender turned usage analytics off (item 3): only the operational
     * ones are kept then. The choice is read only when the batch holds a usage event.
     */
    async ingest(
      batch: AnalyticsBatch,
      sender: AnalyticsSender,
      variant: 'business' | 'community',
      gpc = false,
    ): Promise<AnalyticsBatch['events']> {
      const usage = batch.events.some((event) => !isOperationalEvent(event.type))
        ? !gpc && (sender ? ((await repo.usageChoice(db, sender.userId)) ?? true) : true)
        : true;
      const kept = usage ? batch.events : batch.events.filter((event) => isOperationalEvent(event.type));
      const receivedAt = clock.now();
      const day = dateInZone(receivedAt, 'UTC');
      const accountHash = sender ? pseudonym('account', sender.accountId) : null;
      const personHash = sender ? pseudonym('person', sender.userId) : null;
      await repo.insert(
        db,
        { day, receivedAt, variant, accountHash, personHash },
        // item 4: an event naming a trace id is found by that request's support code
        kept.map(({ type, at, ...data }) => {
          const traceId = 'traceId' in data ? data.traceId : null;
          return { at: new Date(at), type, data, supportCode: traceId ? supportCodeOf(traceId) : null };
        }),
      );
      return kept;
    },

    /** The non-production viewer's page (`/dev/analytics`): newest first, the pseudonyms shortened. */
    async page(query: DevAnalyticsQuery): Promise<DevAnalyticsPage> {
      const window = {
        cursor: decodeCursor(query.cursor),
        limit: query.limit ?? 25,
        type: query.type,
        traceId: query.traceId,
        supportCode: query.supportCode,
      };
      const { rows, hasOtherSide } = await repo.page(db, window);
      const items = rows.map((row) => ({
        id: row.id,
        receivedAt: row.receivedAt.toISOString(),
        variant: row.variant as PortalVariant,
        account: row.accountHash?.slice(0, 8) ?? null,
        person: row.personHash?.slice(0, 8) ?? null,
        event: eventOf(row),
      }));
      return toPage(items, { ...window, dateOf: (item) => item.receivedAt, hasOtherSide });
    },

    /** Item 3: the person's choice, and what is kept from this browser (`gpc`: it sent Global Privacy Control). */
    async privacy(person: AnalyticsPerson, gpc: boolean): Promise<PrivacySettings> {
      const usageAnalytics = (await repo.usageChoice(db, person.userId)) ?? true;
      return settingsOf(usageAnalytics, gpc);
    },

    /** Item 3: the person turns usage analytics on or off (an audit entry, area profile). */
    async choose(person: AnalyticsPerson, usageAnalytics: boolean, gpc: boolean): Promise<PrivacySettings> {
      await db.transaction(async (tx) => {
        await repo.setUsageChoice(tx, person.userId, usageAnalytics, clock.now());
        await audit.record(tx, {
          at: clock.now(),
          accountId: person.accountId,
          actorUserId: person.userId,
          action: 'privacy.usage_changed',
          targetId: person.userId,
          data: { usageAnalytics },
        });
      });
      return settingsOf(usageAnalytics, gpc);
    },

    /** Item 3: the events kept about the person, newest first, a keyset page at a time, with their number. */
    async mine(person: AnalyticsPerson, query: { cursor?: string; limit?: number }): Promise<MyAnalyticsPage> {
      const personHash = pseudonym('person', person.userId);
      const window = {
        cursor: decodeCursor(query.cursor),
        limit: query.limit ?? 25,
        type: undefined,
        traceId: undefined,
        supportCode: undefined,
        personHash,
      };
      const { rows, hasOtherSide } = await repo.page(db, window);
      const items = rows.map((row) => ({ id: row.id, receivedAt: row.receivedAt.toISOString(), event: eventOf(row) }));
      const page = toPage(items, { ...window, dateOf: (item) => item.receivedAt, hasOtherSide });
      return { ...page, total: await repo.countOfPerson(db, personHash) };
    },

    /** Item 3: every event kept about the person, for their download. */
    async exportMine(person: AnalyticsPerson) {
      const rows = await repo.allOfPerson(db, pseudonym('person', person.userId));
      return rows.map((row) => ({ receivedAt: row.receivedAt.toISOString(), event: eventOf(row) }));
    },

    /** Item 3: deletes every event kept about the person (an audit entry); returns how many. */
    async deleteMine(person: AnalyticsPerson): Promise<number> {
      return db.transaction(async (tx) => {
        const deleted = await repo.deleteOfPerson(tx, pseudonym('person', person.userId));
        await audit.record(tx, {
          at: clock.now(),
          accountId: person.accountId,
          actorUserId: person.userId,
          action: 'privacy.events_deleted',
          targetId: person.userId,
          data: { deleted },
        });
        return deleted;
      });
    },

    /** wider-portal.md §11: events are kept ANALYTICS_RETENTION_DAYS days; returns the events deleted. */
    async purgeExpired(): Promise<number> {
      const today = dateInZone(clock.now(), 'UTC');
      if (purgedOn === today) return 0;
      const deleted = await repo.deleteDaysBefore(db, addDays(today, -ANALYTICS_RETENTION_DAYS));
      purgedOn = today;
      return deleted;
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
