import { minutesOf, wallClockOf, weekMinutes, withinIntervals } from '@vireo/shared';
import type { Executor } from '../../db/client';
import { placeKey } from '../network-ops/network-ops';
import { intervalsOf } from './business-hours.service';
import type { PropertySettingsRepository } from './property-settings.repository';

/**
 * Whether a technician can get into a site in a window: the window (start, end) lies inside one interval of the
 * site's hours that day. Built per address and date range, then asked per window.
 */
export type SiteAccessCheck = (start: Date, end: Date) => boolean;

/**
 * The site access of an account's address over `[from, to]` (dates on the account's clock): null when no property of
 * the account is at the address, or the property's hours are not set (the visit windows are then not narrowed).
 */
export type SiteAccess = (
  ex: Executor,
  accountId: string,
  address: { addressLine1: string; zip: string },
  range: { from: string; to: string },
) => Promise<SiteAccessCheck | null>;

/**
 * Business hours feed the visit windows (issue 22 item 5, wider-portal.md §10 "the same model feeds appointment
 * windows (site access)"): at a community property's address a window is offered only when it falls inside the
 * property's hours that day, the week's or an exception's (special hours), and never on a closure or holiday. app.ts
 * gives this function to appointments, which ask it; appointments read none of these tables.
 */
export function createSiteAccess(deps: { repo: PropertySettingsRepository }): SiteAccess {
  const { repo } = deps;
  return async (ex, accountId, address, range) => {
    const { list, timeZone } = await repo.properties(ex, accountId);
    const property = list.find((row) => placeKey(row) === placeKey(address));
    if (!property) return null;
    const week = await repo.week(ex, property.id);
    if (week.length === 0) return null;
    const weekly = weekMinutes(week.map((row) => ({ weekday: row.weekday, intervals: intervalsOf(row) })));
    const exceptions = await repo.exceptionsBetween(ex, property.id, range.from, range.to);
    return (start, end) => {
      const from = wallClockOf(start, timeZone);
      const to = wallClockOf(end, timeZone);
      // a window ending at midnight ends at minute 1440 of its day; one running into the next day is never inside
      const until = to.date === from.date ? to.minutes : to.minutes === 0 ? 1440 : -1;
      if (until < 0) return false;
      const exception = exceptions.find((row) => row.startsOn <= from.date && from.date <= row.endsOn);
      if (exception?.kind === 'closed') return false;
      const intervals = exception
        ? intervalsOf(exception).map((i): [number, number] => [minutesOf(i.opens), minutesOf(i.closes)])
        : (weekly.get(from.weekday) ?? []);
      return withinIntervals(intervals, from.minutes, until);
    };
  };
}
