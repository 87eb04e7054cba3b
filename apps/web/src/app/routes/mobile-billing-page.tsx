import { useNavigate } from '@tanstack/react-router';
import { lazy } from 'react';
import { MobileBillingPage } from '../../features/mobile/components/mobile-billing-page';
import { useMobilePaymentMade } from '../../features/mobile/hooks/use-mobile-payment-made';

// Quick pay belongs to the payments feature: a chunk of its own, like the pay-bill panels.
const MobileQuickPay = lazy(() =>
  import('../../features/payments/components/mobile-quick-pay').then((module) => ({
    default: module.MobileQuickPay,
  })),
);

/** `/billing/mobile`: the mobile feature's page with the payments feature's quick pay (features do not import each other). */
export function MobileBillingScreen() {
  const navigate = useNavigate();
  const onPaymentMade = useMobilePaymentMade();
  return (
    <MobileBillingPage
      quickPay={
        <MobileQuickPay onPaymentMade={onPaymentMade} onPayOther={() => void navigate({ to: '/billing/mobile/pay' })} />
      }
    />
  );
}
