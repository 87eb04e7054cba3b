import { dateInZone, type IsoDate, type PortalRole } from '@vireo/shared';
import { type Mocked, vi } from 'vitest';
import type { Db, Tx } from '../src/db/client';
import {
  createNotificationsService,
  type NotificationsService,
} from '../src/modules/notifications/notifications.service';
import type { AuditEntry, AuditRepository } from '../src/platform/audit';
import type { Clock } from '../src/platform/clock';
import type { Claim, IdempotencyStore, IdempotentRequest, StoredResponse } from '../src/platform/idempotency';
import type { OutboxRepository, QueuedEmail, QueuedText } from '../src/platform/outbox';

/**
 * Fakes for service tests (conventions.md, Immich-style): a service is built with these instead of PostgreSQL, so its
 * rules are tested on their own, fast; the integration tests keep proving the queries and the transactions.
 */

/** The transaction a fake database hands to `db.transaction(work)`: the fakes below ignore it. */
export const FAKE_TX = Object.freeze({ fake: 'tx' }) as unknown as Tx;

/** A database whose transactions run their work at once; repositories are fakes, so nothing queries it. */
export function fakeDb(): Db {
  return { transaction: <T>(work: (tx: Tx) => Promise<T>) => work(FAKE_TX) } as unknown as Db;
}

/** A clock stopped at `now`; `today` is the calendar date in the time zone asked for, unless a date is given. */
export function fakeClock(now: string, today?: IsoDate): Clock {
  const instant = new Date(now);
  return { now: () => new Date(instant), today: (timeZone) => today ?? dateInZone(instant, timeZone) };
}

/**
 * Every method of a repository as a `vi.fn()` (Immich's `newXRepositoryMock`), made from the real factory so a method
 * added to the repository is in the fake too. A test stubs what the case reads: `repo.getMethod.mockResolvedValue(…)`.
 */
export function fakeRepository<R extends Record<string, unknown>>(create: () => R): Mocked<R> {
  const fake: Record<string, unknown> = {};
  for (const name of Object.keys(create())) fake[name] = vi.fn();
  return fake as Mocked<R>;
}

export function fakeAudit(): AuditRepository & { entries: AuditEntry[] } {
  const entries: AuditEntry[] = [];
  return {
    entries,
    record: async (_ex, entry) => {
      entries.push(entry);
    },
  };
}

export function fakeOutbox(): OutboxRepository & { emails: QueuedEmail[]; texts: QueuedText[] } {
  const emails: QueuedEmail[] = [];
  const texts: QueuedText[] = [];
  return {
    emails,
    texts,
    queueEmail: async (_ex, email) => {
      emails.push(email);
      return `email-${emails.length}`;
    },
    queueText: async (_ex, text) => {
      texts.push(text);
    },
  };
}

/**
 * The notifications service (issue 18 item 4) over the fake outbox and a user store in memory: every user has the
 * default choices (e-mail on, text off; security on both) unless `choices` says otherwise, the role PRIMARY, and the
 * mobile number of `mobilePhones`. Security notices' "This wasn't me" links are `https://portal.test/not-me/<n>`.
 */
export function fakeNotices(
  outbox: ReturnType<typeof fakeOutbox>,
  options: {
    clock?: Clock;
    choices?: Record<string, { event: string; email: boolean; text: boolean }[]>;
    mobilePhones?: Record<string, string>;
    /** The active users of each account (`notifyAccount`). */
    members?: Record<
      string,
      { id: string; email: string; language: string | null; role: PortalRole; isEnterprise?: boolean }[]
    >;
  } = {},
): NotificationsService {
  let links = 0;
  return createNotificationsService({
    db: {} as Db,
    clock: options.clock ?? ({ now: () => new Date('2026-11-16T17:00:00Z') } as Clock),
    audit: { record: async () => {} } as unknown as AuditRepository,
    outbox,
    brandName: 'Vireo Business',
    repo: {
      choices: async (_ex, userId) =>
        (options.choices?.[userId] ?? []) as Awaited<ReturnType<NotificationsService['getSettings']>>['choices'],
      saveChoices: async () => {},
      recipient: async (_ex, userId) => ({
        mobilePhone: options.mobilePhones?.[userId] ?? null,
        status: 'active',
        accountId: null,
        role: 'PRIMARY',
        timeZone: 'America/Los_Angeles',
      }),
      members: async (_ex, accountId) =>
        (options.members?.[accountId] ?? []).map((member) => ({ isEnterprise: false, ...member })),
    },
    notMeLink: async () => `https://portal.test/not-me/${++links}`,
  });
}

/**
 * Idempotency keys in memory: a completed key replays its response. A failed work's claim is not kept (the real claim
 * is rolled back with its transaction), so only completed keys are remembered.
 */
export function fakeIdempotency(): IdempotencyStore & { completed: Map<string, StoredResponse> } {
  const completed = new Map<string, StoredResponse>();
  return {
    completed,
    claim: async (_tx, request: IdempotentRequest): Promise<Claim> => {
      const id = `${request.userId}:${request.key}`;
      const done = completed.get(id);
      return done ? { claimed: false, replay: done } : { claimed: true, id };
    },
    complete: async (_ex, id, response) => {
      completed.set(id, response);
    },
    hold: async () => {},
    findHeld: async () => null,
  };
}
