import { queryOptions, useQuery } from '@tanstack/react-query';
import { COMMUNITY_PROPERTIES_PATH, type CommunityPortfolio, CommunityPortfolioSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { communityKeys } from './community-keys';

export type { CommunityPortfolio };
export type PropertySummary = CommunityPortfolio['properties'][number];

/** The account's properties with their occupancy, services, open visits and outages (wider-portal.md §10). */
export function portfolioQueryOptions() {
  return queryOptions({
    queryKey: communityKeys.portfolio(),
    queryFn: ({ signal }) => apiRequest(COMMUNITY_PROPERTIES_PATH, { schema: CommunityPortfolioSchema, signal }),
  });
}

export function usePortfolio() {
  return useQuery(portfolioQueryOptions());
}
