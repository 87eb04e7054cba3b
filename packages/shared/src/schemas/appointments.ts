import { z } from 'zod';
import { LOCALES } from '../constants';
import { ServiceZipSchema } from './account-access';
import { pageOf } from './billing';
import { freeText } from './free-text';

/**
 * Service appointments (issue 20 item 2, wider-portal.md §7, spec §7.1): the account's technician visits from the
 * simulated dispatch system, confirmed, moved to another window or cancelled by PRIMARY, ADMIN and BILLING
 * (`appointments.manage`); STANDARD views.
 */

/** spec §7.1: the account's visits (keyset-paged, the latest window first). */
export const APPOINTMENTS_PATH = '/api/pub/sbnetserviceapptedge/v1/appointments';
export const APPOINTMENT_PATH = `${APPOINTMENTS_PATH}/:appointmentId`;
/** POST: confirm a visit that needs it. */
export const APPOINTMENT_CONFIRM_PATH = `${APPOINTMENT_PATH}/confirm`;
/** GET: the windows the visit can move to, with dispatch's real capacity. */
export const APPOINTMENT_AVAILABILITY_PATH = `${APPOINTMENT_PATH}/availability`;
/** POST `{ windowStart }`: move the visit; the old window is kept until the new one is booked. */
export const APPOINTMENT_RESCHEDULE_PATH = `${APPOINTMENT_PATH}/reschedule`;
/** POST `{ reason, note? }`: cancel the visit. */
export const APPOINTMENT_CANCEL_PATH = `${APPOINTMENT_PATH}/cancel`;
/** spec §7.1: the visit as a calendar file (RFC 5545). */
export const APPOINTMENT_CALENDAR_PATH = `${APPOINTMENTS_PATH}/calendar/:orderId/:jobId`;

export const VISIT_TYPES = ['installation', 'repair', 'equipment'] as const;
export type VisitType = (typeof VISIT_TYPES)[number];

/** wider-portal.md §7: a visit's status; en route, on site and completed follow the technician on the clock. */
export const VISIT_STATUSES = [
  'scheduled',
  'confirmation_needed',
  'confirmed',
  'en_route',
  'on_site',
  'completed',
  'cancelled',
] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

export const CANCEL_REASONS = ['not_needed', 'fixed', 'schedule', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];
/** A cancellation's note: at most this many characters. */
export const CANCEL_NOTE_MAX_LENGTH = 200;

/** wider-portal.md §7: windows of 2 hours, 08:00-18:00 Monday to Saturday, for the next 14 days. */
export const VISIT_WINDOW_HOURS = 2;
export const VISIT_DAY_START_HOUR = 8;
export const VISIT_DAY_END_HOUR = 18;
export const RESCHEDULE_DAYS = 14;

export const AppointmentSchema = z.object({
  id: z.uuid(),
  orderId: z.string(),
  jobId: z.string(),
  type: z.enum(VISIT_TYPES),
  status: z.enum(VISIT_STATUSES),
  windowStart: z.iso.datetime(),
  windowEnd: z.iso.datetime(),
  /** The account's time zone: the window's times are said in it. */
  timeZone: z.string(),
  address: z.object({ addressLine1: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  technician: z.string().nullable(),
  /** When the technician is expected, once on the way. */
  etaAt: z.iso.datetime().nullable(),
  cancelReason: z.enum(CANCEL_REASONS).nullable(),
  /** The reader may confirm, move or cancel it: allowed until the window starts (and not once cancelled). */
  canChange: z.boolean(),
});
export type Appointment = z.infer<typeof AppointmentSchema>;

export const AppointmentsPageSchema = pageOf(AppointmentSchema);
export type AppointmentsPage = z.infer<typeof AppointmentsPageSchema>;

export const AppointmentsQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});

export const AvailabilitySchema = z.object({
  days: z.array(
    z.object({
      date: z.iso.date(),
      windows: z.array(z.object({ start: z.iso.datetime(), end: z.iso.datetime(), available: z.boolean() })),
    }),
  ),
});
export type Availability = z.infer<typeof AvailabilitySchema>;

export const RescheduleRequestSchema = z.strictObject({ windowStart: z.iso.datetime() });
export type RescheduleRequest = z.infer<typeof RescheduleRequestSchema>;

export const CancelRequestSchema = z.strictObject({
  reason: z.enum(CANCEL_REASONS),
  note: freeText({ max: CANCEL_NOTE_MAX_LENGTH }).optional(),
});
export type CancelRequest = z.infer<typeof CancelRequestSchema>;

/**
 * Tracking without sign-in (issue 20 item 3, wider-portal.md §7): `/appointment-tracking?token=…` reads one visit by
 * its signed token (expiring when the visit's day is over); a change there also needs the service address's ZIP and
 * is a POST, never a GET. The token travels in bodies, never in API URLs.
 */
export const TRACKING_PATH = '/api/pub/sbnetserviceapptedge/v1/tracking';
/** POST `{ token, zip }`: whether the ZIP is the service address's (asked before any change). */
export const TRACKING_VERIFY_PATH = `${TRACKING_PATH}/verify`;
export const TRACKING_AVAILABILITY_PATH = `${TRACKING_PATH}/availability`;
export const TRACKING_CONFIRM_PATH = `${TRACKING_PATH}/confirm`;
export const TRACKING_RESCHEDULE_PATH = `${TRACKING_PATH}/reschedule`;
export const TRACKING_CANCEL_PATH = `${TRACKING_PATH}/cancel`;
/** POST `{ token, lang }`: the visit's calendar file (RFC 5545), as JSON (the page saves it; no token in a URL). */
export const TRACKING_CALENDAR_PATH = `${TRACKING_PATH}/calendar`;
/** Lookups with a token per client address and 10 minutes; ZIP checks and changes have their own, smaller count. */
export const TRACKING_READS_PER_WINDOW = 60;
export const TRACKING_CHANGES_PER_WINDOW = 10;
export const TRACKING_WINDOW_MINUTES = 10;

/** `<visit id>.<expiry in Unix seconds>.<HMAC-SHA256, base64url>` */
const TrackingTokenSchema = z
  .string()
  .max(100)
  .regex(/^[0-9a-f-]{36}\.\d{1,12}\.[A-Za-z0-9_-]{43}$/);

export const TrackingRequestSchema = z.strictObject({ token: TrackingTokenSchema });
export type TrackingRequest = z.infer<typeof TrackingRequestSchema>;
/** The calendar file in the visitor's language. */
export const TrackingCalendarRequestSchema = z.strictObject({ token: TrackingTokenSchema, lang: z.enum(LOCALES) });
export const TrackingChangeRequestSchema = z.strictObject({ token: TrackingTokenSchema, zip: ServiceZipSchema });
export type TrackingChangeRequest = z.infer<typeof TrackingChangeRequestSchema>;
export const TrackingRescheduleRequestSchema = z.strictObject({
  token: TrackingTokenSchema,
  zip: ServiceZipSchema,
  windowStart: z.iso.datetime(),
});
export type TrackingRescheduleRequest = z.infer<typeof TrackingRescheduleRequestSchema>;
export const TrackingCancelRequestSchema = z.strictObject({
  token: TrackingTokenSchema,
  zip: ServiceZipSchema,
  reason: z.enum(CANCEL_REASONS),
  note: freeText({ max: CANCEL_NOTE_MAX_LENGTH }).optional(),
});
export type TrackingCancelRequest = z.infer<typeof TrackingCancelRequestSchema>;

/** The visit a tracking link shows, with the link's token renewed for the visit's (possibly new) day. */
export const TrackedVisitSchema = z.object({
  visit: AppointmentSchema,
  token: z.string(),
  expiresAt: z.iso.datetime(),
});
export type TrackedVisit = z.infer<typeof TrackedVisitSchema>;

export const TrackingCalendarSchema = z.object({ filename: z.string(), ics: z.string() });
