import { createHmac } from 'node:crypto';
import {
  ANALYTICS_RETENTION_DAYS,
  type AnalyticsBatch,
  type AnalyticsEvent,
  addDays,
  type DevAnalyticsPage,
  type DevAnalyticsQuery,
  dateInZone,
  type PortalVariant,
} from '@vireo/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { decodeCursor, toPage } from '../../platform/keyset';
import type { AnalyticsRepository } from './analytics.repository';

/** Who sent a batch, from the session (never from the batch): null when nobody is signed in. */
export type AnalyticsSender = { accountId: string; userId: string } | null;

/**
 * Client analytics' ingest (issue 23 item 2, spec §7.3, wider-portal.md §11): a batch the schema let in is kept one row
 * per event, on the day it arrived, with the portal variant and, for a signed-in sender, the account and the person as
 * HMAC-SHA256 pseudonyms under the portal's signing secret (`secret`): the same person has the same pseudonym, so
 * their events can be shown to them and deleted (the privacy page, item 3), and the table alone says nobody's name.
 * Rotating the secret starts new pseudonyms. The retention step deletes the days older than
 * ANALYTICS_RETENTION_DAYS, once a day per process (any instance may run it: the delete is idempotent).
 */
export function createAnalyticsService(deps: { db: Db; clock: Clock; repo: AnalyticsRepository; secret: string }) {
  const { db, clock, repo, secret } = deps;
  const pseudonym = (kind: 'account' | 'person', id: string) =>
    createHmac('sha256', secret).update(`analytics:${kind}:${id}`).digest('hex');
  let purgedOn: string | null = null;

  return {
    pseudonym,

    /** Keeps the batch's events; returns how many. */
    async ingest(batch: AnalyticsBatch, sender: AnalyticsSender, variant: 'business' | 'community'): Promise<number> {
      const receivedAt = clock.now();
      const day = dateInZone(receivedAt, 'UTC');
      const accountHash = sender ? pseudonym('account', sender.accountId) : null;
      const personHash = sender ? pseudonym('person', sender.userId) : null;
      await repo.insert(
        db,
        batch.events.map(({ type, at, ...data }) => ({
          day,
          receivedAt,
          at: new Date(at),
          type,
          variant,
          accountHash,
          personHash,
          data,
        })),
      );
      return batch.events.length;
    },

    /** The non-production viewer's page (`/dev/analytics`): newest first, the pseudonyms shortened. */
    async page(query: DevAnalyticsQuery): Promise<DevAnalyticsPage> {
      const window = {
        cursor: decodeCursor(query.cursor),
        limit: query.limit ?? 25,
        type: query.type,
        traceId: query.traceId,
      };
      const { rows, hasOtherSide } = await repo.page(db, window);
      const items = rows.map((row) => ({
        id: row.id,
        receivedAt: row.receivedAt.toISOString(),
        variant: row.variant as PortalVariant,
        account: row.accountHash?.slice(0, 8) ?? null,
        person: row.personHash?.slice(0, 8) ?? null,
        event: { type: row.type, at: row.at.toISOString(), ...(row.data as object) } as AnalyticsEvent,
      }));
      return toPage(items, { ...window, dateOf: (item) => item.receivedAt, hasOtherSide });
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
