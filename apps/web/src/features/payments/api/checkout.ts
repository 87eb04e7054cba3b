import { CHECKOUT_PATH, type CheckoutRequest, type CheckoutResponse, CheckoutResponseSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';

/**
 * spec §4 combined flows: the payment with Auto Pay and paperless, as one request whose answer keeps each part's
 * outcome. The key is the payment's intent key: the same payment sent alone with it is the same payment.
 */
export function checkout(request: CheckoutRequest, idempotencyKey: string): Promise<CheckoutResponse> {
  return apiRequest(CHECKOUT_PATH, { method: 'POST', body: request, schema: CheckoutResponseSchema, idempotencyKey });
}
