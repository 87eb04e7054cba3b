import type { UnitAccess, UnitOccupancy } from '@vireo/shared';
import { queryRoots } from '../../../entities/query-keys';

/** The units list's filters (`?occupancy&access`); none: every unit. */
export type UnitsFilter = { occupancy?: UnitOccupancy; access?: UnitAccess };

/** Query keys of the community pages (issue 22 items 2-3), from their root in entities/query-keys.ts. */
export const communityKeys = {
  all: queryRoots.community,
  portfolio: () => [...queryRoots.community, 'portfolio'] as const,
  units: (propertyId: string, filter: UnitsFilter) => [...queryRoots.community, 'units', propertyId, filter] as const,
  unit: (unitId: string) => [...queryRoots.community, 'unit', unitId] as const,
};
