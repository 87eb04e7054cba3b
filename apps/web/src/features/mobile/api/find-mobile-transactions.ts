import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MOBILE_TRANSACTIONS_PATH, MobileTransactionsPageSchema } from '@vireo/shared';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { MobileTransactionType } from '../utils/mobile-transactions';
import { mobileKeys } from './mobile-keys';

export type MobileTransactionsResult = z.infer<typeof MobileTransactionsPageSchema>;

export function findMobileTransactions(
  type: MobileTransactionType,
  cursor: string | undefined,
  signal?: AbortSignal,
): Promise<MobileTransactionsResult> {
  const query = new URLSearchParams({ type });
  if (cursor) query.set('cursor', cursor);
  return apiRequest(`${MOBILE_TRANSACTIONS_PATH}?${query}`, { schema: MobileTransactionsPageSchema, signal });
}

/** A keyset page of one tab, newest first; the page being left stays on screen until the next one arrives. */
export function useMobileTransactions(type: MobileTransactionType, cursor: string | undefined) {
  return useQuery(
    queryOptions({
      queryKey: mobileKeys.transactions(type, cursor),
      queryFn: ({ signal }) => findMobileTransactions(type, cursor, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
