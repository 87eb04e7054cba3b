import { z } from 'zod';
import { FOOTPRINTS } from '../roles';
import { ServiceZipSchema } from './account-access';
import { freeText } from './free-text';

/**
 * spec §7.1 partner footprint checks (wider-portal.md §11; issue 23 item 6): whether a place is in the provider's
 * footprint and which legacy company's (spec §6: TWC, BHN, CHTR decide customer status), by the caller's IP address,
 * a ZIP code or a street address, for anyone. `flow` names the portal's flow that asks; the support/ variants take
 * it in the path. A check answered sets the data cookie (spec §3: zipcode and partnerType), the ZIP code in it only
 * when the caller carries it over (`carryover-zipcode=true`).
 */
export const PARTNER_LOCATION_BASE = '/api/pub/sbnetpartnerlocationedge/services/v1/partner';
export const PARTNER_IP_PATH = `${PARTNER_LOCATION_BASE}/ip`;
export const PARTNER_ZIPCODE_PATH = `${PARTNER_LOCATION_BASE}/zipcode/:zipcode`;
export const PARTNER_ADDRESS_PATH = `${PARTNER_LOCATION_BASE}/address`;
export const PARTNER_SUPPORT_IP_PATH = `${PARTNER_LOCATION_BASE}/support/:flow/ip`;
export const PARTNER_SUPPORT_ZIPCODE_PATH = `${PARTNER_LOCATION_BASE}/support/:flow/zipcode/:zipcode`;
export const PARTNER_SUPPORT_ADDRESS_PATH = `${PARTNER_LOCATION_BASE}/support/:flow/address`;
export const PARTNER_LOCATION_PATHS: readonly string[] = [
  PARTNER_IP_PATH,
  PARTNER_ZIPCODE_PATH,
  PARTNER_ADDRESS_PATH,
  PARTNER_SUPPORT_IP_PATH,
  PARTNER_SUPPORT_ZIPCODE_PATH,
  PARTNER_SUPPORT_ADDRESS_PATH,
];
/** Footprint checks an address may make in 10 minutes (each answers whether a place is served: counted). */
export const PARTNER_CHECKS_PER_WINDOW = 60;

/** The portal's flows that check a footprint (the partner edge counts its callers by them). */
export const PARTNER_FLOWS = ['support', 'contact', 'outages', 'self-install', 'sign-in'] as const;
export type PartnerFlow = (typeof PARTNER_FLOWS)[number];

/** The data cookie (spec §3): `zipcode` and `partnerType`, as URL-encoded pairs; readable by the page, grants nothing. */
export const DATA_COOKIE = 'vb_data';
/** A place outside every footprint: its partner type in the data cookie. */
export const OUT_OF_FOOTPRINT = 'NONE';

const CarryoverSchema = z.enum(['true', 'false']).optional();
const FlowSchema = z.enum(PARTNER_FLOWS);

export const PartnerIpQuerySchema = z.strictObject({ flow: FlowSchema });
export const PartnerZipcodeQuerySchema = z.strictObject({ flow: FlowSchema, 'carryover-zipcode': CarryoverSchema });
const AddressFields = { addressLine1: freeText({ max: 100 }), zipcode: ServiceZipSchema };
export const PartnerAddressQuerySchema = z.strictObject({
  flow: FlowSchema,
  'carryover-zipcode': CarryoverSchema,
  ...AddressFields,
});
export const PartnerSupportQuerySchema = z.strictObject({ 'carryover-zipcode': CarryoverSchema });
export const PartnerSupportAddressQuerySchema = z.strictObject({
  'carryover-zipcode': CarryoverSchema,
  ...AddressFields,
});
export const PartnerZipcodeParamsSchema = z.strictObject({ zipcode: ServiceZipSchema });
export const PartnerFlowParamsSchema = z.strictObject({ flow: FlowSchema });
export const PartnerSupportZipcodeParamsSchema = z.strictObject({ flow: FlowSchema, zipcode: ServiceZipSchema });

export const PartnerLocationResponseSchema = z.object({
  /** What the check went by. */
  by: z.enum(['ip', 'zipcode', 'address']),
  /** The ZIP code checked (the IP address's, as the partner edge places it; null: it could not place it). */
  zipcode: z.nullable(ServiceZipSchema),
  inFootprint: z.boolean(),
  /** The legacy company whose footprint it is (spec §6); null outside every footprint or for a place not known. */
  footprint: z.nullable(z.enum(FOOTPRINTS)),
  /** By address only: the network serves these premises (on record); null for the other checks. */
  serviceable: z.nullable(z.boolean()),
});
export type PartnerLocationResponse = z.infer<typeof PartnerLocationResponseSchema>;
