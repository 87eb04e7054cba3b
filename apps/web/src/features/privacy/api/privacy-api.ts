import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  ANALYTICS_MY_EVENTS_EXPORT_PATH,
  ANALYTICS_MY_EVENTS_PATH,
  ANALYTICS_PRIVACY_PATH,
  MyAnalyticsDeletedSchema,
  type MyAnalyticsEvent,
  type MyAnalyticsPage,
  MyAnalyticsPageSchema,
  type PrivacyChoice,
  type PrivacySettings,
  PrivacySettingsSchema,
} from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/with-query';

export type { MyAnalyticsEvent, MyAnalyticsPage, PrivacySettings };

/** Query keys of the privacy section and page (no other feature reads them). */
export const privacyKeys = {
  all: ['privacy'] as const,
  settings: () => [...privacyKeys.all, 'settings'] as const,
  events: () => [...privacyKeys.all, 'events'] as const,
  eventsPage: (cursor: string | undefined) => [...privacyKeys.events(), { cursor }] as const,
};

/** The person's choice (usage analytics on or off), whether this browser sends Global Privacy Control, what is kept. */
export function usePrivacySettings() {
  return useQuery(
    queryOptions({
      queryKey: privacyKeys.settings(),
      queryFn: ({ signal }) => apiRequest(ANALYTICS_PRIVACY_PATH, { schema: PrivacySettingsSchema, signal }),
    }),
  );
}

/** Saves the choice (a PUT: `apiRequest` adds the anti-forgery header); the answer is the settings as they now are. */
export function savePrivacyChoice(choice: PrivacyChoice): Promise<PrivacySettings> {
  return apiRequest(ANALYTICS_PRIVACY_PATH, { method: 'PUT', body: choice, schema: PrivacySettingsSchema });
}

/**
 * One keyset page of the events kept about the person, newest first; `cursor` is a page's nextCursor (older) or
 * previousCursor (newer). Never fresh for long: every page the person opens adds events.
 */
export function useMyEvents(cursor: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: privacyKeys.eventsPage(cursor),
      queryFn: ({ signal }) =>
        apiRequest(withQuery(ANALYTICS_MY_EVENTS_PATH, { cursor }), { schema: MyAnalyticsPageSchema, signal }),
      // the page being left stays on screen until the next one arrives: no flash, no layout shift
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}

/** Deletes every event kept about the person; the answer says how many there were. */
export function deleteMyEvents(): Promise<{ deleted: number }> {
  return apiRequest(ANALYTICS_MY_EVENTS_PATH, { method: 'DELETE', schema: MyAnalyticsDeletedSchema });
}

/** All of them as a JSON file (a plain GET: the session cookie goes with it; the server names the file). */
export const MY_EVENTS_EXPORT_PATH = ANALYTICS_MY_EVENTS_EXPORT_PATH;
