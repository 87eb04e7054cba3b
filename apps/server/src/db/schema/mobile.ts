import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';
import { mobileLineStatusEnum, subscriptionStatusEnum } from './enums';

export const mobileLines = pgTable(
  'mobile_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    phoneNumber: text().notNull().unique(),
    label: text().notNull(),
    planName: text().notNull(),
    status: mobileLineStatusEnum().notNull().default('active'),
    activatedOn: date({ mode: 'string' }).notNull(),
  },
  (t) => [index('mobile_lines_account').on(t.accountId)],
);

/** A device bought on instalments; its monthly instalment is a recurring charge of the mobile category. */
export const mobileDevices = pgTable(
  'mobile_devices',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    lineId: uuid()
      .notNull()
      .references(() => mobileLines.id, { onDelete: 'cascade' }),
    model: text().notNull(),
    financedCents: integer().notNull(),
    monthlyInstalmentCents: integer().notNull(),
    instalmentsTotal: integer().notNull(),
    instalmentsPaid: integer().notNull(),
    remainingCents: integer().notNull(),
    purchasedOn: date({ mode: 'string' }).notNull(),
  },
  (t) => [
    index('mobile_devices_account').on(t.accountId),
    check('mobile_devices_remaining', sql`${t.remainingCents} between 0 and ${t.financedCents}`),
  ],
);

/** Streaming (transaction billing) subscriptions charged through the account. */
export const streamingSubscriptions = pgTable(
  'streaming_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    provider: text().notNull(),
    planName: text().notNull(),
    priceCents: integer().notNull(),
    status: subscriptionStatusEnum().notNull(),
    startedOn: date({ mode: 'string' }).notNull(),
    nextChargeOn: date({ mode: 'string' }),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('streaming_subscriptions_account').on(t.accountId)],
);
