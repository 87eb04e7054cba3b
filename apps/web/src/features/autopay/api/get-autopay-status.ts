import { queryOptions, useQuery } from '@tanstack/react-query';
import { AUTOPAY_PATH, type AutoPayStatus, AutoPayStatusSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { autopayKeys } from './autopay-keys';

export function getAutoPayStatus(signal?: AbortSignal): Promise<AutoPayStatus> {
  return apiRequest(AUTOPAY_PATH, { schema: AutoPayStatusSchema, signal });
}

export function autoPayStatusQueryOptions() {
  return queryOptions({ queryKey: autopayKeys.status(), queryFn: ({ signal }) => getAutoPayStatus(signal) });
}

/** The enrolments, the account's services, the cycle day and today (for the debit-day calendar), paperless. */
export function useAutoPayStatus() {
  return useQuery(autoPayStatusQueryOptions());
}
