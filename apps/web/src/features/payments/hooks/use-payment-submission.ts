import { useMutation } from '@tanstack/react-query';
import type { CheckoutResponse, IsoDate, MakePaymentResponse } from '@vireo/shared';
import { useRef, useState } from 'react';
import { IntentKey } from '../../../components/ui/idempotency-key';
import { errorCode, fieldErrorsOf, isOutcomeUnknown } from '../utils/payment-errors';
import type { PaymentOutcome } from '../utils/payment-outcome';

type Submission<R> = {
  /**
   * Sends the request with its Idempotency-Key (a one-time payment, a mobile payment, or the checkout: the payment
   * with Auto Pay and paperless, whose answer names each part).
   */
  send: (input: { request: R; idempotencyKey: string }) => Promise<MakePaymentResponse | CheckoutResponse>;
  /** The day the payment is made, for its outcome. */
  dateOf: (request: R) => IsoDate;
  /** After every attempt, whatever came of it: refresh what depends on it. */
  onSettled: () => void;
};

/** Submits a payment once per intent: a second click while one runs does nothing; a retry reuses the key. */
export function usePaymentSubmission<R extends { amountCents: number }>({ send, dateOf, onSettled }: Submission<R>) {
  const mutation = useMutation({ mutationFn: send });
  const intentKey = useRef(new IntentKey());
  const submitting = useRef(false);
  const [retryCode, setRetryCode] = useState<string | null>(null);

  const submit = (request: R, onOutcome: (outcome: PaymentOutcome) => void) => {
    if (submitting.current) return;
    submitting.current = true;
    setRetryCode(null);
    const base = { amountCents: request.amountCents, date: dateOf(request) };
    mutation.mutate(
      { request, idempotencyKey: intentKey.current.for(request) },
      {
        onSuccess: (answer) => {
          intentKey.current.reset();
          onOutcome(
            'parts' in answer
              ? { kind: 'response', response: answer.payment, combined: answer, ...base }
              : { kind: 'response', response: answer, combined: null, ...base },
          );
        },
        onError: (error) => {
          if (isOutcomeUnknown(error)) {
            // Nobody knows whether money moved: keep the key, so paying again answers the first outcome.
            setRetryCode(errorCode(error));
            return;
          }
          intentKey.current.reset();
          onOutcome({ kind: 'error', code: errorCode(error), fields: fieldErrorsOf(error), ...base });
        },
        onSettled: () => {
          submitting.current = false;
          onSettled();
        },
      },
    );
  };

  return {
    submit,
    isSubmitting: mutation.isPending,
    retryCode,
    /** The review step (or the quick-pay dialog) was reached: this is the intent the key belongs to. */
    prepare: (request: R) => intentKey.current.for(request),
    clearRetry: () => setRetryCode(null),
  };
}
