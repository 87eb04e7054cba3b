import {
  ACCOUNT_STATUSES,
  BILLING_CATEGORIES,
  DEVICE_TYPES,
  ENTERPRISE_ROLES,
  FOOTPRINTS,
  LINE_KINDS,
  LINK_PURPOSES,
  NOTIFICATION_EVENTS,
  PORTAL_ROLES,
  SERVICE_KEYS,
  USER_TYPES,
} from '@vireo/shared';
import { pgEnum } from 'drizzle-orm/pg-core';

export const footprintEnum = pgEnum('footprint', FOOTPRINTS);
export const portalRoleEnum = pgEnum('portal_role', PORTAL_ROLES);
export const enterpriseRoleEnum = pgEnum('enterprise_role', ENTERPRISE_ROLES);
export const userTypeEnum = pgEnum('user_type', USER_TYPES);
export const userStatusEnum = pgEnum('user_status', ['active', 'invited', 'locked', 'disabled']);
export const accountStatusEnum = pgEnum('account_status', ACCOUNT_STATUSES);
export const billerTypeEnum = pgEnum('biller_type', ['ICOMS', 'CSG']);
// product-decisions.md: account restrictions
export const paymentRestrictionEnum = pgEnum('payment_restriction', ['none', 'card', 'bank', 'both']);
export const addressKindEnum = pgEnum('address_kind', ['service', 'bill_to']);
// spec §3: service keys and statuses of account services
export const serviceKeyEnum = pgEnum('service_key', SERVICE_KEYS);
export const serviceStatusEnum = pgEnum('service_status', ['Assigned', 'Unassigned', 'Active', 'Undefined']);
export const billingCategoryEnum = pgEnum('billing_category', BILLING_CATEGORIES);
export const lineKindEnum = pgEnum('line_kind', LINE_KINDS);
export const recurringKindEnum = pgEnum('recurring_kind', ['monthly_service', 'equipment', 'promotion', 'fee']);
export const accountEventTypeEnum = pgEnum('account_event_type', [
  'promotion_ended',
  'plan_change',
  'new_service',
  'one_time_charge',
  'tax_change',
  // issue 20 item 8: an outage credit requested (its charge is the credit line; the event names the outage)
  'outage_credit',
]);
export const paymentMethodTypeEnum = pgEnum('payment_method_type', ['card', 'bank']);
export const cardBrandEnum = pgEnum('card_brand', ['visa', 'mc', 'discover', 'amex']);
export const cardFundingEnum = pgEnum('card_funding', ['credit', 'debit', 'prepaid']);
export const bankAccountTypeEnum = pgEnum('bank_account_type', ['checking', 'savings']);
// spec §4: payment pending, successful, scheduled; plus the failures and cancellations a real processor has
export const paymentStatusEnum = pgEnum('payment_status', [
  'scheduled',
  'processing',
  'pending',
  'successful',
  'failed',
  'returned',
  'cancelled',
]);
// spec §3: payment channels
export const paymentChannelEnum = pgEnum('payment_channel', [
  'online',
  'phone',
  'in-store',
  'autoPay',
  'agent-assisted',
  'chat-assisted',
]);
export const autopayScopeEnum = pgEnum('autopay_scope', ['core', 'mobile']);
export const autopayStatusEnum = pgEnum('autopay_status', ['enrolled', 'cancelled']);
// spec §4: mobile delinquency
export const mobileLineStatusEnum = pgEnum('mobile_line_status', [
  'active',
  'past_due',
  'hotlined',
  'temporarily_disconnected',
  'disconnected',
]);
export const subscriptionStatusEnum = pgEnum('subscription_status', ['active', 'cancelled']);
/** What a payment pays (ADR 011): the account's balance, its mobile part first, or a device's instalment plan. */
export const paymentTargetEnum = pgEnum('payment_target', ['account', 'mobile', 'device']);
export const mobileOrderStatusEnum = pgEnum('mobile_order_status', [
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'returned',
]);
/** issue 17: what an e-mailed link does (wider-portal.md §1: verification 24 h, reset 30 min, invitation 72 h). */
export const linkPurposeEnum = pgEnum('link_purpose', LINK_PURPOSES);
export const jobStatusEnum = pgEnum('job_status', ['queued', 'running', 'done', 'failed']);
export const idempotencyStatusEnum = pgEnum('idempotency_status', ['in_progress', 'completed']);

/** issue 18 item 4: the events of the notifications matrix (wider-portal.md §3). */
export const notificationEventEnum = pgEnum('notification_event', NOTIFICATION_EVENTS);
// wider-portal.md §5: equipment at the customer's premises (spec §5 nickname rule by type)
export const deviceTypeEnum = pgEnum('device_type', DEVICE_TYPES);
