import { queryOptions, useQuery } from '@tanstack/react-query';
import { MOBILE_BILLING_PATH, type MobileBilling, MobileBillingSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { mobileKeys } from './mobile-keys';

export function getMobileBilling(signal?: AbortSignal): Promise<MobileBilling> {
  return apiRequest(MOBILE_BILLING_PATH, { schema: MobileBillingSchema, signal });
}

/** The mobile balance, its delinquency state, the lines, the next bill's estimate and mobile Auto Pay. */
export function useMobileBilling() {
  return useQuery(queryOptions({ queryKey: mobileKeys.billing(), queryFn: ({ signal }) => getMobileBilling(signal) }));
}
