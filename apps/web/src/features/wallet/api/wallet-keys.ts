/** Query keys of the wallet feature. */
export const walletKeys = {
  all: ['wallet'] as const,
  methods: () => [...walletKeys.all, 'methods'] as const,
};
