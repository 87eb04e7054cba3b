import type { IntlShape } from 'react-intl';
import { formatInstantIn } from '../../../lib/dates';
import type { MessageId } from '../../../messages';
import type { Appointment } from '../api/appointments-api';

/** A visit's status in words. */
export const STATUS_WORDS: Record<Appointment['status'], MessageId> = {
  scheduled: 'appointments.status.scheduled',
  confirmation_needed: 'appointments.status.confirmationNeeded',
  confirmed: 'appointments.status.confirmed',
  en_route: 'appointments.status.enRoute',
  on_site: 'appointments.status.onSite',
  completed: 'appointments.status.completed',
  cancelled: 'appointments.status.cancelled',
};

/** A cancellation's reason in words. */
export const REASON_WORDS: Record<NonNullable<Appointment['cancelReason']>, MessageId> = {
  not_needed: 'appointments.reason.notNeeded',
  fixed: 'appointments.reason.fixed',
  schedule: 'appointments.reason.schedule',
  other: 'appointments.reason.other',
};

/** "Tuesday, November 24, 2026, 8:00 AM to 10:00 AM", on the service address's clock. */
export function windowText(
  intl: IntlShape,
  visit: Pick<Appointment, 'windowStart' | 'windowEnd' | 'timeZone'>,
): string {
  const start = new Date(visit.windowStart);
  return intl.formatMessage(
    { id: 'appointments.window' },
    {
      day: formatInstantIn(intl, start, 'fullDate', visit.timeZone),
      start: formatInstantIn(intl, start, 'time', visit.timeZone),
      end: formatInstantIn(intl, new Date(visit.windowEnd), 'time', visit.timeZone),
    },
  );
}

/** "8:00 AM to 10:00 AM" */
export function hoursText(intl: IntlShape, window: { start: string; end: string }, timeZone: string): string {
  return intl.formatMessage(
    { id: 'appointments.hours' },
    {
      start: formatInstantIn(intl, new Date(window.start), 'time', timeZone),
      end: formatInstantIn(intl, new Date(window.end), 'time', timeZone),
    },
  );
}
