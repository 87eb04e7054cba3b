import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMMUNITY_UNIT_PATH, type UnitDetail, UnitDetailSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { communityKeys } from './community-keys';

export type { UnitDetail };

/** One unit with its resident and property (for the unit's page and its actions, issue 22 item 3). */
export function unitQueryOptions(unitId: string) {
  return queryOptions({
    queryKey: communityKeys.unit(unitId),
    queryFn: ({ signal }) =>
      apiRequest(COMMUNITY_UNIT_PATH.replace(':unitId', encodeURIComponent(unitId)), {
        schema: UnitDetailSchema,
        signal,
      }),
  });
}

export function useUnit(unitId: string) {
  return useQuery(unitQueryOptions(unitId));
}
