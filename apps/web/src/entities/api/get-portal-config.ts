import { queryOptions, useQuery } from '@tanstack/react-query';
import { PORTAL_CONFIG_PATH, type PortalConfigResponse, PortalConfigResponseSchema } from '@vireo/shared';
import { apiRequest } from '../../lib/api-client';
import { metaKeys } from '../query-keys';

/** The portal's configuration (brand, variant, customer-service numbers): the shell, the meta feature, the help area. */
export function getPortalConfig(signal?: AbortSignal): Promise<PortalConfigResponse> {
  return apiRequest(PORTAL_CONFIG_PATH, { schema: PortalConfigResponseSchema, signal });
}

export function portalConfigQueryOptions() {
  return queryOptions({
    queryKey: metaKeys.config(),
    queryFn: ({ signal }) => getPortalConfig(signal),
    // Brand, variant and environment are fixed for the life of the page.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function usePortalConfig() {
  return useQuery(portalConfigQueryOptions());
}
