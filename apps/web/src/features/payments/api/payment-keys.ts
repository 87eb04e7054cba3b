/** Query keys of the payments feature. */
export const paymentKeys = {
  all: ['payments'] as const,
  options: () => [...paymentKeys.all, 'options'] as const,
  /** The Auto Pay status as the one-time payment reads it (combined flows: offer Auto Pay and paperless). */
  autoPay: () => [...paymentKeys.all, 'autopay'] as const,
};
