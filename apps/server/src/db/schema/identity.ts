import { bigint, boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { linkPurposeEnum } from './enums';

/**
 * Server-side sessions (product-decisions.md, sessions): the cookie carries a random token, the table only its
 * SHA-256, so a database leak yields no usable session. Idle and absolute limits are checked on every request.
 */
export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the session token. */
    id: text().primaryKey(),
    /**
     * The id the session is shown and ended by (issue 18 item 2, the signed-in sessions list): random, unrelated to the
     * token, so that naming a session never reveals its token's hash.
     */
    publicId: uuid().notNull().defaultRandom(),
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
    /** The last time the user proved who they are in this session (sign-in or step-up, wider-portal.md §3). */
    authenticatedAt: timestamp({ withTimezone: true }),
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

/**
 * Links sent by e-mail (wider-portal.md §1, issue 17 item 3): the e-mail carries a random token (256 bits), the table
 * only its SHA-256, so a database leak opens nothing. Single-use (`usedAt`), with an expiry per purpose. `data` holds
 * what the link finishes: a registration's username and password hash, an invitation's role, a new e-mail address.
 */
export const emailLinks = pgTable(
  'email_links',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** SHA-256 (hex) of the token. */
    tokenHash: text().notNull().unique(),
    purpose: linkPurposeEnum().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid().references(() => accounts.id, { onDelete: 'cascade' }),
    email: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('email_links_user').on(t.userId, t.purpose),
    // the invitations list (issue 18 item 5): an account's, newest first (read backwards)
    index('email_links_account').on(t.accountId, t.purpose, t.createdAt, t.id),
  ],
);

/** Create account's tries of an account's statement security code (3 wrong in an hour lock it for an hour). */
export const registrationAttempts = pgTable(
  'registration_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull(),
    succeeded: boolean().notNull(),
  },
  (t) => [index('registration_attempts_account').on(t.accountId, t.at.desc())],
);

/**
 * A user's passkeys (issue 18 item 2, wider-portal.md §3, ADR 029): WebAuthn credentials registered on
 * `/profile-and-settings`, used to sign in and for the step-up. The public key is COSE as the authenticator gave it.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser names it. */
    credentialId: text().notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text().notNull(),
    /** The authenticator's signature counter (0 for those that keep none). */
    counter: bigint({ mode: 'number' }).notNull().default(0),
    transports: jsonb().$type<string[]>().notNull().default([]),
    name: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('passkeys_user').on(t.userId)],
);

/**
 * WebAuthn challenges, single-use and short-lived (ADR 029): one per signed-in session (`registration:<session id>`)
 * or per sign-in in progress (`sign-in:<interaction uid>`); a new request replaces it, a verification deletes it.
 */
export const passkeyChallenges = pgTable('passkey_challenges', {
  id: text().primaryKey(),
  challenge: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
});
