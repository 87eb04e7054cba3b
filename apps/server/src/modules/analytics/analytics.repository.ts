import type { IsoDate } from '@vireo/shared';
import { lt } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { analyticsEvents } from '../../db/schema';

export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

/** The analytics events table (issue 23 item 2): written by the ingest, emptied of old days by the retention step. */
export function createAnalyticsRepository() {
  return {
    async insert(ex: Executor, rows: NewAnalyticsEvent[]): Promise<void> {
      if (rows.length > 0) await ex.insert(analyticsEvents).values(rows);
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
