import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAYMENT_OPTIONS_PATH, type PaymentOptions, PaymentOptionsSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { paymentKeys } from './payment-keys';

export function getPaymentOptions(signal?: AbortSignal): Promise<PaymentOptions> {
  return apiRequest(PAYMENT_OPTIONS_PATH, { schema: PaymentOptionsSchema, signal });
}

export function paymentOptionsQueryOptions() {
  return queryOptions({ queryKey: paymentKeys.options(), queryFn: ({ signal }) => getPaymentOptions(signal) });
}

/** Amounts, bounds, the date window, the wallet and the scheduled payments: what both payment panels need. */
export function usePaymentOptions() {
  return useQuery(paymentOptionsQueryOptions());
}
