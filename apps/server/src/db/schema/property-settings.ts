import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountIdColumn, properties } from './accounts';

/**
 * A community property's settings (issue 22 item 5, wider-portal.md §10): its business hours, holidays and closures,
 * its contacts and which contact gets which notice by which channel. `account_id` is the property's account: every
 * read is scoped by it. Times are minutes of the day (0-1440) on the account's wall clock, on a 15-minute grid; a day
 * is closed (no interval) or open in one or two intervals, the second after the first (the checks below, which the
 * service's rules say in words first: packages/shared schemas/property-settings.ts).
 */
const propertyIdColumn = () =>
  uuid()
    .notNull()
    .references(() => properties.id, { onDelete: 'cascade' });

/**
 * The intervals' checks of a table with `open1/close1/open2/close2` (named by the table): on the grid, within the day,
 * and either no interval or a first one and maybe a second after it. Each part names its nulls, so no check is
 * passed by a null it did not expect.
 */
function intervalChecks(
  table: string,
  t: { open1: AnyPgColumn; close1: AnyPgColumn; open2: AnyPgColumn; close2: AnyPgColumn },
) {
  return [
    check(
      `${table}_grid`,
      sql`${t.open1} % 15 = 0 and ${t.close1} % 15 = 0 and ${t.open2} % 15 = 0 and ${t.close2} % 15 = 0
        and ${t.open1} between 0 and 1440 and ${t.close1} between 0 and 1440
        and ${t.open2} between 0 and 1440 and ${t.close2} between 0 and 1440`,
    ),
    check(
      `${table}_intervals`,
      sql`(${t.open1} is null and ${t.close1} is null and ${t.open2} is null and ${t.close2} is null)
        or (${t.open1} is not null and ${t.close1} is not null and ${t.open1} < ${t.close1}
          and ((${t.open2} is null and ${t.close2} is null)
            or (${t.open2} is not null and ${t.close2} is not null and ${t.close1} <= ${t.open2} and ${t.open2} < ${t.close2})))`,
    ),
  ];
}

/** The week of a property: seven rows once it is saved (no row: its hours are not set, nothing is narrowed by them). */
export const propertyHours = pgTable(
  'property_hours',
  {
    propertyId: propertyIdColumn(),
    accountId: accountIdColumn(),
    /** 0 Sunday … 6 Saturday. */
    weekday: smallint().notNull(),
    open1: smallint(),
    close1: smallint(),
    open2: smallint(),
    close2: smallint(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.weekday] }),
    check('property_hours_weekday', sql`${t.weekday} between 0 and 6`),
    ...intervalChecks('property_hours', t),
  ],
);

/**
 * A dated exception to the week: closed (a holiday, or a closure over a range of days) or special hours on one day,
 * with a short label. One that is over (its last day before today) is kept as it was.
 */
export const propertyHoursExceptions = pgTable(
  'property_hours_exceptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    propertyId: propertyIdColumn(),
    accountId: accountIdColumn(),
    kind: text().notNull(),
    label: text().notNull(),
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }).notNull(),
    open1: smallint(),
    close1: smallint(),
    open2: smallint(),
    close2: smallint(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // the keyset pages of a property's exceptions, by start date then id (property-settings.repository.ts)
    index('property_hours_exceptions_page').on(t.propertyId, t.startsOn, t.id),
    check('property_hours_exceptions_kind', sql`${t.kind} in ('closed', 'special')`),
    check('property_hours_exceptions_dates', sql`${t.startsOn} <= ${t.endsOn}`),
    check('property_hours_exceptions_label', sql`char_length(${t.label}) between 1 and 60`),
    check(
      'property_hours_exceptions_shape',
      sql`(${t.kind} = 'closed' and ${t.open1} is null and ${t.close1} is null and ${t.open2} is null and ${t.close2} is null)
        or (${t.kind} = 'special' and ${t.open1} is not null and ${t.startsOn} = ${t.endsOn})`,
    ),
    ...intervalChecks('property_hours_exceptions', t),
  ],
);

/** A property's contact: who the notices about the property go to (at most 20 a property: the service's rule). */
export const propertyContacts = pgTable(
  'property_contacts',
  {
    id: uuid().primaryKey().defaultRandom(),
    propertyId: propertyIdColumn(),
    accountId: accountIdColumn(),
    name: text().notNull(),
    role: text().notNull(),
    /** E.164, or null: no texts. */
    phone: text(),
    email: text().notNull(),
    language: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('property_contacts_property').on(t.propertyId, t.name, t.id),
    check('property_contacts_role', sql`${t.role} in ('property_manager', 'maintenance', 'leasing', 'emergency')`),
    check('property_contacts_phone', sql`${t.phone} ~ '^\\+[1-9][0-9]{1,14}$'`),
    check('property_contacts_language', sql`${t.language} in ('en', 'es')`),
  ],
);

/** One chosen (contact, notice, channel): a notice of that kind about the property goes to the contact that way. */
export const propertyContactPreferences = pgTable(
  'property_contact_preferences',
  {
    contactId: uuid()
      .notNull()
      .references(() => propertyContacts.id, { onDelete: 'cascade' }),
    propertyId: propertyIdColumn(),
    accountId: accountIdColumn(),
    notice: text().notNull(),
    channel: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.notice, t.channel] }),
    // the background notices: a property's contacts chosen for a notice
    index('property_contact_preferences_notice').on(t.propertyId, t.notice),
    check('property_contact_preferences_notice', sql`${t.notice} in ('outages', 'visits', 'billing', 'contract')`),
    check('property_contact_preferences_channel', sql`${t.channel} in ('email', 'text')`),
  ],
);
