import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AvailabilitySchema,
  TRACKING_AVAILABILITY_PATH,
  TRACKING_CALENDAR_PATH,
  TRACKING_CANCEL_PATH,
  TRACKING_CONFIRM_PATH,
  TRACKING_PATH,
  TRACKING_RESCHEDULE_PATH,
  TRACKING_VERIFY_PATH,
  type TrackedVisit,
  TrackedVisitSchema,
  TrackingCalendarSchema,
} from '@vireo/shared';
import { z } from 'zod';
import { fileSaver } from '../../../lib/browser-files';
import { visitorPost } from '../../../lib/visitor-request';
import type { VisitChange } from './appointments-api';

export type { TrackedVisit };

/** Query keys of the tracking page (the token names the visit; no other feature reads them). */
export const trackingKeys = {
  all: ['appointment-tracking'] as const,
  visit: (token: string) => [...trackingKeys.all, 'visit', token] as const,
  availability: (token: string) => [...trackingKeys.all, 'availability', token] as const,
};

/**
 * The visit a tracking link names (a visitor's POST, with the anti-forgery pair: the token stays out of API URLs). An
 * expired or unknown link is final.
 */
export function useTrackedVisit(token: string) {
  return useQuery(
    queryOptions({
      queryKey: trackingKeys.visit(token),
      queryFn: ({ signal }) => visitorPost(TRACKING_PATH, { token }, TrackedVisitSchema, { signal }),
      enabled: token !== '',
      retry: false,
    }),
  );
}

/** Whether `zip` is the service address's (asked before any change). */
export function verifyZip(token: string, zip: string): Promise<unknown> {
  return visitorPost(TRACKING_VERIFY_PATH, { token, zip }, z.unknown());
}

/** The windows the visit can move to, asked with the link and the ZIP. */
export function useTrackingAvailability(token: string, zip: string, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: trackingKeys.availability(token),
      queryFn: ({ signal }) => visitorPost(TRACKING_AVAILABILITY_PATH, { token, zip }, AvailabilitySchema, { signal }),
      staleTime: 0,
      enabled,
    }),
  );
}

/** Confirms, moves or cancels the visit with the link and the ZIP; `onTracked` gets the visit and its renewed link. */
export function useTrackingChange(token: string, zip: string, onTracked: (tracked: TrackedVisit) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ change }: { id: string; change: VisitChange }) => {
      const path = {
        confirm: TRACKING_CONFIRM_PATH,
        reschedule: TRACKING_RESCHEDULE_PATH,
        cancel: TRACKING_CANCEL_PATH,
      }[change.kind];
      const body = { token, zip, ...('request' in change ? change.request : {}) };
      return visitorPost(path, body, TrackedVisitSchema);
    },
    onSuccess: (tracked) => {
      queryClient.setQueryData(trackingKeys.visit(tracked.token), tracked);
      onTracked(tracked);
    },
    onSettled: () => queryClient.removeQueries({ queryKey: trackingKeys.availability(token) }),
  });
}

/** Saves the visit's calendar file, in `lang`. */
export async function saveTrackingCalendar(token: string, lang: string): Promise<void> {
  const { filename, ics } = await visitorPost(TRACKING_CALENDAR_PATH, { token, lang }, TrackingCalendarSchema);
  fileSaver.save(new Blob([ics], { type: 'text/calendar' }), filename);
}
