import { useQueryClient } from '@tanstack/react-query';
import type { IsoDate, MakePaymentRequest, PaymentOptions } from '@vireo/shared';
import { useRef, useState } from 'react';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { refusalBodyId } from '../../../components/ui/refusal';
import { Spinner } from '../../../components/ui/spinner';
import { useAutoPayStatus } from '../../../entities/api/get-autopay-status';
import { autopayKeys } from '../../../entities/query-keys';
import { checkout } from '../api/checkout';
import { usePaymentOptions } from '../api/get-payment-options';
import { makePayment } from '../api/make-payment';
import { paymentKeys } from '../api/payment-keys';
import { usePaymentSubmission } from '../hooks/use-payment-submission';
import {
  type AutoPayOffer,
  autoPayOffer,
  type CombinedResult,
  type Extras,
  NO_EXTRAS,
  paperlessOffered,
} from '../utils/combined-flow';
import { isForbidden } from '../utils/payment-errors';
import { type ChosenMethod, methodChoice, quickPayMethod } from '../utils/payment-methods';
import type { PaymentOutcome } from '../utils/payment-outcome';
import { type AmountState, AmountStep } from './amount-step';
import { BankLoginStep } from './bank-login-step';
import { CombinedSummary } from './combined-summary';
import { DateStep } from './date-step';
import { type MethodSelection, MethodStep } from './method-step';
import { PaymentResult } from './payment-result';
import { QuickPay } from './quick-pay';
import { ReviewStep } from './review-step';

type Step = 'amount' | 'method' | 'bankLogin' | 'date' | 'review' | 'result';

type PanelProps = {
  /** Called after every submitted payment, so the page refreshes what depends on it (amount due, history). */
  onPaymentMade?: () => void;
};

export function paymentRequest(amountCents: number, chosen: ChosenMethod, date: IsoDate): MakePaymentRequest {
  return { amountCents, paymentDate: date, method: methodChoice(chosen) };
}

function PaymentFlow({ options, onPaymentMade }: { options: PaymentOptions; onPaymentMade?: () => void }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('amount');
  const [navigated, setNavigated] = useState(false);
  const [amount, setAmount] = useState<AmountState | null>(null);
  const [online, setOnline] = useState(false);
  const [chosen, setChosen] = useState<ChosenMethod | null>(null);
  const [verifiedIds, setVerifiedIds] = useState<ReadonlySet<string>>(new Set());
  const [date, setDate] = useState<IsoDate | null>(null);
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(null);
  const [quickPayOpen, setQuickPayOpen] = useState(false);
  const [methodPreset, setMethodPreset] = useState<MethodSelection | null>(null);
  const autoPayStatus = useAutoPayStatus();
  const [extras, setExtras] = useState<Extras>(NO_EXTRAS);
  const [combined, setCombined] = useState<(CombinedResult & { debitDay: number | null }) | null>(null);
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

  const goTo = (next: Step) => {
    setNavigated(true);
    setStep(next);
  };
  const total = online ? 5 : 4;
  const number: Record<Exclude<Step, 'result'>, number> = {
    amount: 1,
    method: 2,
    bankLogin: 3,
    date: online ? 4 : 3,
    review: online ? 5 : 4,
  };
  const stepOf = (which: Exclude<Step, 'result'>) => ({ current: number[which], total });

  const showOutcome = (result: PaymentOutcome) => {
    setOutcome(result);
    setQuickPayOpen(false);
    goTo('result');
  };

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
        onTryAgain={() => {
          // Keep the amount (and date); choose the method again.
          setChosen(null);
          setVerifiedIds(new Set());
          setOutcome(null);
          setCombined(null);
          setOnline(false);
          setMethodPreset(null);
          if (!amount) setAmount({ choice: 'due', otherText: '', amountCents: outcome.amountCents });
          goTo('method');
        }}
        onNewPayment={() => {
          setAmount(null);
          setChosen(null);
          setVerifiedIds(new Set());
          setDate(null);
          setOutcome(null);
          setCombined(null);
          setOnline(false);
          goTo('amount');
        }}
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
          isOpen={quickPayOpen}
          isSubmitting={submission.isSubmitting}
          retryCode={quickPayOpen ? submission.retryCode : null}
          onOpen={() => {
            submission.clearRetry();
            submission.prepare(quickRequest);
            setQuickPayOpen(true);
          }}
          onConfirm={() => {
            setCombined(null);
            asking.current = null;
            submission.submit(quickRequest, showOutcome);
          }}
          onCancel={() => setQuickPayOpen(false)}
        />
      ) : null}
      {step === 'amount' ? (
        <AmountStep
          options={options}
          initial={amount}
          step={stepOf('amount')}
          focusOnMount={navigated}
          onContinue={(next) => {
            setAmount(next);
            setMethodPreset(null);
            goTo('method');
          }}
        />
      ) : null}
      {step === 'method' ? (
        <MethodStep
          key={methodPreset ? `preset-${methodPreset.kind}` : 'method'}
          options={options}
          step={stepOf('method')}
          focusOnMount={navigated}
          chosen={methodPreset ? null : chosen}
          preset={methodPreset}
          verifiedIds={verifiedIds}
          onVerified={(id) => setVerifiedIds((current) => new Set([...current, id]))}
          onSelectionChange={(selection) => setOnline(selection?.kind === 'online')}
          onContinue={(next) => {
            setChosen(next);
            setMethodPreset(null);
            goTo('date');
          }}
          onOnlineBanking={() => {
            setOnline(true);
            setMethodPreset(null);
            goTo('bankLogin');
          }}
          onBack={() => goTo('amount')}
        />
      ) : null}
      {step === 'bankLogin' ? (
        <BankLoginStep
          options={options}
          step={stepOf('bankLogin')}
          focusOnMount={navigated}
          chosen={chosen}
          onContinue={(next) => {
            setChosen(next);
            goTo('date');
          }}
          onBack={() => goTo('method')}
          onEnterManually={() => {
            setOnline(false);
            setMethodPreset({ kind: 'bank' });
            goTo('method');
          }}
          onAddCard={() => {
            setOnline(false);
            setMethodPreset({ kind: 'card' });
            goTo('method');
          }}
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
            setDate(next);
            if (amount) submission.prepare(paymentRequest(amount.amountCents, chosen, next));
            submission.clearRetry();
            goTo('review');
          }}
          onBack={() => goTo(chosen.kind === 'new' && chosen.via === 'online' ? 'bankLogin' : 'method')}
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
              setCombined(parts ? { ...parts, debitDay } : null);
              if (parts) {
                setExtras(NO_EXTRAS);
                void queryClient.invalidateQueries({ queryKey: autopayKeys.status() });
              }
              showOutcome(result);
            });
          }}
          onBack={() => goTo('date')}
          autoPayOffer={offer}
          paperlessOffer={paperlessOffer}
          extras={extras}
          onExtrasChange={setExtras}
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
  if (!options.data) return <Spinner className="min-h-40" />;
  return <PaymentFlow options={options.data} onPaymentMade={onPaymentMade} />;
}
