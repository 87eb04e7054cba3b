import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn, addresses, users } from './accounts';

/**
 * The portal's own records about outages at a business's locations (issue 20 items 7 and 8, wider-portal.md §8):
 * who is told when an outage there is over, and the outage credits requested. The outages themselves are network
 * operations' (network-ops.ts), referred to by their id and reference.
 */
export const outageCallbacks = pgTable(
  'outage_callbacks',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    /** The location (service address) whose outages are told. */
    addressId: uuid()
      .notNull()
      .references(() => addresses.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `email` or `text`. */
    channel: text().notNull(),
    /** An e-mail address (lower case) or a number in E.164. */
    destination: text().notNull(),
    /** The language the notice is written in: the subscriber's when they subscribed. */
    language: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** Unsubscribed: kept for the audit trail, told nothing more. */
    endedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    check('outage_callbacks_channel', sql`${t.channel} in ('email', 'text')`),
    uniqueIndex('outage_callbacks_live')
      .on(t.userId, t.addressId, t.channel, t.destination)
      .where(sql`${t.endedAt} is null`),
    index('outage_callbacks_address').on(t.addressId),
  ],
);

export const outageCredits = pgTable(
  'outage_credits',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    /** Network operations' event and its reference (`OUT-24117`). */
    eventId: uuid().notNull(),
    reference: text().notNull(),
    /** The credit's total: one negative one-time charge per affected service's category, on the next statement. */
    amountCents: integer().notNull(),
    days: integer().notNull(),
    requestedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    requestedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // one credit per outage and account, whoever asks and however often
    uniqueIndex('outage_credits_once').on(t.accountId, t.eventId),
    check('outage_credits_amount', sql`${t.amountCents} > 0 and ${t.days} > 0`),
  ],
);
