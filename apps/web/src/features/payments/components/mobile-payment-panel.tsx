import { useQueryClient } from '@tanstack/react-query';
import { AppError, type MobilePaymentOptions } from '@vireo/shared';
import { useReducer } from 'react';
import { useIntl } from 'react-intl';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { lazyComponent, usePrefetch } from '../../../components/ui/lazy-component';
import { PanelSkeleton } from '../../../components/ui/loading';
import { refusalBodyId } from '../../../components/ui/refusal';
import { useMobilePaymentOptions } from '../api/get-mobile-payment-options';
import { makeMobilePayment } from '../api/make-mobile-payment';
import { paymentKeys } from '../api/payment-keys';
import { usePaymentFor } from '../hooks/use-payment-for';
import { usePaymentSubmission } from '../hooks/use-payment-submission';
import {
  MOBILE_FLOW_START,
  type MobileAmountState,
  type MobileFlowAction,
  type MobileFlowStep,
  type MobilePaymentPreset,
  mobileFlow,
  mobilePaymentRequest,
  presetChoice,
} from '../utils/mobile-payment';
import { isForbidden } from '../utils/payment-errors';
import { paymentSucceeded } from '../utils/payment-outcome';
import { DevicePaymentEffect } from './device-payment-effect';
import { MobileAmountStep } from './mobile-amount-step';
import type { BackLink } from './payment-result';

// Only the amount step is part of the page's first load: the method, the review and the result are chunks of their
// own, fetched while the user chooses the amount.
const MethodStep = lazyComponent(() => import('./method-step').then((module) => module.MethodStep));
const ReviewStep = lazyComponent(() => import('./review-step').then((module) => module.ReviewStep));
const PaymentResult = lazyComponent(() => import('./payment-result').then((module) => module.PaymentResult));

const STEP_NUMBER: Record<Exclude<MobileFlowStep, 'result'>, number> = { amount: 1, method: 2, review: 3 };
const TOTAL_STEPS = 3;

/** Mobile results lead back to the mobile billing home. */
const BACK_TO_MOBILE: BackLink = { to: '/billing/mobile', labelId: 'payments.mobile.backToMobile' };

/** A paid device: it is paid off, or what is left of its plan after the extra payment. */
function DeviceOutcome({ amount }: { amount: MobileAmountState }) {
  const intl = useIntl();
  const device = amount.device;
  if (!device) return null;
  if (amount.target.kind === 'devicePayoff' || amount.amountCents >= device.payoffCents) {
    return (
      <p className="font-semibold text-ink">
        {intl.formatMessage({ id: 'payments.mobile.result.paidOff' }, { model: device.model })}
      </p>
    );
  }
  return <DevicePaymentEffect device={device} amountCents={amount.amountCents} />;
}

function MobilePaymentFlow({
  options,
  preset,
  onPaymentMade,
}: {
  options: MobilePaymentOptions;
  preset: MobilePaymentPreset | null;
  onPaymentMade?: () => void;
}) {
  const queryClient = useQueryClient();
  const intl = useIntl();
  const paymentFor = usePaymentFor();
  const [state, dispatchNow] = useReducer(mobileFlow, MOBILE_FLOW_START);
  const { step, navigated, amount, chosen, verifiedIds, outcome } = state;
  const submission = usePaymentSubmission({
    send: makeMobilePayment,
    // spec §2.4 mobile: payments are made today.
    dateOf: () => options.today,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      onPaymentMade?.();
    },
  });

  usePrefetch(MethodStep, ReviewStep, PaymentResult);

  /** Moves on once the next step's code is here: the current step stays until then (usually fetched long before). */
  const dispatch = (action: MobileFlowAction) => {
    const next = mobileFlow(state, action).step;
    const view =
      next === 'method' ? MethodStep : next === 'review' ? ReviewStep : next === 'result' ? PaymentResult : null;
    if (!view || view.isLoaded()) dispatchNow(action);
    else void view.ready().then(() => dispatchNow(action));
  };
  const stepOf = (which: Exclude<MobileFlowStep, 'result'>) => ({ current: STEP_NUMBER[which], total: TOTAL_STEPS });

  if (step === 'result' && outcome && amount) {
    return (
      <PaymentResult
        outcome={outcome}
        focusOnMount={navigated}
        failureTitleId="payments.errors.mobile.title"
        receiptRows={[[intl.formatMessage({ id: 'payments.mobile.review.for' }), paymentFor(amount)]]}
        summary={paymentSucceeded(outcome) ? <DeviceOutcome amount={amount} /> : null}
        back={BACK_TO_MOBILE}
        onTryAgain={() => dispatch({ type: 'tryAgain' })}
        onNewPayment={() => dispatch({ type: 'newPayment' })}
      />
    );
  }

  return (
    <div>
      {step === 'amount' ? (
        <MobileAmountStep
          options={options}
          initial={amount}
          preset={presetChoice(preset)}
          step={stepOf('amount')}
          focusOnMount={navigated}
          onContinue={(next) => dispatch({ type: 'amount', amount: next })}
        />
      ) : null}
      {step === 'method' ? (
        <MethodStep
          options={options}
          step={stepOf('method')}
          focusOnMount={navigated}
          chosen={chosen}
          verifiedIds={verifiedIds}
          onVerified={(id) => dispatchNow({ type: 'verified', id })}
          onSelectionChange={() => undefined}
          onContinue={(next) => {
            if (amount) submission.prepare(mobilePaymentRequest(amount, next));
            submission.clearRetry();
            dispatch({ type: 'method', chosen: next });
          }}
          onBack={() => dispatch({ type: 'back', to: 'amount' })}
        />
      ) : null}
      {step === 'review' && amount && chosen ? (
        <ReviewStep
          options={options}
          step={stepOf('review')}
          focusOnMount={navigated}
          amountCents={amount.amountCents}
          chosen={chosen}
          date={options.today}
          isSubmitting={submission.isSubmitting}
          retryCode={submission.retryCode}
          leadRows={[[intl.formatMessage({ id: 'payments.mobile.review.for' }), paymentFor(amount)]]}
          onPay={() => {
            PaymentResult.prefetch();
            submission.submit(mobilePaymentRequest(amount, chosen), (result) =>
              dispatch({ type: 'paid', outcome: result }),
            );
          }}
          onBack={() => dispatch({ type: 'back', to: 'method' })}
        >
          {amount.device ? <DevicePaymentEffect device={amount.device} amountCents={amount.amountCents} /> : null}
        </ReviewStep>
      ) : null}
    </div>
  );
}

/** The options failed: a refusal, mobile billing being down, or anything else (spec §8 "Payment Info Unavailable"). */
function optionsErrorBody(error: unknown) {
  const refusal = refusalBodyId(error);
  if (refusal) return refusal;
  if (AppError.is(error) && error.code === 'MOBILE_BILLING_UNAVAILABLE') {
    return 'payments.errors.mobileUnavailable.options' as const;
  }
  return 'payments.errors.options.body' as const;
}

type MobilePaymentPanelProps = {
  /** A device link of the mobile billing home (`?device=…&kind=payoff|extra`). */
  preset?: MobilePaymentPreset | null;
  /** Called after every submitted payment, so the page refreshes the mobile balance, devices and transactions. */
  onPaymentMade?: () => void;
};

/**
 * spec §2.4 "Mobile: payment (select amount, add method, review, success)", issue 7: 3 steps, paid today, with the
 * mobile payment options (MOBILE_PAYMENT_OPTIONS_PATH) and MOBILE_PAYMENTS_PATH. The mobile pages load it lazily.
 */
export function MobilePaymentPanel({ preset = null, onPaymentMade }: MobilePaymentPanelProps) {
  const options = useMobilePaymentOptions();
  // A failed refresh (after a payment) keeps the data it had: the receipt on screen must not disappear.
  if (options.isError && !options.data) {
    return (
      <ErrorNotice
        headingLevel={3}
        titleId="payments.errors.options.title"
        bodyId={optionsErrorBody(options.error)}
        onRetry={isForbidden(options.error) ? undefined : () => void options.refetch()}
        isRetrying={options.isFetching}
      />
    );
  }
  if (!options.data) return <PanelSkeleton />;
  return <MobilePaymentFlow options={options.data} preset={preset} onPaymentMade={onPaymentMade} />;
}
