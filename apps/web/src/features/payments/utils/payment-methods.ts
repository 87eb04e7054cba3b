import {
  addDays,
  compareDates,
  expiryLastDay,
  type IsoDate,
  type MakePaymentRequest,
  type PaymentOptions,
  type SavedPaymentMethod,
  type VaultToken,
} from '@vireo/shared';

/** product-decisions.md, wallet: expired cards and kinds the account's restriction refuses cannot be chosen. */
export function isSelectable(method: SavedPaymentMethod): boolean {
  return method.allowed && !method.expired;
}

/**
 * What choosing a method needs from a payment's options: the one-time payment options and the mobile payment options
 * (issue 7) both have it.
 */
export type MethodOptions = Pick<PaymentOptions, 'methods' | 'restriction' | 'today'>;

/** Quick pay: the default method when it can be used, else the first that can. */
export function quickPayMethod(options: Pick<MethodOptions, 'methods'>): SavedPaymentMethod | null {
  const usable = options.methods.filter(isSelectable);
  return usable.find((method) => method.isDefault) ?? usable[0] ?? null;
}

export function canAddCard(options: Pick<MethodOptions, 'restriction'>): boolean {
  return options.restriction === 'none' || options.restriction === 'bank';
}

export function canAddBank(options: Pick<MethodOptions, 'restriction'>): boolean {
  return options.restriction === 'none' || options.restriction === 'card';
}

/** The last day a card can pay (spec §5: not before the payment date); null for a bank account. */
export function cardLastDay(method: { expMonth: number | null; expYear: number | null }): IsoDate | null {
  if (method.expMonth === null || method.expYear === null) return null;
  return expiryLastDay(method.expMonth, method.expYear);
}

export function expiresBefore(method: { expMonth: number | null; expYear: number | null }, date: IsoDate): boolean {
  const lastDay = cardLastDay(method);
  return lastDay !== null && compareDates(lastDay, date) < 0;
}

/** What the payment is made with: a saved method, or a vault token from this flow. */
export type ChosenMethod =
  | { kind: 'saved'; method: SavedPaymentMethod }
  | { kind: 'new'; token: VaultToken; save: boolean; via: 'card' | 'bank' | 'online' };

/** How a request names the method (`PaymentMethodChoiceSchema`): a saved method's id, or the vault token. */
export function methodChoice(chosen: ChosenMethod): MakePaymentRequest['method'] {
  return chosen.kind === 'saved'
    ? { paymentMethodId: chosen.method.id }
    : { token: chosen.token.token, save: chosen.save };
}

export function chosenExpiry(chosen: ChosenMethod): { expMonth: number | null; expYear: number | null } {
  return chosen.kind === 'saved' ? chosen.method : chosen.token;
}

/** The first date a future-dated payment may take: tomorrow, or the day after past the cut-off (spec §5). */
export function firstFutureDate(options: PaymentOptions): IsoDate {
  return addDays(options.today, options.tomorrowBlocked ? 2 : 1);
}
