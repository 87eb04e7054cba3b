import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';
import { accountEventTypeEnum, billingCategoryEnum, lineKindEnum, recurringKindEnum } from './enums';

/** Tax rates per state and billing category, in basis points, effective from a date (a change is an account event). */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid().primaryKey().defaultRandom(),
    state: text().notNull(),
    category: billingCategoryEnum().notNull(),
    basisPoints: integer().notNull(),
    effectiveFrom: date({ mode: 'string' }).notNull(),
  },
  (t) => [uniqueIndex('tax_rates_state_category_from').on(t.state, t.category, t.effectiveFrom)],
);

/** Charges that repeat every cycle while in effect: plans, rented equipment, promotions (negative), fixed fees. */
export const recurringCharges = pgTable(
  'recurring_charges',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    category: billingCategoryEnum().notNull(),
    kind: recurringKindEnum().notNull(),
    description: text().notNull(),
    amountCents: integer().notNull(),
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }),
  },
  (t) => [
    index('recurring_charges_account').on(t.accountId),
    check('recurring_charges_promotion_sign', sql`(${t.kind} = 'promotion') = (${t.amountCents} < 0)`),
  ],
);

export const chargeKindEnum = pgEnum('charge_kind', ['one_time', 'adjustment']);

/**
 * One-time charges and credits/adjustments posted to the account between statements (spec §3 charges row:
 * Date, Description, Date Posted, Amount). `statementId` is set when a statement bills it.
 */
export const charges = pgTable(
  'charges',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    kind: chargeKindEnum().notNull(),
    category: billingCategoryEnum().notNull(),
    description: text().notNull(),
    amountCents: integer().notNull(),
    chargedOn: date({ mode: 'string' }).notNull(),
    postedOn: date({ mode: 'string' }).notNull(),
    statementId: uuid().references(() => statements.id, { onDelete: 'set null' }),
  },
  (t) => [index('charges_account_keyset').on(t.accountId, t.postedOn.desc(), t.id.desc())],
);

/** What happened to an account that changes a bill; a statement line can point at the event that explains it. */
export const accountEvents = pgTable(
  'account_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    type: accountEventTypeEnum().notNull(),
    occurredOn: date({ mode: 'string' }).notNull(),
    /** The recurring or one-time charge the event concerns. */
    sourceId: uuid(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('account_events_account_keyset').on(t.accountId, t.occurredOn.desc(), t.id.desc())],
);

export const statements = pgTable(
  'statements',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    statementDate: date({ mode: 'string' }).notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    periodStart: date({ mode: 'string' }).notNull(),
    periodEnd: date({ mode: 'string' }).notNull(),
    previousBalanceCents: integer().notNull(),
    paymentsReceivedCents: integer().notNull(),
    adjustmentsCents: integer().notNull(),
    newChargesCents: integer().notNull(),
    totalDueCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // one statement per account and cycle: the statement job is idempotent on this key
    uniqueIndex('statements_account_date').on(t.accountId, t.statementDate),
    index('statements_account_keyset').on(t.accountId, t.statementDate.desc(), t.id.desc()),
    check(
      'statements_total_reconciles',
      sql`${t.totalDueCents} = ${t.previousBalanceCents} - ${t.paymentsReceivedCents} + ${t.adjustmentsCents} + ${t.newChargesCents}`,
    ),
  ],
);

export const statementLines = pgTable(
  'statement_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    statementId: uuid()
      .notNull()
      .references(() => statements.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    category: billingCategoryEnum().notNull(),
    kind: lineKindEnum().notNull(),
    description: text().notNull(),
    amountCents: integer().notNull(),
    sourceId: uuid(),
    periodStart: date({ mode: 'string' }),
    periodEnd: date({ mode: 'string' }),
  },
  (t) => [uniqueIndex('statement_lines_statement_position').on(t.statementId, t.position)],
);
