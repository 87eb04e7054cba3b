/** Query keys of the payments feature. */
export const paymentKeys = {
  all: ['payments'] as const,
  options: () => [...paymentKeys.all, 'options'] as const,
  /** The Auto Pay status as the one-time payment reads it (combined flows: offer Auto Pay and paperless). */
  autoPay: () => [...paymentKeys.all, 'autopay'] as const,
  /** The mobile payment options (issue 7): the mobile balance, its bounds, the wallet and the devices. */
  mobileOptions: () => [...paymentKeys.all, 'mobile-options'] as const,
};
