import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';

/**
 * Server-side sessions (product-decisions.md, sessions): the cookie carries a random token, the table only its
 * SHA-256, so a database leak yields no usable session. Idle and absolute limits are checked on every request.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the session token. */
    id: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    csrfToken: text().notNull(),
    rememberMe: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    /** createdAt + the absolute limit. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ipAddress: text(),
    userAgent: text(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

/** The login edge's half of an authorization request: state, nonce and PKCE verifier never leave the server. */
export const loginTransactions = pgTable('login_transactions', {
  /** SHA-256 (hex) of the transaction cookie's value. */
  id: text().primaryKey(),
  state: text().notNull(),
  nonce: text().notNull(),
  codeVerifier: text().notNull(),
  targetUrl: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});

/** oidc-provider's storage adapter (sessions, interactions, codes, grants) on the portal database. */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    /** `${model}:${id}` */
    id: text().primaryKey(),
    model: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    grantId: text(),
    userCode: text(),
    uid: text(),
    expiresAt: timestamp({ withTimezone: true }),
    consumedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('oidc_payloads_grant').on(t.grantId), index('oidc_payloads_uid').on(t.uid)],
);

/** Feature-flag overrides set through the non-production API; absent flags use their environment default. */
export const flagOverrides = pgTable('flag_overrides', {
  name: text().primaryKey(),
  enabled: boolean().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
  data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
});
