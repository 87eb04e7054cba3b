import { queryOptions, useQuery } from '@tanstack/react-query';
import { ACCOUNTS_PATH, type AccountInfo, AccountInfoSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { parseDateFields, type WithDates } from '../../../lib/parse-dates';
import { accountKeys } from './account-keys';

/** spec §3 account info, with every date-named field as a Date. */
export type AccountInfoView = WithDates<AccountInfo>;

export async function getAccountInfo(signal?: AbortSignal): Promise<AccountInfoView> {
  return parseDateFields(await apiRequest(ACCOUNTS_PATH, { schema: AccountInfoSchema, signal }));
}

export function accountInfoQueryOptions() {
  return queryOptions({ queryKey: accountKeys.info(), queryFn: ({ signal }) => getAccountInfo(signal) });
}

export function useAccountInfo() {
  return useQuery(accountInfoQueryOptions());
}
