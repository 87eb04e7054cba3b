import type { Locale } from '@vireo/shared';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { translator } from '../../messages/intl';
import type { JobRow } from '../dispatch/dispatch';

/** Who sends the calendar requests (RFC 5546 asks REQUEST and CANCEL for an organizer). */
const ORGANIZER = { name: 'Vireo Business', email: 'appointments@vireo-business.example' };

/**
 * A technician visit as a calendar file (RFC 5545; wider-portal.md §7) with ical-generator (ADR 033): the UID is the
 * job's and never changes, so a calendar that imports the file again updates the same event; SEQUENCE is the job's
 * (raised by every move and by the cancellation), and a cancelled visit is METHOD:CANCEL with STATUS:CANCELLED.
 */
export function visitCalendar(job: JobRow, locale: Locale, now: Date): string {
  const t = translator(locale);
  const cancelled = job.state === 'cancelled';
  const calendar = ical({
    prodId: { company: 'Vireo Communications', product: 'Vireo Business', language: locale.toUpperCase() },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  const { addressLine1, city, state, zip } = job.address;
  calendar.createEvent({
    id: `${job.jobId}@vireo-business.example`,
    sequence: job.sequence,
    stamp: now,
    start: job.windowStart,
    end: job.windowEnd,
    summary: t(`appointments.calendar.summary.${job.type}`),
    description: t('appointments.calendar.description', { orderId: job.orderId, jobId: job.jobId }),
    location: `${addressLine1}, ${city}, ${state} ${zip}`,
    organizer: ORGANIZER,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
