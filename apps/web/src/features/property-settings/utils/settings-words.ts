import {
  AppError,
  type ContactRole,
  HOURS_STEP_MINUTES,
  type HoursInterval,
  minutesOf,
  type PropertyNotice,
  type PropertyNoticeChannel,
  timeOf,
  toIsoDate,
} from '@vireo/shared';
import type { IntlShape } from 'react-intl';
import { formatCalendarDate } from '../../../lib/dates';
import type { MessageId } from '../../../messages';

/** The week as the pages show it: Monday first (the data's weekday: 0 Sunday … 6 Saturday). */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** "Monday" / "lunes": a weekday's name in the page's language (2026-01-04 was a Sunday). */
export function weekdayName(intl: IntlShape, weekday: number): string {
  return formatCalendarDate(intl, toIsoDate(2026, 1, 4 + weekday), 'weekday');
}

/** "9:00 AM" / "9:00": a wall-clock time of the hours (24:00: midnight, the end of the day). */
export function timeLabel(intl: IntlShape, time: string): string {
  if (time === '24:00') return intl.formatMessage({ id: 'propertySettings.time.midnight' });
  const minutes = minutesOf(time);
  return intl.formatTime(new Date(Date.UTC(2026, 0, 5, Math.floor(minutes / 60), minutes % 60)), {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });
}

/** "9:00 AM – 5:00 PM, 6:00 PM – 8:00 PM", or "Closed". */
export function intervalsText(intl: IntlShape, intervals: readonly HoursInterval[]): string {
  if (intervals.length === 0) return intl.formatMessage({ id: 'propertySettings.hours.closed' });
  return intl.formatList(
    intervals.map((interval) =>
      intl.formatMessage(
        { id: 'propertySettings.hours.interval' },
        { opens: timeLabel(intl, interval.opens), closes: timeLabel(intl, interval.closes) },
      ),
    ),
  );
}

/** The times a select offers: every HOURS_STEP_MINUTES from 00:00 to 24:00 (the grid the server checks). */
export function timeOptions(intl: IntlShape): { value: string; label: string }[] {
  const list: { value: string; label: string }[] = [];
  for (let minutes = 0; minutes <= 24 * 60; minutes += HOURS_STEP_MINUTES) {
    const value = timeOf(minutes);
    list.push({ value, label: timeLabel(intl, value) });
  }
  return list;
}

export const ROLE_NAMES: Record<ContactRole, MessageId> = {
  property_manager: 'propertySettings.role.propertyManager',
  maintenance: 'propertySettings.role.maintenance',
  leasing: 'propertySettings.role.leasing',
  emergency: 'propertySettings.role.emergency',
};

export const NOTICE_NAMES: Record<PropertyNotice, MessageId> = {
  outages: 'propertySettings.notice.outages',
  visits: 'propertySettings.notice.visits',
  billing: 'propertySettings.notice.billing',
  contract: 'propertySettings.notice.contract',
};

export const CHANNEL_NAMES: Record<PropertyNoticeChannel, MessageId> = {
  email: 'propertySettings.channel.email',
  text: 'propertySettings.channel.text',
};

export const LANGUAGE_NAMES: Record<'en' | 'es', MessageId> = {
  en: 'propertySettings.language.en',
  es: 'propertySettings.language.es',
};

/**
 * The server's refusals on the fields of a request (400 VALIDATION_FAILED), by the path's `body.` part: `week.6`,
 * `startDate`, `phone`. Their codes are this catalog's message ids (packages/shared schemas/property-settings.ts); a
 * code this build does not know reads as "check this information".
 */
export function fieldFaults(error: unknown): { path: string; code: string }[] {
  if (!AppError.is(error) || error.code !== 'VALIDATION_FAILED') return [];
  return (error.fields ?? []).map((field) => ({ path: field.path.replace(/^body\.?/, ''), code: field.code }));
}

/**
 * Every field code of the settings (HOURS_CODES, EXCEPTION_CODES, CONTACT_CODES) written out as this catalog's ids, so
 * that the build's message scan puts their words in this chunk's slice and a misspelt one does not compile.
 */
const FAULT_IDS: readonly MessageId[] = [
  'propertySettings.hours.error.step',
  'propertySettings.hours.error.order',
  'propertySettings.hours.error.overlap',
  'propertySettings.hours.error.weekday',
  'propertySettings.exception.error.labelRequired',
  'propertySettings.exception.error.dateInvalid',
  'propertySettings.exception.error.order',
  'propertySettings.exception.error.past',
  'propertySettings.exception.error.tooFar',
  'propertySettings.exception.error.tooLong',
  'propertySettings.exception.error.specialOneDay',
  'propertySettings.exception.error.specialHours',
  'propertySettings.exception.error.overlaps',
  'propertySettings.exception.error.over',
  'propertySettings.contact.error.phoneInvalid',
  'propertySettings.contact.error.phoneNeededForTexts',
  'propertySettings.contact.error.tooMany',
  'propertySettings.preferences.error.textNeedsPhone',
  'text.cardNumberRefused',
];

/** A field code as the form kit's error: its words here, or "check this information" for one this build lacks. */
export function faultMessage(code: string): { message: MessageId } {
  return { message: (FAULT_IDS as readonly string[]).includes(code) ? (code as MessageId) : 'ui.field.check' };
}
