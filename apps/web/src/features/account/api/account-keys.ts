/** Query keys of the account feature. */
export const accountKeys = {
  all: ['account'] as const,
  info: () => [...accountKeys.all, 'info'] as const,
  services: () => [...accountKeys.all, 'services'] as const,
};
