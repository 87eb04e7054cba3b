import { INTERACTION_LOGIN_PATH, type LoginRequest, LoginResponseSchema } from '@vireo/shared';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
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
