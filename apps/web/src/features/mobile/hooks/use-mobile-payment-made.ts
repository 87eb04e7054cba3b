import { useQueryClient } from '@tanstack/react-query';

/**
 * What a mobile payment touches: the mobile balance, devices, transactions and orders (this feature's queries), the
 * payment options, and the account's balance on the billing screens; their query keys start with their feature's name.
 */
const REFRESHED_FEATURES: readonly unknown[] = ['mobile', 'payments', 'billing'];

export function useMobilePaymentMade() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ predicate: (query) => REFRESHED_FEATURES.includes(query.queryKey[0]) });
  };
}
