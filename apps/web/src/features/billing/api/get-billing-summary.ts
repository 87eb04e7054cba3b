import { queryOptions, useQuery } from '@tanstack/react-query';
import { BILLING_SUMMARY_PATH, type BillingSummaryResponse, BillingSummaryResponseSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

export function getBillingSummary(signal?: AbortSignal): Promise<BillingSummaryResponse> {
  return apiRequest(BILLING_SUMMARY_PATH, { schema: BillingSummaryResponseSchema, signal });
}

export function billingSummaryQueryOptions() {
  return queryOptions({ queryKey: billingKeys.summary(), queryFn: ({ signal }) => getBillingSummary(signal) });
}

/** The status card's data (spec §2.4): amount due, past due, pending payments, delinquency, Auto Pay, paperless. */
export function useBillingSummary(options: { enabled?: boolean } = {}) {
  return useQuery({ ...billingSummaryQueryOptions(), enabled: options.enabled ?? true });
}
