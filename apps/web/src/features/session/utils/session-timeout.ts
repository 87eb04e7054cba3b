import { IDLE_BEFORE_TIMEOUT_MODAL_SECONDS, KEEP_ALIVE_PING_SECONDS, TIMEOUT_MODAL_SECONDS } from '@vireo/shared';

export type SessionTimeoutState = { phase: 'active' } | { phase: 'warning'; secondsLeft: number };

/** Time source and timer; tests pass a manual clock, the app uses the browser's. */
export type SessionClock = {
  now: () => number;
  setInterval: (callback: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
};

export const browserClock: SessionClock = {
  now: () => Date.now(),
  setInterval: (callback, ms) => window.setInterval(callback, ms),
  clearInterval: (handle) => window.clearInterval(handle as number),
};

export type SessionTimeoutOptions = {
  /** The keep-alive call; failures are the API client's business (401s end the session there). */
  ping: () => Promise<unknown>;
  /** The countdown reached zero: sign out. */
  onExpire: () => void;
  onChange: (state: SessionTimeoutState) => void;
  clock?: SessionClock;
};

export type SessionTimeoutController = {
  start: () => void;
  stop: () => void;
  /** Pointer, keyboard or scroll activity. Ignored while the warning shows: only "Stay signed in" keeps the session. */
  recordActivity: () => void;
  staySignedIn: () => Promise<void>;
};

const TICK_MS = 1_000;
const PING_INTERVAL_MS = KEEP_ALIVE_PING_SECONDS * 1_000;
const IDLE_MS = IDLE_BEFORE_TIMEOUT_MODAL_SECONDS * 1_000;

/**
 * spec §4 / §9 session timeout. Every 30 s, a ping if the user was active in that interval; after 780 s without
 * activity the warning counts down 120 s, then the session ends. Time is read from the clock at each tick rather
 * than counted in ticks, so a throttled background tab still signs out on time.
 */
export function createSessionTimeout(options: SessionTimeoutOptions): SessionTimeoutController {
  const clock = options.clock ?? browserClock;
  let lastActivityAt = clock.now();
  let lastPingCheckAt = lastActivityAt;
  let activeSincePing = false;
  let warningStartedAt: number | null = null;
  let finished = false;
  let handle: unknown = null;

  const ping = () => {
    options.ping().catch(() => undefined);
  };

  const stop = () => {
    if (handle !== null) clock.clearInterval(handle);
    handle = null;
  };

  const tick = () => {
    if (finished) return;
    const now = clock.now();
    if (warningStartedAt === null) {
      if (now - lastPingCheckAt >= PING_INTERVAL_MS) {
        lastPingCheckAt = now;
        if (activeSincePing) {
          activeSincePing = false;
          ping();
        }
      }
      if (now - lastActivityAt >= IDLE_MS) {
        warningStartedAt = now;
        options.onChange({ phase: 'warning', secondsLeft: TIMEOUT_MODAL_SECONDS });
      }
      return;
    }
    const secondsLeft = Math.max(0, TIMEOUT_MODAL_SECONDS - Math.floor((now - warningStartedAt) / 1_000));
    if (secondsLeft === 0) {
      finished = true;
      stop();
      options.onExpire();
      return;
    }
    options.onChange({ phase: 'warning', secondsLeft });
  };

  return {
    start: () => {
      if (handle === null && !finished) handle = clock.setInterval(tick, TICK_MS);
    },
    stop,
    recordActivity: () => {
      if (warningStartedAt !== null || finished) return;
      lastActivityAt = clock.now();
      activeSincePing = true;
    },
    staySignedIn: async () => {
      if (finished) return;
      const now = clock.now();
      warningStartedAt = null;
      lastActivityAt = now;
      lastPingCheckAt = now;
      activeSincePing = false;
      options.onChange({ phase: 'active' });
      await options.ping().catch(() => undefined);
    },
  };
}
