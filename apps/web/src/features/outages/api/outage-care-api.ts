import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Locale,
  type LocationOutage,
  OUTAGE_CALLBACK_PATH,
  OUTAGE_CALLBACKS_PATH,
  OUTAGE_CREDITS_PATH,
  OUTAGE_LETTER_PATH,
  type OutageCallback,
  type OutageCallbackRequest,
  OutageCallbackResponseSchema,
  OutageCreditResponseSchema,
  type OutageLocation,
  OutageLocationsResponseSchema,
} from '@vireo/shared';
import { z } from 'zod';
import { refreshAfter } from '../../../entities/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { apiFileRequest } from '../../../lib/api-file';
import { fileSaver } from '../../../lib/browser-files';
import { withQuery } from '../../../lib/with-query';

export type { LocationOutage, OutageCallback, OutageLocation };

const locationsKey = ['outage-care', 'locations'] as const;

/** The account's locations with their outages and the user's callbacks (issue 20 items 7-8). */
export function useOutageLocations() {
  return useQuery(
    queryOptions({
      queryKey: locationsKey,
      queryFn: ({ signal }) => apiRequest(OUTAGE_CALLBACKS_PATH, { schema: OutageLocationsResponseSchema, signal }),
      select: (response) => response.locations,
      // an outage's stage and estimate move while the page is open
      refetchInterval: 5 * 60_000,
    }),
  );
}

export function useAddCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: OutageCallbackRequest) =>
      apiRequest(OUTAGE_CALLBACKS_PATH, { method: 'POST', body: request, schema: OutageCallbackResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsKey }),
  });
}

export function useRemoveCallback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (callbackId: string) =>
      apiRequest(OUTAGE_CALLBACK_PATH.replace(':callbackId', encodeURIComponent(callbackId)), {
        method: 'DELETE',
        schema: z.unknown(),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationsKey }),
  });
}

/** The outage credit, in one request; the bill's charges are stale after it. */
export function useRequestCredit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reference: string) =>
      apiRequest(OUTAGE_CREDITS_PATH, { method: 'POST', body: { reference }, schema: OutageCreditResponseSchema }),
    onSuccess: () => {
      refreshAfter(queryClient, 'outageCredit');
      return queryClient.invalidateQueries({ queryKey: locationsKey });
    },
  });
}

export function letterPath(reference: string, lang: Locale): string {
  return withQuery(OUTAGE_LETTER_PATH.replace(':reference', encodeURIComponent(reference)), { lang });
}

/** The service-interruption letter (PDF), fetched (a failure is shown on the page), then saved. */
export function useLetterDownload() {
  return useMutation({
    mutationFn: async ({ reference, lang }: { reference: string; lang: Locale }) => {
      const { blob, filename } = await apiFileRequest(letterPath(reference, lang));
      fileSaver.save(blob, filename ?? `service-interruption-${reference}.pdf`);
    },
  });
}
