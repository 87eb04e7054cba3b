import {
  type MakePaymentRequest,
  type MakePaymentResponse,
  MakePaymentResponseSchema,
  PAYMENTS_PATH,
} from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';

export type MakePaymentInput = { request: MakePaymentRequest; idempotencyKey: string };

/** A one-time payment, today or on a future date. The key makes a retry of the same intent safe (architecture.md). */
export function makePayment({ request, idempotencyKey }: MakePaymentInput): Promise<MakePaymentResponse> {
  return apiRequest(PAYMENTS_PATH, {
    method: 'POST',
    body: request,
    schema: MakePaymentResponseSchema,
    idempotencyKey,
  });
}
