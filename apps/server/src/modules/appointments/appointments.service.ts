import {
  AppError,
  type Appointment,
  type AppointmentsPage,
  type AuditAction,
  type Availability,
  addDays,
  type CancelRequest,
  type Capability,
  dateInZone,
  RESCHEDULE_DAYS,
  type RescheduleRequest,
} from '@vireo/shared';
import type { Db, Executor } from '../../db/client';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { decodeCursor } from '../../platform/keyset';
import { type Dispatch, dispatchUnavailable, type JobRow, progressOf, windowsOfDay } from '../dispatch/dispatch';
import { visitCalendar } from './visit-calendar';

export type AppointmentReader = { accountId: string; capabilities: readonly Capability[]; timeZone: string };
/** Who changes a visit: a signed-in user, or a visitor with the visit's tracking link (`userId` null). */
export type AppointmentActor = AppointmentReader & { userId: string | null; requestId?: string };

const PAGE_SIZE = 10;
const DAY_MS = 86_400_000;
const CHANGEABLE = new Set(['confirmation_needed', 'scheduled', 'confirmed']);

/**
 * Whether a technician can get into the site at an address in a window (issue 22 item 5: a community property's
 * business hours and closures, wider-portal.md §10), over a range of the account's dates; null: no such limit there.
 * app.ts gives property settings' function; appointments read none of its tables.
 */
export type SiteAccess = (
  ex: Executor,
  accountId: string,
  address: { addressLine1: string; zip: string },
  range: { from: string; to: string },
) => Promise<((start: Date, end: Date) => boolean) | null>;

/**
 * Technician visits (issue 20 item 2, wider-portal.md §7; spec §7.1), read from and changed in the simulated dispatch
 * system. PRIMARY, ADMIN and BILLING (`appointments.manage`) confirm, move and cancel a visit until its window starts;
 * STANDARD views. A move keeps the old window until dispatch has booked the new one (one transaction: the new place is
 * taken, then the old given back); each change writes an audit entry (area appointments).
 */
export function createAppointmentsService({
  db,
  clock,
  dispatch,
  audit,
  siteAccess,
}: {
  db: Db;
  clock: Clock;
  dispatch: Dispatch;
  audit: AuditRepository;
  siteAccess?: SiteAccess;
}) {
  const changeable = (job: JobRow) => CHANGEABLE.has(progressOf(job, clock.now()).status);

  /** The site's access check over the days a visit can move to (today to RESCHEDULE_DAYS ahead), or null. */
  function siteOpen(ex: Executor, job: JobRow, timeZone: string) {
    const today = dateInZone(clock.now(), timeZone);
    return (
      siteAccess?.(ex, job.accountId, job.address, { from: today, to: addDays(today, RESCHEDULE_DAYS + 2) }) ?? null
    );
  }

  function viewOf(reader: AppointmentReader, job: JobRow): Appointment {
    const { status, etaAt } = progressOf(job, clock.now());
    return {
      id: job.id,
      orderId: job.orderId,
      jobId: job.jobId,
      type: job.type,
      status,
      windowStart: job.windowStart.toISOString(),
      windowEnd: job.windowEnd.toISOString(),
      timeZone: reader.timeZone,
      address: job.address,
      technician: job.technician,
      etaAt: etaAt?.toISOString() ?? null,
      cancelReason: (job.cancelReason as Appointment['cancelReason']) ?? null,
      canChange: reader.capabilities.includes('appointments.manage') && changeable(job),
    };
  }

  async function own(reader: AppointmentReader, id: string) {
    const job = await dispatch.job(db, reader.accountId, { id }).catch(dispatchUnavailable);
    if (!job) throw new AppError('NOT_FOUND', 'appointment');
    return job;
  }

  /**
   * One change of a visit: the job locked in a transaction; a request repeated after it was done (`done`) answers the
   * visit as it is; refused once the window has started (or the visit is cancelled); the change made by `apply` (null:
   * nothing to change, nothing written), then the audit entry.
   */
  async function change(
    actor: AppointmentActor,
    id: string,
    action: AuditAction,
    apply: (job: JobRow, tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<JobRow | null>,
    data: (before: JobRow, after: JobRow) => Record<string, unknown>,
    done: (job: JobRow) => boolean = () => false,
  ): Promise<Appointment> {
    const after = await db
      .transaction(async (tx) => {
        const job = await dispatch.job(tx, actor.accountId, { id }, { lock: true });
        if (!job) throw new AppError('NOT_FOUND', 'appointment');
        if (done(job)) return job;
        if (!changeable(job)) throw new AppError('CONFLICT', 'the visit can no longer be changed');
        const changed = await apply(job, tx);
        if (!changed) return job;
        await audit.record(tx, {
          at: clock.now(),
          accountId: actor.accountId,
          actorUserId: actor.userId,
          action,
          targetId: job.id,
          requestId: actor.requestId ?? null,
          data: { type: job.type, ...(actor.userId ? {} : { actor: 'guest', via: 'tracking' }), ...data(job, changed) },
        });
        return changed;
      })
      .catch(dispatchUnavailable);
    return viewOf(actor, after);
  }

  return {
    async list(reader: AppointmentReader, query: { cursor?: string | undefined; limit?: number | undefined }) {
      const page = await dispatch
        .jobs(reader.accountId, { cursor: decodeCursor(query.cursor), limit: query.limit ?? PAGE_SIZE })
        .catch(dispatchUnavailable);
      return { ...page, items: page.items.map((job) => viewOf(reader, job)) } satisfies AppointmentsPage;
    },

    async get(reader: AppointmentReader, id: string): Promise<Appointment> {
      return viewOf(reader, await own(reader, id));
    },

    /** Confirms a visit that asks for it; one already confirmed (or never asking) stays as it is. */
    confirm(actor: AppointmentActor, id: string): Promise<Appointment> {
      return change(
        actor,
        id,
        'appointment.confirmed',
        async (job, tx) =>
          job.state === 'confirmation_needed' ? dispatch.update(tx, job.id, { state: 'confirmed' }) : null,
        (job) => ({ windowStart: job.windowStart.toISOString() }),
      );
    },

    /** The windows the visit can move to (dispatch's capacity in its area; the reader's own window marked taken). */
    async availability(reader: AppointmentReader, id: string): Promise<Availability> {
      const job = await own(reader, id);
      const days = await dispatch.availability(job.area, reader.timeZone).catch(dispatchUnavailable);
      // at a community property, only the windows inside its business hours (none on a closure)
      const open = await siteOpen(db, job, reader.timeZone);
      return {
        days: days.map((day) => ({
          date: day.date,
          windows: day.windows
            .filter((window) => open?.(window.start, window.end) ?? true)
            .map((window) => ({
              start: window.start.toISOString(),
              end: window.end.toISOString(),
              available: window.available && window.start.getTime() !== job.windowStart.getTime(),
            })),
        })),
      };
    },

    /**
     * Moves the visit to one of the windows dispatch offers (wider-portal.md §7): the new place is booked first, and
     * only then the old one given back, in one transaction, so a full window leaves the visit where it was. The same
     * window again changes nothing.
     */
    reschedule(actor: AppointmentActor, id: string, request: RescheduleRequest): Promise<Appointment> {
      const start = new Date(request.windowStart);
      const invalid = (code: string) =>
        new AppError('VALIDATION_FAILED', 'not a window dispatch offers', {
          fields: [{ path: 'body.windowStart', code }],
        });
      return change(
        actor,
        id,
        'appointment.rescheduled',
        async (job, tx) => {
          if (start.getTime() === job.windowStart.getTime()) return null;
          // only the days dispatch offers: anything else (the past, a year 0800, next month) is refused before a
          // calendar is asked about it
          const now = clock.now().getTime();
          if (start.getTime() <= now || start.getTime() > now + (RESCHEDULE_DAYS + 2) * DAY_MS) {
            throw invalid('appointments.window.invalid');
          }
          const date = dateInZone(start, actor.timeZone);
          const window = windowsOfDay(date, actor.timeZone).find((each) => each.start.getTime() === start.getTime());
          const offered = await dispatch.availability(job.area, actor.timeZone, tx);
          if (!window || !offered.some((day) => day.date === date)) throw invalid('appointments.window.invalid');
          const open = await siteOpen(tx, job, actor.timeZone);
          if (open && !open(window.start, window.end)) throw invalid('appointments.window.invalid');
          if (!(await dispatch.book(tx, job.area, window.start))) throw invalid('appointments.window.full');
          await dispatch.release(tx, job.area, job.windowStart);
          return dispatch.update(tx, job.id, { window });
        },
        (before, after) => ({ from: before.windowStart.toISOString(), to: after.windowStart.toISOString() }),
      );
    },

    /** Cancels the visit with a reason (any type of visit, wider-portal.md §7); its window's place goes back. */
    cancel(actor: AppointmentActor, id: string, request: CancelRequest): Promise<Appointment> {
      return change(
        actor,
        id,
        'appointment.cancelled',
        async (job, tx) => {
          await dispatch.release(tx, job.area, job.windowStart);
          return dispatch.update(tx, job.id, {
            state: 'cancelled',
            reason: request.reason,
            note: request.note ?? null,
          });
        },
        (job) => ({ windowStart: job.windowStart.toISOString(), reason: request.reason }),
        (job) => job.state === 'cancelled',
      );
    },

    /** spec §7.1: the visit as a calendar file (RFC 5545), by its order and job. */
    async calendar(reader: AppointmentReader, ids: { orderId: string; jobId: string }, locale: 'en' | 'es') {
      const job = await dispatch.job(db, reader.accountId, ids).catch(dispatchUnavailable);
      if (!job) throw new AppError('NOT_FOUND', 'appointment');
      return { name: `visit-${job.jobId}.ics`, file: visitCalendar(job, locale, clock.now()) };
    },
  };
}

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
