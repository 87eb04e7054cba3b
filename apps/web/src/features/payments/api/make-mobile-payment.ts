import {
  type MakeMobilePaymentRequest,
  type MakePaymentResponse,
  MakePaymentResponseSchema,
  MOBILE_PAYMENTS_PATH,
} from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';

export type MakeMobilePaymentInput = { request: MakeMobilePaymentRequest; idempotencyKey: string };

/**
 * A mobile payment, today (issue 7): the mobile balance, a device's payoff or an extra device payment. Its answer is
 * the one-time payment's; the key makes a retry of the same intent safe (architecture.md).
 */
export function makeMobilePayment({ request, idempotencyKey }: MakeMobilePaymentInput): Promise<MakePaymentResponse> {
  return apiRequest(MOBILE_PAYMENTS_PATH, {
    method: 'POST',
    body: request,
    schema: MakePaymentResponseSchema,
    idempotencyKey,
  });
}
