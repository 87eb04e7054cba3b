import { AUDIT_ACTOR_KINDS, AUDIT_AREAS, AUDIT_RESULTS } from '@vireo/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { idempotencyStatusEnum, jobStatusEnum } from './enums';

export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    at: timestamp({ withTimezone: true }).notNull(),
    actorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    accountId: uuid().references(() => accounts.id, { onDelete: 'cascade' }),
    action: text().notNull(),
    targetId: text(),
    requestId: text(),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /**
     * The customer-visible audit log (issue 18 item 6, wider-portal.md §4): who acted (a user, a guest of Quick Pay
     * or a pay link, or Vireo's own jobs), their name and role as they were then (the log keeps them when the user is
     * removed), the area of the action, where from (a truncated address and the browser) and the result.
     */
    actorKind: text({ enum: AUDIT_ACTOR_KINDS }).notNull().default('system'),
    actorName: text(),
    actorRole: text(),
    area: text({ enum: AUDIT_AREAS }).notNull().default('account'),
    result: text({ enum: AUDIT_RESULTS }).notNull().default('succeeded'),
    ipPrefix: text(),
    userAgent: text(),
  },
  // keyset pages newest first read these ascending indexes backwards (a `desc` index is `desc nulls last`, which
  // `order by … desc` cannot use)
  (t) => [
    index('audit_events_account_at').on(t.accountId, t.at, t.id),
    index('audit_events_account_actor_at').on(t.accountId, t.actorUserId, t.at, t.id),
    index('audit_events_account_area_at').on(t.accountId, t.area, t.at, t.id),
  ],
);

/** architecture.md, money-moving requests: a key is claimed in the same transaction as the work. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The signed-in user whose key it is; null for a guest's (Quick Pay), whose key `guestScope` scopes. */
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    /** A guest's key (issue 17 item 6): `quick-pay:<account id>`, so a new lookup does not make a retry a new payment. */
    guestScope: text(),
    key: text().notNull(),
    method: text().notNull(),
    path: text().notNull(),
    requestHash: text().notNull(),
    status: idempotencyStatusEnum().notNull(),
    /** What the request made (a payment id), so a reconciler can finish the key when it finishes the work. */
    resourceId: text(),
    responseStatus: smallint(),
    responseBody: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_user_key').on(t.userId, t.key),
    uniqueIndex('idempotency_keys_guest_key').on(t.guestScope, t.key),
    check('idempotency_keys_owner', sql`(${t.userId} is null) <> (${t.guestScope} is null)`),
    index('idempotency_keys_resource').on(t.resourceId),
  ],
);

/** Background jobs, claimed with FOR UPDATE SKIP LOCKED; `uniqueKey` makes each run happen once. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().notNull(),
    uniqueKey: text().notNull().unique(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    status: jobStatusEnum().notNull().default('queued'),
    runAt: timestamp({ withTimezone: true }).notNull(),
    attempts: integer().notNull().default(0),
    lockedAt: timestamp({ withTimezone: true }),
    lockedBy: text(),
    lastError: text(),
    completedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('jobs_due').on(t.runAt).where(sql`${t.status} = 'queued'`)],
);

/** The billing clock's offset from real time (non-production time travel); one row. */
export const clockState = pgTable(
  'clock_state',
  {
    id: smallint().primaryKey().default(1),
    offsetMs: bigint({ mode: 'number' }).notNull().default(0),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('clock_state_single_row', sql`${t.id} = 1`)],
);

/**
 * The outbox of e-mails (wider-portal.md §2): queued in the transaction of the change it tells about, with a plain-text
 * part (`body`) and an HTML part in the recipient's language; delivered by the `email.deliver` job when SMTP is
 * configured (`sentAt`, `messageId`), read at the non-production mailbox either way.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid().primaryKey().defaultRandom(),
    toAddress: text().notNull(),
    /** What the message is (`receipt`, `autopay-failed`, `verify-email`, ...): for the mailbox and the tests. */
    kind: text().notNull().default('notice'),
    language: text().notNull().default('en'),
    subject: text().notNull(),
    /** The plain-text part. */
    body: text().notNull(),
    html: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    /** The SMTP server's Message-ID once sent. */
    messageId: text(),
  },
  (t) => [index('outbox_created').on(t.createdAt.desc(), t.id.desc())],
);

/**
 * Text messages (wider-portal.md §2): simulated, kept here and shown at the non-production mailbox. `sendAfter` is
 * the end of the quiet hours when the message was queued inside them (security notices are never held).
 */
export const outboxTexts = pgTable(
  'outbox_texts',
  {
    id: uuid().primaryKey().defaultRandom(),
    toNumber: text().notNull(),
    kind: text().notNull(),
    language: text().notNull().default('en'),
    body: text().notNull(),
    /** A security notice: sent at once, even in the quiet hours (not `security`: no column may look like a card's code). */
    immediate: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    sendAfter: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('outbox_texts_created').on(t.createdAt.desc(), t.id.desc())],
);
