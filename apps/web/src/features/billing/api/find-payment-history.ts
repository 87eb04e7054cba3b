import { useQuery } from '@tanstack/react-query';
import { PAYMENT_HISTORY_PATH, PaymentHistoryPageSchema } from '@vireo/shared';
import type { z } from 'zod';
import type { HistoryFilter } from '../utils/billing-paths';
import { billingKeys } from './billing-keys';
import { historyQueryOptions } from './history-query';

export type PaymentHistoryPage = z.infer<typeof PaymentHistoryPageSchema>;
export type PaymentHistoryItem = PaymentHistoryPage['items'][number];

export function paymentHistoryQueryOptions(filter: HistoryFilter, cursor: string | undefined) {
  return historyQueryOptions(
    PAYMENT_HISTORY_PATH,
    PaymentHistoryPageSchema,
    billingKeys.payments(filter, cursor),
    filter,
    cursor,
  );
}

export function usePaymentHistory(filter: HistoryFilter, cursor: string | undefined, enabled = true) {
  return useQuery({ ...paymentHistoryQueryOptions(filter, cursor), enabled });
}
