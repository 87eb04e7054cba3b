import { sql } from 'drizzle-orm';
import {
  bigint,
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
  },
  (t) => [index('audit_events_account_keyset').on(t.accountId, t.at.desc(), t.id.desc())],
);

/** architecture.md, money-moving requests: a key is claimed in the same transaction as the work. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
