import { CARD_ATTEMPT_FAILURES } from '../../../components/ui/card-attempt-failures';
import type { MessageId } from '../../../messages';

export type ErrorMessage = { titleId: MessageId; bodyId: MessageId; values?: Record<string, string | number> };

/** spec §8: the title (and the sentence under it) of each way a payment can fail. */
const PAYMENT_FAILURES: Partial<Record<string, ErrorMessage>> = {
  PAYMENT_DECLINED: { titleId: 'payments.errors.declined.title', bodyId: 'payments.errors.declined.body' },
  SECURITY_CODE_MISMATCH: {
    titleId: 'payments.errors.securityCode.title',
    bodyId: 'payments.errors.securityCode.body',
  },
  CARD_EXPIRED: { titleId: 'payments.errors.cardExpired.title', bodyId: 'payments.errors.cardExpired.body' },
  CARD_NOT_VERIFIED: {
    titleId: 'payments.errors.cardNotVerified.title',
    bodyId: 'payments.errors.cardNotVerified.body',
  },
  BILL_PAY_UNAVAILABLE: {
    titleId: 'payments.errors.billPayUnavailable.title',
    bodyId: 'payments.errors.billPayUnavailable.body',
  },
  PAYMENT_METHOD_UNAVAILABLE: {
    titleId: 'payments.errors.methodUnavailable.title',
    bodyId: 'payments.errors.methodUnavailable.body',
  },
  SCHEDULE_LIMIT_REACHED: {
    titleId: 'payments.errors.scheduleLimit.title',
    bodyId: 'payments.errors.scheduleLimit.body',
  },
  VALIDATION_FAILED: { titleId: 'payments.errors.declined.title', bodyId: 'payments.errors.validation.body' },
  // issue 7: the provider's mobile billing system did not answer; the mobile flows show their own title above it.
  MOBILE_BILLING_UNAVAILABLE: {
    titleId: 'payments.errors.mobile.title',
    bodyId: 'payments.errors.mobileUnavailable.body',
  },
};

const GENERIC_FAILURE: ErrorMessage = {
  titleId: 'payments.errors.declined.title',
  bodyId: 'payments.errors.generic.body',
};

export function paymentFailureMessage(code: string | null | undefined): ErrorMessage {
  // looked up apart (not spread into PAYMENT_FAILURES): a spread keeps the table, and its messages, in every chunk
  // that uses this module, even where no failure is shown (build/message-slices.ts)
  return (code && (CARD_ATTEMPT_FAILURES[code] ?? PAYMENT_FAILURES[code])) || GENERIC_FAILURE;
}

export {
  errorCode,
  fieldErrorsOf,
  isForbidden,
  isOutcomeUnknown,
} from '../../../components/ui/api-errors';
