import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './accounts';

/**
 * Quick Pay sessions (issue 17 item 6, wider-portal.md §1): what a guest's account lookup (account number + service
 * ZIP) opens. The token (32 random bytes) goes to the guest; only its SHA-256 is kept. It lets the guest tokenize a
 * new card or bank account for this account and pay, until it expires (QUICK_PAY_SESSION_MINUTES after the lookup).
 */
export const quickPaySessions = pgTable(
  'quick_pay_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** SHA-256 (hex) of the token. */
    tokenHash: text().notNull().unique(),
    accountId: accountIdColumn(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('quick_pay_sessions_expiry').on(t.expiresAt)],
);
