import {
  PasskeyOptionsResponseSchema,
  STEP_UP_PASSKEY_OPTIONS_PATH,
  STEP_UP_PASSKEY_PATH,
  STEP_UP_PATH,
  type StepUpResponse,
  StepUpResponseSchema,
} from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { getPasskeyAssertion } from '../../../lib/passkeys';

/**
 * wider-portal.md §3 step-up: the password again. 200 {validUntil}; a wrong password is 401 INVALID_CREDENTIALS
 * (the server counts it toward the lockout), which must not sign the user out: the dialog says so and stays open.
 */
export function stepUp(password: string): Promise<StepUpResponse> {
  return apiRequest(STEP_UP_PATH, {
    method: 'POST',
    body: { password },
    schema: StepUpResponseSchema,
  });
}

/**
 * The step-up's second way (issue 18 item 3): the server's options name the user's own passkeys; the browser's
 * answer proves the session. A user with no passkey, or an answer that does not verify, is PASSKEY_REFUSED; the
 * browser's own refusals are a PasskeyCeremonyError.
 */
export async function stepUpWithPasskey(): Promise<StepUpResponse> {
  const options = await apiRequest(STEP_UP_PASSKEY_OPTIONS_PATH, {
    method: 'POST',
    schema: PasskeyOptionsResponseSchema,
  });
  const credential = await getPasskeyAssertion(options);
  return apiRequest(STEP_UP_PASSKEY_PATH, { method: 'POST', body: { credential }, schema: StepUpResponseSchema });
}
