import {
  EditScheduledPaymentRequestSchema,
  MakePaymentRequestSchema,
  MakePaymentResponseSchema,
  PAYMENT_OPTIONS_PATH,
  PAYMENT_PATH,
  PAYMENTS_PATH,
  PaymentOptionsSchema,
  PaymentReceiptSchema,
  SCHEDULED_PAYMENT_PATH,
} from '@vireo/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerIdempotently } from '../../platform/idempotency';
import { authOf } from '../../plugins/auth';
import { storedPaymentOutcome } from '../pci-edge/card-testing';

const PaymentParamsSchema = z.object({ paymentId: z.uuid() });

/**
 * One-time and scheduled payments (issue 5). Paying needs `billing.pay` (STANDARD users get 403, spec §6); every
 * money-moving request carries an Idempotency-Key (architecture.md).
 */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments, scheduledPayments } = app.portal.services;
  const pay = { access: 'billing.pay' } as const;
  const actor = (request: FastifyRequest) => {
    const auth = authOf(request);
    return { userId: auth.userId, accountId: auth.accountId };
  };

  app.get(
    PAYMENT_OPTIONS_PATH,
    { schema: { tags: ['payments'], response: { 200: PaymentOptionsSchema } }, config: pay },
    async (request) => payments.getOptions(actor(request)),
  );

  app.post(
    PAYMENTS_PATH,
    {
      schema: { tags: ['payments'], body: MakePaymentRequestSchema, response: { 200: MakePaymentResponseSchema } },
      config: pay,
    },
    // card testing (issue 14 item 11): declined payments slow, then pause, the account's next attempts
    async (request, reply) =>
      answerIdempotently(request, reply, (key) =>
        app.portal.cardTesting.attempt(
          authOf(request).accountId,
          () => payments.makePayment(actor(request), request.body, key),
          storedPaymentOutcome,
        ),
      ),
  );

  app.get(
    PAYMENT_PATH,
    {
      schema: { tags: ['payments'], params: PaymentParamsSchema, response: { 200: PaymentReceiptSchema } },
      config: { access: 'billing.view' },
    },
    async (request) => payments.getReceipt(actor(request), request.params.paymentId),
  );

  app.put(
    SCHEDULED_PAYMENT_PATH,
    {
      schema: {
        tags: ['payments'],
        params: PaymentParamsSchema,
        body: EditScheduledPaymentRequestSchema,
        response: { 200: MakePaymentResponseSchema },
      },
      config: pay,
    },
    async (request, reply) =>
      answerIdempotently(request, reply, (key) =>
        scheduledPayments.editScheduled(actor(request), request.params.paymentId, request.body, key),
      ),
  );

  app.delete(
    SCHEDULED_PAYMENT_PATH,
    {
      schema: { tags: ['payments'], params: PaymentParamsSchema, response: { 200: PaymentReceiptSchema } },
      config: pay,
    },
    async (request, reply) =>
      answerIdempotently(request, reply, (key) =>
        scheduledPayments.cancelScheduled(actor(request), request.params.paymentId, key),
      ),
  );
};
