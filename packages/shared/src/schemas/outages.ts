import { z } from 'zod';
import { ServiceZipSchema } from './account-access';
import { ESTIMATE_CONFIDENCES, NETWORK_STAGES } from './alerts';
import { pageOf } from './billing';
import { freeText } from './free-text';

/**
 * The outage map (issue 20 item 5, wider-portal.md §8; spec §2.1: `/outage-map`, open): network operations' outages
 * and planned maintenance, each with its area, stages so far, restoration estimate and confidence, for anyone; and
 * "is my address affected?" by a served address (its premises' coordinates in the events' areas).
 */
export const OUTAGES_PATH = '/api/pub/outages/v1/outages';
/** POST `{ addressLine1, zip }`: whether the network serves the address, and which events cover it. */
export const OUTAGE_ADDRESS_CHECK_PATH = '/api/pub/outages/v1/address-check';
/** Address checks per client address and 10 minutes (a served address is not a secret; the count slows a crawl). */
export const OUTAGE_CHECKS_PER_WINDOW = 30;
/** A resolved outage stays on the map this long, so a visitor sees it is over. */
export const RESOLVED_SHOWN_HOURS = 24;

export const NETWORK_EVENT_KINDS = ['outage', 'maintenance'] as const;
export const NETWORK_SERVICES = ['internet', 'tv', 'phone'] as const;
export const OUTAGE_CAUSES = ['fiber_cut', 'power', 'equipment', 'weather', 'upgrade'] as const;

/** GeoJSON Polygon (RFC 7946): rings of [longitude, latitude]. */
export const PolygonSchema = z.object({
  type: z.literal('Polygon'),
  coordinates: z.array(z.array(z.array(z.number()))),
});

export const NetworkEventSchema = z.object({
  /** Network operations' reference (`OUT-24117`): the keyset's id is the event's uuid, kept out of sight. */
  id: z.uuid(),
  reference: z.string(),
  kind: z.enum(NETWORK_EVENT_KINDS),
  services: z.array(z.enum(NETWORK_SERVICES)),
  cause: z.enum(OUTAGE_CAUSES),
  region: z.string(),
  /** The area's clock (IANA): the page says the times on it. */
  timeZone: z.string(),
  area: PolygonSchema,
  customersAffected: z.number().int(),
  startsAt: z.iso.datetime(),
  /** An outage's estimated restoration, a maintenance's planned end. */
  estimatedEndAt: z.iso.datetime(),
  confidence: z.enum(ESTIMATE_CONFIDENCES).nullable(),
  stage: z.enum(NETWORK_STAGES),
  /** The stages so far, the first first. */
  history: z.array(z.object({ stage: z.enum(NETWORK_STAGES), at: z.iso.datetime() })),
  active: z.boolean(),
  endedAt: z.iso.datetime().nullable(),
});
export type NetworkEvent = z.infer<typeof NetworkEventSchema>;

export const NetworkEventsPageSchema = pageOf(NetworkEventSchema);
export type NetworkEventsPage = z.infer<typeof NetworkEventsPageSchema>;

export const OutagesQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});

export const AddressCheckRequestSchema = z.strictObject({
  addressLine1: freeText({ max: 100 }),
  zip: ServiceZipSchema,
});
export type AddressCheckRequest = z.infer<typeof AddressCheckRequestSchema>;

export const AddressCheckResponseSchema = z.object({
  /** The network serves the address (its premises are on record). */
  served: z.boolean(),
  /** The references of the events under way or announced whose area covers it. */
  affectedBy: z.array(z.string()),
});
export type AddressCheckResponse = z.infer<typeof AddressCheckResponseSchema>;
