import type { SessionClock } from '../features/session/utils/session-timeout';

/** A clock whose time moves only when the test says so; intervals fire in order as it passes them. */
export function manualClock(start = 1_700_000_000_000): SessionClock & { advance: (ms: number) => void } {
  let now = start;
  let nextHandle = 0;
  const timers = new Map<number, { callback: () => void; ms: number; due: number }>();
  return {
    now: () => now,
    setInterval: (callback, ms) => {
      nextHandle += 1;
      timers.set(nextHandle, { callback, ms, due: now + ms });
      return nextHandle;
    },
    clearInterval: (handle) => {
      timers.delete(handle as number);
    },
    advance: (ms) => {
      const end = now + ms;
      for (;;) {
        let next: { callback: () => void; ms: number; due: number } | undefined;
        for (const timer of timers.values()) if (timer.due <= end && (!next || timer.due < next.due)) next = timer;
        if (!next) break;
        now = next.due;
        next.due += next.ms;
        next.callback();
      }
      now = end;
    },
  };
}
