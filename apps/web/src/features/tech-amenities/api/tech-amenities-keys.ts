import { queryRoots } from '../../../entities/query-keys';

/**
 * Query keys of the contract details and the ramp ledger (issue 22 item 6). They hang under the community root: the
 * ledger counts the community's units activated, so whatever refreshes the community's data refreshes the ledger too.
 */
export const techAmenitiesKeys = {
  all: [...queryRoots.community, 'tech-amenities'] as const,
  agreement: () => [...techAmenitiesKeys.all, 'agreement'] as const,
  ledger: () => [...techAmenitiesKeys.all, 'ramp-ledger'] as const,
  propertyLedger: (propertyId: string) => [...techAmenitiesKeys.all, 'ramp-ledger', propertyId] as const,
};
