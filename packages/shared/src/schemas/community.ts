import { z } from 'zod';
import { SERVICE_KEYS } from './account';

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

export const CommunityPortfolioSchema = z.object({ properties: z.array(PropertySummarySchema) });
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
  resident: ResidentSchema.nullable(),
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
});
export type UnitDetail = z.infer<typeof UnitDetailSchema>;
