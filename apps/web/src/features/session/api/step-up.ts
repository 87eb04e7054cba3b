import { STEP_UP_PATH, type StepUpResponse, StepUpResponseSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';

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
