import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn, users } from './accounts';

/**
 * A user's speed test (issue 21 item 7): the figures the browser measured against the portal's own server, the
 * internet plan billed then with its speeds, and the verdict the server drew from them.
 */
export const speedTests = pgTable(
  'speed_tests',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull(),
    downloadKbps: integer().notNull(),
    uploadKbps: integer().notNull(),
    idleLatencyMs: integer().notNull(),
    loadedLatencyMs: integer().notNull(),
    jitterMs: integer().notNull(),
    planName: text(),
    planDownloadKbps: integer(),
    planUploadKbps: integer(),
    verdict: text().notNull(),
  },
  (t) => [index('speed_tests_user').on(t.userId, t.at, t.id)],
);
