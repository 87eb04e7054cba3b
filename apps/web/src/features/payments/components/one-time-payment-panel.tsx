import { useQueryClient } from '@tanstack/react-query';
import type { IsoDate, MakePaymentRequest, PaymentOptions } from '@vireo/shared';
import { useReducer, useRef } from 'react';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { PanelSkeleton } from '../../../components/ui/loading';
import { refusalBodyId } from '../../../components/ui/refusal';
import { useAutoPayStatus } from '../../../entities/api/get-autopay-status';
import { autopayKeys } from '../../../entities/query-keys';
import { checkout } from '../api/checkout';
import { usePaymentOptions } from '../api/get-payment-options';
import { makePayment } from '../api/make-payment';
import { paymentKeys } from '../api/payment-keys';
import { usePaymentSubmission } from '../hooks/use-payment-submission';
import { type AutoPayOffer, autoPayOffer, type Extras, paperlessOffered } from '../utils/combined-flow';
import { isForbidden } from '../utils/payment-errors';
import { type FlowStep, PAYMENT_FLOW_START, paymentFlow, stepNumber } from '../utils/payment-flow';
import { type ChosenMethod, methodChoice, quickPayMethod } from '../utils/payment-methods';
import { AmountStep } from './amount-step';
import { BankLoginStep } from './bank-login-step';
import { CombinedSummary } from './combined-summary';
import { DateStep } from './date-step';
import { MethodStep } from './method-step';
import { PaymentResult } from './payment-result';
import { QuickPay } from './quick-pay';
import { ReviewStep } from './review-step';

type PanelProps = {
  /** Called after every submitted payment, so the page refreshes what depends on it (amount due, history). */
  onPaymentMade?: () => void;
};

export function paymentRequest(amountCents: number, chosen: ChosenMethod, date: IsoDate): MakePaymentRequest {
  return { amountCents, paymentDate: date, method: methodChoice(chosen) };
}

function PaymentFlow({ options, onPaymentMade }: { options: PaymentOptions; onPaymentMade?: () => void }) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(paymentFlow, PAYMENT_FLOW_START);
  const { step, navigated, amount, chosen, date, outcome, combined, extras } = state;
  const autoPayStatus = useAutoPayStatus();
  // What the review step asked for besides the payment (read when the request is sent; none for quick pay)
  const asking = useRef<{ autoPay: AutoPayOffer | null; paperless: boolean } | null>(null);
  const offer = chosen ? autoPayOffer(autoPayStatus.data, chosen) : null;
  const paperlessOffer = paperlessOffered(autoPayStatus.data);

  const submission = usePaymentSubmission({
    // spec §4 combined flows: with Auto Pay or paperless asked for, the checkout runs every part on the server
    send: ({ request, idempotencyKey }) => {
      const extra = asking.current;
      if (!extra) return makePayment({ request, idempotencyKey });
      const autoPay = extra.autoPay && {
        services: extra.autoPay.services,
        debitDay: extra.autoPay.debitDay,
        acceptElectronicPaymentTerms: true as const,
        acceptTermsOfService: true as const,
      };
      return checkout({ payment: request, autoPay: autoPay || null, paperless: extra.paperless }, idempotencyKey);
    },
    dateOf: (request: MakePaymentRequest) => request.paymentDate,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
      onPaymentMade?.();
    },
  });

  const stepOf = (which: Exclude<FlowStep, 'result'>) => stepNumber(state, which);
  const back = (to: Exclude<FlowStep, 'result'>) => () => dispatch({ type: 'back', to });

  const quickMethod = quickPayMethod(options);
  const quickRequest: MakePaymentRequest | null = quickMethod
    ? { amountCents: options.amountDueCents, paymentDate: options.today, method: { paymentMethodId: quickMethod.id } }
    : null;

  if (step === 'result' && outcome) {
    return (
      <PaymentResult
        outcome={outcome}
        focusOnMount={navigated}
        summary={combined ? <CombinedSummary combined={combined} debitDay={combined.debitDay} /> : null}
        onTryAgain={() => dispatch({ type: 'tryAgain' })}
        onNewPayment={() => dispatch({ type: 'newPayment' })}
      />
    );
  }

  return (
    <div>
      {step === 'amount' && quickMethod && quickRequest && options.amountDueCents > 0 ? (
        <QuickPay
          amountCents={options.amountDueCents}
          today={options.today}
          receiptEmail={options.receiptEmail}
          method={quickMethod}
          isOpen={state.quickPayOpen}
          isSubmitting={submission.isSubmitting}
          retryCode={state.quickPayOpen ? submission.retryCode : null}
          onOpen={() => {
            submission.clearRetry();
            submission.prepare(quickRequest);
            dispatch({ type: 'quickPay', open: true });
          }}
          onConfirm={() => {
            asking.current = null;
            submission.submit(quickRequest, (result) => dispatch({ type: 'paid', outcome: result, combined: null }));
          }}
          onCancel={() => dispatch({ type: 'quickPay', open: false })}
        />
      ) : null}
      {step === 'amount' ? (
        <AmountStep
          options={options}
          initial={amount}
          step={stepOf('amount')}
          focusOnMount={navigated}
          onContinue={(next) => dispatch({ type: 'amount', amount: next })}
        />
      ) : null}
      {step === 'method' ? (
        <MethodStep
          key={state.methodPreset ? `preset-${state.methodPreset.kind}` : 'method'}
          options={options}
          step={stepOf('method')}
          focusOnMount={navigated}
          chosen={state.methodPreset ? null : chosen}
          preset={state.methodPreset}
          verifiedIds={state.verifiedIds}
          onVerified={(id) => dispatch({ type: 'verified', id })}
          onSelectionChange={(selection) => dispatch({ type: 'selection', online: selection?.kind === 'online' })}
          onContinue={(next) => dispatch({ type: 'method', chosen: next })}
          onOnlineBanking={() => dispatch({ type: 'onlineBanking' })}
          onBack={back('amount')}
        />
      ) : null}
      {step === 'bankLogin' ? (
        <BankLoginStep
          options={options}
          step={stepOf('bankLogin')}
          focusOnMount={navigated}
          chosen={chosen}
          onContinue={(next) => dispatch({ type: 'method', chosen: next })}
          onBack={back('method')}
          onEnterManually={() => dispatch({ type: 'methodForm', kind: 'bank' })}
          onAddCard={() => dispatch({ type: 'methodForm', kind: 'card' })}
        />
      ) : null}
      {step === 'date' && chosen ? (
        <DateStep
          options={options}
          step={stepOf('date')}
          focusOnMount={navigated}
          initial={date}
          chosen={chosen}
          onContinue={(next) => {
            if (amount) submission.prepare(paymentRequest(amount.amountCents, chosen, next));
            submission.clearRetry();
            dispatch({ type: 'date', date: next });
          }}
          onBack={back(chosen.kind === 'new' && chosen.via === 'online' ? 'bankLogin' : 'method')}
        />
      ) : null}
      {step === 'review' && amount && chosen && date ? (
        <ReviewStep
          options={options}
          step={stepOf('review')}
          focusOnMount={navigated}
          amountCents={amount.amountCents}
          chosen={chosen}
          date={date}
          isSubmitting={submission.isSubmitting}
          retryCode={submission.retryCode}
          onPay={() => {
            const asked: Extras = {
              ...extras,
              autoPay: extras.autoPay && offer !== null,
              paperless: extras.paperless && paperlessOffer,
            };
            asking.current =
              asked.autoPay || asked.paperless
                ? { autoPay: asked.autoPay ? offer : null, paperless: asked.paperless }
                : null;
            const debitDay = asked.autoPay && offer ? offer.debitDay : null;
            submission.submit(paymentRequest(amount.amountCents, chosen, date), (result) => {
              const parts = result.kind === 'response' ? result.combined : null;
              if (parts) void queryClient.invalidateQueries({ queryKey: autopayKeys.status() });
              dispatch({ type: 'paid', outcome: result, combined: parts ? { ...parts, debitDay } : null });
            });
          }}
          onBack={back('date')}
          autoPayOffer={offer}
          paperlessOffer={paperlessOffer}
          extras={extras}
          onExtrasChange={(next) => dispatch({ type: 'extras', extras: next })}
        />
      ) : null}
    </div>
  );
}

/** spec §2.2 `open=otp`: the one-time payment (spec §2.4), with quick pay at the top when it can be offered. */
export function OneTimePaymentPanel({ onPaymentMade }: PanelProps) {
  const options = usePaymentOptions();
  // A failed refresh (after a payment) keeps the data it had: the receipt on screen must not disappear.
  if (options.isError && !options.data) {
    return (
      <ErrorNotice
        headingLevel={3}
        titleId="payments.errors.options.title"
        bodyId={refusalBodyId(options.error) ?? 'payments.errors.options.body'}
        onRetry={isForbidden(options.error) ? undefined : () => void options.refetch()}
        isRetrying={options.isFetching}
      />
    );
  }
  if (!options.data) return <PanelSkeleton />;
  return <PaymentFlow options={options.data} onPaymentMade={onPaymentMade} />;
}
