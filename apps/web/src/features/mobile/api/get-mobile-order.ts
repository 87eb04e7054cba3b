import { queryOptions, useQuery } from '@tanstack/react-query';
import { MOBILE_ORDER_PATH, type MobileOrder, MobileOrderSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { mobileKeys } from './mobile-keys';

export function mobileOrderPath(orderId: string): string {
  return MOBILE_ORDER_PATH.replace(':orderId', encodeURIComponent(orderId));
}

export function getMobileOrder(orderId: string, signal?: AbortSignal): Promise<MobileOrder> {
  return apiRequest(mobileOrderPath(orderId), { schema: MobileOrderSchema, signal });
}

/** One order's details (spec §2.4 "order details"); another business's order answers 404. */
export function useMobileOrder(orderId: string) {
  return useQuery(
    queryOptions({ queryKey: mobileKeys.order(orderId), queryFn: ({ signal }) => getMobileOrder(orderId, signal) }),
  );
}
