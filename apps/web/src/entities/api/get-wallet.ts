import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAYMENT_METHODS_PATH, type Wallet, WalletSchema } from '@vireo/shared';
import { apiRequest } from '../../lib/api-client';
import { walletKeys } from '../query-keys';

export function getWallet(signal?: AbortSignal): Promise<Wallet> {
  return apiRequest(PAYMENT_METHODS_PATH, { schema: WalletSchema, signal });
}

export function walletQueryOptions() {
  return queryOptions({ queryKey: walletKeys.methods(), queryFn: ({ signal }) => getWallet(signal) });
}

/**
 * The saved methods (at most `maxMethods`), each with its status and its uses (the Auto Pay enrolments and the
 * payments that will charge it), and the account's payment restriction.
 */
export function useWallet() {
  return useQuery(walletQueryOptions());
}
