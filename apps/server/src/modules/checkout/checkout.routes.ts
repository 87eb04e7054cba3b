import { CHECKOUT_PATH, CheckoutRequestSchema, CheckoutResponseSchema } from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerIdempotently } from '../../platform/idempotency';
import { authOf } from '../../plugins/auth';
import { storedPaymentOutcome } from '../pci-edge/card-testing';

/**
 * spec §4 combined flows: pay, save the method, enrol in Auto Pay, go paperless, as one request (issue 15 item 5).
 * `billing.pay` (STANDARD users get 403, spec §6); money-moving, so it carries an Idempotency-Key.
 */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const { checkout } = app.portal.services;

  app.post(
    CHECKOUT_PATH,
    {
      schema: { tags: ['payments'], body: CheckoutRequestSchema, response: { 200: CheckoutResponseSchema } },
      config: { access: 'billing.pay' },
    },
    async (request, reply) => {
      const { userId, accountId } = authOf(request);
      return answerIdempotently(request, reply, (key) =>
        checkout.checkout({ userId, accountId }, request.body, key, (work) =>
          // card testing (issue 14 item 11), as on PAYMENTS_PATH: declined payments slow, then pause, the account's
          // next attempts
          app.portal.cardTesting.attempt(accountId, work, storedPaymentOutcome),
        ),
      );
    },
  );
};
