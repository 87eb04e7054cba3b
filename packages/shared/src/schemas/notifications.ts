import { z } from 'zod';
import type { PortalRole } from '../roles';

/**
 * Notifications (issue 18 item 4, wider-portal.md §3): a matrix per user of events x channels (e-mail, text). Texts go
 * to the user's mobile number (Personal details) and wait out the quiet hours (QUIET_HOURS, the account's time zone,
 * wider-portal.md §2) except security notices. Security notices are always on, on both channels (a text only with a
 * mobile number), and cannot be turned off. "Users and roles changed" is for the account's admins only.
 */
export const NOTIFICATIONS_PATH = '/api/pub/session/v1/notifications';

export const NOTIFICATION_EVENTS = [
  'bill_ready',
  'payment_received',
  'payment_failed',
  'autopay_upcoming',
  'card_expiring',
  'outage',
  'appointment_reminder',
  'users_changed',
  'security',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];
export const NOTIFICATION_CHANNELS = ['email', 'text'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The events a user may change (security notices are always on). */
export const CHOOSABLE_NOTIFICATION_EVENTS = NOTIFICATION_EVENTS.filter(
  (event): event is Exclude<NotificationEvent, 'security'> => event !== 'security',
);

/** What a user gets before choosing: every e-mail, no text (texts are opted into), security notices on both. */
export function defaultNotificationChoice(event: NotificationEvent): { email: boolean; text: boolean } {
  return event === 'security' ? { email: true, text: true } : { email: true, text: false };
}

/** The events about the bill and its payment: for the roles that see billing (product-decisions.md, roles). */
export const BILLING_NOTIFICATION_EVENTS: readonly NotificationEvent[] = [
  'bill_ready',
  'payment_received',
  'payment_failed',
  'autopay_upcoming',
  'card_expiring',
];

/**
 * The events a role is told about: "users and roles changed" only for PRIMARY and ADMIN (wider-portal.md §3); the
 * bill's and its payments' events not for STANDARD, who does not see billing (product-decisions.md, roles).
 */
export function notificationEventsFor(role: PortalRole | null): readonly NotificationEvent[] {
  return NOTIFICATION_EVENTS.filter(
    (event) =>
      (event !== 'users_changed' || role === 'PRIMARY' || role === 'ADMIN') &&
      (!BILLING_NOTIFICATION_EVENTS.includes(event) || (role !== 'STANDARD' && role !== null)),
  );
}

export const NotificationChoiceSchema = z.object({
  event: z.enum(NOTIFICATION_EVENTS),
  email: z.boolean(),
  text: z.boolean(),
  /** Security notices: shown, never changed. */
  locked: z.boolean(),
});
export type NotificationChoice = z.infer<typeof NotificationChoiceSchema>;

export const NotificationSettingsSchema = z.object({
  /** The events of the user's role, in NOTIFICATION_EVENTS order. */
  choices: z.array(NotificationChoiceSchema),
  /** E.164 or null: without one no text is sent (the choices are kept). */
  mobilePhone: z.string().nullable(),
  /** The account's time zone (IANA), where the quiet hours are counted. */
  timeZone: z.string(),
  quietHours: z.object({ startHour: z.number().int(), endHour: z.number().int() }),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/** Every choosable event of the user's role, once each (an event missing, repeated, or not the role's is refused). */
export const NotificationSettingsRequestSchema = z.strictObject({
  choices: z
    .array(
      z.strictObject({
        event: z.enum(CHOOSABLE_NOTIFICATION_EVENTS as [Exclude<NotificationEvent, 'security'>]),
        email: z.boolean(),
        text: z.boolean(),
      }),
    )
    .max(NOTIFICATION_EVENTS.length),
});
export type NotificationSettingsRequest = z.infer<typeof NotificationSettingsRequestSchema>;
