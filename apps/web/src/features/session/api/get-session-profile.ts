import { queryOptions, useQuery } from '@tanstack/react-query';
import { AppError, COOKIES, SESSION_PROFILE_PATH, type SessionProfile, SessionProfileSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { readCookie } from '../../../lib/cookies';
import { sessionKeys } from './session-keys';

/**
 * spec §4: the login edge sets `session=1` with the session. It grants nothing and proves nothing; it only tells the
 * client that asking for the profile is worth a request, so visitors' pages never make a call that must fail.
 */
export function hasSessionHint(): boolean {
  return readCookie(COOKIES.indicator) === '1';
}

/** The profile of the signed-in user, or null when there is no session. The profile is the source of truth. */
export async function getSessionProfile(signal?: AbortSignal): Promise<SessionProfile | null> {
  if (!hasSessionHint()) return null;
  try {
    return await apiRequest(SESSION_PROFILE_PATH, {
      schema: SessionProfileSchema,
      signal,
      reportUnauthenticated: false,
    });
  } catch (error) {
    if (AppError.is(error) && error.code === 'UNAUTHENTICATED') return null;
    throw error;
  }
}

export function sessionProfileQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.profile(),
    queryFn: ({ signal }) => getSessionProfile(signal),
    // The profile changes only through sign-in, sign-out and the language switch, which all update the cache.
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** `undefined` while unknown, `null` when signed out. A failed probe (maintenance, outage) counts as signed out. */
export function useSessionProfile(): SessionProfile | null | undefined {
  const { data, isError } = useQuery(sessionProfileQueryOptions());
  return isError ? null : data;
}
