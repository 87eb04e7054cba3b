import { useMutation } from '@tanstack/react-query';
import { PCI_ONLINE_BANKING_PATH, type VaultToken, VaultTokenSchema } from '@vireo/shared';
import { newIdempotencyKey } from '../../../components/ui/idempotency-key';
import { apiRequest } from '../../../lib/api-client';

export type OnlineBankingInput = { institution: string; username: string; password: string };

/** The 5-step variant: signs in at the bank and answers a vault token for the account it returns. */
export function connectOnlineBanking(input: OnlineBankingInput): Promise<VaultToken> {
  return apiRequest(PCI_ONLINE_BANKING_PATH, {
    method: 'POST',
    body: input,
    schema: VaultTokenSchema,
    idempotencyKey: newIdempotencyKey(),
  });
}

export function useConnectOnlineBanking() {
  return useMutation({ mutationFn: connectOnlineBanking });
}
