import { useQueryClient } from '@tanstack/react-query';
import { refreshAfter } from '../../../entities/query-keys';

/**
 * What a mobile payment touches: the mobile balance, devices, transactions and orders (this feature's queries), the
 * payment options, and the account's balance on the billing screens.
 */
export function useMobilePaymentMade() {
  const queryClient = useQueryClient();
  return () => refreshAfter(queryClient, 'mobilePayment');
}
