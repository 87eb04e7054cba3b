import { useMutation } from '@tanstack/react-query';
import { PAYMENT_METHODS_PATH } from '@vireo/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export type SavePaymentMethodInput = { token: string; idempotencyKey: string };

/** The contract names no response body; the page reads the wallet again afterwards. */
const AnyBody = z.unknown();

/** Saves a vault token in the wallet: WALLET_FULL past 10 methods, PREPAID_NOT_SAVED for prepaid and gift cards. */
export function savePaymentMethod({ token, idempotencyKey }: SavePaymentMethodInput): Promise<unknown> {
  return apiRequest(PAYMENT_METHODS_PATH, { method: 'POST', body: { token }, schema: AnyBody, idempotencyKey });
}

export function useSavePaymentMethod() {
  return useMutation({ mutationFn: savePaymentMethod });
}
