import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountIdColumn, properties } from './accounts';
import { serviceKeyEnum } from './enums';

/**
 * The community variant's bulk agreements (issue 22 item 6, wider-portal.md §10; spec §2.3 "bulk master agreement"):
 * the portal's record of the contract. One per account; its term (first and last day), and its renewal (automatic
 * or not, for how long, the notice period). The agreement's properties, their rates and ramps are the tables below.
 */
export const bulkAgreements = pgTable(
  'bulk_agreements',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn().unique('bulk_agreements_account'),
    reference: text().notNull().unique('bulk_agreements_reference'),
    termStart: date({ mode: 'string' }).notNull(),
    termEnd: date({ mode: 'string' }).notNull(),
    autoRenews: boolean().notNull(),
    renewalTermMonths: integer().notNull(),
    noticeDays: integer().notNull(),
    signedOn: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    check('bulk_agreements_term', sql`${t.termEnd} > ${t.termStart} and ${t.signedOn} <= ${t.termStart}`),
    check(
      'bulk_agreements_renewal',
      sql`${t.renewalTermMonths} between 1 and 120 and ${t.noticeDays} between 0 and 365`,
    ),
  ],
);

/** A property under the agreement: how many of its units the agreement covers. A property is in one agreement. */
export const bulkAgreementProperties = pgTable(
  'bulk_agreement_properties',
  {
    propertyId: uuid()
      .primaryKey()
      .references(() => properties.id, { onDelete: 'cascade' }),
    agreementId: uuid()
      .notNull()
      .references(() => bulkAgreements.id, { onDelete: 'cascade' }),
    accountId: accountIdColumn(),
    unitsContracted: integer().notNull(),
  },
  (t) => [
    index('bulk_agreement_properties_account').on(t.accountId),
    check('bulk_agreement_properties_units', sql`${t.unitsContracted} > 0`),
  ],
);

/** The services the agreement provides at a property, each at its rate per unit per month (integer cents). */
export const bulkAgreementRates = pgTable(
  'bulk_agreement_rates',
  {
    propertyId: uuid().notNull(),
    accountId: accountIdColumn(),
    service: serviceKeyEnum().notNull(),
    rateCents: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: 'bulk_agreement_rates_pk', columns: [t.propertyId, t.service] }),
    foreignKey({
      name: 'bulk_agreement_rates_property_fk',
      columns: [t.propertyId],
      foreignColumns: [bulkAgreementProperties.propertyId],
    }).onDelete('cascade'),
    index('bulk_agreement_rates_account').on(t.accountId),
    check('bulk_agreement_rates_cents', sql`${t.rateCents} >= 0`),
  ],
);

/**
 * A property's ramp (wider-portal.md §10: units billed per month as a property leases up): from the month starting
 * `starts_on` (a first of the month), `units` of the contracted units are billed, until the next step.
 */
export const bulkAgreementRampSteps = pgTable(
  'bulk_agreement_ramp_steps',
  {
    propertyId: uuid().notNull(),
    accountId: accountIdColumn(),
    startsOn: date({ mode: 'string' }).notNull(),
    units: integer().notNull(),
  },
  (t) => [
    primaryKey({ name: 'bulk_agreement_ramp_steps_pk', columns: [t.propertyId, t.startsOn] }),
    foreignKey({
      name: 'bulk_agreement_ramp_steps_property_fk',
      columns: [t.propertyId],
      foreignColumns: [bulkAgreementProperties.propertyId],
    }).onDelete('cascade'),
    index('bulk_agreement_ramp_steps_account').on(t.accountId),
    check('bulk_agreement_ramp_steps_units', sql`${t.units} >= 0`),
    check('bulk_agreement_ramp_steps_month', sql`extract(day from ${t.startsOn}) = 1`),
  ],
);

/**
 * The billing engine's bulk bills (simulated, modules/billing-system/bulk-billing.ts; not the portal's record): per
 * property and month (`month`, its first day), the units it billed by unit number and the amount (integer cents).
 */
export const bulkBills = pgTable(
  'bulk_bills',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    propertyId: uuid()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    month: date({ mode: 'string' }).notNull(),
    units: text().array().notNull(),
    amountCents: integer().notNull(),
    billedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    unique('bulk_bills_property_month').on(t.propertyId, t.month),
    // an account's bills over a range of months (bulk-billing.ts)
    index('bulk_bills_account_month').on(t.accountId, t.month),
    check('bulk_bills_amount', sql`${t.amountCents} >= 0`),
    check('bulk_bills_month', sql`extract(day from ${t.month}) = 1`),
  ],
);

/**
 * The units activated at each covered property each month (issue 22 item 6: the ramp ledger's past months): the
 * portal's own record, the count of units with access active as the background pass last saw it in that month (so a
 * month gone keeps its last count). Months before the record began have none.
 */
export const rampActivations = pgTable(
  'ramp_activations',
  {
    propertyId: uuid()
      .notNull()
      .references(() => properties.id, { onDelete: 'cascade' }),
    accountId: accountIdColumn(),
    month: date({ mode: 'string' }).notNull(),
    activatedUnits: integer().notNull(),
    recordedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.propertyId, t.month] }),
    index('ramp_activations_account_month').on(t.accountId, t.month),
    check('ramp_activations_units', sql`${t.activatedUnits} >= 0`),
    check('ramp_activations_month', sql`extract(day from ${t.month}) = 1`),
  ],
);
