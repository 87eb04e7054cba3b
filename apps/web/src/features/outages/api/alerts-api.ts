import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ALERTS_PATH, type Alert, AlertsResponseSchema, type Locale } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/with-query';

export type { Alert };

/** How often the alerts are read again while a page is open: an outage's stage and estimate move. */
const REFRESH_MS = 5 * 60_000;

/** The alerts of the account's service address (issue 20 item 6), their bodies in `lang`. */
export function alertsQueryOptions(lang: Locale) {
  return queryOptions({
    queryKey: ['alerts', lang] as const,
    queryFn: ({ signal }) => apiRequest(withQuery(ALERTS_PATH, { lang }), { schema: AlertsResponseSchema, signal }),
    staleTime: REFRESH_MS,
    refetchInterval: REFRESH_MS,
    select: (response) => response.alerts,
    // a change of language keeps the alerts shown until they are there in the new one (the account summary's cards
    // wait for the alerts: they do not go away with them)
    placeholderData: keepPreviousData,
  });
}

export function useAlerts(lang: Locale) {
  return useQuery(alertsQueryOptions(lang));
}

/** What the page alert banner shows (spec §2.4): what is under way now, an outage first; nothing announced for later. */
export function bannerAlertOf(alerts: readonly Alert[] | undefined): Alert | null {
  return alerts?.find((alert) => alert.active) ?? null;
}
