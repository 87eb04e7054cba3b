import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy } from 'react';
import { refreshAfter } from '../../entities/query-keys';
import { MobileBillingPage } from '../../features/mobile/components/mobile-billing-page';

// Quick pay belongs to the payments feature: a chunk of its own, like the pay-bill panels.
const MobileQuickPay = lazy(() =>
  import('../../features/payments/components/mobile-quick-pay').then((module) => ({
    default: module.MobileQuickPay,
  })),
);

/** `/billing/mobile`: the mobile feature's page with the payments feature's quick pay (features do not import each other). */
export function MobileBillingScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // the mobile balance, devices, transactions and orders, the payment options, the account's balance
  const onPaymentMade = () => refreshAfter(queryClient, 'mobilePayment');
  return (
    <MobileBillingPage
      quickPay={
        <MobileQuickPay onPaymentMade={onPaymentMade} onPayOther={() => void navigate({ to: '/billing/mobile/pay' })} />
      }
    />
  );
}
