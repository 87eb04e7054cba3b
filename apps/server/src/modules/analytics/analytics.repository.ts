import type { AnalyticsEventType, IsoDate } from '@vireo/shared';
import { count, desc, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { analyticsEvents, analyticsPreferences } from '../../db/schema';
import { type Cursor, instantKeyset } from '../../platform/keyset';

export type AnalyticsWindow = {
  cursor: Cursor | null;
  limit: number;
  type: AnalyticsEventType | undefined;
  traceId: string | undefined;
  /** Issue 23 item 4: the events of a support code's request. */
  supportCode: string | undefined;
  /** Only this person's events (the privacy page). */
  personHash?: string;
};

/** What a batch's events share: the day and instant it arrived, the portal variant, the sender's pseudonyms. */
export type AnalyticsArrival = {
  day: IsoDate;
  receivedAt: Date;
  variant: string;
  accountHash: string | null;
  personHash: string | null;
};
/**
 * One event of a batch: when the browser says it happened, its type, the rest of it (the `data` column), and the
 * support code of the trace id it names (item 4).
 */
export type NewAnalyticsEvent = { at: Date; type: string; data: object; supportCode: string | null };

/** The analytics events table (issue 23 item 2): written by the ingest, emptied of old days by the retention step. */
export function createAnalyticsRepository() {
  return {
    /**
     * A batch's events, one row each, in one statement with two kinds of parameter: what the rows share, and the
     * events as one JSON array that the database splits (`jsonb_array_elements`, in the batch's order). Issue 23's
     * bench (500 batches/s of 50 events): a multi-row `values` list built by the query builder (9 parameters a row,
     * 450 a batch) cost the server more CPU than everything else in the request together (building the statement,
     * its 450 parameters on the wire, the garbage), and the database parsing and planning it. The values are the
     * same: `at` as its ISO instant (an invalid date throws here, as the query builder did), `data` as its JSON.
     */
    async insert(ex: Executor, arrival: AnalyticsArrival, events: readonly NewAnalyticsEvent[]): Promise<void> {
      if (events.length === 0) return;
      const rows = JSON.stringify(
        events.map((event) => [event.at.toISOString(), event.type, event.data, event.supportCode]),
      );
      await ex.execute(sql`
        insert into analytics_events ("day", "received_at", "at", "type", "variant", "account_hash", "person_hash",
          "data", "support_code")
        select ${arrival.day}::date, ${arrival.receivedAt.toISOString()}::timestamptz, (e.value->>0)::timestamptz,
          e.value->>1, ${arrival.variant}::text, ${arrival.accountHash}::text, ${arrival.personHash}::text, e.value->2,
          e.value->>3
        from jsonb_array_elements(${rows}::jsonb) with ordinality as e(value, n)
        order by e.n`);
    },

    /**
     * The viewer's page (non-production): newest first over the `(received_at desc, id desc)` index, keyset-paged;
     * one extra row tells whether there is a next page.
     */
    async page(ex: Executor, window: AnalyticsWindow) {
      const filter: SQL[] = [];
      if (window.type) filter.push(eq(analyticsEvents.type, window.type));
      if (window.traceId) filter.push(sql`${analyticsEvents.data}->>'traceId' = ${window.traceId}`);
      if (window.supportCode) filter.push(eq(analyticsEvents.supportCode, window.supportCode));
      if (window.personHash) filter.push(eq(analyticsEvents.personHash, window.personHash));
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

    /** How many events are kept about a person. */
    async countOfPerson(ex: Executor, personHash: string): Promise<number> {
      const [row] = await ex
        .select({ n: count() })
        .from(analyticsEvents)
        .where(eq(analyticsEvents.personHash, personHash));
      return row?.n ?? 0;
    },

    /** Every event kept about a person, newest first (the privacy page's download). */
    async allOfPerson(ex: Executor, personHash: string) {
      return ex
        .select()
        .from(analyticsEvents)
        .where(eq(analyticsEvents.personHash, personHash))
        .orderBy(desc(analyticsEvents.receivedAt), desc(analyticsEvents.id));
    },

    /** Deletes every event kept about a person; returns how many. */
    async deleteOfPerson(ex: Executor, personHash: string): Promise<number> {
      const deleted = await ex
        .delete(analyticsEvents)
        .where(eq(analyticsEvents.personHash, personHash))
        .returning({ id: analyticsEvents.id });
      return deleted.length;
    },

    /** A person's usage analytics choice: null when they never made one (on). */
    async usageChoice(ex: Executor, userId: string): Promise<boolean | null> {
      const [row] = await ex
        .select({ usage: analyticsPreferences.usageAnalytics })
        .from(analyticsPreferences)
        .where(eq(analyticsPreferences.userId, userId));
      return row?.usage ?? null;
    },

    async setUsageChoice(ex: Executor, userId: string, usage: boolean, at: Date): Promise<void> {
      await ex
        .insert(analyticsPreferences)
        .values({ userId, usageAnalytics: usage, updatedAt: at })
        .onConflictDoUpdate({ target: analyticsPreferences.userId, set: { usageAnalytics: usage, updatedAt: at } });
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
