import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type AnalyticsEventType,
  DEV_ANALYTICS_EVENTS_PATH,
  DevAnalyticsPageSchema,
  type StoredAnalyticsEvent,
} from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/with-query';

export type { AnalyticsEventType, StoredAnalyticsEvent };

/** The viewer's filters: one kind of event, one trace id (both optional). */
export type EventFilter = { type?: AnalyticsEventType; traceId?: string };

/** Query keys of the analytics viewer (no other feature reads them). */
export const analyticsViewerKeys = {
  all: ['analyticsViewer'] as const,
  page: (filter: EventFilter, cursor: string | undefined) =>
    [...analyticsViewerKeys.all, 'page', { ...filter, cursor }] as const,
};

/**
 * One keyset page of the kept events, newest first (`GET /api/dev/analytics/v1/events`, outside production only);
 * `cursor` is a page's nextCursor (older) or previousCursor (newer). Never fresh for long: the portal's pages send
 * events while the viewer is open.
 */
export function useAnalyticsEvents(filter: EventFilter, cursor: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: analyticsViewerKeys.page(filter, cursor),
      queryFn: ({ signal }) =>
        apiRequest(withQuery(DEV_ANALYTICS_EVENTS_PATH, { ...filter, cursor }), {
          schema: DevAnalyticsPageSchema,
          signal,
        }),
      placeholderData: keepPreviousData,
      staleTime: 0,
    }),
  );
}
