import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROPERTY_NAMES_PATH, type PropertyNames, PropertyNamesSchema } from '@vireo/shared';
import { apiRequest } from '../../lib/api-client';
import { propertyNamesKeys } from '../query-keys';

export type { PropertyNames };

/**
 * The account's community properties (issue 22): the property settings' picker, the time zone of their hours, and
 * whether the reader may change them; the voice lines' "whose business hours the rules read" (item 5). Only for an
 * account with a bulk agreement (`community.view`): `enabled` false asks nothing.
 */
export function usePropertyNames({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: propertyNamesKeys.names(),
      queryFn: ({ signal }) => apiRequest(PROPERTY_NAMES_PATH, { schema: PropertyNamesSchema, signal }),
      enabled,
    }),
  );
}
