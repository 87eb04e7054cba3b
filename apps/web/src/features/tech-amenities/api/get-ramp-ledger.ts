import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  type AllPropertiesRampLedger,
  AllPropertiesRampLedgerSchema,
  type PropertyRampLedger,
  PropertyRampLedgerSchema,
  TECH_AMENITIES_PROPERTY_RAMP_LEDGER_PATH,
  TECH_AMENITIES_RAMP_LEDGER_PATH,
} from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { techAmenitiesKeys } from './tech-amenities-keys';

export type { AllPropertiesRampLedger, PropertyRampLedger };

/** Every property's ramp this month and the months of all properties (wider-portal.md §10, the ramp ledger). */
export function rampLedgerQueryOptions() {
  return queryOptions({
    queryKey: techAmenitiesKeys.ledger(),
    queryFn: ({ signal }) =>
      apiRequest(TECH_AMENITIES_RAMP_LEDGER_PATH, { schema: AllPropertiesRampLedgerSchema, signal }),
  });
}

export function useRampLedger() {
  return useQuery(rampLedgerQueryOptions());
}

/** One property's ramp ledger with its flags; not asked for until a property is chosen. */
export function usePropertyRampLedger(propertyId: string | undefined) {
  return useQuery({
    queryKey: techAmenitiesKeys.propertyLedger(propertyId ?? ''),
    queryFn: ({ signal }) =>
      apiRequest(
        TECH_AMENITIES_PROPERTY_RAMP_LEDGER_PATH.replace(':propertyId', encodeURIComponent(propertyId ?? '')),
        { schema: PropertyRampLedgerSchema, signal },
      ),
    enabled: propertyId !== undefined,
  });
}
