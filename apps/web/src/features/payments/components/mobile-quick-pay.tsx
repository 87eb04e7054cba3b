import { useQueryClient } from '@tanstack/react-query';
import type { MakeMobilePaymentRequest } from '@vireo/shared';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { lazyComponent, usePrefetch } from '../../../components/ui/lazy-component';
import { useMobilePaymentOptions } from '../api/get-mobile-payment-options';
import { makeMobilePayment } from '../api/make-mobile-payment';
import { paymentKeys } from '../api/payment-keys';
import { usePaymentFor } from '../hooks/use-payment-for';
import { usePaymentSubmission } from '../hooks/use-payment-submission';
import { quickPayMethod } from '../utils/payment-methods';
import type { PaymentOutcome } from '../utils/payment-outcome';

// The result shows only after a payment: a chunk of its own, fetched in the background.
const PaymentResult = lazyComponent(() => import('./payment-result').then((module) => module.PaymentResult));

import { QuickPay } from './quick-pay';

type MobileQuickPayProps = {
  /** Called after every submitted payment, so the page refreshes the mobile balance and transactions. */
  onPaymentMade?: () => void;
  /** The full mobile payment (another amount or method): "Try again" and "Make another payment" lead there. */
  onPayOther: () => void;
};

/**
 * spec §2.4 "Mobile: … quick pay", issue 7: on the mobile billing home, the mobile balance today with the default (or
 * first usable) saved method after one confirmation. The result replaces it in place. Nothing shows while the options
 * load or when they fail, nor without a balance or a usable method: the page's "Make a payment" stays.
 */
export function MobileQuickPay({ onPaymentMade, onPayOther }: MobileQuickPayProps) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const paymentFor = usePaymentFor();
  const options = useMobilePaymentOptions();
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);
  const today = options.data?.today ?? '';
  const submission = usePaymentSubmission({
    send: makeMobilePayment,
    dateOf: () => today,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      onPaymentMade?.();
    },
  });

  usePrefetch(PaymentResult);

  if (outcome) {
    return (
      <PaymentResult
        outcome={outcome}
        focusOnMount
        failureTitleId="payments.errors.mobile.title"
        receiptRows={[
          [
            intl.formatMessage({ id: 'payments.mobile.review.for' }),
            paymentFor({ target: { kind: 'balance' }, device: null }),
          ],
        ]}
        back={null}
        onTryAgain={onPayOther}
        onNewPayment={onPayOther}
      />
    );
  }

  const data = options.data;
  const method = data ? quickPayMethod(data) : null;
  if (!data || !method || data.balanceCents <= 0) return null;
  const request: MakeMobilePaymentRequest = {
    target: { kind: 'balance' },
    amountCents: data.balanceCents,
    method: { paymentMethodId: method.id },
  };
  return (
    <QuickPay
      amountCents={data.balanceCents}
      today={data.today}
      receiptEmail={data.receiptEmail}
      method={method}
      bodyId="payments.mobile.quickPay.body"
      buttonId="payments.mobile.quickPay.button"
      isOpen={open}
      isSubmitting={submission.isSubmitting}
      retryCode={open ? submission.retryCode : null}
      onOpen={() => {
        submission.clearRetry();
        submission.prepare(request);
        setOpen(true);
      }}
      onConfirm={() => {
        PaymentResult.prefetch();
        submission.submit(request, (result) => {
          // The dialog closes and the result replaces quick pay in one render, once the result's code is here.
          const show = () => {
            setOpen(false);
            setOutcome(result);
          };
          if (PaymentResult.isLoaded()) show();
          else void PaymentResult.ready().then(show);
        });
      }}
      onCancel={() => setOpen(false)}
    />
  );
}
