import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNT_SERVICES_PATH, type AccountServicesResponse, AccountServicesResponseSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './account-keys';

export function getAccountServices(signal?: AbortSignal): Promise<AccountServicesResponse> {
  return apiRequest(ACCOUNT_SERVICES_PATH, { schema: AccountServicesResponseSchema, signal });
}

export function accountServicesQueryOptions() {
  return queryOptions({ queryKey: accountKeys.services(), queryFn: ({ signal }) => getAccountServices(signal) });
}

export function useAccountServices() {
  return useQuery(accountServicesQueryOptions());
}
