import {
  AppError,
  type Appointment,
  type Availability,
  type Locale,
  type TrackedVisit,
  type TrackingCancelRequest,
  type TrackingRescheduleRequest,
} from '@vireo/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { type Dispatch, dispatchUnavailable, type JobRow } from '../dispatch/dispatch';
import type { AppointmentActor, AppointmentsService } from './appointments.service';
import { readTrackingToken, signTrackingToken, trackingExpiry } from './tracking-token';
import { visitCalendar } from './visit-calendar';

/**
 * Tracking without sign-in (issue 20 item 3, wider-portal.md §7): a visit read by its signed link, and changed there
 * by whoever also knows the service address's ZIP. A change is the signed-in one (appointments.service.ts: the same
 * rules, the same audit entry, its actor a guest); every answer renews the link's token for the visit's day, so a
 * visit moved to a later day keeps a working link.
 */
export function createTrackingService({
  db,
  clock,
  dispatch,
  appointments,
  secrets,
  timeZoneOf,
}: {
  db: Db;
  clock: Clock;
  dispatch: Dispatch;
  appointments: AppointmentsService;
  /** The secrets that sign the links (the first signs, any verifies: rotation). */
  secrets: readonly string[];
  /** The account's time zone: its service address's clock. */
  timeZoneOf(accountId: string): Promise<string>;
}) {
  /** The visit the token names, or the link's refusal (expired, or not one the portal signed). */
  async function visitOf(token: string): Promise<{ job: JobRow; actor: AppointmentActor }> {
    const read = readTrackingToken(secrets, token, clock.now());
    if (read === 'expired') throw new AppError('LINK_EXPIRED', 'the tracking link has expired');
    if (!read) throw new AppError('LINK_UNKNOWN', 'not a tracking link');
    const job = await dispatch.job(db, null, { id: read.visitId }).catch(dispatchUnavailable);
    if (!job) throw new AppError('LINK_UNKNOWN', 'the visit is gone');
    // the link's holder may change the visit as its account's managers may (rules in appointments.service.ts)
    const actor: AppointmentActor = {
      accountId: job.accountId,
      userId: null,
      capabilities: ['appointments.manage'],
      timeZone: await timeZoneOf(job.accountId),
    };
    return { job, actor };
  }

  /** The link's holder also gave the service address's ZIP (asked before any change). */
  async function withZip(token: string, zip: string, requestId: string | undefined) {
    const found = await visitOf(token);
    if (found.job.address.zip !== zip) {
      throw new AppError('VALIDATION_FAILED', 'not the service address’s ZIP', {
        fields: [{ path: 'body.zip', code: 'appointments.zip.mismatch' }],
      });
    }
    return { ...found, actor: { ...found.actor, ...(requestId ? { requestId } : {}) } };
  }

  function tracked(visit: Appointment): TrackedVisit {
    const expiresAt = trackingExpiry(new Date(visit.windowStart), visit.timeZone);
    return { visit, token: signTrackingToken(secrets, visit.id, expiresAt), expiresAt: expiresAt.toISOString() };
  }

  return {
    /** The link for a visit (reminders, the signed-in page's "share"): its token expires when the visit's day ends. */
    linkToken(visitId: string, windowStart: Date, timeZone: string): string {
      return signTrackingToken(secrets, visitId, trackingExpiry(windowStart, timeZone));
    },

    async open(token: string): Promise<TrackedVisit> {
      const { job, actor } = await visitOf(token);
      return tracked(await appointments.get(actor, job.id));
    },

    async verify(token: string, zip: string): Promise<void> {
      await withZip(token, zip, undefined);
    },

    async availability(request: { token: string; zip: string }): Promise<Availability> {
      const { job, actor } = await withZip(request.token, request.zip, undefined);
      return appointments.availability(actor, job.id);
    },

    async confirm(request: { token: string; zip: string }, requestId: string): Promise<TrackedVisit> {
      const { job, actor } = await withZip(request.token, request.zip, requestId);
      return tracked(await appointments.confirm(actor, job.id));
    },

    async reschedule(request: TrackingRescheduleRequest, requestId: string): Promise<TrackedVisit> {
      const { job, actor } = await withZip(request.token, request.zip, requestId);
      return tracked(await appointments.reschedule(actor, job.id, { windowStart: request.windowStart }));
    },

    async cancel(request: TrackingCancelRequest, requestId: string): Promise<TrackedVisit> {
      const { job, actor } = await withZip(request.token, request.zip, requestId);
      const { reason, note } = request;
      return tracked(await appointments.cancel(actor, job.id, { reason, ...(note ? { note } : {}) }));
    },

    async calendar(token: string, locale: Locale) {
      const { job } = await visitOf(token);
      return { name: `visit-${job.jobId}.ics`, file: visitCalendar(job, locale, clock.now()) };
    },
  };
}

export type TrackingService = ReturnType<typeof createTrackingService>;
