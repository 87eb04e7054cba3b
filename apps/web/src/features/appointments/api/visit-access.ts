import { createContext, useContext } from 'react';
import { type Appointment, calendarUrl, useAvailability, useChangeVisit } from './appointments-api';
import { saveTrackingCalendar, type TrackedVisit, useTrackingAvailability, useTrackingChange } from './tracking-api';

/**
 * How a visit card reaches its visit (issue 20 items 2-3): signed in, through the account's appointments (no
 * tracking link: the default), or on the tracking page through the link's token, where a change first needs the
 * service address's ZIP (`zip` once it matched). The card and its panels are the same either way.
 */
export type TrackingLink = {
  token: string;
  zip: string | null;
  verify(zip: string): Promise<void>;
  onTracked(tracked: TrackedVisit): void;
};

export const TrackingLinkContext = createContext<TrackingLink | null>(null);

export function useTrackingLink(): TrackingLink | null {
  return useContext(TrackingLinkContext);
}

/** The windows the visit can move to (both queries are declared; only the one of the page's way is enabled). */
export function useVisitAvailability(id: string) {
  const link = useTrackingLink();
  const signedIn = useAvailability(id, link === null);
  const tracked = useTrackingAvailability(link?.token ?? '', link?.zip ?? '', link !== null);
  return link ? tracked : signedIn;
}

/** Confirms, moves or cancels the visit, the page's way. */
export function useVisitChange() {
  const link = useTrackingLink();
  const signedIn = useChangeVisit();
  const tracked = useTrackingChange(link?.token ?? '', link?.zip ?? '', (next) => link?.onTracked(next));
  return link ? tracked : signedIn;
}

/** The calendar file: a link signed in; saved by the page on the tracking page (the token stays out of URLs). */
export function calendarOf(
  link: TrackingLink | null,
  visit: Appointment,
  lang: string,
): { href: string } | { save(): Promise<void> } {
  return link ? { save: () => saveTrackingCalendar(link.token, lang) } : { href: calendarUrl(visit, lang) };
}
