import {
  AppError,
  compareDates,
  expiryLastDay,
  type IsoDate,
  isExpiringSoon,
  paymentMethodLabel,
  type SavedPaymentMethod,
  type VaultToken,
} from '@vireo/shared';
import type { PaymentMethodRow } from './wallet.repository';

/** product-decisions.md, wallet: account restrictions (none, card restricted, bank restricted, both). */
export type Restriction = 'none' | 'card' | 'bank' | 'both';

/** product-decisions.md, wallet: a restricted kind of method cannot be used. */
export function isAllowed(type: 'card' | 'bank', restriction: Restriction): boolean {
  return restriction === 'none' || (restriction !== 'both' && restriction !== type);
}

/** The refusal of a second entry for one instrument, naming the one saved already (its label, id). */
export function duplicateMethodError(existing: PaymentMethodRow): AppError {
  return new AppError('PAYMENT_METHOD_DUPLICATE', 'the instrument is saved already', {
    details: { methodId: existing.id, method: paymentMethodLabel(existing) },
  });
}

/** A card whose last usable day is before `date`; bank accounts never expire. */
export function isExpiredOn(method: { expMonth: number | null; expYear: number | null }, date: IsoDate): boolean {
  if (method.expMonth === null || method.expYear === null) return false;
  return compareDates(expiryLastDay(method.expMonth, method.expYear), date) < 0;
}

/**
 * A saved method as the payment screens and the wallet show it (product-decisions.md, wallet): its label, expired and
 * "expiring soon" (this month or next) on `today` in the account's time zone, and whether the restriction allows it.
 */
export function describeMethod(method: PaymentMethodRow, restriction: Restriction, today: IsoDate): SavedPaymentMethod {
  const expired = isExpiredOn(method, today);
  return {
    id: method.id,
    type: method.type,
    label: paymentMethodLabel(method),
    lastFour: method.lastFour,
    brand: method.cardBrand,
    funding: method.cardFunding,
    expMonth: method.expMonth,
    expYear: method.expYear,
    bankAccountType: method.bankAccountType,
    isDefault: method.isDefault,
    expired,
    expiringSoon:
      method.expMonth !== null && method.expYear !== null && !expired
        ? isExpiringSoon(method.expMonth, method.expYear, today)
        : false,
    allowed: isAllowed(method.type, restriction),
  };
}

/** A saved method's columns from the vault's display data (the only data about an instrument that leaves the vault). */
export function methodValuesOf(described: VaultToken, now: Date) {
  return {
    type: described.type,
    lastFour: described.lastFour,
    cardBrand: described.brand,
    cardFunding: described.funding,
    expMonth: described.expMonth,
    expYear: described.expYear,
    nameOnCard: described.nameOnCard,
    zip: described.zip,
    bankAccountType: described.bankAccountType,
    routingNumber: described.routingNumber,
    createdAt: now,
  };
}
