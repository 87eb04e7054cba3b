import { date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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

/**
 * A self-install kit (issue 21 item 6, wider-portal.md §9): the gateway shipped to the account, and how far its
 * activation by the provisioning system got: shipped -> modem seen -> provisioned -> online, the last failure of the
 * step now due with its count, and the Wi-Fi's name once set (its password is the gateway's alone, never kept here).
 */
export const selfInstallKits = pgTable('self_install_kits', {
  id: uuid().primaryKey().defaultRandom(),
  accountId: accountIdColumn().unique(),
  model: text().notNull(),
  /** The gateway's MAC address (masked whenever it leaves the server). */
  identifier: text().notNull().unique(),
  /** `portal`, or `redirect` (a third-party installer, spec §2.4). */
  installType: text().notNull().default('portal'),
  shippedAt: timestamp({ withTimezone: true }).notNull(),
  stage: text().notNull().default('shipped'),
  failedStep: text(),
  failureReason: text(),
  failedAttempts: integer().notNull().default(0),
  wifiName: text(),
  activatedAt: timestamp({ withTimezone: true }),
});
