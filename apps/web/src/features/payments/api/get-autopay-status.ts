import { queryOptions, useQuery } from '@tanstack/react-query';
import { AUTOPAY_PATH, type AutoPayStatus, AutoPayStatusSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { paymentKeys } from './payment-keys';

export function getAutoPayStatus(signal?: AbortSignal): Promise<AutoPayStatus> {
  return apiRequest(AUTOPAY_PATH, { schema: AutoPayStatusSchema, signal });
}

/**
 * spec §4 combined flows: the review step offers Auto Pay (not enrolled yet) and paperless (not on yet). When the
 * status cannot load, nothing is offered and the payment goes on alone.
 */
export function useAutoPayOfferStatus() {
  return useQuery(queryOptions({ queryKey: paymentKeys.autoPay(), queryFn: ({ signal }) => getAutoPayStatus(signal) }));
}
