import {
  type AddressCheckRequest,
  type AddressCheckResponse,
  type NetworkEvent,
  type NetworkEventsPage,
  RESOLVED_SHOWN_HOURS,
} from '@vireo/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { decodeCursor } from '../../platform/keyset';
import { eventAt, type NetworkEventRow, type NetworkOps, networkOpsUnavailable } from '../network-ops/network-ops';

const PAGE_SIZE = 20;

/**
 * The outage map's data (issue 20 item 5, wider-portal.md §8), for anyone: network operations' events as they stand
 * on the clock (stage, the stages so far, estimate and confidence; resolved ones for RESOLVED_SHOWN_HOURS more), and
 * whether an address the network serves is inside any event under way or announced.
 */
export function createOutagesService({ db, clock, networkOps }: { db: Db; clock: Clock; networkOps: NetworkOps }) {
  function viewOf(row: NetworkEventRow, now: Date): NetworkEvent | null {
    const at = eventAt(row, now);
    if (!at) return null;
    return {
      id: row.id,
      reference: row.reference,
      kind: row.kind,
      services: row.services as NetworkEvent['services'],
      cause: row.cause as NetworkEvent['cause'],
      region: row.region,
      timeZone: row.timeZone,
      area: row.area,
      customersAffected: row.customersAffected,
      startsAt: row.startsAt.toISOString(),
      estimatedEndAt: row.estimatedEndAt.toISOString(),
      confidence: row.confidence,
      stage: at.stage,
      history: at.history.map((step) => ({ stage: step.stage, at: new Date(step.at).toISOString() })),
      active: at.active,
      endedAt: at.endedAt?.toISOString() ?? null,
    };
  }

  return {
    async list(query: { cursor?: string | undefined; limit?: number | undefined }): Promise<NetworkEventsPage> {
      const now = clock.now();
      const page = await networkOps
        .page(db, now, RESOLVED_SHOWN_HOURS * 3_600_000, {
          cursor: decodeCursor(query.cursor),
          limit: query.limit ?? PAGE_SIZE,
        })
        .catch(networkOpsUnavailable);
      return { ...page, items: page.items.flatMap((row) => viewOf(row, now) ?? []) };
    },

    async checkAddress(request: AddressCheckRequest): Promise<AddressCheckResponse> {
      const now = clock.now();
      const point = await networkOps.premises(db, request);
      if (!point) return { served: false, affectedBy: [] };
      const events = await networkOps.events(db, now).catch(networkOpsUnavailable);
      return {
        served: true,
        affectedBy: events.filter((event) => networkOps.covers(event, point)).map((event) => event.reference),
      };
    },
  };
}

export type OutagesService = ReturnType<typeof createOutagesService>;
