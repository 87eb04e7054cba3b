import { useMutation } from '@tanstack/react-query';
import { type EditCardRequestSchema, PAYMENT_METHOD_PATH } from '@vireo/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type EditCardRequest = z.infer<typeof EditCardRequestSchema>;
export type UpdatePaymentMethodInput = { paymentMethodId: string; request: EditCardRequest; idempotencyKey: string };
export type DeletePaymentMethodInput = { paymentMethodId: string; idempotencyKey: string };

export function paymentMethodPath(paymentMethodId: string): string {
  return PAYMENT_METHOD_PATH.replace(':paymentMethodId', encodeURIComponent(paymentMethodId));
}

/** The contract names no response body for either; the page reads the wallet again afterwards. */
const AnyBody = z.unknown();

/** spec §3 card edit: Name on Card, Expiration Date (MMYY, a changed value required), ZIP Code. */
export function updatePaymentMethod({ paymentMethodId, request, idempotencyKey }: UpdatePaymentMethodInput) {
  return apiRequest(paymentMethodPath(paymentMethodId), {
    method: 'PATCH',
    body: request,
    schema: AnyBody,
    idempotencyKey,
  });
}

/** spec §5: the current Auto Pay method cannot be deleted (AUTOPAY_METHOD_NOT_DELETABLE, the roadblock). */
export function deletePaymentMethod({ paymentMethodId, idempotencyKey }: DeletePaymentMethodInput) {
  return apiRequest(paymentMethodPath(paymentMethodId), { method: 'DELETE', schema: AnyBody, idempotencyKey });
}

export function useUpdatePaymentMethod() {
  return useMutation({ mutationFn: updatePaymentMethod });
}

export function useDeletePaymentMethod() {
  return useMutation({ mutationFn: deletePaymentMethod });
}
