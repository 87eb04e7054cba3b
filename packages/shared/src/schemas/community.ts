import { z } from 'zod';
import { LOCALES } from '../constants';
import { SERVICE_KEYS } from './account';
import { EmailAddressSchema } from './account-access';
import { freeText } from './free-text';

/**
 * The community variant's portfolio (issue 22 items 2-3, wider-portal.md §10): a property manager's properties with
 * their occupancy, services, open visits and outages, and each property's units with their residents. For accounts
 * with a bulk (master) agreement only (`community.view`); another account's property or unit is not found.
 */
export const COMMUNITY_PROPERTIES_PATH = '/api/pub/community/v1/properties';
/** GET `?cursor&occupancy&access`: one property's units, by unit number (keyset). */
export const COMMUNITY_UNITS_PATH = '/api/pub/community/v1/properties/:propertyId/units';
/** GET: one unit with its resident and property. */
export const COMMUNITY_UNIT_PATH = '/api/pub/community/v1/units/:unitId';

/** PUT `{ access }` (`community.manage`): suspends an active unit's access or restores a suspended unit's. */
export const COMMUNITY_UNIT_ACCESS_PATH = '/api/pub/community/v1/units/:unitId/access';
/**
 * PUT (`community.manage`): the unit's resident, edited, or a new one in a vacant unit. Access follows the lease: the
 * move-in date grants it, the move-out date ends it (the lease job, wider-portal.md §10).
 */
export const COMMUNITY_UNIT_RESIDENT_PATH = '/api/pub/community/v1/units/:unitId/resident';
/** POST `{ channel, language }` (`community.manage`): the unit's Wi-Fi network and passphrase to its resident. */
export const COMMUNITY_UNIT_WIFI_PATH = '/api/pub/community/v1/units/:unitId/wifi-credentials';

/** Units a page of the units list holds. */
export const COMMUNITY_UNITS_PAGE = 50;

export const UNIT_OCCUPANCIES = ['occupied', 'vacant'] as const;
export type UnitOccupancy = (typeof UNIT_OCCUPANCIES)[number];
/**
 * A unit's service access: `active` (the resident's Wi-Fi and services work), `suspended` (stopped by the property
 * manager), `inactive` (never activated: a unit still leasing up).
 */
export const UNIT_ACCESS = ['active', 'suspended', 'inactive'] as const;
export type UnitAccess = (typeof UNIT_ACCESS)[number];

export const PropertySummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.object({ line1: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  /** Units in the property, and how many of them are occupied, vacant, and with access suspended or not activated. */
  units: z.number().int(),
  occupied: z.number().int(),
  vacant: z.number().int(),
  suspended: z.number().int(),
  inactive: z.number().int(),
  /** The services the bulk agreement provides at the property. */
  services: z.array(z.enum(SERVICE_KEYS)),
  /** Technician visits scheduled and not done at the property's address. */
  openVisits: z.number().int(),
  /** Outages and maintenance under way at the property's address now. */
  outages: z.number().int(),
});
export type PropertySummary = z.infer<typeof PropertySummarySchema>;

export const CommunityPortfolioSchema = z.object({
  properties: z.array(PropertySummarySchema),
  /** Whether the reader manages the units (`community.manage`): their residents imported from a file, for one. */
  canManage: z.boolean(),
});
export type CommunityPortfolio = z.infer<typeof CommunityPortfolioSchema>;

export const ResidentSchema = z.object({
  name: z.string(),
  email: z.string().nullable(),
  /** E.164. */
  phone: z.string().nullable(),
  /** ISO dates (YYYY-MM-DD); `moveOut` null while the lease runs on. */
  moveIn: z.iso.date(),
  moveOut: z.iso.date().nullable(),
});
export type Resident = z.infer<typeof ResidentSchema>;

export const UnitSchema = z.object({
  id: z.uuid(),
  /** The unit's number as the property names it ("101", "B-12"). */
  number: z.string(),
  occupancy: z.enum(UNIT_OCCUPANCIES),
  access: z.enum(UNIT_ACCESS),
  /** Null for a vacant unit. */
  resident: z.nullable(ResidentSchema),
});
export type Unit = z.infer<typeof UnitSchema>;

export const UnitsQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  occupancy: z.enum(UNIT_OCCUPANCIES).optional(),
  access: z.enum(UNIT_ACCESS).optional(),
});
export type UnitsQuery = z.infer<typeof UnitsQuerySchema>;

export const UnitsPageSchema = z.object({
  property: z.object({ id: z.uuid(), name: z.string() }),
  items: z.array(UnitSchema),
  nextCursor: z.string().nullable(),
});
export type UnitsPage = z.infer<typeof UnitsPageSchema>;

export const UnitDetailSchema = UnitSchema.extend({
  property: z.object({ id: z.uuid(), name: z.string() }),
  /**
   * The resident entered ahead to move in after the current one's move-out date: the unit's resident from the move-in
   * day, when access follows them. Null when none is planned.
   */
  nextResident: z.nullable(ResidentSchema),
  /** Whether the caller may change the unit (`community.manage`): its access, resident and Wi-Fi details. */
  canManage: z.boolean(),
});
export type UnitDetail = z.infer<typeof UnitDetailSchema>;

/** What a manager may set a unit's access to: suspend an active unit, restore a suspended one. */
export const UNIT_ACCESS_CHANGES = ['suspended', 'active'] as const;
export const UnitAccessRequestSchema = z.strictObject({ access: z.enum(UNIT_ACCESS_CHANGES) });
export type UnitAccessRequest = z.infer<typeof UnitAccessRequestSchema>;

/**
 * Why a unit's change is refused (409, `details.reason`): its access was never activated (provisioning's, not the
 * manager's), it has no resident, the resident has no address on the channel asked for, or its access is suspended.
 */
export const UNIT_CONFLICTS = ['notActivated', 'noResident', 'noDestination', 'accessSuspended'] as const;
export type UnitConflict = (typeof UNIT_CONFLICTS)[number];

/** Field codes of a resident's refused dates (400, `fields[].code`). */
export const MOVE_OUT_BEFORE_MOVE_IN = 'resident.moveOutBeforeMoveIn';
export const MOVE_OUT_PAST = 'resident.moveOutPast';
/**
 * Someone else moving in later than today while the current resident, already living there, has a move-out on or
 * after that day (on the move-in); the current resident's move-out set on or after the next resident's move-in, or
 * removed (on the move-out). A resident entered ahead follows the current one: their leases never overlap.
 */
export const RESIDENT_OVERLAPS_CURRENT = 'resident.overlapsCurrent';
export const RESIDENT_OVERLAPS_NEXT = 'resident.overlapsNext';

/**
 * A resident as a manager enters it: a name, an e-mail and a mobile number (either may be empty; the number is read
 * as libphonenumber-js reads it, a national number being a US one, and kept in E.164), the move-in date and, when
 * known, the move-out date (not before the move-in, not in the past).
 */
/** The longest a resident's name and phone number may be (the e-mail's: EmailAddressSchema's 254). */
export const RESIDENT_NAME_MAX = 100;
export const RESIDENT_PHONE_MAX = 40;

/**
 * A lease's dates lie in 1900-2199: wider is a slip of the keyboard, and the lease's jobs run on the day after a
 * move-out, which must be a date too (the input fuzzing's 9999-12-31 had none: 500). The code is the form's message.
 */
export const LEASE_DATE_MIN = '1900-01-01';
export const LEASE_DATE_MAX = '2199-12-31';
export const LEASE_DATE_OUT_OF_RANGE = 'resident.dateOutOfRange';
const LeaseDateSchema = z.iso.date().refine((date) => date >= LEASE_DATE_MIN && date <= LEASE_DATE_MAX, {
  message: `A lease's dates lie between ${LEASE_DATE_MIN} and ${LEASE_DATE_MAX}`,
  params: { fieldCode: LEASE_DATE_OUT_OF_RANGE },
});

export const ResidentInputSchema = z.strictObject({
  name: freeText({ max: RESIDENT_NAME_MAX }),
  // z.nullable(…), not ….nullable(): a call on `z` is pure to the web's build (vite.config.ts), so a page that does not
  // parse a resident does not keep these schemas
  email: z.nullable(EmailAddressSchema),
  phone: freeText({ max: RESIDENT_PHONE_MAX }).nullable(),
  moveIn: LeaseDateSchema,
  moveOut: z.nullable(LeaseDateSchema),
});
export type ResidentInput = z.infer<typeof ResidentInputSchema>;

/** How a resident is sent the unit's Wi-Fi details: e-mail or a text message. */
export const WIFI_CHANNELS = ['email', 'text'] as const;
export type WifiChannel = (typeof WIFI_CHANNELS)[number];
export const WifiCredentialsRequestSchema = z.strictObject({
  channel: z.enum(WIFI_CHANNELS),
  /** The resident's language for the message. */
  language: z.enum(LOCALES),
});
export type WifiCredentialsRequest = z.infer<typeof WifiCredentialsRequestSchema>;
export const WifiCredentialsResponseSchema = z.object({
  channel: z.enum(WIFI_CHANNELS),
  /** Where it went, partly hidden ("j•••@example.com", "•••• 0142"). */
  sentTo: z.string(),
});
export type WifiCredentialsResponse = z.infer<typeof WifiCredentialsResponseSchema>;
