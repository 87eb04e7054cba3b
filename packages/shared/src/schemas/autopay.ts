import { z } from 'zod';
import { AUTO_PAY_SCOPES } from '../constants';
import { SavedPaymentMethodSchema, VaultTokenTextSchema } from './payments';

/**
 * Auto Pay, paperless billing and the wallet (issue 6). Auto Pay enrolment, method and date changes, cancellation
 * and wallet changes carry an `Idempotency-Key` (architecture.md: they change how money moves). Every route needs
 * `billing.pay` (STANDARD users get 403) and answers BILLING_SUPPRESSED for enterprise accounts.
 */
export const AUTOPAY_PATH = '/api/pub/billing/v1/autopay';
/** PUT: a new method for the given services (cancel + re-enrol, spec §4; mass-manage applies one method to all). */
export const AUTOPAY_METHOD_PATH = '/api/pub/billing/v1/autopay/method';
/** PUT: a new debit day for the given services. */
export const AUTOPAY_DATE_PATH = '/api/pub/billing/v1/autopay/date';
/** PUT { enrolled }: paperless billing on or off. */
export const PAPERLESS_PATH = '/api/pub/billing/v1/paperless';
/** GET: the wallet; POST { token }: save a vault token. */
export const PAYMENT_METHODS_PATH = '/api/pub/billing/v1/payment-methods';
/** PATCH: edit a card (name, expiry, ZIP); DELETE: remove a method (not the current Auto Pay method). */
export const PAYMENT_METHOD_PATH = '/api/pub/billing/v1/payment-methods/:paymentMethodId';

const IsoDate = z.iso.date();
const Cents = z.number().int();
export const AutoPayScopeSchema = z.enum(AUTO_PAY_SCOPES);
export type AutoPayScope = z.infer<typeof AutoPayScopeSchema>;
const Services = z.array(AutoPayScopeSchema).min(1).max(2);

export const AutoPayEnrollmentSchema = z.object({
  scope: AutoPayScopeSchema,
  paymentMethodId: z.uuid(),
  methodLabel: z.string(),
  debitDay: z.number().int(),
  nextDraftDate: z.nullable(IsoDate),
  /**
   * What the next draft would take today: the balance minus payments pending, in progress or scheduled on or before
   * its date (never below 0; `draftAmountCents`, issue 14).
   */
  nextDraftAmountCents: Cents,
  /**
   * A draft within 2 days runs as it is: a change or cancellation made now applies after that draft
   * (product-decisions.md). Null when changes apply at once.
   */
  changesApplyAfter: z.nullable(IsoDate),
  /** Mobile service requires Auto Pay: it can change method but not be cancelled (spec §4). */
  cancellable: z.boolean(),
});
export type AutoPayEnrollment = z.infer<typeof AutoPayEnrollmentSchema>;

export const AutoPayStatusSchema = z.object({
  enrollments: z.array(AutoPayEnrollmentSchema),
  /** The services this account has (core always; mobile when it has mobile lines). */
  services: z.array(AutoPayScopeSchema),
  /** Why the account cannot enrol (spec §4: disconnected accounts cannot), or null. */
  ineligibleReason: z.enum(['disconnected']).nullable(),
  /** The billing cycle day and today: the debit-day calendar is computed from them with the shared rules. */
  cycleDay: z.number().int(),
  today: IsoDate,
  paperless: z.boolean(),
  /** The last draft failed (a banner with a retry path, issue 6): its date and amount, or null. */
  lastFailedDraft: z.object({ paymentId: z.uuid(), paymentDate: IsoDate, amountCents: Cents }).nullable(),
  /** spec §9: $5 a month while enrolled. */
  discountCents: Cents,
  /**
   * The account's scheduled payments (issue 14): a draft on or after one's date leaves its amount to it, and the
   * enrolment flow says so (`scheduledBeforeDraft`).
   */
  scheduledPayments: z.array(
    z.object({ id: z.uuid(), paymentDate: IsoDate, amountCents: Cents, methodLabel: z.string() }),
  ),
});
export type AutoPayStatus = z.infer<typeof AutoPayStatusSchema>;

/** The 3-step enrolment: services and method, debit day, review with both terms accepted; paperless optional. */
export const EnrollAutoPayRequestSchema = z.strictObject({
  services: Services,
  paymentMethodId: z.uuid(),
  debitDay: z.number().int().min(1).max(31),
  acceptElectronicPaymentTerms: z.literal(true),
  acceptTermsOfService: z.literal(true),
  paperless: z.boolean(),
});

export const ChangeAutoPayMethodRequestSchema = z.strictObject({ services: Services, paymentMethodId: z.uuid() });
export const ChangeAutoPayDateRequestSchema = z.strictObject({
  services: Services,
  debitDay: z.number().int().min(1).max(31),
});
export const CancelAutoPayRequestSchema = z.strictObject({ services: Services });
export const PaperlessRequestSchema = z.strictObject({ enrolled: z.boolean() });

/**
 * spec §4 combined flows: each part succeeds or fails on its own. A part's result is `ok`, an error code (e.g.
 * AUTOPAY_ENROLLMENT_FAILED, PAPERLESS_ENROLLMENT_FAILED, PAYMENT_DECLINED) or `skipped` (not asked for, or not
 * reached because an earlier part failed).
 */
export const AutoPayChangeResponseSchema = z.object({
  outcome: z.enum(['success', 'partial', 'failure']),
  parts: z.array(
    z.object({
      part: z.enum(['pastDuePayment', 'cancel', 'core', 'mobile', 'paperless']),
      result: z.string(),
    }),
  ),
  status: AutoPayStatusSchema,
});
export type AutoPayChangeResponse = z.infer<typeof AutoPayChangeResponseSchema>;

/** A wallet entry: the payment screens' view plus what the wallet page shows. */
export const WalletMethodSchema = SavedPaymentMethodSchema.extend({
  nameOnCard: z.string().nullable(),
  zip: z.string().nullable(),
  /** The Auto Pay enrolments using it: it cannot be deleted while there is one (the roadblock). */
  autoPayScopes: z.array(AutoPayScopeSchema),
  /**
   * The payments still to charge it, soonest first: scheduled, or in progress at the processor. It cannot be deleted
   * while there is one either (issue 14: the roadblock lists them with their date and amount).
   */
  upcomingPayments: z.array(
    z.object({
      id: z.uuid(),
      paymentDate: IsoDate,
      amountCents: Cents,
      status: z.enum(['scheduled', 'processing']),
    }),
  ),
});
export type WalletMethod = z.infer<typeof WalletMethodSchema>;

export const WalletSchema = z.object({
  methods: z.array(WalletMethodSchema),
  maxMethods: z.number().int(),
  restriction: z.enum(['none', 'card', 'bank', 'both']),
});
export type Wallet = z.infer<typeof WalletSchema>;

export const SaveMethodRequestSchema = z.strictObject({ token: VaultTokenTextSchema });
