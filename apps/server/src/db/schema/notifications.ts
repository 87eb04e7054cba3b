import { boolean, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { notificationEventEnum } from './enums';

/**
 * A user's choices of the notifications matrix (issue 18 item 4, wider-portal.md §3): one row per event the user has
 * saved, its e-mail and text channels. No row: the default (`defaultNotificationChoice`). Security notices have no
 * row: they are always on.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: notificationEventEnum().notNull(),
    email: boolean().notNull(),
    text: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.event] })],
);
