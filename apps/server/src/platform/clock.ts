import { dateInZone, type IsoDate } from '@vireo/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { clockState } from '../db/schema';

/** The one source of "now" for every date rule (architecture.md): injected, never `new Date()` in a rule. */
export type Clock = {
  now(): Date;
  /** Today's calendar date in a time zone (billing dates are in the account's zone). */
  today(timeZone: string): IsoDate;
};

/** The billing clock: real time plus an offset kept in the database, so time travel survives restarts. */
export type BillingClock = Clock & {
  offsetMs(): number;
  /** Moves the clock forward (or back, with a negative amount) and persists the new offset. */
  advance(ms: number): Promise<void>;
  /** Sets the clock to `at` (it runs on from there with real time) and persists the offset. */
  setNow(at: Date): Promise<void>;
  reset(): Promise<void>;
  /** Re-reads the offset, for changes made by another process (the `npm run clock` CLI, another instance). */
  refresh(): Promise<void>;
};

export function fixedClock(at: Date | string): Clock & { set(at: Date | string): void; advance(ms: number): void } {
  let current = new Date(at);
  return {
    now: () => new Date(current),
    today: (timeZone) => dateInZone(current, timeZone),
    set(value) {
      current = new Date(value);
    },
    advance(ms) {
      current = new Date(current.getTime() + ms);
    },
  };
}

export async function createBillingClock(db: Db, realNow: () => number = Date.now): Promise<BillingClock> {
  let offset = 0;
  const read = async () => {
    const [row] = await db.select({ offsetMs: clockState.offsetMs }).from(clockState).where(eq(clockState.id, 1));
    offset = row?.offsetMs ?? 0;
  };
  const write = async (next: number) => {
    await db
      .insert(clockState)
      .values({ id: 1, offsetMs: next, updatedAt: new Date(realNow()) })
      .onConflictDoUpdate({ target: clockState.id, set: { offsetMs: next, updatedAt: sql`now()` } });
    offset = next;
  };
  await read();
  const now = () => new Date(realNow() + offset);
  return {
    now,
    today: (timeZone) => dateInZone(now(), timeZone),
    offsetMs: () => offset,
    advance: (ms) => write(offset + ms),
    setNow: (at) => write(at.getTime() - realNow()),
    reset: () => write(0),
    refresh: read,
  };
}

const UNIT_MS = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/** Parses durations such as `3d`, `12h`, `-1d`, `90m`, `1d12h`; null when it is not one. */
export function parseDuration(text: string): number | null {
  const match = /^(-)?((?:\d+[smhdw])+)$/.exec(text.trim());
  if (!match?.[2]) return null;
  let total = 0;
  for (const part of match[2].matchAll(/(\d+)([smhdw])/g)) {
    total += Number(part[1]) * UNIT_MS[part[2] as keyof typeof UNIT_MS];
  }
  return match[1] ? -total : total;
}
