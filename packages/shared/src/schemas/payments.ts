import { z } from 'zod';

/**
 * Payments (issue 5): the card vault (`pci-edge`), one-time and scheduled payments. Money is integer cents; dates are
 * ISO calendar dates in the account's time zone. Every request that moves money or changes an instrument carries an
 * `Idempotency-Key` header (architecture.md, money-moving requests).
 */

/** spec §7.1 card capture: the only API that accepts a card number, security code or full bank account number. */
export const PCI_TOKENIZE_PATH = '/api/pub/pciedge/pci/v1/payments';
/** Security-code check of a saved card (spec §2.4: "select method, with CVV check"). */
export const PCI_VERIFY_PATH = '/api/pub/pciedge/pci/v1/payments/verify';
/** Online bank login (the 5-step variant): signs in at the simulated bank and tokenizes the account it returns. */
export const PCI_ONLINE_BANKING_PATH = '/api/pub/pciedge/pci/v1/online-banking';

/** What the payment screens need: amounts, bounds, the date window, the wallet and the scheduled payments. */
export const PAYMENT_OPTIONS_PATH = '/api/pub/billing/v1/payment-options';
/** POST: make a one-time payment, today or on a future date. GET (issue 4): the payment history. */
export const PAYMENTS_PATH = '/api/pub/billing/v1/payments';
/** GET: one payment's receipt. */
export const PAYMENT_PATH = '/api/pub/billing/v1/payments/:paymentId';
/** PUT: edit a scheduled payment (amount, date, method); DELETE: cancel it. Until the cut-off of the day before. */
export const SCHEDULED_PAYMENT_PATH = '/api/pub/billing/v1/scheduled-payments/:paymentId';

export const IDEMPOTENCY_HEADER = 'idempotency-key';

const IsoDate = z.iso.date();
const Cents = z.number().int();

/** Fields only the card vault may receive; every other API refuses a body that names one (architecture.md). */
export const CARD_DATA_FIELDS = ['cardNumber', 'securityCode', 'accountNumber', 'cvv', 'pan'] as const;

export const CardBrandSchema = z.enum(['visa', 'mc', 'amex', 'discover']);
export const CardFundingSchema = z.enum(['credit', 'debit', 'prepaid']);
export const BankAccountTypeSchema = z.enum(['checking', 'savings']);

/** An opaque vault token and the display data that may leave the vault. */
export const VaultTokenSchema = z.object({
  token: z.string(),
  type: z.enum(['card', 'bank']),
  lastFour: z.string(),
  brand: z.nullable(CardBrandSchema),
  funding: z.nullable(CardFundingSchema),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  zip: z.string().nullable(),
  nameOnCard: z.string().nullable(),
  bankAccountType: z.nullable(BankAccountTypeSchema),
  routingNumber: z.string().nullable(),
});
export type VaultToken = z.infer<typeof VaultTokenSchema>;

export const VerifySecurityCodeRequestSchema = z.strictObject({
  paymentMethodId: z.uuid(),
  securityCode: z.string().max(4),
});
/** A failed check answers SECURITY_CODE_MISMATCH ("Unable to Complete Request"). */
export const VerifySecurityCodeResponseSchema = z.object({ verified: z.literal(true) });

/** A saved payment method as the payment screens show it (product-decisions.md, wallet). */
export const SavedPaymentMethodSchema = z.object({
  id: z.uuid(),
  type: z.enum(['card', 'bank']),
  label: z.string(),
  lastFour: z.string(),
  brand: z.nullable(CardBrandSchema),
  funding: z.nullable(CardFundingSchema),
  expMonth: z.number().int().nullable(),
  expYear: z.number().int().nullable(),
  bankAccountType: z.nullable(BankAccountTypeSchema),
  isDefault: z.boolean(),
  expired: z.boolean(),
  expiringSoon: z.boolean(),
  /** False when the account's restriction refuses this kind of method. */
  allowed: z.boolean(),
});
export type SavedPaymentMethod = z.infer<typeof SavedPaymentMethodSchema>;

export const ScheduledPaymentSchema = z.object({
  id: z.uuid(),
  amountCents: Cents,
  paymentDate: IsoDate,
  methodLabel: z.string(),
  paymentMethodId: z.uuid().nullable(),
  confirmationNumber: z.string(),
  /** False from the cut-off of the day before the payment runs. */
  editable: z.boolean(),
});
export type ScheduledPayment = z.infer<typeof ScheduledPaymentSchema>;

export const PaymentOptionsSchema = z.object({
  amountDueCents: Cents,
  pastDueCents: Cents,
  minCents: Cents,
  maxCents: Cents,
  /** product-decisions.md: account restrictions. */
  restriction: z.enum(['none', 'card', 'bank', 'both']),
  /** Why the date is forced to today (spec §5), or null when the user may choose. */
  todayOnlyReason: z.enum(['past_due', 'inactive']).nullable(),
  today: IsoDate,
  lastFuturePaymentDate: IsoDate,
  /** Past the cut-off, tomorrow cannot be chosen (spec §5). */
  tomorrowBlocked: z.boolean(),
  methods: z.array(SavedPaymentMethodSchema),
  scheduled: z.array(ScheduledPaymentSchema),
  maxScheduled: z.number().int(),
  /** The contact e-mail the receipt goes to. */
  receiptEmail: z.string().nullable(),
});
export type PaymentOptions = z.infer<typeof PaymentOptionsSchema>;

/** A vault token as `newVaultToken` makes it (`tok_` and base64url): nothing else, so no free text hides in one. */
export const VaultTokenTextSchema = z
  .string()
  .max(100)
  .regex(/^tok_[A-Za-z0-9_-]{1,96}$/);

/** How the payment is paid: a saved method, or a fresh vault token (saved for the future unless prepaid). */
export const PaymentMethodChoiceSchema = z.union([
  z.strictObject({ paymentMethodId: z.uuid() }),
  z.strictObject({ token: VaultTokenTextSchema, save: z.boolean() }),
]);

export const MakePaymentRequestSchema = z.strictObject({
  amountCents: z.number().int().positive(),
  paymentDate: IsoDate,
  method: PaymentMethodChoiceSchema,
});
export type MakePaymentRequest = z.infer<typeof MakePaymentRequestSchema>;

export const EditScheduledPaymentRequestSchema = z.strictObject({
  amountCents: z.number().int().positive(),
  paymentDate: IsoDate,
  paymentMethodId: z.uuid(),
});

export const PaymentReceiptSchema = z.object({
  id: z.uuid(),
  confirmationNumber: z.string(),
  amountCents: Cents,
  methodLabel: z.string(),
  /** The saved method paid with (or saved by this payment); null for a method paid once and not saved. */
  paymentMethodId: z.uuid().nullable(),
  paymentDate: IsoDate,
  status: z.enum(['scheduled', 'processing', 'pending', 'successful', 'failed', 'returned', 'cancelled']),
  channel: z.enum(['online', 'phone', 'in-store', 'autoPay', 'agent-assisted', 'chat-assisted']),
  entryDate: z.iso.datetime({ offset: true }),
  /** The address the receipt was e-mailed to, if any. */
  emailedTo: z.string().nullable(),
});
export type PaymentReceipt = z.infer<typeof PaymentReceiptSchema>;

/**
 * spec §4 combined flows: the payment and saving the method succeed or fail independently. A failed payment names
 * its error code (PAYMENT_DECLINED, SECURITY_CODE_MISMATCH, CARD_EXPIRED, BILL_PAY_UNAVAILABLE); a method that could
 * not be saved names why (PREPAID_NOT_SAVED, PAYMENT_METHOD_DUPLICATE, WALLET_FULL, PAYMENT_METHOD_NOT_SAVED).
 */
export const MakePaymentResponseSchema = z.object({
  outcome: z.enum(['success', 'partial', 'failure']),
  payment: z.nullable(PaymentReceiptSchema),
  paymentError: z.string().nullable(),
  /** Null when saving was not asked for. */
  methodSaved: z.boolean().nullable(),
  saveError: z.string().nullable(),
});
export type MakePaymentResponse = z.infer<typeof MakePaymentResponseSchema>;
