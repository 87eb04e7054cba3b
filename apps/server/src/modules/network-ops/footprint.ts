import { BlockList, isIPv4 } from 'node:net';
import type { Footprint } from '@vireo/shared';

/**
 * The network's areas as network operations know them (simulated; issue 23 item 6, spec §6: the legacy company whose
 * area a place is in, TWC, BHN or CHTR, decides customer status). By the ZIP code's first three digits (its sectional
 * centre), the ranges inclusive; a prefix in none is outside every footprint. The demo businesses' ZIP codes
 * (demo-data.md) fall in their own footprint's ranges; 59801 (Missoula, MT) is one outside.
 */
const AREAS: readonly { from: number; to: number; footprint: Footprint }[] = [
  { from: 10, to: 69, footprint: 'CHTR' }, // New England (Harbor 04101, Maple 05401)
  { from: 100, to: 149, footprint: 'TWC' }, // New York
  { from: 270, to: 289, footprint: 'CHTR' }, // the Carolinas (Lakeside 28202)
  { from: 320, to: 349, footprint: 'BHN' }, // Florida (Riverbend 32801)
  { from: 350, to: 369, footprint: 'CHTR' }, // Alabama
  { from: 430, to: 459, footprint: 'CHTR' }, // Ohio (Northgate 43215)
  { from: 480, to: 499, footprint: 'CHTR' }, // Michigan
  { from: 530, to: 567, footprint: 'CHTR' }, // Wisconsin, Minnesota
  { from: 630, to: 658, footprint: 'CHTR' }, // Missouri
  { from: 750, to: 799, footprint: 'TWC' }, // Texas (Pinecrest 78731)
  { from: 800, to: 816, footprint: 'CHTR' }, // Colorado (Summit 80202)
  { from: 900, to: 935, footprint: 'TWC' }, // Southern California
  { from: 970, to: 979, footprint: 'CHTR' }, // Oregon (97205)
];

/** The legacy company whose area a 5-digit ZIP code is in; null outside every footprint. */
export function footprintOfZip(zip: string): Footprint | null {
  const prefix = Number(zip.slice(0, 3));
  return AREAS.find((area) => prefix >= area.from && prefix <= area.to)?.footprint ?? null;
}

/**
 * Where the network places a client's IP address (simulated geolocation): the three documentation ranges of RFC 5737
 * stand for three served places, so a demo or a test can ask from each; any other address, a private or loopback one
 * among them, is not placed (null), as the real service answers an address it cannot place.
 */
const PLACES: readonly { network: string; zip: string }[] = [
  { network: '192.0.2.0', zip: '04101' }, // TEST-NET-1: Portland, ME (CHTR)
  { network: '198.51.100.0', zip: '78731' }, // TEST-NET-2: Austin, TX (TWC)
  { network: '203.0.113.0', zip: '32801' }, // TEST-NET-3: Orlando, FL (BHN)
];
const BLOCKS = PLACES.map((place) => {
  const list = new BlockList();
  list.addSubnet(place.network, 24, 'ipv4');
  return { list, zip: place.zip };
});

export function zipOfIp(ip: string): string | null {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (!isIPv4(v4)) return null;
  return BLOCKS.find((block) => block.list.check(v4, 'ipv4'))?.zip ?? null;
}
