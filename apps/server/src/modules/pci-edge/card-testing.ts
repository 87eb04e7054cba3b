import { AppError, CARD_DECLINE_MEMORY_HOURS, cardDeclineWait, type ErrorCode } from '@vireo/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Clock } from '../../platform/clock';

/**
 * Card testing (issue 14 item 11): someone trying stolen card numbers against the vault's checks and the processor.
 * Consecutive declines on an account (a security code the processor refuses, a payment it declines, a bank sign-in the
 * bank refuses) slow the account's next card and bank attempts, then pause them (`cardDeclineWait`, spec-free numbers
 * in constants.ts); a payment that goes through ends the run. The count is per account, so it survives sign-out and
 * spans the business's users; it lives in Redis when `REDIS_URL` is set (every instance sees it, as the sign-in and
 * vault rate limits do), in memory otherwise. Times come from the billing clock.
 */
export type CardTestingGuard = {
  /** Refuses (429 CARD_ATTEMPTS_SLOWED / CARD_ATTEMPTS_PAUSED, with Retry-After) while the account must wait. */
  assertMayAttempt(accountId: string): Promise<void>;
  /** Runs one attempt under the guard and counts its outcome: a decline, a success (ends the run), or neither. */
  attempt<T>(accountId: string, run: () => Promise<T>, outcomeOf?: (result: T) => AttemptOutcome): Promise<T>;
};
export type AttemptOutcome = 'declined' | 'succeeded' | null;

/** The refusals that are a decline of the instrument (a wrong code, a declined card, a refused bank sign-in). */
export const DECLINE_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'SECURITY_CODE_MISMATCH',
  'PAYMENT_DECLINED',
  'CARD_EXPIRED',
  'ONLINE_BANKING_UNAVAILABLE',
]);

type DeclineState = { declines: number; lastDeclineMs: number };

/** Where the runs of declines are kept: Redis (shared by every instance) or this process's memory. */
type DeclineStore = {
  get(key: string): Promise<DeclineState | null>;
  /** Adds a decline at `nowMs` and answers the new state. */
  add(key: string, nowMs: number): Promise<DeclineState>;
  clear(key: string): Promise<void>;
};

const MEMORY_MS = CARD_DECLINE_MEMORY_HOURS * 3_600_000;

function memoryStore(): DeclineStore {
  const states = new Map<string, DeclineState>();
  return {
    async get(key) {
      return states.get(key) ?? null;
    },
    async add(key, nowMs) {
      const previous = states.get(key);
      const declines = previous && nowMs - previous.lastDeclineMs < MEMORY_MS ? previous.declines + 1 : 1;
      const state = { declines, lastDeclineMs: nowMs };
      states.set(key, state);
      return state;
    },
    async clear(key) {
      states.delete(key);
    },
  };
}

/** One hash per account: `declines` (HINCRBY, atomic across instances) and `last` (the latest decline's time). */
function redisStore(redis: Redis): DeclineStore {
  const name = (key: string) => `vireo-card-testing-${key}`;
  return {
    async get(key) {
      const state = await redis.hgetall(name(key));
      if (!state.declines) return null;
      return { declines: Number(state.declines), lastDeclineMs: Number(state.last ?? 0) };
    },
    async add(key, nowMs) {
      const results = await redis
        .multi()
        .hincrby(name(key), 'declines', 1)
        .hset(name(key), 'last', String(nowMs))
        .pexpire(name(key), MEMORY_MS)
        .exec();
      const declines = Number(results?.[0]?.[1] ?? 1);
      return { declines, lastDeclineMs: nowMs };
    },
    async clear(key) {
      await redis.del(name(key));
    },
  };
}

export function createCardTestingGuard(deps: {
  redis: Redis | null;
  clock: Clock;
  log: FastifyBaseLogger;
}): CardTestingGuard {
  const store = deps.redis ? redisStore(deps.redis) : memoryStore();
  const key = (accountId: string) => `account:${accountId}`;

  /** A store that cannot answer (Redis down) must not stop payments: the guard then lets the attempt through. */
  const safely = async <T>(what: string, work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      deps.log.warn({ err: error }, `card-testing guard: ${what} failed`);
      return fallback;
    }
  };

  const assertMayAttempt: CardTestingGuard['assertMayAttempt'] = async (accountId) => {
    const state = await safely('read', () => store.get(key(accountId)), null);
    if (!state) return;
    const wait = cardDeclineWait(state.declines);
    if (wait.kind === 'none') return;
    const waitedMs = deps.clock.now().getTime() - state.lastDeclineMs;
    const leftSeconds = Math.ceil((wait.seconds * 1000 - waitedMs) / 1000);
    if (leftSeconds <= 0) return;
    throw new AppError(
      wait.kind === 'paused' ? 'CARD_ATTEMPTS_PAUSED' : 'CARD_ATTEMPTS_SLOWED',
      `${state.declines} declines in a row on the account`,
      { retryAfterSeconds: leftSeconds },
    );
  };

  const count = async (accountId: string, outcome: AttemptOutcome) => {
    if (outcome === 'declined')
      await safely('count', () => store.add(key(accountId), deps.clock.now().getTime()), null);
    if (outcome === 'succeeded') await safely('reset', () => store.clear(key(accountId)), undefined);
  };

  return {
    assertMayAttempt,
    async attempt(accountId, run, outcomeOf) {
      await assertMayAttempt(accountId);
      let result: Awaited<ReturnType<typeof run>>;
      try {
        result = await run();
      } catch (error) {
        if (AppError.is(error) && DECLINE_CODES.has(error.code)) await count(accountId, 'declined');
        throw error;
      }
      await count(accountId, outcomeOf ? outcomeOf(result) : null);
      return result;
    },
  };
}

/** A payment's answer as an attempt: declined by the processor, or gone through (money moved or on its way). */
export function paymentOutcome(result: {
  paymentError: string | null;
  payment: { status: string } | null;
}): AttemptOutcome {
  if (result.paymentError && DECLINE_CODES.has(result.paymentError)) return 'declined';
  if (result.payment && ['successful', 'pending'].includes(result.payment.status)) return 'succeeded';
  return null;
}

/** The same for a payment route's stored (idempotent) answer: only a 200 carries a payment outcome. */
export function storedPaymentOutcome(stored: { status: number; body: unknown }): AttemptOutcome {
  return stored.status === 200 ? paymentOutcome(stored.body as Parameters<typeof paymentOutcome>[0]) : null;
}
