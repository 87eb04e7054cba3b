import { useQuery } from '@tanstack/react-query';
import { CHARGES_PATH, ChargesPageSchema } from '@vireo/shared';
import type { z } from 'zod';
import type { HistoryFilter } from '../utils/billing-paths';
import { billingKeys } from './billing-keys';
import { historyQueryOptions } from './history-query';

export type ChargesPage = z.infer<typeof ChargesPageSchema>;
export type ChargeItem = ChargesPage['items'][number];

export function chargesQueryOptions(filter: HistoryFilter, cursor: string | undefined) {
  return historyQueryOptions(CHARGES_PATH, ChargesPageSchema, billingKeys.charges(filter, cursor), filter, cursor);
}

export function useCharges(filter: HistoryFilter, cursor: string | undefined, enabled = true) {
  return useQuery({ ...chargesQueryOptions(filter, cursor), enabled });
}
