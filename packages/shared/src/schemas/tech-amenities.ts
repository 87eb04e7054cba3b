import { z } from 'zod';
import { LOCALES } from '../constants';
import { SERVICE_KEYS } from './account';
import { UNIT_ACCESS, UNIT_OCCUPANCIES } from './community';

/**
 * The community variant's contract details and tech amenities (issue 22 item 6, wider-portal.md §10; spec §2.1
 * `/property-contract-details`, `/manage`, `/manage/unit-ramp-billing`, `/manage/all-properties/unit-ramp-billing`):
 * the account's bulk (master) agreement (spec §2.3) with its term, renewal, and per property the units contracted,
 * the rate per unit per service and the ramp (units billed per month while the property leases up); and the ramp
 * ledger: per month the ramp against the units the billing engine billed and the units activated, the bills and the
 * projected bills, with the units billed but not active and active but not billed. Read-only, `community.view`;
 * another account's property is not found.
 */
export const TECH_AMENITIES_AGREEMENT_PATH = '/api/pub/tech-amenities/v1/agreement';
/** GET `?lang=`: the agreement as a PDF. */
export const TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH = '/api/pub/tech-amenities/v1/agreement/document';
/** GET: every property's ramp this month and the months of all properties together. */
export const TECH_AMENITIES_RAMP_LEDGER_PATH = '/api/pub/tech-amenities/v1/ramp-ledger';
/** GET: one property's ramp ledger with its flags. */
export const TECH_AMENITIES_PROPERTY_RAMP_LEDGER_PATH = '/api/pub/tech-amenities/v1/properties/:propertyId/ramp-ledger';

/** Months after this one that the ledger projects (the billing engine's projected bills), within the term. */
export const RAMP_PROJECTED_MONTHS = 6;

/** A calendar month, `YYYY-MM`. */
export const YearMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
export type YearMonth = z.infer<typeof YearMonthSchema>;

const count = z.number().int().min(0);
const cents = z.number().int().min(0);

export const AgreementServiceSchema = z.object({
  service: z.enum(SERVICE_KEYS),
  /** The rate of the service per unit per month, integer cents. */
  rateCents: cents,
});

export const AgreementPropertySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  address: z.object({ line1: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  unitsContracted: count,
  /** The services the agreement provides at the property, each with its rate. */
  services: z.array(AgreementServiceSchema),
  /** Every service's rate together: what one unit costs a month. */
  rateCents: cents,
  /** What the property costs a month once every contracted unit is billed. */
  fullMonthCents: cents,
  /** The ramp this month: the contracted units billed (all of them once the property is fully billed). */
  rampUnits: count,
  /** The month from which every contracted unit is billed; null when the ramp never reaches them in the term. */
  fullFrom: z.nullable(YearMonthSchema),
  /** The ramp's steps: from `month`, `units` are billed. */
  ramp: z.array(z.object({ month: YearMonthSchema, units: count })),
});
export type AgreementProperty = z.infer<typeof AgreementPropertySchema>;

export const AgreementSchema = z.object({
  reference: z.string(),
  /** ISO dates: the first and last day of the term. */
  termStart: z.iso.date(),
  termEnd: z.iso.date(),
  termMonths: z.number().int().positive(),
  /** The month of the term this is (1 = the first); null before the term starts or after it ends. */
  termMonth: z.number().int().positive().nullable(),
  renewal: z.object({
    /** The day the agreement renews (or ends, without auto-renewal): the day after the term's last. */
    date: z.iso.date(),
    autoRenews: z.boolean(),
    /** How long each renewal runs. */
    termMonths: z.number().int().positive(),
    /** Notice of non-renewal must be given this many days before the renewal date, by `noticeBy`. */
    noticeDays: count,
    noticeBy: z.iso.date(),
  }),
  properties: z.array(AgreementPropertySchema),
  unitsContracted: count,
  /** What the ramp bills this month, and every contracted unit a month, at the rates (integer cents). */
  thisMonthCents: cents,
  fullMonthCents: cents,
});
export type Agreement = z.infer<typeof AgreementSchema>;

/** The account's bulk agreement; null when the portal holds none for it. */
export const AgreementResponseSchema = z.object({ agreement: z.nullable(AgreementSchema) });
export type AgreementResponse = z.infer<typeof AgreementResponseSchema>;

export const AgreementDocumentQuerySchema = z.strictObject({ lang: z.enum(LOCALES).optional() });

/** `past` and `current` months have the billing engine's bill; `projected` months its projection. */
export const RAMP_MONTH_KINDS = ['past', 'current', 'projected'] as const;
export type RampMonthKind = (typeof RAMP_MONTH_KINDS)[number];

export const RampMonthSchema = z.object({
  month: YearMonthSchema,
  kind: z.enum(RAMP_MONTH_KINDS),
  /** The contracted ramp: units to bill that month. */
  rampUnits: count,
  /** Units the billing engine billed; null for a projected month, a month not billed yet, or the engine unreachable. */
  billedUnits: count.nullable(),
  /**
   * Units with access active: today's count on the current month; on a past month the count the portal recorded that
   * month (null before its record began); null on a projected month.
   */
  activatedUnits: count.nullable(),
  /** The bill (or the projected bill of a projected month), integer cents; null as `billedUnits`. */
  amountCents: cents.nullable(),
});
export type RampMonth = z.infer<typeof RampMonthSchema>;

/** Whether the billing engine answered: when not, the ledger shows the portal's own figures only. */
export const RAMP_BILLING_STATES = ['available', 'unavailable'] as const;

export const FlaggedUnitSchema = z.object({
  number: z.string(),
  /** The unit as the portal knows it; null when the billing engine billed a number the property does not have. */
  occupancy: z.enum(UNIT_OCCUPANCIES).nullable(),
  access: z.enum(UNIT_ACCESS).nullable(),
});
export type FlaggedUnit = z.infer<typeof FlaggedUnitSchema>;

export const PropertyRampLedgerSchema = z.object({
  property: z.object({ id: z.uuid(), name: z.string() }),
  /** False for a property the agreement does not cover: no months then. */
  inAgreement: z.boolean(),
  unitsContracted: count,
  rateCents: cents,
  billing: z.enum(RAMP_BILLING_STATES),
  /** From the term's first month to this one, then the projected ones. */
  months: z.array(RampMonthSchema),
  /**
   * The latest bill's units against the units active today, by unit number; null when the engine did not answer or
   * has not billed the property yet.
   */
  flags: z
    .object({
      month: YearMonthSchema,
      billedNotActive: z.array(FlaggedUnitSchema),
      activeNotBilled: z.array(FlaggedUnitSchema),
    })
    .nullable(),
});
export type PropertyRampLedger = z.infer<typeof PropertyRampLedgerSchema>;

export const PropertyRampSummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  unitsContracted: count,
  /** This month: the ramp, the units billed, activated, the bill, and how many units each flag holds. */
  rampUnits: count,
  billedUnits: count.nullable(),
  activatedUnits: count,
  amountCents: cents.nullable(),
  billedNotActive: count.nullable(),
  activeNotBilled: count.nullable(),
});
export type PropertyRampSummary = z.infer<typeof PropertyRampSummarySchema>;

export const AllPropertiesRampLedgerSchema = z.object({
  billing: z.enum(RAMP_BILLING_STATES),
  /** The current month. */
  month: YearMonthSchema,
  properties: z.array(PropertyRampSummarySchema),
  /** Every property's months added together (a property's months outside the term count nothing). */
  months: z.array(RampMonthSchema),
});
export type AllPropertiesRampLedger = z.infer<typeof AllPropertiesRampLedgerSchema>;
