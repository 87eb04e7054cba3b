import { z } from 'zod';

export const BILLING_SUMMARY_PATH = '/api/pub/billing/v1/summary';

/** The billing home status card (spec §2.4): what is owed, what is past due, and the delinquency state (spec §4). */
export const BillingSummaryResponseSchema = z.object({
  amountDueCents: z.number().int(),
  pastDueCents: z.number().int(),
  pendingPaymentCents: z.number().int(),
  isDelinquent: z.boolean(),
  daysPastDue: z.number().int(),
  delinquencyCode: z.union([z.literal(30), z.literal(43), z.literal(50), z.literal(76)]).nullable(),
  latestStatement: z
    .object({ statementDate: z.iso.date(), dueDate: z.iso.date(), totalDueCents: z.number().int() })
    .nullable(),
});
export type BillingSummaryResponse = z.infer<typeof BillingSummaryResponseSchema>;
