import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ChangePasswordRequest,
  PASSWORD_CHANGE_PATH,
  SESSION_END_PATH,
  SESSIONS_END_OTHERS_PATH,
  SESSIONS_PATH,
  type SessionsEndedResponse,
  SessionsEndedResponseSchema,
  type SessionsResponse,
  SessionsResponseSchema,
  type SignedInSession,
} from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';

export type { SignedInSession };

/** Query keys of the security section (no other feature reads them). */
export const securityKeys = {
  all: ['security'] as const,
  sessions: () => [...securityKeys.all, 'sessions'] as const,
};

/** The user's live sessions, newest activity first, this device marked. */
export function findSessions(signal?: AbortSignal): Promise<SessionsResponse> {
  return apiRequest(SESSIONS_PATH, { schema: SessionsResponseSchema, signal });
}

export function useSessions() {
  return useQuery(queryOptions({ queryKey: securityKeys.sessions(), queryFn: ({ signal }) => findSessions(signal) }));
}

/** Ends another session of the user (this device signs out with sign-out). */
export function endSession(sessionId: string): Promise<SessionsEndedResponse> {
  return apiRequest(SESSION_END_PATH.replace(':sessionId', encodeURIComponent(sessionId)), {
    method: 'POST',
    schema: SessionsEndedResponseSchema,
  });
}

export function endOtherSessions(): Promise<SessionsEndedResponse> {
  return apiRequest(SESSIONS_END_OTHERS_PATH, { method: 'POST', schema: SessionsEndedResponseSchema });
}

/** The current password and a new one; every other session ends, this one stays. */
export function changePassword(request: ChangePasswordRequest): Promise<SessionsEndedResponse> {
  return apiRequest(PASSWORD_CHANGE_PATH, { method: 'POST', body: request, schema: SessionsEndedResponseSchema });
}
