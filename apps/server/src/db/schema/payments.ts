import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountIdColumn, users } from './accounts';
import {
  autopayScopeEnum,
  autopayStatusEnum,
  bankAccountTypeEnum,
  cardBrandEnum,
  cardFundingEnum,
  paymentChannelEnum,
  paymentMethodTypeEnum,
  paymentStatusEnum,
  paymentTargetEnum,
} from './enums';
import { mobileDevices } from './mobile';

/**
 * Saved payment methods: a card-vault token and display data only. No card number, security code or full bank
 * account number is ever stored here (architecture.md, card data).
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    type: paymentMethodTypeEnum().notNull(),
    vaultToken: text().notNull().unique(),
    lastFour: text().notNull(),
    cardBrand: cardBrandEnum(),
    cardFunding: cardFundingEnum(),
    expMonth: smallint(),
    expYear: smallint(),
    nameOnCard: text(),
    zip: text(),
    bankAccountType: bankAccountTypeEnum(),
    routingNumber: text(),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('payment_methods_account').on(t.accountId),
    check('payment_methods_last_four', sql`${t.lastFour} ~ '^[0-9]{4}$'`),
    check(
      'payment_methods_shape',
      sql`(${t.type} = 'card' and ${t.cardBrand} is not null and ${t.expMonth} between 1 and 12 and ${t.expYear} is not null)
        or (${t.type} = 'bank' and ${t.bankAccountType} is not null and ${t.routingNumber} ~ '^[0-9]{9}$')`,
    ),
  ],
);

/**
 * Payments, one-time and Auto Pay, made now or scheduled (spec §3 payment and scheduled payment; a scheduled
 * payment is a payment in status `scheduled` with a future `paymentDate`).
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    confirmationNumber: text().notNull().unique(),
    amountCents: integer().notNull(),
    paymentMethodId: uuid().references(() => paymentMethods.id),
    /** The card-vault token charged: the saved method's, or a one-time token (a prepaid card is never saved). */
    vaultToken: text(),
    /** Display data frozen at payment time (brand or bank type, and last four), so history survives deletion. */
    methodLabel: text().notNull(),
    paymentDate: date({ mode: 'string' }).notNull(),
    status: paymentStatusEnum().notNull(),
    channel: paymentChannelEnum().notNull(),
    enteredByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    entryDate: timestamp({ withTimezone: true }).notNull(),
    /** When the processor was last asked to move the money (the reconciler's clock for work left in progress). */
    attemptedAt: timestamp({ withTimezone: true }),
    postedAt: timestamp({ withTimezone: true }),
    processorReference: text(),
    failureCode: text(),
    /** ADR 011: `mobile` settles the mobile part of the balance first; `device` pays a device plan, not the balance. */
    target: paymentTargetEnum().notNull().default('account'),
    deviceId: uuid().references(() => mobileDevices.id),
    /**
     * A guest's payment (Quick Pay, issue 17 item 6; no user entered it): where its receipt goes and in which
     * language, as the guest typed them. Null for a signed-in user's payment (the user's own address).
     */
    guestEmail: text(),
    guestLanguage: text(),
  },
  (t) => [
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_guest_receipt', sql`(${t.guestEmail} is null) = (${t.guestLanguage} is null)`),
    check('payments_device_target', sql`(${t.target} = 'device') = (${t.deviceId} is not null)`),
    index('payments_account_keyset').on(t.accountId, t.paymentDate.desc(), t.id.desc()),
    index('payments_scheduled').on(t.accountId).where(sql`${t.status} = 'scheduled'`),
  ],
);

export const autopayEnrollments = pgTable(
  'autopay_enrollments',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    scope: autopayScopeEnum().notNull(),
    paymentMethodId: uuid()
      .notNull()
      .references(() => paymentMethods.id),
    /** 1-31; a day missing in a month runs on the 1st of the next month (spec §5). */
    debitDay: smallint().notNull(),
    status: autopayStatusEnum().notNull(),
    enrolledAt: timestamp({ withTimezone: true }).notNull(),
    cancelledAt: timestamp({ withTimezone: true }),
    /**
     * product-decisions.md: a change made within 2 days of a draft applies after that draft. Until `pendingAfter`
     * has passed, the draft runs the old way; then the draft job applies the new day or the cancellation.
     */
    pendingDebitDay: smallint(),
    pendingCancel: boolean().notNull().default(false),
    pendingAfter: date({ mode: 'string' }),
  },
  (t) => [
    check('autopay_debit_day', sql`${t.debitDay} between 1 and 31`),
    // at most one live enrolment per account and scope
    uniqueIndex('autopay_one_enrolled').on(t.accountId, t.scope).where(sql`${t.status} = 'enrolled'`),
  ],
);
