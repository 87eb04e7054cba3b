import type { AnalyticsEventType, IsoDate } from '@vireo/shared';
import { eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { analyticsEvents } from '../../db/schema';
import { type Cursor, instantKeyset } from '../../platform/keyset';

export type AnalyticsWindow = {
  cursor: Cursor | null;
  limit: number;
  type: AnalyticsEventType | undefined;
  traceId: string | undefined;
};

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

/** The analytics events table (issue 23 item 2): written by the ingest, emptied of old days by the retention step. */
export function createAnalyticsRepository() {
  return {
    async insert(ex: Executor, rows: NewAnalyticsEvent[]): Promise<void> {
      if (rows.length > 0) await ex.insert(analyticsEvents).values(rows);
    },

    /**
     * The viewer's page (non-production): newest first over the `(received_at desc, id desc)` index, keyset-paged;
     * one extra row tells whether there is a next page.
     */
    async page(ex: Executor, window: AnalyticsWindow) {
      const filter: SQL[] = [];
      if (window.type) filter.push(eq(analyticsEvents.type, window.type));
      if (window.traceId) filter.push(sql`${analyticsEvents.data}->>'traceId' = ${window.traceId}`);
      const k = instantKeyset({ at: analyticsEvents.receivedAt, id: analyticsEvents.id }, window.cursor, filter);
      const rows = await ex
        .select()
        .from(analyticsEvents)
        .where(k.where)
        .orderBy(...k.order)
        .limit(window.limit + 1);
      const hasOtherSide = k.otherSide
        ? (await ex.select({ id: analyticsEvents.id }).from(analyticsEvents).where(k.otherSide).limit(1)).length > 0
        : false;
      return { rows, hasOtherSide };
    },

    /** Deletes the events of the days before `day`; returns how many. */
    async deleteDaysBefore(ex: Executor, day: IsoDate): Promise<number> {
      const deleted = await ex
        .delete(analyticsEvents)
        .where(lt(analyticsEvents.day, day))
        .returning({ id: analyticsEvents.id });
      return deleted.length;
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
