import { queryOptions, useQuery } from '@tanstack/react-query';
import { MOBILE_PAYMENT_OPTIONS_PATH, type MobilePaymentOptions, MobilePaymentOptionsSchema } from '@vireo/shared';
import { apiRequest } from '../../../lib/api-client';
import { paymentKeys } from './payment-keys';

export function getMobilePaymentOptions(signal?: AbortSignal): Promise<MobilePaymentOptions> {
  return apiRequest(MOBILE_PAYMENT_OPTIONS_PATH, { schema: MobilePaymentOptionsSchema, signal });
}

/** The mobile balance and its bounds (spec §5 dynamic maximum), the wallet and the devices: the mobile payment's. */
export function useMobilePaymentOptions() {
  return useQuery(
    queryOptions({ queryKey: paymentKeys.mobileOptions(), queryFn: ({ signal }) => getMobilePaymentOptions(signal) }),
  );
}
