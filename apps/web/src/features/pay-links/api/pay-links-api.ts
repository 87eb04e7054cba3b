import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import {
  type CreatePayLinkRequest,
  CreatePayLinkResponseSchema,
  PAY_LINK_REVOKE_PATH,
  PAY_LINKS_PATH,
  type PayLink,
  PayLinkSchema,
  type PayLinksPage,
  PayLinksPageSchema,
} from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';

export type { CreatePayLinkRequest, PayLink, PayLinksPage };

/** Query keys of the pay links (no other feature reads them). */
export const payLinkKeys = {
  all: ['payLinks'] as const,
  page: (cursor: string | undefined) => [...payLinkKeys.all, 'page', { cursor }] as const,
};

/** One keyset page of the account's links, newest first; `cursor` is a page's nextCursor (older) or previousCursor. */
export function findPayLinks(cursor: string | undefined, signal?: AbortSignal): Promise<PayLinksPage> {
  const path = cursor ? `${PAY_LINKS_PATH}?${new URLSearchParams({ cursor })}` : PAY_LINKS_PATH;
  return apiRequest(path, { schema: PayLinksPageSchema, signal });
}

export function payLinksQueryOptions(cursor: string | undefined) {
  return queryOptions({
    queryKey: payLinkKeys.page(cursor),
    queryFn: ({ signal }) => findPayLinks(cursor, signal),
    // the page being left stays on screen until the next one arrives: no flash, no layout shift
    placeholderData: keepPreviousData,
  });
}

export function usePayLinks(cursor: string | undefined) {
  return useQuery(payLinksQueryOptions(cursor));
}

/** Makes a link: the answer holds its address, the only time it is ever shown (the server keeps a hash). */
export function createPayLink(request: CreatePayLinkRequest) {
  return apiRequest(PAY_LINKS_PATH, { method: 'POST', body: request, schema: CreatePayLinkResponseSchema });
}

export function payLinkRevokePath(payLinkId: string): string {
  return PAY_LINK_REVOKE_PATH.replace(':payLinkId', encodeURIComponent(payLinkId));
}

/** Revokes a link (a revoked one is answered as it is): the link, now `revoked`. */
export function revokePayLink(payLinkId: string): Promise<PayLink> {
  return apiRequest(payLinkRevokePath(payLinkId), { method: 'POST', schema: PayLinkSchema });
}

export function useCreatePayLink() {
  return useMutation({ mutationFn: createPayLink });
}

export function useRevokePayLink() {
  return useMutation({ mutationFn: revokePayLink });
}
