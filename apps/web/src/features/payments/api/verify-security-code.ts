import { useMutation } from '@tanstack/react-query';
import { PCI_VERIFY_PATH, VerifySecurityCodeResponseSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';

export type VerifySecurityCodeInput = { paymentMethodId: string; securityCode: string };

/** spec §2.4 "select method, with CVV check": a mismatch answers SECURITY_CODE_MISMATCH. */
export function verifySecurityCode(input: VerifySecurityCodeInput): Promise<{ verified: true }> {
  return apiRequest(PCI_VERIFY_PATH, { method: 'POST', body: input, schema: VerifySecurityCodeResponseSchema });
}

export function useVerifySecurityCode() {
  return useMutation({ mutationFn: verifySecurityCode });
}
