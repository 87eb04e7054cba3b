import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  type AnalyticsEventType,
  DEV_ANALYTICS_EVENTS_PATH,
  DEV_ANALYTICS_LOG_LINES_PATH,
  DevAnalyticsPageSchema,
  DevLogLinesSchema,
  type StoredAnalyticsEvent,
  type SupportLogLine,
} from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/with-query';

export type { AnalyticsEventType, StoredAnalyticsEvent, SupportLogLine };

/** The viewer's filters: one kind of event, one trace id, one support code (each optional). */
export type EventFilter = { type?: AnalyticsEventType; traceId?: string; supportCode?: string };

/** Query keys of the analytics viewer (no other feature reads them). */
export const analyticsViewerKeys = {
  all: ['analyticsViewer'] as const,
  page: (filter: EventFilter, cursor: string | undefined) =>
    [...analyticsViewerKeys.all, 'page', { ...filter, cursor }] as const,
  logLines: (supportCode: string) => [...analyticsViewerKeys.all, 'logLines', supportCode] as const,
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

/** Issue 23 item 4: the server's log lines of a support code (the last ones the portal kept), oldest first. */
export function useSupportLogLines(supportCode: string) {
  return useQuery(
    queryOptions({
      queryKey: analyticsViewerKeys.logLines(supportCode),
      queryFn: ({ signal }) =>
        apiRequest(withQuery(DEV_ANALYTICS_LOG_LINES_PATH, { supportCode }), { schema: DevLogLinesSchema, signal }),
      staleTime: 0,
    }),
  );
}
