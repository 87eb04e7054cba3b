import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { scheduledPaymentPath } from './update-scheduled-payment';

export type DeleteScheduledPaymentInput = { paymentId: string; idempotencyKey: string };

/** The contract names no response body (204 or a receipt); the panel reads the list again afterwards. */
const AnyBody = z.unknown();

/** Cancels a scheduled payment (spec §2.4 manage scheduled payments); a failure is "Unable to Cancel Payment". */
export function deleteScheduledPayment({ paymentId, idempotencyKey }: DeleteScheduledPaymentInput) {
  return apiRequest(scheduledPaymentPath(paymentId), { method: 'DELETE', schema: AnyBody, idempotencyKey });
}

export function useDeleteScheduledPayment() {
  return useMutation({ mutationFn: deleteScheduledPayment });
}
