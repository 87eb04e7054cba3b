import type { CheckoutResponse, IsoDate, MakePaymentResponse, PaymentReceipt } from '@vireo/shared';
import type { MessageId } from '../../../messages';

/** What a submitted payment came to (spec §4 combined flows): the server's answer, or a refusal with its code. */
export type PaymentOutcome =
  | {
      kind: 'response';
      response: MakePaymentResponse;
      /** The parts of a checkout (spec §4 combined flows), when more than the payment was asked for. */
      combined: Pick<CheckoutResponse, 'outcome' | 'parts'> | null;
      amountCents: number;
      date: IsoDate;
    }
  | {
      kind: 'error';
      code: string | null;
      fields: { field: string; code: string }[];
      amountCents: number;
      date: IsoDate;
    };

/** Whether money moved: a receipt without a payment error. */
export function paymentSucceeded(outcome: PaymentOutcome): boolean {
  return (
    outcome.kind === 'response' &&
    outcome.response.outcome !== 'failure' &&
    outcome.response.paymentError === null &&
    outcome.response.payment !== null
  );
}

/** spec §3: Successful or Pending (Spanish Completado or En Proceso); a future-dated payment is Scheduled. */
export const RECEIPT_STATUS_NAMES: Record<PaymentReceipt['status'], MessageId> = {
  scheduled: 'payments.status.scheduled',
  processing: 'payments.status.pending',
  pending: 'payments.status.pending',
  successful: 'payments.status.successful',
  failed: 'payments.status.failed',
  returned: 'payments.status.failed',
  cancelled: 'payments.status.cancelled',
};

/** Why the method was not saved while the payment went through (MakePaymentResponse.saveError). */
export const SAVE_ERRORS: Partial<Record<string, MessageId>> = {
  PREPAID_NOT_SAVED: 'payments.result.notSaved.prepaid',
  WALLET_FULL: 'payments.result.notSaved.walletFull',
  PAYMENT_METHOD_DUPLICATE: 'payments.result.notSaved.duplicate',
};
