import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { COMMUNITY_UNITS_PATH, type Unit, UnitsPageSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { withQuery } from '../../../lib/with-query';
import { communityKeys, type UnitsFilter } from './community-keys';

export type { Unit };

/**
 * One property's units by unit number, a keyset page (COMMUNITY_UNITS_PAGE) at a time: "Show more" asks for the page
 * after the last one with its `nextCursor`, and the pages already shown stay (an infinite query).
 */
export function unitsQueryOptions(propertyId: string, filter: UnitsFilter) {
  return infiniteQueryOptions({
    queryKey: communityKeys.units(propertyId, filter),
    queryFn: ({ pageParam, signal }) =>
      apiRequest(
        withQuery(COMMUNITY_UNITS_PATH.replace(':propertyId', encodeURIComponent(propertyId)), {
          ...filter,
          cursor: pageParam,
        }),
        { schema: UnitsPageSchema, signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useUnits(propertyId: string, filter: UnitsFilter) {
  return useInfiniteQuery(unitsQueryOptions(propertyId, filter));
}
