import { z } from 'zod';
import { AutoPayScopeSchema } from './autopay';
import { MakePaymentRequestSchema, MakePaymentResponseSchema } from './payments';

/**
 * spec §4 combined flows: a one-time payment that also saves its method, enrols in Auto Pay with it and turns on
 * paperless billing, as one request (issue 15 item 5). Each part succeeds or fails on its own, and the answer keeps
 * each part's outcome. Money-moving: it carries an Idempotency-Key, which is the payment's own (the same request to
 * PAYMENTS_PATH with that key is the same payment); Auto Pay is enrolled under `<key>:autopay`.
 */
export const CHECKOUT_PATH = '/api/pub/billing/v1/checkout';

export const CheckoutRequestSchema = z.strictObject({
  payment: MakePaymentRequestSchema,
  /** Auto Pay with the method paid with (saved, or saved by this payment), as the review step offered it. */
  autoPay: z
    .strictObject({
      services: z.array(AutoPayScopeSchema).min(1).max(2),
      debitDay: z.number().int().min(1).max(31),
      acceptElectronicPaymentTerms: z.literal(true),
      acceptTermsOfService: z.literal(true),
    })
    .nullable(),
  paperless: z.boolean(),
});
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;

export const CHECKOUT_PARTS = ['payment', 'saveMethod', 'autoPay', 'paperless'] as const;

/**
 * One part asked for: `ok`, or `failed` with why (an error code; PAYMENT_FAILED: not tried because no money moved;
 * METHOD_NOT_SAVED: Auto Pay needs the method in the wallet).
 */
export const CheckoutPartSchema = z.object({
  part: z.enum(CHECKOUT_PARTS),
  state: z.enum(['ok', 'failed']),
  code: z.string().nullable(),
});
export type CheckoutPart = z.infer<typeof CheckoutPartSchema>;

export const CheckoutResponseSchema = z.object({
  /** Every part ok, some, or none. */
  outcome: z.enum(['success', 'partial', 'failure']),
  parts: z.array(CheckoutPartSchema),
  /** The payment's own answer (receipt, saved method), as PAYMENTS_PATH answers it. */
  payment: MakePaymentResponseSchema,
});
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;
