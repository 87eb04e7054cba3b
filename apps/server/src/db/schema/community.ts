import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn, properties } from './accounts';

/**
 * The community variant's units (issue 22 items 2-3, wider-portal.md §10): each unit of a property a property manager
 * looks after, whether it is occupied, its service access (`active`, `suspended` by the manager, `inactive`: never
 * activated, a unit still leasing up) and its resident. A vacant unit has no resident (the check below); the phone is
 * E.164. `account_id` is the property's account: every read is scoped by it.
 */
export const communityUnits = pgTable(
  'community_units',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    propertyId: uuid()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    /** As the property names it ("101", "B-12"); the list is ordered by it (zero-padded where numeric). */
    number: text().notNull(),
    occupancy: text().notNull(),
    access: text().notNull(),
    residentName: text(),
    residentEmail: text(),
    residentPhone: text(),
    moveIn: date({ mode: 'string' }),
    moveOut: date({ mode: 'string' }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    unique('community_units_property_number').on(t.propertyId, t.number),
    // the keyset page of a property's units, by number then id (community.repository.ts)
    index('community_units_page').on(t.propertyId, t.number, t.id),
    check('community_units_occupancy', sql`${t.occupancy} in ('occupied', 'vacant')`),
    check('community_units_access', sql`${t.access} in ('active', 'suspended', 'inactive')`),
    check('community_units_phone', sql`${t.residentPhone} ~ '^\\+[1-9][0-9]{1,14}$'`),
    check(
      'community_units_resident',
      sql`(${t.occupancy} = 'occupied' and ${t.residentName} is not null and ${t.moveIn} is not null)
        or (${t.occupancy} = 'vacant' and ${t.residentName} is null and ${t.residentEmail} is null
          and ${t.residentPhone} is null and ${t.moveIn} is null and ${t.moveOut} is null)`,
    ),
  ],
);

/**
 * A unit's next tenancy (issue 22 item 4): a resident who moves in after the current one's move-out date, entered
 * ahead (by the form or an import) without touching the current resident. The `community.move_in` job of its move-in
 * day makes it the unit's resident (the current one moved out first) and grants access (unit-changes.ts). One per unit.
 */
export const communityNextTenancies = pgTable(
  'community_next_tenancies',
  {
    unitId: uuid()
      .primaryKey()
      .references(() => communityUnits.id, { onDelete: 'cascade' }),
    accountId: accountIdColumn(),
    residentName: text().notNull(),
    residentEmail: text(),
    residentPhone: text(),
    moveIn: date({ mode: 'string' }).notNull(),
    moveOut: date({ mode: 'string' }),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check('community_next_tenancies_phone', sql`${t.residentPhone} ~ '^\\+[1-9][0-9]{1,14}$'`),
    check('community_next_tenancies_dates', sql`${t.moveOut} is null or ${t.moveOut} >= ${t.moveIn}`),
  ],
);
