import { queryRoots } from '../../../entities/query-keys';

/** Query keys of the payments feature. */
export const paymentKeys = {
  all: queryRoots.payments,
  options: () => [...queryRoots.payments, 'options'] as const,
  /** The mobile payment options (issue 7): the mobile balance, its bounds, the wallet and the devices. */
  mobileOptions: () => [...queryRoots.payments, 'mobile-options'] as const,
};
