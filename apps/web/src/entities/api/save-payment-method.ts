import { useMutation } from '@tanstack/react-query';
import { PAYMENT_METHODS_PATH } from '@vireo/shared';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';

export type SavePaymentMethodInput = { token: string; idempotencyKey: string };

/**
 * The contract does not name the response of saving a token. It is read leniently: the saved method (or an object
 * holding it) names its id; otherwise the caller finds the new method in the wallet read again.
 */
const AnyBody = z.unknown();

export function savedMethodIdOf(body: unknown): string | null {
  const id = z.object({ id: z.uuid() });
  const direct = id.safeParse(body);
  if (direct.success) return direct.data.id;
  const nested = z
    .object({ method: id })
    .or(z.object({ paymentMethod: id }))
    .safeParse(body);
  if (nested.success) return 'method' in nested.data ? nested.data.method.id : nested.data.paymentMethod.id;
  return null;
}

/** Saves a vault token in the wallet: WALLET_FULL past 10 methods, PREPAID_NOT_SAVED for prepaid and gift cards. */
export function savePaymentMethod({ token, idempotencyKey }: SavePaymentMethodInput): Promise<unknown> {
  return apiRequest(PAYMENT_METHODS_PATH, { method: 'POST', body: { token }, schema: AnyBody, idempotencyKey });
}

export function useSavePaymentMethod() {
  return useMutation({ mutationFn: savePaymentMethod });
}
