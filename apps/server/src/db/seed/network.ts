import { addDays, dateInZone, instantInZone } from '@vireo/shared';
import { streetKey } from '../../modules/network-ops/network-ops';
import type { Tx } from '../client';
import type { PolygonGeometry } from '../schema';
import * as t from '../schema';
import { idFrom } from './ids';
import { PERSONAS } from './personas';

/** Where each demo business's premises is (longitude, latitude): network operations' own record of it. */
const PREMISES: Record<string, [number, number]> = {
  harbor: [-70.2553, 43.6558],
  pinecrest: [-97.76, 30.341],
  riverbend: [-81.379, 28.54],
  maple: [-73.212, 44.476],
  northgate: [-82.999, 39.961],
  summit: [-104.993, 39.751],
  lakeside: [-80.843, 35.227],
  oakivy: [-122.685, 45.52],
};

/** Where the community properties are (issue 22: a property's outages are the events over its premises). */
const PROPERTY_PREMISES: Record<string, [number, number]> = {
  'Lakeside North': [-80.8436, 35.2274],
  'Lakeside South': [-80.8425, 35.2262],
  'Lakeside Commons': [-80.8512, 35.2139],
};

/** A closed ring around a centre: `[west, south, east, north]` offsets in degrees, drawn as an octagon. */
function areaAround([lon, lat]: [number, number], radius: number): PolygonGeometry {
  const ring: [number, number][] = [];
  for (let i = 0; i < 8; i += 1) {
    const angle = (Math.PI / 4) * i;
    ring.push([
      Math.round((lon + radius * 1.3 * Math.cos(angle)) * 1e5) / 1e5,
      Math.round((lat + radius * Math.sin(angle)) * 1e5) / 1e5,
    ]);
  }
  ring.push(ring[0] as [number, number]);
  return { type: 'Polygon', coordinates: [ring] };
}

const MINUTE = 60_000;

/**
 * The network's premises and events of the demo (demo-data.md): Riverbend's address inside an active Internet outage
 * in Orlando (crew dispatched, restoration estimated in 3 hours, medium confidence; resolved a little before, on the
 * clock), and a planned maintenance at Harbor's address next week, 00:00-06:00, announced yesterday.
 */
export async function seedNetwork(tx: Tx, now: Date): Promise<void> {
  for (const persona of PERSONAS) {
    const at = PREMISES[persona.key];
    if (!at) continue;
    await tx.insert(t.networkPremises).values({
      zip: persona.address.zip,
      street: streetKey(persona.address.addressLine1),
      longitude: at[0],
      latitude: at[1],
    });
    for (const property of persona.properties ?? []) {
      const place = PROPERTY_PREMISES[property.name];
      if (!place) continue;
      await tx.insert(t.networkPremises).values({
        zip: property.zip,
        street: streetKey(property.addressLine1),
        longitude: place[0],
        latitude: place[1],
      });
    }
  }
  const ago = (minutes: number) => new Date(now.getTime() - minutes * MINUTE);
  const ahead = (minutes: number) => new Date(now.getTime() + minutes * MINUTE);
  await tx.insert(t.networkEvents).values({
    id: idFrom('network:OUT-24117'),
    reference: 'OUT-24117',
    kind: 'outage',
    services: ['internet'],
    cause: 'fiber_cut',
    region: 'Downtown Orlando, FL',
    timeZone: 'America/New_York',
    area: areaAround(PREMISES.riverbend as [number, number], 0.02),
    customersAffected: 1240,
    announcedAt: ago(130),
    startsAt: ago(130),
    estimatedEndAt: ahead(180),
    confidence: 'medium',
    timeline: [
      { stage: 'investigating', at: ago(130).toISOString() },
      { stage: 'identified', at: ago(95).toISOString() },
      { stage: 'crew_dispatched', at: ago(40).toISOString() },
      { stage: 'monitoring', at: ahead(150).toISOString() },
      { stage: 'resolved', at: ahead(170).toISOString() },
    ],
    closesAt: ahead(170),
    createdAt: ago(130),
  });
  // next week, 00:00-06:00 on Portland's clock
  const zone = 'America/New_York';
  const day = addDays(dateInZone(now, zone), 7);
  const startsAt = instantInZone(day, 0, zone);
  const endsAt = instantInZone(day, 6, zone);
  await tx.insert(t.networkEvents).values({
    id: idFrom('network:MNT-3306'),
    reference: 'MNT-3306',
    kind: 'maintenance',
    services: ['internet', 'phone'],
    cause: 'upgrade',
    region: 'Portland waterfront, ME',
    timeZone: 'America/New_York',
    area: areaAround(PREMISES.harbor as [number, number], 0.01),
    customersAffected: 380,
    announcedAt: ago(24 * 60),
    startsAt,
    estimatedEndAt: endsAt,
    confidence: null,
    timeline: [
      { stage: 'scheduled', at: ago(24 * 60).toISOString() },
      { stage: 'in_progress', at: startsAt.toISOString() },
      { stage: 'completed', at: endsAt.toISOString() },
    ],
    closesAt: endsAt,
    createdAt: ago(24 * 60),
  });
}
