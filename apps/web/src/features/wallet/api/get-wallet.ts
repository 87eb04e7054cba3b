import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAYMENT_METHODS_PATH, type Wallet, WalletSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { walletKeys } from './wallet-keys';

export function getWallet(signal?: AbortSignal): Promise<Wallet> {
  return apiRequest(PAYMENT_METHODS_PATH, { schema: WalletSchema, signal });
}

export function walletQueryOptions() {
  return queryOptions({ queryKey: walletKeys.methods(), queryFn: ({ signal }) => getWallet(signal) });
}

/** The saved methods (at most `maxMethods`), each with its status and the Auto Pay enrolments using it. */
export function useWallet() {
  return useQuery(walletQueryOptions());
}
