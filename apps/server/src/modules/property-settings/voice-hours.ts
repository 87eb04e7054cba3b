import { minutesOf, type ScheduleDay } from '@vireo/shared';
import type { Executor } from '../../db/client';
import { intervalsOf } from './business-hours.service';
import type { PropertySettingsRepository } from './property-settings.repository';

/**
 * A property's business hours as a voice line's schedule rules read them (issue 22 item 5, wider-portal.md §10: "the
 * same model feeds appointment windows (site access) and voice schedules"): the day of `date` (on the account's
 * clock) with the week's intervals or an exception's special hours, a closure as a holiday; `unset` when its week was
 * never saved (nothing to follow), null when the property is not one of the account's. app.ts gives it to the voice
 * settings (their `PropertyScheduleDay`), which read none of these tables.
 */
export function createPropertyScheduleDay(deps: { repo: PropertySettingsRepository }) {
  const { repo } = deps;
  return async (
    ex: Executor,
    accountId: string,
    propertyId: string,
    date: string,
  ): Promise<ScheduleDay | 'unset' | null> => {
    if (!(await repo.property(ex, accountId, propertyId))) return null;
    const week = await repo.week(ex, propertyId);
    if (week.length === 0) return 'unset';
    const [exception] = await repo.exceptionsBetween(ex, propertyId, date, date);
    if (exception?.kind === 'closed') return { holiday: true, intervals: [] };
    // the weekday of a calendar date (0 Sunday), whatever the zone: noon UTC of that date
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const row = week.find((each) => each.weekday === weekday);
    const intervals = exception ? intervalsOf(exception) : row ? intervalsOf(row) : [];
    return {
      holiday: false,
      intervals: intervals.map((interval): [number, number] => [minutesOf(interval.opens), minutesOf(interval.closes)]),
    };
  };
}
