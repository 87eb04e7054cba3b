import {
  INTERACTION_LOGIN_PATH,
  INTERACTION_PASSKEY_LOGIN_PATH,
  INTERACTION_PASSKEY_OPTIONS_PATH,
  type LoginRequest,
  LoginResponseSchema,
  PasskeyOptionsResponseSchema,
} from '@vireo/shared';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { getPasskeyAssertion } from '../../../lib/passkeys';
import { interactionPath } from './get-interaction';

export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** Submits the credentials of an interaction; the answer says where the issuer continues. */
export function submitLogin(uid: string, body: LoginRequest, csrfToken: string): Promise<LoginResponse> {
  return apiRequest(interactionPath(INTERACTION_LOGIN_PATH, uid), {
    method: 'POST',
    body,
    csrfToken,
    schema: LoginResponseSchema,
    reportUnauthenticated: false,
  });
}

/**
 * Signs in with a passkey (issue 18 item 2, ADR 029): the interaction's options, the browser's passkey dialog, then
 * the assertion; the answer says where the issuer continues, as the password form's does.
 */
export async function submitPasskeyLogin(uid: string, csrfToken: string, rememberMe: boolean): Promise<LoginResponse> {
  const options = await apiRequest(interactionPath(INTERACTION_PASSKEY_OPTIONS_PATH, uid), {
    method: 'POST',
    csrfToken,
    schema: PasskeyOptionsResponseSchema,
    reportUnauthenticated: false,
  });
  const credential = await getPasskeyAssertion(options);
  return apiRequest(interactionPath(INTERACTION_PASSKEY_LOGIN_PATH, uid), {
    method: 'POST',
    body: { credential, rememberMe },
    csrfToken,
    schema: LoginResponseSchema,
    reportUnauthenticated: false,
  });
}
