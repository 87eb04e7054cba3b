import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAYMENT_METHODS_PATH, type Wallet, WalletSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { autopayKeys } from './autopay-keys';

export function getWallet(signal?: AbortSignal): Promise<Wallet> {
  return apiRequest(PAYMENT_METHODS_PATH, { schema: WalletSchema, signal });
}

export function walletQueryOptions() {
  return queryOptions({ queryKey: autopayKeys.wallet(), queryFn: ({ signal }) => getWallet(signal) });
}

/** The saved methods Auto Pay can use, with the account's restriction and the wallet's size limit. */
export function useWallet() {
  return useQuery(walletQueryOptions());
}
