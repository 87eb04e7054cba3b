import { randomInt } from 'node:crypto';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import { type AccountStatus, AppError, type Footprint, freeText } from '@vireo/shared';
import { and, eq, gt, lte, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { type NetworkStage, networkEvents, networkPremises, type PolygonGeometry } from '../../db/schema';
import { createFaultKnobs, faultKnobRoutes } from '../../platform/fault-knobs';
import { type Cursor, instantKeyset, toPage } from '../../platform/keyset';
import { DEV_CONTROL_ROUTE } from '../../plugins/dev-control';
import { footprintOfZip, zipOfIp } from './footprint';

/**
 * The provider's network operations as the portal asks them (simulated, like the billing system): whether each
 * device at a customer's premises is online, and the outages and planned maintenance of the network (issue 20 item 1,
 * wider-portal.md §8) with their areas, stages, restoration estimates and confidence. An event moves through its
 * stages on the billing clock (its timeline: each stage from its time on; the last one ends it). A device answers
 * when its account's service is up and no outage or maintenance under way at its premises takes its service down
 * (`NETWORK_SERVICE_OF`). A device can be restarted (issue 21 item 5): it comes back as its service is. The failure modes are the lookups failing (non-production fault knobs `deviceStatus`, `events`): "status
 * unavailable", never an error page; a restart not reaching the device (`restart`: 503), and a device that does not
 * come back after it (`restartRecovery`: still offline). The footprint checks (issue 23 item 6: a ZIP code's legacy
 * company, where a client's IP address is; `footprint.ts`) fail with the knob `footprint`.
 */
export const NETWORK_OPS_OPERATIONS = ['deviceStatus', 'events', 'restart', 'restartRecovery', 'footprint'] as const;

export type DeviceStatus = 'online' | 'offline';
/** The network's word (an event's `services`) for each service of an account, by its key. */
export const NETWORK_SERVICE_OF: Readonly<Record<string, string>> = {
  INTERNET: 'internet',
  VIDEO: 'tv',
  VOICE: 'phone',
};
/** A device as network operations know it: its identifier, its service's key, and where its account is served. */
export type DeviceAt = { identifier: string; serviceKey: string };
export type ServedAccount = { status: AccountStatus; address: { addressLine1: string; zip: string } | null };
export type NetworkEventRow = typeof networkEvents.$inferSelect;
export type Point = [longitude: number, latitude: number];

export class NetworkOpsError extends Error {
  constructor(readonly operation: (typeof NETWORK_OPS_OPERATIONS)[number]) {
    super(`network operations failed ${operation}`);
    this.name = 'NetworkOpsError';
  }
}

/** Network operations not answering, as the portal answers it: 503 (as dispatch's `dispatchUnavailable`). */
export function networkOpsUnavailable(error: unknown): never {
  if (error instanceof NetworkOpsError) throw new AppError('SERVICE_UNAVAILABLE', error.message);
  throw error;
}

/** An event as it stands at `now`: its stage and the stages so far (with their times); null before it is known. */
export function eventAt(event: NetworkEventRow, now: Date) {
  if (now < event.announcedAt) return null;
  const history = event.timeline.filter((step) => new Date(step.at) <= now);
  const last = event.timeline.at(-1);
  const ended = last !== undefined && new Date(last.at) <= now;
  const stage: NetworkStage = history.at(-1)?.stage ?? (event.kind === 'maintenance' ? 'scheduled' : 'investigating');
  return {
    stage,
    history,
    ended,
    endedAt: ended && last ? new Date(last.at) : null,
    /** Under way: an outage from its start until resolved, a maintenance between its start and its end. */
    active: !ended && now >= event.startsAt,
  };
}

/** How a street line is matched: upper case, single spaces. */
export function streetKey(addressLine1: string): string {
  return addressLine1.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** How an address is matched across systems (network operations, dispatch): its ZIP and street line. */
export function placeKey(address: { addressLine1: string; zip: string }): string {
  return `${address.zip}|${streetKey(address.addressLine1)}`;
}

export function createNetworkOps() {
  const faults = createFaultKnobs(NETWORK_OPS_OPERATIONS);
  const call = (operation: (typeof NETWORK_OPS_OPERATIONS)[number]) => {
    if (faults.take(operation)) throw new NetworkOpsError(operation);
  };
  /**
   * Where each of several addresses is, in one read (issue 22: a community's properties), in their order; null for
   * one not on the network.
   */
  async function premisesOf(
    ex: Executor,
    list: readonly { addressLine1: string; zip: string }[],
  ): Promise<(Point | null)[]> {
    if (list.length === 0) return [];
    const rows = await ex
      .select()
      .from(networkPremises)
      .where(
        or(
          ...list.map((address) =>
            and(eq(networkPremises.zip, address.zip), eq(networkPremises.street, streetKey(address.addressLine1))),
          ),
        ),
      );
    const at = new Map(rows.map((row) => [`${row.zip}|${row.street}`, [row.longitude, row.latitude] as Point]));
    return list.map((address) => at.get(placeKey(address)) ?? null);
  }

  /** The services an outage or maintenance under way at `now` takes down at the account's premises. */
  async function servicesDown(ex: Executor, now: Date, account: ServedAccount): Promise<Set<string>> {
    const [point] = account.address ? await premisesOf(ex, [account.address]) : [null];
    if (!point) return new Set();
    const rows = await ex
      .select()
      .from(networkEvents)
      .where(and(lte(networkEvents.startsAt, now), gt(networkEvents.closesAt, now)));
    const down = rows.filter((event) => eventAt(event, now)?.active && booleanPointInPolygon(point, event.area));
    return new Set(down.flatMap((event) => event.services));
  }

  const statusOf = (account: ServedAccount, device: DeviceAt, down: Set<string>): DeviceStatus =>
    account.status === 'active' && !down.has(NETWORK_SERVICE_OF[device.serviceKey] ?? '') ? 'online' : 'offline';

  return {
    /**
     * The status of each device (by its identifier) of an account at `now`; null when network operations do not
     * answer.
     */
    async deviceStatuses(
      ex: Executor,
      now: Date,
      account: ServedAccount,
      devices: readonly DeviceAt[],
    ): Promise<Map<string, DeviceStatus> | null> {
      if (faults.take('deviceStatus')) return null;
      const down = await servicesDown(ex, now, account);
      return new Map(devices.map((device) => [device.identifier, statusOf(account, device, down)]));
    },

    /**
     * Restarts a device and waits for it to come back: how it stands afterwards (online when its service is up at
     * its premises). Throws NetworkOpsError when the command does not reach it.
     */
    async restart(ex: Executor, now: Date, account: ServedAccount, device: DeviceAt): Promise<DeviceStatus> {
      call('restart');
      if (faults.take('restartRecovery')) return 'offline';
      return statusOf(account, device, await servicesDown(ex, now, account));
    },

    /** Where a served premises is (its coordinates), by its service address; null for an address not on the network. */
    async premises(ex: Executor, address: { addressLine1: string; zip: string }): Promise<Point | null> {
      const [point] = await premisesOf(ex, [address]);
      return point ?? null;
    },

    premisesOf,

    /** The events known at `now` and not ended more than `keptFor` ms ago (outages stay for their credits), by start. */
    async events(ex: Executor, now: Date, keptFor = 0): Promise<NetworkEventRow[]> {
      call('events');
      const rows = await ex
        .select()
        .from(networkEvents)
        .where(lte(networkEvents.announcedAt, now))
        .orderBy(networkEvents.startsAt, networkEvents.id);
      return rows.filter((row) => {
        const at = eventAt(row, now);
        return at !== null && (!at.endedAt || now.getTime() - at.endedAt.getTime() <= keptFor);
      });
    },

    /**
     * A keyset page of the events known at `now` (announced) and not closed more than `keptFor` ms before it, the
     * latest start first (the outage map's list).
     */
    async page(ex: Executor, now: Date, keptFor: number, window: { cursor: Cursor | null; limit: number }) {
      call('events');
      const k = instantKeyset({ at: networkEvents.startsAt, id: networkEvents.id }, window.cursor, [
        lte(networkEvents.announcedAt, now),
        gt(networkEvents.closesAt, new Date(now.getTime() - keptFor)),
      ]);
      const rows = await ex
        .select()
        .from(networkEvents)
        .where(k.where)
        .orderBy(...k.order)
        .limit(window.limit + 1);
      const hasOtherSide = k.otherSide
        ? (await ex.select({ id: networkEvents.id }).from(networkEvents).where(k.otherSide).limit(1)).length > 0
        : false;
      return toPage(rows, {
        limit: window.limit,
        cursor: window.cursor,
        dateOf: (row) => row.startsAt.toISOString(),
        hasOtherSide,
      });
    },

    /** spec §6: the legacy company whose area a ZIP code is in (null: outside every footprint); `footprint.ts`. */
    footprintOf(zip: string): Footprint | null {
      call('footprint');
      return footprintOfZip(zip);
    },

    /** The ZIP code where the network places a client's IP address; null when it cannot place it. */
    placeIp(ip: string): string | null {
      call('footprint');
      return zipOfIp(ip);
    },

    /** Whether `point` is inside the event's area. */
    covers(event: NetworkEventRow, point: Point): boolean {
      return booleanPointInPolygon(point, event.area);
    },

    faults,
  };
}

export type NetworkOps = ReturnType<typeof createNetworkOps>;

export const NETWORK_OPS_FAULTS_PATH = '/api/dev/network-ops/faults';
/** POST: an outage (or maintenance) starting now over one served address (issue 22 item 5: its notices shown). */
export const NETWORK_OPS_EVENTS_PATH = '/api/dev/network-ops/events';

/** A square area `r` degrees each side of a point: around one premises and not its neighbours (a street away). */
function squareAround([lon, lat]: Point, r: number): PolygonGeometry {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lon - r, lat - r],
        [lon + r, lat - r],
        [lon + r, lat + r],
        [lon - r, lat + r],
        [lon - r, lat - r],
      ],
    ],
  };
}

const DevEventRequestSchema = z.strictObject({
  addressLine1: freeText({ max: 100 }),
  zip: z
    .string()
    .length(5)
    .regex(/^\d{5}$/),
  kind: z.enum(['outage', 'maintenance']).default('outage'),
  services: z
    .array(z.enum(['internet', 'tv', 'phone']))
    .min(1)
    .max(3)
    .default(['internet']),
  hours: z.number().int().min(1).max(72).default(3),
});

/**
 * Registered only outside production, for a session or the local operator (plugins/dev-control.ts): the fault knobs,
 * and an event of network operations made on demand (the demo and the browser specs: an outage at a community
 * property tells its contacts). The event starts now on the billing clock, over the address's premises only, and ends
 * after `hours`; an address not on the network is 404.
 */
export const networkOpsDevRoutes =
  (networkOps: NetworkOps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(faultKnobRoutes(NETWORK_OPS_FAULTS_PATH, NETWORK_OPS_OPERATIONS, networkOps.faults));
    app.post(
      NETWORK_OPS_EVENTS_PATH,
      {
        config: DEV_CONTROL_ROUTE,
        schema: {
          tags: ['dev'],
          body: DevEventRequestSchema,
          response: { 201: z.object({ id: z.uuid(), reference: z.string() }) },
        },
      },
      async (request, reply) => {
        const { addressLine1, zip, kind, services, hours } = request.body;
        const point = await networkOps.premises(app.portal.database.db, { addressLine1, zip });
        if (!point) throw new AppError('NOT_FOUND', 'premises');
        const now = app.portal.clock.now();
        const end = new Date(now.getTime() + hours * 3_600_000);
        const reference = `${kind === 'outage' ? 'OUT' : 'MNT'}-D${randomInt(100_000, 1_000_000)}`;
        const stages: { stage: NetworkStage; at: string }[] =
          kind === 'outage'
            ? [
                { stage: 'investigating', at: now.toISOString() },
                { stage: 'resolved', at: end.toISOString() },
              ]
            : [
                { stage: 'in_progress', at: now.toISOString() },
                { stage: 'completed', at: end.toISOString() },
              ];
        const [row] = await app.portal.database.db
          .insert(networkEvents)
          .values({
            reference,
            kind,
            services,
            cause: kind === 'outage' ? 'equipment' : 'upgrade',
            region: `${addressLine1}, ${zip}`,
            timeZone: 'America/New_York',
            area: squareAround(point, 0.0004),
            customersAffected: 1,
            announcedAt: now,
            startsAt: now,
            estimatedEndAt: end,
            confidence: kind === 'outage' ? 'medium' : null,
            timeline: stages,
            closesAt: end,
            createdAt: now,
          })
          .returning({ id: networkEvents.id, reference: networkEvents.reference });
        return reply.code(201).send(row as { id: string; reference: string });
      },
    );
  };
