import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn, users } from './accounts';
import { payments } from './payments';

/**
 * Pay links (issue 17 item 7, wider-portal.md §1): made by a `billing.pay` user for someone outside the account. The
 * token (32 random bytes) is shown once; only its SHA-256 is kept. What a link has taken is its uses
 * (`pay_link_uses`) whose payment was not declined.
 */
export const payLinks = pgTable(
  'pay_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** SHA-256 (hex) of the token. */
    tokenHash: text().notNull().unique(),
    capCents: integer().notNull(),
    usesAllowed: integer().notNull(),
    note: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // the account's list, newest first (keyset over created_at, id): read backwards, the index gives `created_at desc,
    // id desc` as the query orders (an index declared `desc` is `desc nulls last`, which that order cannot use)
    index('pay_links_account_created').on(t.accountId, t.createdAt, t.id),
    check('pay_links_cap_positive', sql`${t.capCents} > 0`),
    check('pay_links_uses_positive', sql`${t.usesAllowed} > 0`),
  ],
);

/**
 * Each payment made through a pay link, recorded in the payment's own transaction (so the link's cap and uses are
 * checked and taken together). A use whose payment was declined is `released_at` and counts no more; `notified_at`
 * marks the creator's e-mail as queued (once).
 */
export const payLinkUses = pgTable(
  'pay_link_uses',
  {
    id: uuid().primaryKey().defaultRandom(),
    payLinkId: uuid()
      .notNull()
      .references(() => payLinks.id, { onDelete: 'cascade' }),
    paymentId: uuid()
      .notNull()
      .unique()
      .references(() => payments.id),
    amountCents: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    releasedAt: timestamp({ withTimezone: true }),
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('pay_link_uses_link').on(t.payLinkId)],
);

/**
 * Quick Pay sessions (issue 17 item 6, wider-portal.md §1): what a guest's account lookup (account number + service
 * ZIP) or a pay link opens. The token (32 random bytes) goes to the guest; only its SHA-256 is kept. It lets the guest
 * tokenize a new card or bank account for this account and pay, until it expires (QUICK_PAY_SESSION_MINUTES after the
 * lookup); a session opened by a pay link pays only within the link's limits.
 */
export const quickPaySessions = pgTable(
  'quick_pay_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** SHA-256 (hex) of the token. */
    tokenHash: text().notNull().unique(),
    accountId: accountIdColumn(),
    payLinkId: uuid().references(() => payLinks.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('quick_pay_sessions_expiry').on(t.expiresAt)],
);
