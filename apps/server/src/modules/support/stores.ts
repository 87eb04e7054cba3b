import distance from '@turf/distance';
import { STORES_SHOWN, STORES_WITHIN_MILES, type Store, type StoresResponse } from '@vireo/shared';
import zipcodes from 'zipcodes';

/**
 * The provider's stores (issue 21 item 3, wider-portal.md §9 Contact us): the retail locations in the demo markets, as
 * the store locator's data, and the nearest ones to a ZIP code's centre (the zipcodes package's US ZIP centroids,
 * Turf's great-circle distance). Hours are on each store's own clock.
 */
type StoreRow = Omit<Store, 'distanceTenthsOfMile'> & { at: [longitude: number, latitude: number] };

const WEEKDAYS = { opens: '10:00', closes: '19:00' };
const SATURDAY = { opens: '10:00', closes: '17:00' };
const SUNDAY = { opens: '12:00', closes: '17:00' };
const ALL: Store['services'] = ['sales', 'equipment', 'payments'];

function store(
  id: string,
  name: string,
  address: [line1: string, city: string, state: string, zip: string],
  at: [number, number],
  options: { sunday?: boolean; services?: Store['services'] } = {},
): StoreRow {
  const [addressLine1, city, state, zip] = address;
  return {
    id,
    name,
    addressLine1,
    city,
    state,
    zip,
    at,
    hours: { weekdays: WEEKDAYS, saturday: SATURDAY, sunday: options.sunday ? SUNDAY : null },
    services: options.services ?? ALL,
  };
}

export const STORES: readonly StoreRow[] = [
  store('pwm-old-port', 'Portland Old Port', ['200 Fore St', 'Portland', 'ME', '04101'], [-70.253, 43.657]),
  store('pwm-maine-mall', 'South Portland', ['364 Maine Mall Rd', 'South Portland', 'ME', '04106'], [-70.334, 43.634], {
    sunday: true,
  }),
  store('btv-church', 'Burlington', ['150 Church St', 'Burlington', 'VT', '05401'], [-73.2125, 44.478]),
  store('mco-downtown', 'Downtown Orlando', ['55 W Church St', 'Orlando', 'FL', '32801'], [-81.38, 28.5413]),
  store('mco-winter-park', 'Winter Park', ['500 N Orlando Ave', 'Winter Park', 'FL', '32789'], [-81.3647, 28.6027], {
    sunday: true,
  }),
  store('mco-kissimmee', 'Kissimmee', ['1300 W Vine St', 'Kissimmee', 'FL', '34741'], [-81.43, 28.306], {
    services: ['sales', 'payments'],
  }),
  store('aus-congress', 'Downtown Austin', ['600 Congress Ave', 'Austin', 'TX', '78701'], [-97.7428, 30.2689]),
  store('aus-research', 'North Austin', ['10000 Research Blvd', 'Austin', 'TX', '78759'], [-97.748, 30.392], {
    sunday: true,
  }),
  store('aus-round-rock', 'Round Rock', ['2701 Parker Dr', 'Round Rock', 'TX', '78681'], [-97.668, 30.514], {
    services: ['sales', 'payments'],
  }),
  store('cmh-high', 'Downtown Columbus', ['100 N High St', 'Columbus', 'OH', '43215'], [-83.001, 39.963]),
  store('cmh-easton', 'Easton', ['4000 Easton Station', 'Columbus', 'OH', '43219'], [-82.915, 40.05], { sunday: true }),
  store('den-california', 'Downtown Denver', ['1600 California St', 'Denver', 'CO', '80202'], [-104.99, 39.747]),
  store('den-aurora', 'Aurora', ['14200 E Alameda Ave', 'Aurora', 'CO', '80012'], [-104.82, 39.71], {
    services: ['sales', 'equipment'],
  }),
  store('clt-tryon', 'Uptown Charlotte', ['200 S Tryon St', 'Charlotte', 'NC', '28202'], [-80.844, 35.226]),
  store('clt-southpark', 'SouthPark', ['4400 Sharon Rd', 'Charlotte', 'NC', '28211'], [-80.832, 35.153], {
    sunday: true,
  }),
  store('pdx-fifth', 'Downtown Portland', ['700 SW 5th Ave', 'Portland', 'OR', '97204'], [-122.679, 45.518]),
  store('pdx-beaverton', 'Beaverton', ['3205 SW Cedar Hills Blvd', 'Beaverton', 'OR', '97005'], [-122.803, 45.487], {
    sunday: true,
  }),
];

/** The stores within STORES_WITHIN_MILES of a ZIP code's centre, the nearest first, at most STORES_SHOWN. */
export function storesNear(zip: string): StoresResponse {
  const place = zipcodes.lookup(zip);
  if (!place) return { place: null, stores: [] };
  const from: [number, number] = [place.longitude, place.latitude];
  const stores = STORES.map(({ at, ...row }) => ({ ...row, miles: distance(from, at, { units: 'miles' }) }))
    .filter((row) => row.miles <= STORES_WITHIN_MILES)
    .sort((a, b) => a.miles - b.miles || a.id.localeCompare(b.id))
    .slice(0, STORES_SHOWN)
    .map(({ miles, ...row }) => ({ ...row, distanceTenthsOfMile: Math.round(miles * 10) }));
  return { place: { zip: place.zip, city: place.city, state: place.state }, stores };
}
