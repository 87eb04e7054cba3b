import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';
import { recurringCharges } from './billing';
import { mobileLineStatusEnum, mobileOrderStatusEnum, subscriptionStatusEnum } from './enums';

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

/**
 * A device bought on instalments; its monthly instalment is a recurring charge of the mobile category. The billing
 * run lowers `remainingCents` by each instalment it bills and ends the charge when nothing is left; a device payment
 * lowers it at once (ADR 011).
 */
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
    /** The recurring charge that bills the instalments. */
    recurringChargeId: uuid().references(() => recurringCharges.id),
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
    /** The recurring charge that bills it; cancelling ends it so no later statement charges it. */
    recurringChargeId: uuid().references(() => recurringCharges.id),
  },
  (t) => [index('streaming_subscriptions_account').on(t.accountId)],
);

export type MobileOrderItem = {
  description: string;
  quantity: number;
  unitPriceCents: number;
  /** Financed by an instalment plan: not part of the order total. */
  financed: boolean;
};

/** Mobile orders (devices, accessories) as the provider's order system knows them. */
export const mobileOrders = pgTable(
  'mobile_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    orderNumber: text().notNull().unique(),
    placedOn: date({ mode: 'string' }).notNull(),
    status: mobileOrderStatusEnum().notNull(),
    items: jsonb().$type<MobileOrderItem[]>().notNull(),
    subtotalCents: integer().notNull(),
    taxCents: integer().notNull(),
    shippingCents: integer().notNull(),
    totalCents: integer().notNull(),
    shipTo: text().notNull(),
  },
  (t) => [
    index('mobile_orders_account').on(t.accountId, t.placedOn.desc(), t.id.desc()),
    check('mobile_orders_total', sql`${t.totalCents} = ${t.subtotalCents} + ${t.taxCents} + ${t.shippingCents}`),
  ],
);

/** Refunds of mobile orders (a returned accessory), paid back to the method the order was paid with. */
export const mobileRefunds = pgTable(
  'mobile_refunds',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    orderId: uuid().references(() => mobileOrders.id),
    refundedOn: date({ mode: 'string' }).notNull(),
    amountCents: integer().notNull(),
    description: text().notNull(),
    methodLabel: text().notNull(),
    reference: text().notNull(),
  },
  (t) => [
    uniqueIndex('mobile_refunds_reference').on(t.reference),
    index('mobile_refunds_account_keyset').on(t.accountId, t.refundedOn.desc(), t.id.desc()),
    check('mobile_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
);
