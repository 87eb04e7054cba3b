import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type ChangePasswordRequest,
  PASSKEY_PATH,
  PASSKEY_REGISTRATION_OPTIONS_PATH,
  PASSKEY_REMOVE_PATH,
  PASSKEYS_PATH,
  PASSWORD_CHANGE_PATH,
  type Passkey,
  PasskeyOptionsResponseSchema,
  PasskeySchema,
  type PasskeysResponse,
  PasskeysResponseSchema,
  SESSION_END_PATH,
  SESSIONS_END_OTHERS_PATH,
  SESSIONS_PATH,
  type SessionsEndedResponse,
  SessionsEndedResponseSchema,
  type SessionsResponse,
  SessionsResponseSchema,
  type SignedInSession,
} from '@vireo/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { createPasskeyCredential } from '../../../lib/passkeys';

export type { Passkey, SignedInSession };

/** Query keys of the security section (no other feature reads them). */
export const securityKeys = {
  all: ['security'] as const,
  sessions: () => [...securityKeys.all, 'sessions'] as const,
  passkeys: () => [...securityKeys.all, 'passkeys'] as const,
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

/** The user's passkeys (issue 18 item 2, ADR 029). */
export function findPasskeys(signal?: AbortSignal): Promise<PasskeysResponse> {
  return apiRequest(PASSKEYS_PATH, { schema: PasskeysResponseSchema, signal });
}

export function usePasskeys() {
  return useQuery(queryOptions({ queryKey: securityKeys.passkeys(), queryFn: ({ signal }) => findPasskeys(signal) }));
}

/** Asks the server for a registration's options, lets the browser make the passkey, then keeps it under `name`. */
export async function addPasskey(name: string): Promise<Passkey> {
  const options = await apiRequest(PASSKEY_REGISTRATION_OPTIONS_PATH, {
    method: 'POST',
    schema: PasskeyOptionsResponseSchema,
  });
  const credential = await createPasskeyCredential(options);
  return apiRequest(PASSKEYS_PATH, { method: 'POST', body: { name, credential }, schema: PasskeySchema });
}

export function renamePasskey({ id, name }: { id: string; name: string }): Promise<Passkey> {
  return apiRequest(PASSKEY_PATH.replace(':passkeyId', encodeURIComponent(id)), {
    method: 'PATCH',
    body: { name },
    schema: PasskeySchema,
  });
}

export async function removePasskey(id: string): Promise<void> {
  await apiRequest(PASSKEY_REMOVE_PATH.replace(':passkeyId', encodeURIComponent(id)), {
    method: 'POST',
    schema: z.unknown(),
  });
}
