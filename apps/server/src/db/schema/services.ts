import { date, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';
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
