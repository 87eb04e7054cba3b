import { queryRoots } from '../../../entities/query-keys';
import type { MobileTransactionType } from '../utils/mobile-transactions';

/** Query keys of the mobile feature: mobile billing and the streaming subscriptions (issue 7). */
export const mobileKeys = {
  all: queryRoots.mobile,
  billing: () => [...mobileKeys.all, 'billing'] as const,
  devices: () => [...mobileKeys.all, 'devices'] as const,
  transactions: (type: MobileTransactionType, cursor: string | undefined) =>
    [...mobileKeys.all, 'transactions', { type, cursor }] as const,
  orders: () => [...mobileKeys.all, 'orders'] as const,
  order: (orderId: string) => [...mobileKeys.all, 'order', orderId] as const,
  subscriptions: () => [...mobileKeys.all, 'subscriptions'] as const,
};
