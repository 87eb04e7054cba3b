import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  type AddressCheckRequest,
  AddressCheckResponseSchema,
  type NetworkEvent,
  NetworkEventsPageSchema,
  OUTAGE_ADDRESS_CHECK_PATH,
  OUTAGES_PATH,
} from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { visitorPost } from '../../../lib/visitor-request';
import { withQuery } from '../../../lib/with-query';

export type { NetworkEvent };

/** A keyset page of the network's outages and planned maintenance (issue 20 item 5), for anyone. */
export function useOutages(cursor: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: ['outages', { cursor }] as const,
      queryFn: ({ signal }) =>
        apiRequest(withQuery(OUTAGES_PATH, { cursor }), { schema: NetworkEventsPageSchema, signal }),
      placeholderData: keepPreviousData,
      refetchInterval: 5 * 60_000,
    }),
  );
}

/** "Is my address affected?": whether the network serves it, and which events cover it. */
export function useAddressCheck() {
  return useMutation({
    mutationFn: (request: AddressCheckRequest) =>
      visitorPost(OUTAGE_ADDRESS_CHECK_PATH, request, AddressCheckResponseSchema),
  });
}
