import { z } from 'zod';
import { LOCALES } from '../constants';
import { EmailAddressSchema } from './account-access';
import { freeText } from './free-text';

/**
 * A community property's settings (issue 22 item 5, wider-portal.md §10): its business hours (the week, and dated
 * exceptions: holidays and closures), its contacts (property manager, maintenance, leasing, emergency) and which
 * contact gets which notice by which channel. Read with `community.view`, changed with `community.manage`; another
 * account's property, exception or contact is not found (404). Times are the wall clock of the account's time zone.
 */
export const PROPERTY_NAMES_PATH = '/api/pub/community/v1/property-names';
/** GET the week, PUT it whole (one audit entry per save). */
export const PROPERTY_HOURS_PATH = '/api/pub/community/v1/properties/:propertyId/hours';
/** GET `?when=upcoming|past&cursor` (keyset by start date), POST one. */
export const PROPERTY_HOURS_EXCEPTIONS_PATH = '/api/pub/community/v1/properties/:propertyId/hours/exceptions';
/** PUT or DELETE one exception not yet over. */
export const PROPERTY_HOURS_EXCEPTION_PATH =
  '/api/pub/community/v1/properties/:propertyId/hours/exceptions/:exceptionId';
/** GET the property's contacts, POST one. */
export const PROPERTY_CONTACTS_PATH = '/api/pub/community/v1/properties/:propertyId/contacts';
/** PUT or DELETE one contact. */
export const PROPERTY_CONTACT_PATH = '/api/pub/community/v1/properties/:propertyId/contacts/:contactId';
/** GET the contacts with their choices, PUT every choice of the property at once. */
export const PROPERTY_CONTACT_PREFERENCES_PATH = '/api/pub/community/v1/properties/:propertyId/contact-preferences';

/** The grid of opening times: every time is a multiple of this many minutes. */
export const HOURS_STEP_MINUTES = 15;
/** A day is closed, or open in one or two intervals (a lunch break). */
export const HOURS_INTERVALS_MAX = 2;
/** An exception's label ("Thanksgiving", "Pool resurfacing"). */
export const EXCEPTION_LABEL_MAX_LENGTH = 60;
/** A closure covers at most this many days; an exception starts at most this many days ahead. */
export const EXCEPTION_DAYS_MAX = 90;
export const EXCEPTION_AHEAD_DAYS_MAX = 730;
/** Exceptions a page of the list holds. */
export const EXCEPTIONS_PAGE = 20;
/** Contacts a property keeps at most (the list is small and read whole). */
export const PROPERTY_CONTACTS_MAX = 20;
export const CONTACT_NAME_MAX_LENGTH = 80;
/** As typed; the server reads it with libphonenumber-js (a national number is a US one) and keeps it E.164. */
export const CONTACT_PHONE_INPUT_MAX_LENGTH = 30;

export const CONTACT_ROLES = ['property_manager', 'maintenance', 'leasing', 'emergency'] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];
/** wider-portal.md §10: the notices a property's contacts can be chosen for. */
export const PROPERTY_NOTICES = ['outages', 'visits', 'billing', 'contract'] as const;
export type PropertyNotice = (typeof PROPERTY_NOTICES)[number];
export const PROPERTY_NOTICE_CHANNELS = ['email', 'text'] as const;
export type PropertyNoticeChannel = (typeof PROPERTY_NOTICE_CHANNELS)[number];

/**
 * The field codes of a refusal (400 VALIDATION_FAILED, the field's `code`), which are the web's message ids too: the
 * same words whether the browser's check or the server's finds the fault.
 */
export const HOURS_CODES = {
  step: 'propertySettings.hours.error.step',
  order: 'propertySettings.hours.error.order',
  overlap: 'propertySettings.hours.error.overlap',
  weekday: 'propertySettings.hours.error.weekday',
} as const;
export const EXCEPTION_CODES = {
  labelRequired: 'propertySettings.exception.error.labelRequired',
  dateInvalid: 'propertySettings.exception.error.dateInvalid',
  order: 'propertySettings.exception.error.order',
  past: 'propertySettings.exception.error.past',
  tooFar: 'propertySettings.exception.error.tooFar',
  tooLong: 'propertySettings.exception.error.tooLong',
  specialOneDay: 'propertySettings.exception.error.specialOneDay',
  specialHours: 'propertySettings.exception.error.specialHours',
  overlaps: 'propertySettings.exception.error.overlaps',
  over: 'propertySettings.exception.error.over',
} as const;
export const CONTACT_CODES = {
  phoneInvalid: 'propertySettings.contact.error.phoneInvalid',
  phoneNeededForTexts: 'propertySettings.contact.error.phoneNeededForTexts',
  tooMany: 'propertySettings.contact.error.tooMany',
  textNeedsPhone: 'propertySettings.preferences.error.textNeedsPhone',
} as const;

/** A wall-clock time, `HH:MM` (24:00 ends a day open until midnight). */
export const TimeOfDaySchema = z
  .string()
  .max(5)
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'HH:MM');
export const HoursIntervalSchema = z.strictObject({ opens: TimeOfDaySchema, closes: TimeOfDaySchema });
export type HoursInterval = z.infer<typeof HoursIntervalSchema>;
/** One day of the week (0 Sunday … 6 Saturday): no interval is closed. */
export const DayHoursSchema = z.strictObject({
  weekday: z.number().int().min(0).max(6),
  intervals: z.array(HoursIntervalSchema).max(HOURS_INTERVALS_MAX),
});
export type DayHours = z.infer<typeof DayHoursSchema>;

export const PropertyNameSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.object({ line1: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
});
export const PropertyNamesSchema = z.object({
  properties: z.array(PropertyNameSchema),
  /** The account's time zone (IANA): every time of the hours is its wall clock. */
  timeZone: z.string(),
  /** Whether the reader may change the settings (`community.manage`); the others read them. */
  canManage: z.boolean(),
});
export type PropertyNames = z.infer<typeof PropertyNamesSchema>;

export const BusinessHoursSchema = z.object({
  property: z.object({ id: z.uuid(), name: z.string() }),
  timeZone: z.string(),
  /** False until the week is saved once: visit windows are then not narrowed by it. */
  configured: z.boolean(),
  /** The seven days, Sunday (0) first. */
  week: z.array(DayHoursSchema).length(7),
});
export type BusinessHours = z.infer<typeof BusinessHoursSchema>;

export const BusinessHoursRequestSchema = z.strictObject({ week: z.array(DayHoursSchema).length(7) });
export type BusinessHoursRequest = z.infer<typeof BusinessHoursRequestSchema>;

export const EXCEPTION_KINDS = ['closed', 'special'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];

export const HoursExceptionSchema = z.object({
  id: z.uuid(),
  kind: z.enum(EXCEPTION_KINDS),
  label: z.string(),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  /** Special hours' intervals; none for a closure. */
  intervals: z.array(HoursIntervalSchema),
  /** False once it is over (its last day is before today): kept, not changed. */
  editable: z.boolean(),
});
export type HoursException = z.infer<typeof HoursExceptionSchema>;

export const HoursExceptionRequestSchema = z.strictObject({
  kind: z.enum(EXCEPTION_KINDS),
  label: freeText({ max: EXCEPTION_LABEL_MAX_LENGTH }),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  intervals: z.array(HoursIntervalSchema).max(HOURS_INTERVALS_MAX),
});
export type HoursExceptionRequest = z.infer<typeof HoursExceptionRequestSchema>;

export const EXCEPTION_LISTS = ['upcoming', 'past'] as const;
export const HoursExceptionsQuerySchema = z.strictObject({
  when: z.enum(EXCEPTION_LISTS).optional(),
  cursor: z.string().max(200).optional(),
});
export type HoursExceptionsQuery = z.infer<typeof HoursExceptionsQuerySchema>;
export const HoursExceptionsPageSchema = z.object({
  items: z.array(HoursExceptionSchema),
  nextCursor: z.string().nullable(),
});
export type HoursExceptionsPage = z.infer<typeof HoursExceptionsPageSchema>;

export const PropertyContactSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: z.enum(CONTACT_ROLES),
  /** E.164, or null: then no texts. */
  phone: z.string().nullable(),
  email: z.string(),
  /** The language of the notices the contact gets. */
  language: z.enum(LOCALES),
});
export type PropertyContact = z.infer<typeof PropertyContactSchema>;

export const PropertyContactsSchema = z.object({
  property: z.object({ id: z.uuid(), name: z.string() }),
  contacts: z.array(PropertyContactSchema),
});
export type PropertyContacts = z.infer<typeof PropertyContactsSchema>;

export const PropertyContactRequestSchema = z.strictObject({
  name: freeText({ max: CONTACT_NAME_MAX_LENGTH }),
  role: z.enum(CONTACT_ROLES),
  /** Empty: no phone. */
  phone: freeText({ min: 0, max: CONTACT_PHONE_INPUT_MAX_LENGTH }),
  email: EmailAddressSchema,
  language: z.enum(LOCALES),
});
export type PropertyContactRequest = z.infer<typeof PropertyContactRequestSchema>;

export const NoticeChoiceSchema = z.strictObject({
  contactId: z.uuid(),
  notice: z.enum(PROPERTY_NOTICES),
  channel: z.enum(PROPERTY_NOTICE_CHANNELS),
});
export type NoticeChoice = z.infer<typeof NoticeChoiceSchema>;

export const ContactPreferencesSchema = z.object({
  property: z.object({ id: z.uuid(), name: z.string() }),
  contacts: z.array(PropertyContactSchema),
  /** Every (contact, notice, channel) chosen; what is not listed is not sent. */
  choices: z.array(NoticeChoiceSchema),
});
export type ContactPreferences = z.infer<typeof ContactPreferencesSchema>;

export const ContactPreferencesRequestSchema = z.strictObject({
  choices: z
    .array(NoticeChoiceSchema)
    .max(PROPERTY_CONTACTS_MAX * PROPERTY_NOTICES.length * PROPERTY_NOTICE_CHANNELS.length),
});
export type ContactPreferencesRequest = z.infer<typeof ContactPreferencesRequestSchema>;

// ---- The rules, shared by the form (its check before sending) and the server (the same check, and the field codes).

/** `HH:MM` as minutes of the day (0-1440). */
export function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** Minutes of the day as `HH:MM`. */
export function timeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** A fault of a day's intervals: the index of the interval and its field code; null when the day is right. */
export type HoursFault = { interval: number; code: string };

/**
 * wider-portal.md §10 (issue 22 item 5): a day is closed or one or two intervals, each on the 15-minute grid, opening
 * before it closes, the two not sharing a minute (in either order; touching is allowed: a break of zero minutes).
 */
export function checkIntervals(intervals: readonly HoursInterval[]): HoursFault | null {
  for (const [index, interval] of intervals.entries()) {
    const opens = minutesOf(interval.opens);
    const closes = minutesOf(interval.closes);
    if (opens % HOURS_STEP_MINUTES !== 0 || closes % HOURS_STEP_MINUTES !== 0)
      return { interval: index, code: HOURS_CODES.step };
    if (opens >= closes) return { interval: index, code: HOURS_CODES.order };
  }
  const [first, second] = intervals;
  // in either order: they share a minute (touching, one closing as the other opens, is not sharing)
  if (
    first &&
    second &&
    minutesOf(first.opens) < minutesOf(second.closes) &&
    minutesOf(second.opens) < minutesOf(first.closes)
  ) {
    return { interval: 1, code: HOURS_CODES.overlap };
  }
  return null;
}

/** The week as a map weekday -> intervals in minutes (sorted); a weekday not given is closed. */
export function weekMinutes(week: readonly DayHours[]): Map<number, [number, number][]> {
  const byDay = new Map<number, [number, number][]>();
  for (const day of week) {
    byDay.set(
      day.weekday,
      day.intervals
        .map((interval): [number, number] => [minutesOf(interval.opens), minutesOf(interval.closes)])
        .sort((a, b) => a[0] - b[0]),
    );
  }
  return byDay;
}

/** Whether `[from, to)` (minutes of one day) lies inside one of the intervals. */
export function withinIntervals(intervals: readonly [number, number][], from: number, to: number): boolean {
  return intervals.some(([opens, closes]) => opens <= from && to <= closes);
}

/**
 * The dates and wall-clock minutes of an instant in a time zone (a visit window's start in the property's zone).
 * `minutes` is 0-1439; `weekday` 0 Sunday … 6 Saturday.
 */
export function wallClockOf(instant: Date, timeZone: string): { date: string; weekday: number; minutes: number } {
  const parts: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant)) {
    parts[part.type] = part.value;
  }
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  return {
    date,
    weekday: new Date(`${date}T12:00:00Z`).getUTCDay(),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}
