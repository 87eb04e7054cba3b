import { queryOptions, useQuery } from '@tanstack/react-query';
import { type StatementDetail, StatementDetailSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { statementPath } from '../utils/billing-paths';
import { billingKeys } from './billing-keys';

export function getStatement(statementId: string, signal?: AbortSignal): Promise<StatementDetail> {
  return apiRequest(statementPath(statementId), { schema: StatementDetailSchema, signal });
}

export function statementQueryOptions(statementId: string) {
  return queryOptions({
    queryKey: billingKeys.statement(statementId),
    queryFn: ({ signal }) => getStatement(statementId, signal),
    // A statement never changes once issued.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The digital statement; pass undefined while the id is not known yet (the bill details panel waits for it). */
export function useStatement(statementId: string | undefined) {
  return useQuery({
    ...statementQueryOptions(statementId ?? ''),
    enabled: statementId !== undefined,
  });
}
