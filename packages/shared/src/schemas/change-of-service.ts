import { z } from 'zod';
import { BILLING_CATEGORIES } from '../rules/billing';
import { SERVICE_OFFER_IDS } from '../rules/catalog';

/** Issue 19 item 2 (`/upgrade`, `/buy`): what can change, its effect on the next statement, and the order. */
export const CHANGE_OPTIONS_PATH = '/api/pub/services/v1/changes/options';
/** POST `{ offer }`: the next statement with and without the change, from the billing engine; changes nothing. */
export const CHANGE_PREVIEW_PATH = '/api/pub/services/v1/changes/preview';
/** POST `{ offer }` with an Idempotency-Key: the change is made (the order), effective today. */
export const CHANGE_ORDERS_PATH = '/api/pub/services/v1/changes';

export const ChangeRequestSchema = z.strictObject({ offer: z.enum(SERVICE_OFFER_IDS) });
export type ChangeRequest = z.infer<typeof ChangeRequestSchema>;

export const ServiceOfferSchema = z.object({
  id: z.enum(SERVICE_OFFER_IDS),
  kind: z.enum(['internet', 'tv', 'phone_line']),
  name: z.string(),
  monthlyCents: z.number().int(),
  equipment: z.object({ description: z.string(), monthlyCents: z.number().int() }).optional(),
  installation: z.object({ description: z.string(), amountCents: z.number().int() }).optional(),
  standing: z.enum(['current', 'available', 'unavailable']),
});
export type ServiceOfferView = z.infer<typeof ServiceOfferSchema>;

export const ChangeOptionsSchema = z.object({ offers: z.array(ServiceOfferSchema) });
export type ChangeOptions = z.infer<typeof ChangeOptionsSchema>;

const PreviewLineSchema = z.object({
  category: z.enum(BILLING_CATEGORIES),
  kind: z.string(),
  description: z.string(),
  amountCents: z.number().int(),
  periodStart: z.iso.date().nullable(),
  periodEnd: z.iso.date().nullable(),
});
const PreviewStatementSchema = z.object({
  lines: z.array(PreviewLineSchema),
  newChargesCents: z.number().int(),
  totalDueCents: z.number().int(),
});

export const ChangePreviewSchema = z.object({
  offerId: z.enum(SERVICE_OFFER_IDS),
  /** The day the change takes effect (today, on the account's calendar). */
  effectiveOn: z.iso.date(),
  /** The next statement: dated, billing the period the change falls in. */
  statementDate: z.iso.date(),
  current: PreviewStatementSchema,
  proposed: PreviewStatementSchema,
  /** A whole cycle's new charges (taxes and fees included) before and after. */
  monthly: z.object({ currentCents: z.number().int(), proposedCents: z.number().int() }),
  /** A technician visit is needed (TV): the order says so until the visit is booked. */
  installation: z.boolean(),
});
export type ChangePreview = z.infer<typeof ChangePreviewSchema>;

export const ServiceOrderSchema = z.object({
  id: z.uuid(),
  offerId: z.enum(SERVICE_OFFER_IDS),
  status: z.enum(['completed', 'installation_needed']),
  effectiveOn: z.iso.date(),
  preview: ChangePreviewSchema,
});
export type ServiceOrder = z.infer<typeof ServiceOrderSchema>;
