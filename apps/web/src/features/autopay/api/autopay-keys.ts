/** Query keys of the Auto Pay feature. */
export const autopayKeys = {
  all: ['autopay'] as const,
  status: () => [...autopayKeys.all, 'status'] as const,
  wallet: () => [...autopayKeys.all, 'wallet'] as const,
};
