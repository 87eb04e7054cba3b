import { queryOptions } from '@tanstack/react-query';
import { INTERACTION_PATH, type InteractionDetailsResponse, InteractionDetailsResponseSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { sessionKeys } from './session-keys';

export function interactionPath(template: string, uid: string): string {
  return template.replace(':uid', encodeURIComponent(uid));
}

/** The sign-in interaction the issuer started: prefilled username and the form's anti-forgery token. */
export function getInteraction(uid: string, signal?: AbortSignal): Promise<InteractionDetailsResponse> {
  return apiRequest(interactionPath(INTERACTION_PATH, uid), {
    schema: InteractionDetailsResponseSchema,
    signal,
    reportUnauthenticated: false,
  });
}

export function interactionQueryOptions(uid: string) {
  return queryOptions({
    queryKey: sessionKeys.interaction(uid),
    queryFn: ({ signal }) => getInteraction(uid, signal),
    // No uid, no interaction: the sign-in screen renders once more with the next page's address while that page's
    // chunk loads (a link to account recovery), and must not ask for `…/interaction/` then.
    enabled: uid !== '',
    // One interaction, one token: never refetch behind the form's back, never keep it after the page.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
  });
}
