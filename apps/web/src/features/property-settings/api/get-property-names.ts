import { queryOptions, useQuery } from '@tanstack/react-query';
import { PROPERTY_NAMES_PATH, type PropertyNames, PropertyNamesSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { propertySettingsKeys } from './property-settings-keys';

export type { PropertyNames };

/** The account's properties for the picker, the time zone of their hours, and whether the reader may change them. */
export function usePropertyNames() {
  return useQuery(
    queryOptions({
      queryKey: propertySettingsKeys.names(),
      queryFn: ({ signal }) => apiRequest(PROPERTY_NAMES_PATH, { schema: PropertyNamesSchema, signal }),
    }),
  );
}
