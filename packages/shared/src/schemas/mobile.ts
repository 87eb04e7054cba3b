import { z } from 'zod';
import { AUTO_PAY_SCOPES, MOBILE_TRANSACTION_TYPES } from '../constants';
import { MOBILE_LINE_STATES } from '../rules/billing';
import { PageQuerySchema, pageOf } from './billing';
import { PaymentMethodChoiceSchema, SavedPaymentMethodSchema } from './payments';

/**
 * Mobile billing and streaming subscriptions (issue 7, ADR 011). Reading needs `billing.view`, paying `billing.pay`;
 * another business's ids answer 404. An account without mobile lines is a state, not a failure (issue 14): the mobile
 * billing home answers `hasMobileService: false`, the other mobile paths 404 NO_MOBILE_SERVICE. When the provider's
 * mobile billing system does not answer, the mobile paths answer 503 MOBILE_BILLING_UNAVAILABLE.
 */
export const MOBILE_BILLING_PATH = '/api/pub/mobile/v1/billing';
export const MOBILE_DEVICES_PATH = '/api/pub/mobile/v1/devices';
export const MOBILE_PAYMENT_OPTIONS_PATH = '/api/pub/mobile/v1/payment-options';
/** POST, with an Idempotency-Key: pay the mobile balance, or a device (payoff or extra payment), today. */
export const MOBILE_PAYMENTS_PATH = '/api/pub/mobile/v1/payments';
export const MOBILE_TRANSACTIONS_PATH = '/api/pub/mobile/v1/transactions';
export const MOBILE_ORDERS_PATH = '/api/pub/mobile/v1/orders';
export const MOBILE_ORDER_PATH = '/api/pub/mobile/v1/orders/:orderId';
/** Streaming subscriptions billed through the account (transaction billing); not mobile-only. */
export const SUBSCRIPTIONS_PATH = '/api/pub/billing/v1/subscriptions';
/** POST: cancel a subscription; it is not charged on any later statement. */
export const SUBSCRIPTION_CANCEL_PATH = '/api/pub/billing/v1/subscriptions/:subscriptionId/cancel';

const IsoDate = z.iso.date();
const Cents = z.number().int();

export const MobileLineStateSchema = z.enum(MOBILE_LINE_STATES);

export const MobileLineSchema = z.object({
  id: z.uuid(),
  phoneNumber: z.string(),
  label: z.string(),
  planName: z.string(),
  status: MobileLineStateSchema,
});

/** A device's instalment plan (the devices card). */
export const MobileDeviceSchema = z.object({
  id: z.uuid(),
  lineId: z.uuid(),
  lineLabel: z.string(),
  phoneNumber: z.string(),
  model: z.string(),
  financedCents: Cents,
  monthlyInstalmentCents: Cents,
  /** What the next statement bills for it: 0 once paid off. */
  nextInstalmentCents: Cents,
  remainingCents: Cents,
  /** Paying this ends the plan. */
  payoffCents: Cents,
  instalmentsPaid: z.number().int(),
  instalmentsTotal: z.number().int(),
  paymentsLeft: z.number().int(),
});
export type MobileDevice = z.infer<typeof MobileDeviceSchema>;
export const MobileDevicesSchema = z.object({ devices: z.array(MobileDeviceSchema) });

/** The mobile billing home of an account with mobile lines. */
export const MobileServiceBillingSchema = z.object({
  hasMobileService: z.literal(true),
  /** The part of the account's balance the mobile charges make up (ADR 011). */
  balanceCents: Cents,
  pastDueCents: Cents,
  /** Due date of the latest statement; null before the first one. */
  dueDate: z.nullable(IsoDate),
  daysPastDue: z.number().int(),
  /** The lines' delinquency state (spec §4); `active` when nothing is past due. */
  state: MobileLineStateSchema,
  /** Hotlined or temporarily disconnected: a payment restores service in 1-2 hours (spec §9). */
  nonPayInterruption: z.boolean(),
  /** When a payment already cleared what was past due: the time service is back by. */
  restoreBy: z.iso.datetime({ offset: true }).nullable(),
  lines: z.array(MobileLineSchema),
  /** The mobile part of the next statement before taxes: line plans plus next instalments. */
  nextBillEstimateCents: Cents,
  /**
   * Whether the lines are on Auto Pay, by the one rule of `mobileAutoPayOf` (issue 14, ADR 011): their own enrolment
   * (`scope: 'mobile'`), or the core enrolment on a card, whose draft pays the Mobile section too (`scope: 'core'`).
   */
  autoPay: z.object({
    enrolled: z.boolean(),
    scope: z.enum(AUTO_PAY_SCOPES).nullable(),
    methodLabel: z.string().nullable(),
    debitDay: z.number().int().nullable(),
  }),
});
export type MobileServiceBilling = z.infer<typeof MobileServiceBillingSchema>;

/** An account without mobile lines: no mobile service yet (issue 14), which the screens answer with an offer. */
export const NoMobileServiceSchema = z.object({ hasMobileService: z.literal(false) });

export const MobileBillingSchema = z.discriminatedUnion('hasMobileService', [
  MobileServiceBillingSchema,
  NoMobileServiceSchema,
]);
export type MobileBilling = z.infer<typeof MobileBillingSchema>;

export const MobilePaymentOptionsSchema = z.object({
  balanceCents: Cents,
  /** spec §5 dynamic maximum: at least $1.00 (or the balance under a dollar), at most the mobile balance. */
  minCents: Cents,
  maxCents: Cents,
  restriction: z.enum(['none', 'card', 'bank', 'both']),
  today: IsoDate,
  methods: z.array(SavedPaymentMethodSchema),
  devices: z.array(MobileDeviceSchema),
  receiptEmail: z.string().nullable(),
});
export type MobilePaymentOptions = z.infer<typeof MobilePaymentOptionsSchema>;

/** What a mobile payment pays: the mobile balance, or a device (its payoff, or an extra payment toward it). */
export const MobilePaymentTargetSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('balance') }),
  z.strictObject({ kind: z.literal('devicePayoff'), deviceId: z.uuid() }),
  z.strictObject({ kind: z.literal('deviceExtra'), deviceId: z.uuid() }),
]);
export type MobilePaymentTarget = z.infer<typeof MobilePaymentTargetSchema>;

/** Mobile payments are made today; the answer is MakePaymentResponseSchema. */
export const MakeMobilePaymentRequestSchema = z.strictObject({
  target: MobilePaymentTargetSchema,
  amountCents: z.number().int().positive(),
  method: PaymentMethodChoiceSchema,
});
export type MakeMobilePaymentRequest = z.infer<typeof MakeMobilePaymentRequestSchema>;

export const MobileTransactionTypeSchema = z.enum(MOBILE_TRANSACTION_TYPES);
export const MobileTransactionsQuerySchema = PageQuerySchema.extend({ type: z.optional(MobileTransactionTypeSchema) });

export const MobileTransactionSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['payment', 'refund']),
  date: IsoDate,
  /** Positive: a payment paid it, a refund gave it back. */
  amountCents: Cents,
  /** What it paid or gave back: the mobile balance, a device, or an order (a refund). */
  purpose: z.enum(['balance', 'device', 'refund']),
  /** The device's model, or what the refund returned; empty for the mobile balance. */
  description: z.string(),
  methodLabel: z.string(),
  status: z.enum(['pending', 'successful', 'failed', 'returned', 'processing']),
  reference: z.string(),
});
export type MobileTransaction = z.infer<typeof MobileTransactionSchema>;
export const MobileTransactionsPageSchema = pageOf(MobileTransactionSchema);

export const MobileOrderStatusSchema = z.enum(['processing', 'shipped', 'delivered', 'cancelled', 'returned']);
export const MobileOrderSummarySchema = z.object({
  id: z.uuid(),
  orderNumber: z.string(),
  placedOn: IsoDate,
  status: MobileOrderStatusSchema,
  totalCents: Cents,
  itemCount: z.number().int(),
});
export const MobileOrdersSchema = z.object({ orders: z.array(MobileOrderSummarySchema) });
export const MobileOrderSchema = MobileOrderSummarySchema.extend({
  items: z.array(
    z.object({
      description: z.string(),
      quantity: z.number().int(),
      unitPriceCents: Cents,
      totalCents: Cents,
      /** An instalment plan financed this item instead of the order total. */
      financed: z.boolean(),
    }),
  ),
  subtotalCents: Cents,
  taxCents: Cents,
  shippingCents: Cents,
  shipTo: z.string(),
});
export type MobileOrder = z.infer<typeof MobileOrderSchema>;

export const SubscriptionSchema = z.object({
  id: z.uuid(),
  provider: z.string(),
  planName: z.string(),
  priceCents: Cents,
  status: z.enum(['active', 'cancelled']),
  startedOn: IsoDate,
  /** The statement that next bills it; null once cancelled. */
  nextChargeOn: z.nullable(IsoDate),
  cancelledOn: z.nullable(IsoDate),
  /** Its charges on past statements, newest first (streaming transactions). */
  charges: z.array(z.object({ statementId: z.uuid(), statementDate: IsoDate, amountCents: Cents })),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;
export const SubscriptionsSchema = z.object({ subscriptions: z.array(SubscriptionSchema) });
