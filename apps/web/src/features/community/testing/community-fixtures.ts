import {
  COMMUNITY_PROPERTIES_PATH,
  COMMUNITY_UNITS_PAGE,
  COMMUNITY_UNITS_PATH,
  capabilitiesOf,
  type PropertySummary,
  type Unit,
} from '@vireo/shared';
import { type FakeApiOptions, type FakeHandler, jsonResponse, testProfile } from '../../../test/fake-api';

/** A user of Lakeside Communities (demo-data.md): a bulk agreement, so `community.view` (a STANDARD user too). */
export const LAKESIDE_USER = testProfile('STANDARD', {
  accountName: 'Lakeside Communities',
  hasBulkAgreement: true,
  capabilities: capabilitiesOf('STANDARD', { hasBulkAgreement: true }),
});

const id = (n: number, kind: number) => `c0ffee00-0000-4000-8${kind}00-${String(n).padStart(12, '0')}`;

function property(n: number, name: string, units: number, counts: Partial<PropertySummary>): PropertySummary {
  return {
    id: id(n, 0),
    name,
    address: { line1: `${100 * n} Lakeside Drive`, city: 'Madison', state: 'WI', zip: '53703' },
    units,
    occupied: units,
    vacant: 0,
    suspended: 0,
    inactive: 0,
    services: ['INTERNET', 'VIDEO'],
    openVisits: 0,
    outages: 0,
    ...counts,
  };
}

export const NORTH = property(1, 'Lakeside North', 48, { occupied: 44, vacant: 4, suspended: 1, openVisits: 2 });
export const SOUTH = property(2, 'Lakeside South', 60, { occupied: 48, vacant: 12, inactive: 12, outages: 1 });
export const COMMONS = property(3, 'Lakeside Commons', 48, { occupied: 36, vacant: 12, services: ['INTERNET'] });

/** Lakeside South's 60 units: 101-160, the last twelve vacant and not yet activated, unit 105 suspended. */
export const SOUTH_UNITS: Unit[] = Array.from({ length: 60 }, (_, index) => {
  const vacant = index >= 48;
  return {
    id: id(index + 1, 1),
    number: String(101 + index),
    occupancy: vacant ? 'vacant' : 'occupied',
    access: vacant ? 'inactive' : index === 4 ? 'suspended' : 'active',
    resident: vacant
      ? null
      : {
          name: `Resident ${101 + index}`,
          email: null,
          phone: null,
          moveIn: '2026-03-01',
          moveOut: index === 0 ? '2027-02-28' : null,
        },
  };
});

/** The units endpoint over SOUTH_UNITS, with its filters and keyset pages (the cursor: the next unit's index). */
export const southUnits: FakeHandler = (request) => {
  const query = new URLSearchParams(request.search);
  const occupancy = query.get('occupancy');
  const access = query.get('access');
  const matching = SOUTH_UNITS.filter(
    (unit) => (!occupancy || unit.occupancy === occupancy) && (!access || unit.access === access),
  );
  const from = Number(query.get('cursor') ?? 0);
  const to = from + COMMUNITY_UNITS_PAGE;
  return jsonResponse({
    property: { id: SOUTH.id, name: SOUTH.name },
    items: matching.slice(from, to),
    nextCursor: to < matching.length ? String(to) : null,
  });
};

export const southUnitsPath = COMMUNITY_UNITS_PATH.replace(':propertyId', SOUTH.id);

/** The fake API of a Lakeside user: the portfolio and Lakeside South's units. */
export function lakesideApi(routes: FakeApiOptions['routes'] = {}): FakeApiOptions {
  return {
    profile: LAKESIDE_USER,
    routes: {
      [`GET ${COMMUNITY_PROPERTIES_PATH}`]: jsonResponse({ properties: [NORTH, SOUTH, COMMONS], canManage: true }),
      [`GET ${southUnitsPath}`]: southUnits,
      ...routes,
    },
  };
}
