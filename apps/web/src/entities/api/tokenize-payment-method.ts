import { useMutation } from '@tanstack/react-query';
import { PCI_TOKENIZE_PATH, type TokenizeRequest, type VaultToken, VaultTokenSchema } from '@vireo/shared';
import { newIdempotencyKey } from '../../components/ui/idempotency-key';
import { apiRequest } from '../../lib/api-client';

/**
 * spec §7.1 card capture: the only request that carries a card number, security code or full bank account number.
 * It answers an opaque token with the display data that may leave the vault.
 */
export function tokenizePaymentMethod(request: TokenizeRequest): Promise<VaultToken> {
  return apiRequest(PCI_TOKENIZE_PATH, {
    method: 'POST',
    body: request,
    schema: VaultTokenSchema,
    // architecture.md: a request that creates an instrument carries a key; one per submitted form.
    idempotencyKey: newIdempotencyKey(),
  });
}

export function useTokenizePaymentMethod() {
  return useMutation({ mutationFn: tokenizePaymentMethod });
}
