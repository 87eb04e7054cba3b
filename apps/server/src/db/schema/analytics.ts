import { sql } from 'drizzle-orm';
import { boolean, date, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * Client analytics (issue 23 item 2, wider-portal.md §11): the events of the batches the browser sent, one row each,
 * by the day they arrived (the retention job deletes whole days past ANALYTICS_RETENTION_DAYS). Nothing the browser
 * sent identifies the account or the person (the batch schema refuses it); the server adds both from the session as
 * keyed hashes (`analytics.service.ts`), so a person's events can be shown to them and deleted, and nobody reading this
 * table learns whose they are.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The day it arrived (UTC). */
    day: date({ mode: 'string' }).notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    /** When the browser says it happened. */
    at: timestamp({ withTimezone: true }).notNull(),
    type: text().notNull(),
    /** The portal variant that served the page: business or community. */
    variant: text().notNull(),
    /** HMAC-SHA256 of the account's id (null: not signed in). */
    accountHash: text(),
    /** HMAC-SHA256 of the person's id (null: not signed in). */
    personHash: text(),
    /** The event as the batch schema let it in, without its type and time. */
    data: jsonb().notNull(),
    /** Issue 23 item 4: the support code of the event's trace id (null: it names none), what support looks up. */
    supportCode: text(),
  },
  (t) => [
    index('analytics_events_day').on(t.day),
    index('analytics_events_person').on(t.personHash, t.receivedAt),
    // the viewer's keyset order (issue 23 item 2, /dev/analytics)
    index('analytics_events_received').on(t.receivedAt.desc(), t.id.desc()),
    index('analytics_events_support_code').on(t.supportCode, t.receivedAt).where(sql`${t.supportCode} is not null`),
  ],
);

/**
 * Issue 23 item 3 (wider-portal.md §11): a person's own choice of usage analytics (page views); no row is the default,
 * on. Off, the ingest keeps only their operational events (API calls and errors), as with Global Privacy Control.
 */
export const analyticsPreferences = pgTable('analytics_preferences', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  usageAnalytics: boolean().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});
