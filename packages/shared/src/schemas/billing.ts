import { z } from 'zod';
import { BILLING_CATEGORIES, LINE_KINDS } from '../rules/billing';

/**
 * Billing read side (issue 4). Every path answers 403 FORBIDDEN without the `billing.view` capability and 403
 * BILLING_SUPPRESSED for enterprise accounts; another business's ids answer 404. Money is integer cents; dates are
 * ISO calendar dates in the account's time zone.
 */
export const BILLING_SUMMARY_PATH = '/api/pub/billing/v1/summary';
export const DELINQUENCY_SCHEDULE_PATH = '/api/pub/account/v1/get-delinquency-schedule';
export const STATEMENTS_PATH = '/api/pub/billing/v1/statements';
export const STATEMENT_PATH = '/api/pub/billing/v1/statements/:statementId';
export const STATEMENT_PDF_PATH = '/api/pub/billing/v1/statements/:statementId/pdf';
export const STATEMENT_CSV_PATH = '/api/pub/billing/v1/statements/:statementId/csv';
export const ACTIVITY_PATH = '/api/pub/billing/v1/activity';
export const PAYMENT_HISTORY_PATH = '/api/pub/billing/v1/payments';
export const CHARGES_PATH = '/api/pub/billing/v1/charges';
/** CSV of a history list: the list's path + `/export`, with the same filters and `lang`. */
export const EXPORT_SUFFIX = '/export';

const IsoDate = z.iso.date();
const Cents = z.number().int();
export const DelinquencyCodeSchema = z.union([z.literal(30), z.literal(43), z.literal(50), z.literal(76)]).nullable();

export const BillingSummaryResponseSchema = z.object({
  amountDueCents: Cents,
  pastDueCents: Cents,
  pendingPaymentCents: Cents,
  isDelinquent: z.boolean(),
  daysPastDue: z.number().int(),
  delinquencyCode: DelinquencyCodeSchema,
  /** Mobile-style and core states of product-decisions.md (current, past_due, …, disconnected). */
  delinquencyState: z.enum([
    'current',
    'past_due',
    'interruption_warning',
    'suspension_warning',
    'soft_disconnect',
    'disconnected',
  ]),
  latestStatement: z
    .object({ id: z.string(), statementDate: IsoDate, dueDate: IsoDate, totalDueCents: Cents })
    .nullable(),
  autoPay: z.object({
    enrolled: z.boolean(),
    methodLabel: z.string().nullable(),
    debitDay: z.number().int().nullable(),
  }),
  paperless: z.boolean(),
  /** The account has mobile lines: the billing home links to mobile billing (issue 7). */
  hasMobile: z.boolean(),
  /**
   * The scheduled payments (issue 14: shown where the amount due is shown): how many, the date and amount of the
   * next one (null and 0 when there is none), and their total.
   */
  scheduledPayments: z.object({
    count: z.number().int(),
    nextDate: z.nullable(IsoDate),
    nextAmountCents: Cents,
    totalCents: Cents,
  }),
});
export type BillingSummaryResponse = z.infer<typeof BillingSummaryResponseSchema>;

/** spec §7.1: used only when the past-due amount exceeds pending payments and the softDisconnect flag is on. */
export const DelinquencyScheduleResponseSchema = z.object({ softDisconnectDate: z.nullable(IsoDate) });

/** Keyset pagination: opaque cursors both ways, newest first. `limit` 1-100 (default 12 for statements, 25 else). */
export const PageQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  from: z.optional(IsoDate),
  to: z.optional(IsoDate),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable(), previousCursor: z.string().nullable() });
}

export const StatementSummarySchema = z.object({
  id: z.string(),
  statementDate: IsoDate,
  dueDate: IsoDate,
  periodStart: IsoDate,
  periodEnd: IsoDate,
  totalDueCents: Cents,
  newChargesCents: Cents,
});
export const StatementsPageSchema = pageOf(StatementSummarySchema);

/** Why a line differs from last month's statement (product-decisions.md: "why did my bill change?"). */
export const LineChangeReasonSchema = z.object({
  type: z.enum([
    'promotion_ended',
    'plan_change',
    'new_service',
    'one_time_charge',
    'tax_change',
    // issue 20 item 8: the line is an outage credit; the description is the outage's reference
    'outage_credit',
    'proration',
    'removed',
    'new_line',
  ]),
  occurredOn: z.nullable(IsoDate),
  description: z.string(),
});

export const StatementLineSchema = z.object({
  id: z.string(),
  kind: z.enum(LINE_KINDS),
  description: z.string(),
  amountCents: Cents,
  periodStart: z.nullable(IsoDate),
  periodEnd: z.nullable(IsoDate),
  /** Null on the first statement; otherwise last month's amount for the same charge and what explains a change. */
  change: z
    .object({
      previousAmountCents: z.nullable(Cents),
      differenceCents: Cents,
      reason: z.nullable(LineChangeReasonSchema),
    })
    .nullable(),
});

export const StatementDetailSchema = StatementSummarySchema.extend({
  accountNumber: z.string(),
  /**
   * The account's 6-digit statement security code (issue 17, wider-portal.md §1), printed on every statement so that
   * whoever holds the bill can create the account's online sign-in; null for an account that has none.
   */
  statementCode: z
    .string()
    .regex(/^\d{6}$/)
    .nullable(),
  companyName: z.string(),
  billToAddress: z.object({ addressLine1: z.string(), city: z.string(), state: z.string(), zip: z.string() }),
  previousBalanceCents: Cents,
  paymentsReceivedCents: Cents,
  adjustmentsCents: Cents,
  sections: z.array(
    z.object({
      category: z.enum(BILLING_CATEGORIES),
      totalCents: Cents,
      previousTotalCents: z.nullable(Cents),
      lines: z.array(StatementLineSchema),
      /** Lines that were on last month's statement and are gone now. */
      removedLines: z.array(
        z.object({ description: z.string(), previousAmountCents: Cents, reason: LineChangeReasonSchema }),
      ),
    }),
  ),
  comparison: z
    .object({ previousStatementId: z.string(), previousNewChargesCents: Cents, differenceCents: Cents })
    .nullable(),
});
export type StatementDetail = z.infer<typeof StatementDetailSchema>;

export const ActivityItemSchema = z.object({
  id: z.string(),
  type: z.enum(['statement', 'payment', 'credit', 'adjustment', 'charge']),
  date: IsoDate,
  description: z.string(),
  /** Statements and charges are positive; payments and credits negative (they reduce the balance). */
  amountCents: Cents,
  /** The statement or payment it belongs to, for links. */
  referenceId: z.string().nullable(),
});
export const ActivityPageSchema = pageOf(ActivityItemSchema);

/** spec §3 payment history row: Payment Date, Status, Amount (+ method and channel). */
export const PaymentHistoryItemSchema = z.object({
  id: z.string(),
  paymentDate: IsoDate,
  status: z.enum(['scheduled', 'processing', 'pending', 'successful', 'failed', 'returned', 'cancelled']),
  amountCents: Cents,
  methodLabel: z.string(),
  channel: z.enum(['online', 'phone', 'in-store', 'autoPay', 'agent-assisted', 'chat-assisted']),
  confirmationNumber: z.string(),
});
export const PaymentHistoryPageSchema = pageOf(PaymentHistoryItemSchema);

/** spec §3 charges row: Date, Description, Date Posted, Amount. */
export const ChargeItemSchema = z.object({
  id: z.string(),
  date: IsoDate,
  description: z.string(),
  datePosted: IsoDate,
  amountCents: Cents,
  kind: z.enum(['one_time', 'adjustment']),
});
export const ChargesPageSchema = pageOf(ChargeItemSchema);

export const ExportQuerySchema = z.strictObject({
  from: z.optional(IsoDate),
  to: z.optional(IsoDate),
  lang: z.enum(['en', 'es']).optional(),
});
export const DocumentQuerySchema = z.strictObject({ lang: z.enum(['en', 'es']).optional() });
