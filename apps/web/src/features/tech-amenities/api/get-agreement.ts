import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Agreement, AgreementResponseSchema, TECH_AMENITIES_AGREEMENT_PATH } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { techAmenitiesKeys } from './tech-amenities-keys';

export type { Agreement };

/** The account's bulk agreement (wider-portal.md §10 contract details); `agreement` null when there is none. */
export function agreementQueryOptions() {
  return queryOptions({
    queryKey: techAmenitiesKeys.agreement(),
    queryFn: ({ signal }) => apiRequest(TECH_AMENITIES_AGREEMENT_PATH, { schema: AgreementResponseSchema, signal }),
  });
}

export function useAgreement() {
  return useQuery(agreementQueryOptions());
}
