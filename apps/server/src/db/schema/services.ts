import { date, index, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn, users } from './accounts';
import { deviceTypeEnum, serviceKeyEnum } from './enums';

/**
 * The equipment of an account's services (issue 19 item 1, wider-portal.md §5): what the provider installed or
 * shipped, by service. Online or offline is the network's to say (modules/network-ops), not stored here.
 */
export const equipment = pgTable(
  'equipment',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    serviceKey: serviceKeyEnum().notNull(),
    deviceType: deviceTypeEnum().notNull(),
    model: text().notNull(),
    /** The MAC address or serial number: only its last 4 characters leave the server (maskDeviceIdentifier). */
    identifier: text().notNull(),
    /** spec §5: the customer's name for it, where the footprint and type allow one. */
    nickname: text(),
    installedOn: date({ mode: 'string' }).notNull(),
  },
  (t) => [index('equipment_account').on(t.accountId), uniqueIndex('equipment_identifier').on(t.identifier)],
);

export const serviceOrderStatusEnum = pgEnum('service_order_status', ['completed', 'installation_needed']);

/**
 * Changes of service a business made itself (issue 19 item 2): the offer, the day it took effect, and the next
 * statement as previewed when it was confirmed (the statement that day shows the same lines). A TV order waits for
 * its installation visit (issue 20 books it).
 */
export const serviceOrders = pgTable(
  'service_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    offerId: text().notNull(),
    status: serviceOrderStatusEnum().notNull(),
    effectiveOn: date({ mode: 'string' }).notNull(),
    preview: jsonb().$type<Record<string, unknown>>().notNull(),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('service_orders_account').on(t.accountId, t.createdAt, t.id)],
);
