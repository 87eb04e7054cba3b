import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { STATEMENTS_PATH, StatementsPageSchema } from '@vireo/shared';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/with-query';
import { billingKeys } from './billing-keys';

export type StatementsPage = z.infer<typeof StatementsPageSchema>;
export type StatementSummary = StatementsPage['items'][number];

/** One keyset page of statements, newest first; `cursor` is a page's nextCursor (older) or previousCursor (newer). */
export function findStatements(cursor: string | undefined, signal?: AbortSignal): Promise<StatementsPage> {
  return apiRequest(withQuery(STATEMENTS_PATH, { cursor }), { schema: StatementsPageSchema, signal });
}

export function statementsQueryOptions(cursor: string | undefined) {
  return queryOptions({
    queryKey: billingKeys.statements(cursor),
    queryFn: ({ signal }) => findStatements(cursor, signal),
    // The page being left stays on screen until the next one arrives: no flash, no layout shift.
    placeholderData: keepPreviousData,
  });
}

export function useStatements(cursor: string | undefined) {
  return useQuery(statementsQueryOptions(cursor));
}
