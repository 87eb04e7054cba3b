import { z } from 'zod';
import { LOCALES } from '../constants';
import { EmailAddressSchema } from './account-access';
import { ESTIMATE_CONFIDENCES, NETWORK_STAGES } from './alerts';
import { freeText } from './free-text';
import { NETWORK_SERVICES } from './outages';

/**
 * What a signed-in business does about an outage at its locations (issue 20 items 7 and 8, wider-portal.md §8; spec
 * §2.1 `/outage-callback`): a callback (a number or an e-mail told once when an outage there is over), and after a
 * long outage a credit on the next statement and a service-interruption letter.
 */
export const OUTAGE_CALLBACKS_PATH = '/api/pub/outages/v1/callbacks';
export const OUTAGE_CALLBACK_PATH = '/api/pub/outages/v1/callbacks/:callbackId';
export const OUTAGE_CREDITS_PATH = '/api/pub/outages/v1/credits';
/** GET `?lang=`: the letter (PDF) of one outage at the account's location, once it is over. */
export const OUTAGE_LETTER_PATH = '/api/pub/outages/v1/history/:reference/letter';

/** A user keeps at most this many callbacks per location (a number and an e-mail or two, not a mailing list). */
export const OUTAGE_CALLBACKS_PER_LOCATION = 5;
/** wider-portal.md §8: an account affected this long or longer may request the outage credit. */
export const OUTAGE_CREDIT_MIN_HOURS = 4;
/** How long after an outage ends its credit may be requested and its letter downloaded. */
export const OUTAGE_HISTORY_DAYS = 60;

export const CALLBACK_CHANNELS = ['email', 'text'] as const;
export type CallbackChannel = (typeof CALLBACK_CHANNELS)[number];

export const OutageCallbackSchema = z.object({
  id: z.uuid(),
  channel: z.enum(CALLBACK_CHANNELS),
  /** The e-mail address, or the number in E.164 (the page formats it). */
  destination: z.string(),
  language: z.enum(LOCALES),
  createdAt: z.iso.datetime(),
});
export type OutageCallback = z.infer<typeof OutageCallbackSchema>;

/** An outage at a location: under way, or over within OUTAGE_HISTORY_DAYS (with its credit and letter). */
export const LocationOutageSchema = z.object({
  reference: z.string(),
  services: z.array(z.enum(NETWORK_SERVICES)),
  stage: z.enum(NETWORK_STAGES),
  startsAt: z.iso.datetime(),
  estimatedEndAt: z.iso.datetime(),
  confidence: z.enum(ESTIMATE_CONFIDENCES).nullable(),
  /** When it was over; null while under way. */
  endedAt: z.iso.datetime().nullable(),
  /** How long the location was without the services (whole minutes; so far, while under way). */
  affectedMinutes: z.number().int(),
  /**
   * The credit (only for a role with billing access; null otherwise): `eligible` once the outage is over and lasted
   * OUTAGE_CREDIT_MIN_HOURS or more; `requested` with its amount and the day it was requested.
   */
  credit: z
    .object({
      eligible: z.boolean(),
      /** The credit's amount as it would be or was posted (cents, positive). */
      amountCents: z.number().int(),
      /** Days credited: the affected time in whole days, rounded up. */
      days: z.number().int(),
      requestedOn: z.iso.date().nullable(),
    })
    .nullable(),
});
export type LocationOutage = z.infer<typeof LocationOutageSchema>;

export const OutageLocationSchema = z.object({
  /** The service address (its id on the account). */
  addressId: z.uuid(),
  label: z.string(),
  timeZone: z.string(),
  outages: z.array(LocationOutageSchema),
  /** The signed-in user's own callbacks at this location. */
  callbacks: z.array(OutageCallbackSchema),
});
export type OutageLocation = z.infer<typeof OutageLocationSchema>;

export const OutageLocationsResponseSchema = z.object({ locations: z.array(OutageLocationSchema) });
export type OutageLocationsResponse = z.infer<typeof OutageLocationsResponseSchema>;

/** The mobile number is read as libphonenumber-js reads it (a national number is a US one) on the server. */
export const OutageCallbackRequestSchema = z.discriminatedUnion('channel', [
  z.strictObject({ addressId: z.uuid(), channel: z.literal('email'), destination: EmailAddressSchema }),
  z.strictObject({ addressId: z.uuid(), channel: z.literal('text'), destination: freeText({ min: 1, max: 40 }) }),
]);
export type OutageCallbackRequest = z.infer<typeof OutageCallbackRequestSchema>;

export const OutageCallbackResponseSchema = z.object({ callback: OutageCallbackSchema });
export const OutageCallbackParamsSchema = z.strictObject({ callbackId: z.uuid() });

export const OUTAGE_REFERENCE_PATTERN = '^[A-Z]{3}-[0-9]{3,8}$';
export const OutageReferenceSchema = z.string().max(12).regex(new RegExp(OUTAGE_REFERENCE_PATTERN));

export const OutageCreditRequestSchema = z.strictObject({ reference: OutageReferenceSchema });
export type OutageCreditRequest = z.infer<typeof OutageCreditRequestSchema>;
export const OutageCreditResponseSchema = z.object({ outage: LocationOutageSchema });

export const OutageLetterParamsSchema = z.strictObject({ reference: OutageReferenceSchema });
export const OutageLetterQuerySchema = z.strictObject({ lang: z.enum(LOCALES).optional() });
