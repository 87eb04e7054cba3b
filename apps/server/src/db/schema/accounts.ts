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
import {
  accountStatusEnum,
  addressKindEnum,
  billerTypeEnum,
  enterpriseRoleEnum,
  footprintEnum,
  paymentRestrictionEnum,
  portalRoleEnum,
  serviceKeyEnum,
  serviceStatusEnum,
  userStatusEnum,
  userTypeEnum,
} from './enums';

/** A business's billing account. One business has one account in this portal. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountNumber: text().notNull().unique(),
    companyName: text().notNull(),
    footprint: footprintEnum().notNull(),
    billerType: billerTypeEnum().notNull(),
    /** spec §3 billerRegion: siteId, company, franchise, principle, agent. */
    billerSiteId: text().notNull(),
    billerCompany: text().notNull(),
    billerFranchise: text().notNull(),
    billerPrinciple: text().notNull(),
    billerAgent: text().notNull(),
    cycleDay: smallint().notNull(),
    timeZone: text().notNull(),
    status: accountStatusEnum().notNull().default('active'),
    isEnterprise: boolean().notNull().default(false),
    paymentRestriction: paymentRestrictionEnum().notNull().default('none'),
    paperless: boolean().notNull().default(false),
    /** Community variant: the property manager has a bulk master agreement (spec §2.3, Your Community tab). */
    hasBulkAgreement: boolean().notNull().default(false),
    /**
     * issue 17, wider-portal.md §1: the 6-digit code printed on every statement (digital and PDF), which proves to
     * Create account that the person holds the account's bill. Null for an account that has no statements yet.
     */
    statementCode: text(),
    /**
     * Company details (wider-portal.md §3, issue 18 item 1), edited by PRIMARY and ADMIN on Profile & Settings: the
     * name the portal shows (null: `companyName`), the business phone (E.164) and the billing contact. The service
     * address stays read-only (`addresses`: changing it is an order by phone).
     */
    displayName: text(),
    businessPhone: text(),
    billingContactName: text(),
    billingContactEmail: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [check('accounts_cycle_day', sql`${t.cycleDay} between 1 and 28`)],
);

/** The owning account of a row; rows go with their account. */
export function accountIdColumn() {
  return uuid()
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });
}

export const addresses = pgTable(
  'addresses',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    kind: addressKindEnum().notNull(),
    addressLine1: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    zip: text().notNull(),
  },
  (t) => [
    uniqueIndex('addresses_account_kind').on(t.accountId, t.kind),
    check('addresses_zip', sql`${t.zip} ~ '^[0-9]{5}$'`),
  ],
);

/** Community variant: the properties a property manager looks after. */
export const properties = pgTable(
  'properties',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    name: text().notNull(),
    addressLine1: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    zip: text().notNull(),
    units: integer().notNull(),
  },
  (t) => [index('properties_account').on(t.accountId)],
);

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stored lower-case; sign-in matches case-insensitively. */
    username: text().notNull().unique(),
    passwordHash: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    /** The mobile number texts go to (wider-portal.md §3), E.164; null until the user gives one. */
    mobilePhone: text(),
    userType: userTypeEnum().notNull().default('CONSUMER'),
    status: userStatusEnum().notNull().default('active'),
    /** The language the user chose (`en` or `es`); null until they choose, so the device's language applies. */
    language: text(),
    /** product-decisions.md: 10 failures within 15 minutes lock the user for 30 minutes. */
    failedLoginCount: integer().notNull().default(0),
    failedLoginWindowStart: timestamp({ withTimezone: true }),
    lockedUntil: timestamp({ withTimezone: true }),
    /** wider-portal.md §1: after a lockout (or an admin's request) sign-in sends the user to reset the password first. */
    passwordResetRequired: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** The users list's "last sign-in" (wider-portal.md §4). */
    lastSignInAt: timestamp({ withTimezone: true }),
    /** When an admin (or the time-boxed access job) deactivated the user (`status` disabled); null when active. */
    deactivatedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // the users list's order (issue 18 item 5): by name, keyset-paged (users.repository.ts sortKey)
    index('users_sort_name').on(sql`lower(${t.lastName} || ' ' || ${t.firstName})`, t.id),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: accountIdColumn(),
    role: portalRoleEnum().notNull(),
    enterpriseRole: enterpriseRoleEnum().notNull().default('NONE'),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** Time-boxed access (wider-portal.md §4): a job deactivates the user then; the inviter is reminded 3 days before. */
    accessEndsAt: timestamp({ withTimezone: true }),
    accessRemindedAt: timestamp({ withTimezone: true }),
    /** Who gave the access (the reminder's recipient); null once that user is gone. */
    invitedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('memberships_user_account').on(t.userId, t.accountId),
    index('memberships_account').on(t.accountId),
    // wider-portal.md §4: exactly one PRIMARY per account, a database rule (at most one here; at least one: the
    // deferred trigger of migration 0010)
    uniqueIndex('memberships_one_primary').on(t.accountId).where(sql`role = 'PRIMARY'`),
    index('memberships_access_ends').on(t.accessEndsAt),
  ],
);

/** spec §3: account services with their service keys and statuses. */
export const accountServices = pgTable(
  'account_services',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    serviceKey: serviceKeyEnum().notNull(),
    status: serviceStatusEnum().notNull(),
    /** Value-added service id of spec §3 (for example PHONE_META for a business phone), when it has one. */
    valueAddedServiceId: text(),
    startedOn: date({ mode: 'string' }).notNull(),
  },
  (t) => [uniqueIndex('account_services_account_key').on(t.accountId, t.serviceKey)],
);

/** Business phone lines (demo: Harbor Coffee has 3, 2 assigned). */
export const voiceLines = pgTable(
  'voice_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    phoneNumber: text().notNull().unique(),
    label: text().notNull(),
    /** The caller-ID name shown to the people this line calls (wider-portal.md §6: at most 15 characters). */
    callerIdName: text(),
    assignedUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('voice_lines_account').on(t.accountId)],
);
