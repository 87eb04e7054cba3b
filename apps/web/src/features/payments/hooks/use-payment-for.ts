import { useIntl } from 'react-intl';
import { type MobileAmountState, paymentForId } from '../utils/mobile-payment';

/** A mobile payment's "Payment for": the mobile balance, or the device paid off or paid toward (issue 7). */
export function usePaymentFor() {
  const intl = useIntl();
  return (amount: Pick<MobileAmountState, 'target' | 'device'>) =>
    intl.formatMessage({ id: paymentForId(amount.target) }, { model: amount.device?.model ?? '' });
}
