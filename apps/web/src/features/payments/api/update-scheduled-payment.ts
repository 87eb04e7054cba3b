import { useMutation } from '@tanstack/react-query';
import { SCHEDULED_PAYMENT_PATH } from '@vireo/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type UpdateScheduledPaymentInput = {
  paymentId: string;
  request: { amountCents: number; paymentDate: string; paymentMethodId: string };
  idempotencyKey: string;
};

export function scheduledPaymentPath(paymentId: string): string {
  return SCHEDULED_PAYMENT_PATH.replace(':paymentId', encodeURIComponent(paymentId));
}

/** The contract names no response body; the panel reads the list again afterwards. */
const AnyBody = z.unknown();

/** product-decisions.md: a scheduled payment's amount, date and method change until the cut-off of the day before. */
export function updateScheduledPayment({ paymentId, request, idempotencyKey }: UpdateScheduledPaymentInput) {
  return apiRequest(scheduledPaymentPath(paymentId), { method: 'PUT', body: request, schema: AnyBody, idempotencyKey });
}

export function useUpdateScheduledPayment() {
  return useMutation({ mutationFn: updateScheduledPayment });
}
