import { queryOptions, useQuery } from '@tanstack/react-query';
import { MOBILE_ORDERS_PATH, MobileOrdersSchema } from '@vireo/shared';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { mobileKeys } from './mobile-keys';

export type MobileOrders = z.infer<typeof MobileOrdersSchema>;

export function findMobileOrders(signal?: AbortSignal): Promise<MobileOrders> {
  return apiRequest(MOBILE_ORDERS_PATH, { schema: MobileOrdersSchema, signal });
}

/** The mobile billing home's orders list. */
export function useMobileOrders() {
  return useQuery(queryOptions({ queryKey: mobileKeys.orders(), queryFn: ({ signal }) => findMobileOrders(signal) }));
}
