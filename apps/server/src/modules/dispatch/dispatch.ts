import { createHash } from 'node:crypto';
import {
  AppError,
  addDays,
  dateInZone,
  type IsoDate,
  instantInZone,
  RESCHEDULE_DAYS,
  VISIT_DAY_END_HOUR,
  VISIT_DAY_START_HOUR,
  VISIT_WINDOW_HOURS,
  type VisitStatus,
} from '@vireo/shared';
import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { dispatchJobs, dispatchSlots } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { createFaultKnobs, faultKnobRoutes } from '../../platform/fault-knobs';
import { type Cursor, instantKeyset, toPage } from '../../platform/keyset';

/**
 * The provider's dispatch system as the portal asks it (simulated, like the billing system; issue 20 item 1,
 * wider-portal.md §7): technician jobs and the capacity of each 2-hour window per dispatch area, in its own tables
 * (db/schema/dispatch.ts). A job's technician moves on the billing clock: on the way when the window starts, there at
 * the ETA, done an hour or an hour and a half later. Its failure modes are the non-production fault knobs.
 */
export const DISPATCH_OPERATIONS = ['jobs', 'availability', 'book'] as const;
export type DispatchOperation = (typeof DISPATCH_OPERATIONS)[number];

/** Technicians per dispatch area and window. */
export const WINDOW_CAPACITY = 2;
/** The technician is expected this long after the window starts (when they set off). */
const ETA_AFTER_START_MS = 40 * 60_000;
const WORK_MS = { installation: 90 * 60_000, repair: 60 * 60_000, equipment: 45 * 60_000 } as const;
const TECHNICIANS = ['Dana Whitfield', 'Marcus Bell', 'Priya Natarajan', 'Luis Ortega', 'Grace Kim', 'Tom Becker'];

export class DispatchError extends Error {
  constructor(readonly operation: DispatchOperation) {
    super(`dispatch failed ${operation}`);
    this.name = 'DispatchError';
  }
}

/** Dispatch not answering, as the portal answers it: 503 ("can't reach the scheduling system"). */
export function dispatchUnavailable(error: unknown): never {
  if (error instanceof DispatchError) throw new AppError('SERVICE_UNAVAILABLE', `dispatch failed ${error.operation}`);
  throw error;
}

export type JobRow = typeof dispatchJobs.$inferSelect;

/** A service address's dispatch area: its ZIP's first three digits. */
export function areaOf(zip: string): string {
  return zip.slice(0, 3);
}

/** A name for a job's technician, the same for the same job. */
export function technicianFor(jobId: string): string {
  const digest = createHash('sha256').update(jobId).digest();
  return TECHNICIANS[(digest[0] ?? 0) % TECHNICIANS.length] as string;
}

/**
 * The places other customers' jobs already take in a window of an area when dispatch is first asked about it: 0 to
 * WINDOW_CAPACITY, the same for the same window (so about a third of the windows are full).
 */
export function othersBooked(area: string, windowStart: Date): number {
  const digest = createHash('sha256').update(`${area}|${windowStart.toISOString()}`).digest();
  return (digest[0] ?? 0) % (WINDOW_CAPACITY + 1);
}

/** Where a job is at `now`: a stored state, or the technician's progress once the window has started. */
export function progressOf(job: JobRow, now: Date): { status: VisitStatus; etaAt: Date | null } {
  if (job.state === 'cancelled') return { status: 'cancelled', etaAt: null };
  const start = job.windowStart.getTime();
  const eta = start + ETA_AFTER_START_MS;
  const t = now.getTime();
  if (t >= eta + WORK_MS[job.type]) return { status: 'completed', etaAt: null };
  if (t >= eta) return { status: 'on_site', etaAt: null };
  if (t >= start) return { status: 'en_route', etaAt: new Date(eta) };
  return { status: job.state, etaAt: null };
}

/** The windows of a day of the account's calendar: 08:00-18:00 in 2-hour windows, Monday to Saturday (none Sunday). */
export function windowsOfDay(date: IsoDate, timeZone: string): { start: Date; end: Date }[] {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  if (weekday === 0) return [];
  const windows: { start: Date; end: Date }[] = [];
  for (let hour = VISIT_DAY_START_HOUR; hour < VISIT_DAY_END_HOUR; hour += VISIT_WINDOW_HOURS) {
    windows.push({
      start: instantInZone(date, hour, timeZone),
      end: instantInZone(date, hour + VISIT_WINDOW_HOURS, timeZone),
    });
  }
  return windows;
}

export function createDispatch({ db, clock }: { db: Db; clock: Clock }) {
  const faults = createFaultKnobs(DISPATCH_OPERATIONS);
  const call = (operation: DispatchOperation) => {
    if (faults.take(operation)) throw new DispatchError(operation);
  };

  return {
    /** An account's jobs, the latest window first (keyset over the window's start and id). */
    async jobs(accountId: string, window: { cursor: Cursor | null; limit: number }) {
      call('jobs');
      const k = instantKeyset({ at: dispatchJobs.windowStart, id: dispatchJobs.id }, window.cursor, [
        eq(dispatchJobs.accountId, accountId),
      ]);
      const rows = await db
        .select()
        .from(dispatchJobs)
        .where(k.where)
        .orderBy(...k.order)
        .limit(window.limit + 1);
      const hasOtherSide = k.otherSide
        ? (await db.select({ id: dispatchJobs.id }).from(dispatchJobs).where(k.otherSide).limit(1)).length > 0
        : false;
      return toPage(rows, {
        limit: window.limit,
        cursor: window.cursor,
        dateOf: (row) => row.windowStart.toISOString(),
        hasOtherSide,
      });
    },

    /**
     * An account's visits not done at `now`: not cancelled, and the technician not finished (`progressOf`), whatever
     * their address (issue 22: the community portfolio counts them per property, wider-portal.md §10).
     */
    async open(accountId: string, now: Date): Promise<JobRow[]> {
      call('jobs');
      // a job is done a little over 2 hours after its window starts at the latest (ETA + work): the day before is ample
      const rows = await db
        .select()
        .from(dispatchJobs)
        .where(
          and(
            eq(dispatchJobs.accountId, accountId),
            ne(dispatchJobs.state, 'cancelled'),
            gte(dispatchJobs.windowStart, new Date(now.getTime() - 86_400_000)),
          ),
        )
        .orderBy(dispatchJobs.windowStart, dispatchJobs.id);
      return rows.filter((row) => progressOf(row, now).status !== 'completed');
    },

    /** Every account's jobs not cancelled whose window starts in [from, until): what reminders look at. */
    async upcoming(ex: Executor, from: Date, until: Date): Promise<JobRow[]> {
      call('jobs');
      return ex
        .select()
        .from(dispatchJobs)
        .where(
          and(
            gte(dispatchJobs.windowStart, from),
            lt(dispatchJobs.windowStart, until),
            ne(dispatchJobs.state, 'cancelled'),
          ),
        )
        .orderBy(dispatchJobs.windowStart, dispatchJobs.id);
    },

    /**
     * One of an account's jobs, by its id or by its order and job ids; locked in `ex` when asked. Any account's
     * (`accountId` null) only when a signed tracking link named the job.
     */
    async job(
      ex: Executor,
      accountId: string | null,
      by: { id: string } | { orderId: string; jobId: string },
      options: { lock?: boolean } = {},
    ): Promise<JobRow | null> {
      call('jobs');
      const which =
        'id' in by
          ? eq(dispatchJobs.id, by.id)
          : and(eq(dispatchJobs.orderId, by.orderId), eq(dispatchJobs.jobId, by.jobId));
      const query = ex
        .select()
        .from(dispatchJobs)
        .where(accountId === null ? which : and(eq(dispatchJobs.accountId, accountId), which));
      const [row] = options.lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /**
     * The windows a job in `area` can move to: each day of the account's calendar from tomorrow for RESCHEDULE_DAYS
     * days, each window with whether a technician is free (the slots dispatch holds, else the other customers' jobs);
     * read in `ex` (a transaction that is about to book).
     */
    async availability(area: string, timeZone: string, ex: Executor = db) {
      call('availability');
      const now = clock.now();
      const today = dateInZone(now, timeZone);
      const dates = Array.from({ length: RESCHEDULE_DAYS }, (_, i) => addDays(today, i + 1));
      const from = instantInZone(dates[0] as IsoDate, 0, timeZone);
      const until = instantInZone(addDays(dates.at(-1) as IsoDate, 1), 0, timeZone);
      const held = await ex
        .select()
        .from(dispatchSlots)
        .where(
          and(eq(dispatchSlots.area, area), gte(dispatchSlots.windowStart, from), lt(dispatchSlots.windowStart, until)),
        );
      const booked = new Map(held.map((slot) => [slot.windowStart.getTime(), slot.booked < slot.capacity]));
      return dates.map((date) => ({
        date,
        windows: windowsOfDay(date, timeZone).map(({ start, end }) => ({
          start,
          end,
          available: start > now && (booked.get(start.getTime()) ?? othersBooked(area, start) < WINDOW_CAPACITY),
        })),
      }));
    },

    /**
     * Takes a place in a window of an area, in `tx`: true when one was free. One statement takes it only while
     * `booked < capacity`, so of two people taking the last place at once exactly one gets it.
     */
    async book(tx: Executor, area: string, windowStart: Date): Promise<boolean> {
      call('book');
      await tx
        .insert(dispatchSlots)
        .values({ area, windowStart, capacity: WINDOW_CAPACITY, booked: othersBooked(area, windowStart) })
        .onConflictDoNothing();
      const taken = await tx
        .update(dispatchSlots)
        .set({ booked: sql`${dispatchSlots.booked} + 1` })
        .where(
          and(
            eq(dispatchSlots.area, area),
            eq(dispatchSlots.windowStart, windowStart),
            sql`${dispatchSlots.booked} < ${dispatchSlots.capacity}`,
          ),
        )
        .returning({ booked: dispatchSlots.booked });
      return taken.length === 1;
    },

    /** Gives a job's place in its window back (a move or a cancellation). */
    async release(tx: Executor, area: string, windowStart: Date): Promise<void> {
      await tx
        .update(dispatchSlots)
        .set({ booked: sql`${dispatchSlots.booked} - 1` })
        .where(
          and(
            eq(dispatchSlots.area, area),
            eq(dispatchSlots.windowStart, windowStart),
            sql`${dispatchSlots.booked} > 0`,
          ),
        );
    },

    /** Changes a job in `tx`; a new window or a cancellation raises its calendar SEQUENCE. */
    async update(
      tx: Executor,
      id: string,
      change:
        | { state: 'confirmed' }
        | { window: { start: Date; end: Date } }
        | { state: 'cancelled'; reason: string; note: string | null },
    ): Promise<JobRow> {
      const now = clock.now();
      const set =
        'window' in change
          ? {
              windowStart: change.window.start,
              windowEnd: change.window.end,
              sequence: sql`${dispatchJobs.sequence} + 1`,
              updatedAt: now,
            }
          : change.state === 'confirmed'
            ? { state: change.state, updatedAt: now }
            : {
                state: change.state,
                cancelReason: change.reason,
                cancelNote: change.note,
                sequence: sql`${dispatchJobs.sequence} + 1`,
                updatedAt: now,
              };
      const [row] = await tx.update(dispatchJobs).set(set).where(eq(dispatchJobs.id, id)).returning();
      if (!row) throw new AppError('NOT_FOUND', 'job');
      return row;
    },

    faults,
  };
}

export type Dispatch = ReturnType<typeof createDispatch>;

export const DISPATCH_FAULTS_PATH = '/api/dev/dispatch/faults';

/** Registered only outside production, for a session or the local operator (plugins/dev-control.ts). */
export const dispatchDevRoutes = (dispatch: Dispatch) =>
  faultKnobRoutes(DISPATCH_FAULTS_PATH, DISPATCH_OPERATIONS, dispatch.faults);
