import {
  MakeMobilePaymentRequestSchema,
  MakePaymentResponseSchema,
  MOBILE_BILLING_PATH,
  MOBILE_DEVICES_PATH,
  MOBILE_ORDER_PATH,
  MOBILE_ORDERS_PATH,
  MOBILE_PAYMENT_OPTIONS_PATH,
  MOBILE_PAYMENTS_PATH,
  MOBILE_TRANSACTIONS_PATH,
  MobileBillingSchema,
  MobileDevicesSchema,
  MobileOrderSchema,
  MobileOrdersSchema,
  MobilePaymentOptionsSchema,
  MobileTransactionsPageSchema,
  MobileTransactionsQuerySchema,
  SUBSCRIPTION_CANCEL_PATH,
  SUBSCRIPTIONS_PATH,
  SubscriptionSchema,
  SubscriptionsSchema,
} from '@vireo/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerIdempotently } from '../../platform/idempotency';
import { authOf } from '../../plugins/auth';
import { storedPaymentOutcome } from '../pci-edge/card-testing';

/**
 * Mobile billing and streaming subscriptions (issue 7). Reading needs `billing.view`; paying and cancelling need
 * `billing.pay` (STANDARD users get 403, spec §6). A mobile payment carries an Idempotency-Key (architecture.md).
 */
export const mobileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { mobile } = app.portal.services;
  const view = { access: 'billing.view' } as const;
  const pay = { access: 'billing.pay' } as const;
  const tags = ['mobile'];
  const actor = (request: FastifyRequest) => {
    const auth = authOf(request);
    return { userId: auth.userId, accountId: auth.accountId };
  };

  app.get(MOBILE_BILLING_PATH, { schema: { tags, response: { 200: MobileBillingSchema } }, config: view }, (request) =>
    mobile.getBilling(actor(request)),
  );

  app.get(MOBILE_DEVICES_PATH, { schema: { tags, response: { 200: MobileDevicesSchema } }, config: view }, (request) =>
    mobile.getDevices(actor(request)),
  );

  app.get(
    MOBILE_PAYMENT_OPTIONS_PATH,
    { schema: { tags, response: { 200: MobilePaymentOptionsSchema } }, config: pay },
    (request) => mobile.getPaymentOptions(actor(request)),
  );

  app.post(
    MOBILE_PAYMENTS_PATH,
    {
      schema: { tags, body: MakeMobilePaymentRequestSchema, response: { 200: MakePaymentResponseSchema } },
      config: pay,
    },
    // card testing (issue 14 item 11): declined payments slow, then pause, the account's next attempts
    async (request, reply) =>
      answerIdempotently(request, reply, (key) =>
        app.portal.cardTesting.attempt(
          authOf(request).accountId,
          () => mobile.pay(actor(request), request.body, key),
          storedPaymentOutcome,
        ),
      ),
  );

  app.get(
    MOBILE_TRANSACTIONS_PATH,
    {
      schema: { tags, querystring: MobileTransactionsQuerySchema, response: { 200: MobileTransactionsPageSchema } },
      config: view,
    },
    (request) => mobile.listTransactions(actor(request), request.query),
  );

  app.get(MOBILE_ORDERS_PATH, { schema: { tags, response: { 200: MobileOrdersSchema } }, config: view }, (request) =>
    mobile.listOrders(actor(request)),
  );

  app.get(
    MOBILE_ORDER_PATH,
    {
      schema: { tags, params: z.object({ orderId: z.uuid() }), response: { 200: MobileOrderSchema } },
      config: view,
    },
    (request) => mobile.getOrder(actor(request), request.params.orderId),
  );

  app.get(
    SUBSCRIPTIONS_PATH,
    { schema: { tags: ['billing'], response: { 200: SubscriptionsSchema } }, config: view },
    (request) => mobile.listSubscriptions(actor(request)),
  );

  app.post(
    SUBSCRIPTION_CANCEL_PATH,
    {
      schema: {
        tags: ['billing'],
        params: z.object({ subscriptionId: z.uuid() }),
        response: { 200: SubscriptionSchema },
      },
      config: pay,
    },
    (request) => mobile.cancelSubscription(actor(request), request.params.subscriptionId),
  );
};
