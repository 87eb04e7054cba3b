import { queryOptions, useQuery } from '@tanstack/react-query';
import { AUTOPAY_PATH, type AutoPayStatus, AutoPayStatusSchema } from '@vireo/shared';
import { apiRequest } from '../../lib/api-client';
import { autopayKeys } from '../query-keys';

export function getAutoPayStatus(signal?: AbortSignal): Promise<AutoPayStatus> {
  return apiRequest(AUTOPAY_PATH, { schema: AutoPayStatusSchema, signal });
}

export function autoPayStatusQueryOptions() {
  return queryOptions({ queryKey: autopayKeys.status(), queryFn: ({ signal }) => getAutoPayStatus(signal) });
}

/**
 * The enrolments, the account's services, the cycle day and today (for the debit-day calendar), paperless, and the
 * scheduled payments a draft leaves to themselves. The one-time payment reads it too (spec §4 combined flows: Auto Pay
 * and paperless are offered when not on yet; when it cannot load, nothing is offered and the payment goes on alone).
 */
export function useAutoPayStatus() {
  return useQuery(autoPayStatusQueryOptions());
}
