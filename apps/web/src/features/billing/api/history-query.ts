import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/with-query';
import type { HistoryFilter } from '../utils/billing-paths';

/**
 * The history lists (activity, payment history, charges) share their query shape: a keyset page filtered by date,
 * newest first. The page being left stays on screen until the next one arrives (no flash, no layout shift).
 */
export function historyQueryOptions<T>(
  path: string,
  schema: ZodType<T>,
  queryKey: readonly unknown[],
  filter: HistoryFilter,
  cursor: string | undefined,
) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) =>
      apiRequest(withQuery(path, { from: filter.from, to: filter.to, cursor }), { schema, signal }),
    placeholderData: keepPreviousData,
  });
}
