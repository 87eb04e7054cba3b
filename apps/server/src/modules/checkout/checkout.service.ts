import {
  AppError,
  AUTOPAY_PATH,
  type AutoPayChangeResponse,
  type CheckoutPart,
  type CheckoutRequest,
  type CheckoutResponse,
  type MakePaymentResponse,
  MakePaymentResponseSchema,
  PAYMENTS_PATH,
} from '@vireo/shared';
import type { IdempotentRequest, StoredResponse } from '../../platform/idempotency';
import type { AutoPayService } from '../autopay/autopay.service';
import type { PaymentActor } from '../payments/payment-engine';
import type { PaymentsService } from '../payments/payments.service';

/** Runs the payment part under the route's guard (card testing, issue 14 item 11); none in a service test. */
export type PaymentGuard = (work: () => Promise<StoredResponse>) => Promise<StoredResponse>;

export type CheckoutServiceDeps = {
  payments: Pick<PaymentsService, 'makePayment'>;
  autopay: Pick<AutoPayService, 'enroll' | 'setPaperless'>;
};

const codeOf = (error: unknown) => (AppError.is(error) ? error.code : 'SERVICE_UNAVAILABLE');

/** Whether money moved: a receipt without a payment error. */
function paid(payment: MakePaymentResponse): boolean {
  return payment.outcome !== 'failure' && payment.paymentError === null && payment.payment !== null;
}

export function checkoutOutcome(parts: readonly CheckoutPart[]): CheckoutResponse['outcome'] {
  const ok = parts.filter((part) => part.state === 'ok').length;
  if (ok === parts.length) return 'success';
  return ok === 0 ? 'failure' : 'partial';
}

/**
 * spec §4 combined flows (issue 15 item 5): the one-time payment, saving its method, Auto Pay with that method and
 * paperless billing, as one request whose answer keeps each part's own outcome. Each part is its module's own
 * idempotent change: the payment under the request's key exactly as PAYMENTS_PATH takes it, the enrolment under
 * `<key>:autopay`; so a replay, or a retry after an unknown outcome, answers every part again without doing any twice.
 */
export function createCheckoutService({ payments, autopay }: CheckoutServiceDeps) {
  return {
    async checkout(
      actor: PaymentActor,
      request: CheckoutRequest,
      key: IdempotentRequest,
      guard: PaymentGuard = (work) => work(),
    ): Promise<StoredResponse> {
      // a payment that is refused outright (a field, the schedule limit) or whose outcome is unknown answers as
      // PAYMENTS_PATH would: nothing else is tried
      const stored = await guard(() =>
        payments.makePayment(actor, request.payment, { ...key, path: PAYMENTS_PATH, body: request.payment }),
      );
      if (stored.status !== 200) return stored;
      const payment = MakePaymentResponseSchema.parse(stored.body);
      const moneyMoved = paid(payment);
      const parts: CheckoutPart[] = [
        { part: 'payment', state: moneyMoved ? 'ok' : 'failed', code: moneyMoved ? null : payment.paymentError },
      ];
      const method = request.payment.method;
      if ('token' in method && method.save) {
        parts.push(
          payment.methodSaved
            ? { part: 'saveMethod', state: 'ok', code: null }
            : { part: 'saveMethod', state: 'failed', code: payment.saveError ?? 'PAYMENT_METHOD_NOT_SAVED' },
        );
      }

      let paperless: CheckoutPart | null = null;
      if (request.autoPay) {
        const methodId = 'paymentMethodId' in method ? method.paymentMethodId : payment.payment?.paymentMethodId;
        if (!moneyMoved) parts.push({ part: 'autoPay', state: 'failed', code: 'PAYMENT_FAILED' });
        else if (!methodId) {
          parts.push({ part: 'autoPay', state: 'failed', code: 'METHOD_NOT_SAVED' });
        } else {
          const body = {
            services: request.autoPay.services,
            paymentMethodId: methodId,
            debitDay: request.autoPay.debitDay,
            paperless: request.paperless,
          };
          try {
            const enrolled = await autopay.enroll(actor, body, {
              ...key,
              key: `${key.key}:autopay`,
              path: AUTOPAY_PATH,
              body: { ...body, acceptElectronicPaymentTerms: true, acceptTermsOfService: true },
            });
            const answer = enrolled.body as AutoPayChangeResponse;
            const failed = answer.parts.find(
              (part) =>
                (part.part === 'core' || part.part === 'mobile') &&
                body.services.includes(part.part) &&
                part.result !== 'ok',
            );
            parts.push(
              failed
                ? { part: 'autoPay', state: 'failed', code: failed.result }
                : { part: 'autoPay', state: 'ok', code: null },
            );
            // paperless rides with the enrolment; a paperless part it did not reach is tried on its own below
            const withEnrolment = answer.parts.find((part) => part.part === 'paperless');
            if (request.paperless && withEnrolment && withEnrolment.result !== 'skipped') {
              paperless =
                withEnrolment.result === 'ok'
                  ? { part: 'paperless', state: 'ok', code: null }
                  : { part: 'paperless', state: 'failed', code: withEnrolment.result };
            }
          } catch (error) {
            parts.push({ part: 'autoPay', state: 'failed', code: codeOf(error) });
          }
        }
      }

      if (request.paperless) {
        if (!paperless) {
          try {
            await autopay.setPaperless(actor, true);
            paperless = { part: 'paperless', state: 'ok', code: null };
          } catch (error) {
            paperless = { part: 'paperless', state: 'failed', code: codeOf(error) };
          }
        }
        parts.push(paperless);
      }

      const body: CheckoutResponse = { outcome: checkoutOutcome(parts), parts, payment };
      return { status: 200, body };
    },
  };
}

export type CheckoutService = ReturnType<typeof createCheckoutService>;
