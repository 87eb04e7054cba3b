import { addDays, dateInZone, type Locale } from '@vireo/shared';
import type { Db } from '../../db/client';
import { INTL_LOCALE_TAGS, type Translate } from '../../messages/intl';
import type { Clock } from '../../platform/clock';
import type { Jobs } from '../../platform/jobs';
import { type Dispatch, type JobRow, progressOf } from '../dispatch/dispatch';
import type { NotificationsService } from '../notifications/notifications.service';
import type { TrackingService } from './tracking.service';

const HOUR_MS = 3_600_000;
/** What a reminder is: the day before the visit, or the technician setting off. */
type ReminderKind = 'visit-reminder' | 'visit-en-route';

/** "Tuesday, November 24" and "8:00 AM", on the service address's clock, in the reader's language. */
function clockText(locale: Locale, timeZone: string) {
  const tag = INTL_LOCALE_TAGS[locale];
  const day = new Intl.DateTimeFormat(tag, { timeZone, weekday: 'long', month: 'long', day: 'numeric' });
  const time = new Intl.DateTimeFormat(tag, { timeZone, hour: 'numeric', minute: '2-digit' });
  return { day: (at: Date) => day.format(at), time: (at: Date) => time.format(at) };
}

/**
 * Reminders of technician visits (issue 20 item 4, wider-portal.md §7): the day before the visit (its day on the
 * service address's clock) and when the technician sets off, to the account's users on the channels each chose for
 * "appointment reminders" (notification matrix), each with the visit's tracking link. Once per visit and window (a
 * unique job key): a visit moved to another day is reminded again for its new day; a cancelled one never.
 */
export function createVisitReminders(deps: {
  db: Db;
  clock: Clock;
  dispatch: Dispatch;
  notices: Pick<NotificationsService, 'notifyAccount'>;
  jobs: Pick<Jobs, 'claimOnce'>;
  tracking: Pick<TrackingService, 'linkToken'>;
  timeZoneOf(accountId: string): Promise<string>;
  publicUrl: string;
}) {
  const { db, clock, dispatch, notices, jobs, tracking, timeZoneOf, publicUrl } = deps;

  function kindOf(job: JobRow, now: Date, timeZone: string): ReminderKind | null {
    const { status } = progressOf(job, now);
    if (status === 'en_route') return 'visit-en-route';
    const upcoming = status === 'scheduled' || status === 'confirmed' || status === 'confirmation_needed';
    const tomorrow = addDays(dateInZone(now, timeZone), 1);
    return upcoming && dateInZone(job.windowStart, timeZone) === tomorrow ? 'visit-reminder' : null;
  }

  function compose(job: JobRow, kind: ReminderKind, timeZone: string, url: string) {
    return (t: Translate, locale: Locale) => {
      const { day, time } = clockText(locale, timeZone);
      const eta = progressOf(job, clock.now()).etaAt;
      const { addressLine1, city } = job.address;
      const values = {
        visit: t(`appointments.notice.type.${job.type}`),
        day: day(job.windowStart),
        start: time(job.windowStart),
        end: time(job.windowEnd),
        eta: eta ? time(eta) : '',
        technician: job.technician ?? t('appointments.notice.technician'),
        address: `${addressLine1}, ${city}`,
        jobId: job.jobId,
        url,
      };
      const which = kind === 'visit-reminder' ? 'tomorrow' : 'enRoute';
      return {
        subject: t(`appointments.notice.${which}.subject`, values),
        text: t(`appointments.notice.${which}.body`, values),
        action: { label: t('appointments.notice.action'), url },
        sms: t(`sms.appointments.${which}`, values),
      };
    };
  }

  return {
    /** One pass: the visits of the next two days (and those under way), each reminded once per kind and window. */
    async runReminders(): Promise<number> {
      const now = clock.now();
      const candidates = await dispatch.upcoming(
        db,
        new Date(now.getTime() - 3 * HOUR_MS),
        new Date(now.getTime() + 49 * HOUR_MS),
      );
      let told = 0;
      for (const job of candidates) {
        const timeZone = await timeZoneOf(job.accountId);
        const kind = kindOf(job, now, timeZone);
        if (!kind) continue;
        told += await db.transaction(async (tx) => {
          const claimed = await jobs.claimOnce(
            tx,
            {
              kind,
              uniqueKey: `${kind}:${job.id}:${job.windowStart.toISOString()}`,
              payload: { accountId: job.accountId, visitId: job.id },
              runAt: now,
            },
            now,
          );
          if (!claimed) return 0;
          const url = `${publicUrl}/appointment-tracking?token=${tracking.linkToken(job.id, job.windowStart, timeZone)}`;
          await notices.notifyAccount(tx, {
            accountId: job.accountId,
            // a community property's contacts chosen for visits hear of those at its address (issue 22 item 5)
            site: job.address,
            event: 'appointment_reminder',
            kind,
            compose: compose(job, kind, timeZone, url),
          });
          return 1;
        });
      }
      return told;
    },
  };
}
