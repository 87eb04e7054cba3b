import rateLimit from '@fastify/rate-limit';
import {
  CreatePayLinkRequestSchema,
  CreatePayLinkResponseSchema,
  IDEMPOTENCY_HEADER,
  PAY_LINK_REVOKE_PATH,
  PAY_LINKS_PATH,
  PayLinkParamsSchema,
  PayLinkSchema,
  PayLinksPageSchema,
  PayLinksQuerySchema,
  QUICK_PAY_LINK_PATH,
  QUICK_PAY_LOOKUP_PATH,
  QUICK_PAY_PAYMENTS_PATH,
  QUICK_PAY_PAYMENTS_PER_WINDOW,
  QUICK_PAY_WINDOW_MINUTES,
  QuickPayLinkRequestSchema,
  QuickPayLinkResponseSchema,
  QuickPayLookupRequestSchema,
  QuickPayLookupResponseSchema,
  QuickPayPaymentRequestSchema,
  QuickPayPaymentResponseSchema,
} from '@vireo/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { parseIdempotencyKey } from '../../platform/idempotency';
import { authOf } from '../../plugins/auth';
import { rateLimitOptions } from '../../plugins/rate-limit';
import { storedPaymentOutcome } from '../pci-edge/card-testing';

/**
 * Quick Pay (issue 17 item 6, wider-portal.md §1): public routes, each POST with the visitor's anti-forgery pair,
 * limited per client address (Redis when REDIS_URL is set): 5 lookups in 10 minutes (QUICK_PAY_LOOKUP_RATE_LIMIT_PER_
 * WINDOW raises it for test servers), 20 payments. The Quick Pay token travels in bodies, never in URLs.
 */
export const quickPayRoutes: FastifyPluginAsyncZod = async (app) => {
  const { quickPay, payLinks } = app.portal.services;
  const windowMs = QUICK_PAY_WINDOW_MINUTES * 60_000;
  const open = { access: 'public' } as const;

  await app.register(async (scope) => {
    await scope.register(
      rateLimit,
      rateLimitOptions(app, {
        name: 'quick-pay-lookups',
        max: app.portal.config.quickPayLookupRateLimitPerWindow,
        windowMs,
        message: 'too many Quick Pay lookups',
      }),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      QUICK_PAY_LOOKUP_PATH,
      {
        schema: {
          tags: ['quick pay'],
          body: QuickPayLookupRequestSchema,
          response: { 200: QuickPayLookupResponseSchema },
        },
        config: open,
      },
      async (request) => quickPay.lookup(request.body),
    );
    // a pay link opens Quick Pay with its account filled in (issue 17 item 7); counted with the lookups
    scope.withTypeProvider<ZodTypeProvider>().post(
      QUICK_PAY_LINK_PATH,
      {
        schema: {
          tags: ['quick pay'],
          body: QuickPayLinkRequestSchema,
          response: { 200: QuickPayLinkResponseSchema },
        },
        config: open,
      },
      async (request) => quickPay.openLink(request.body.link),
    );
  });

  await app.register(async (scope) => {
    await scope.register(
      rateLimit,
      rateLimitOptions(app, {
        name: 'quick-pay-payments',
        max: QUICK_PAY_PAYMENTS_PER_WINDOW,
        windowMs,
        message: 'too many Quick Pay payments',
      }),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      QUICK_PAY_PAYMENTS_PATH,
      {
        schema: {
          tags: ['quick pay'],
          body: QuickPayPaymentRequestSchema,
          response: { 200: QuickPayPaymentResponseSchema },
        },
        config: open,
      },
      async (request, reply) => {
        const key = parseIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]);
        const session = await quickPay.sessionOf(request.body.quickPayToken);
        // card testing (issue 14 item 11): a guest's declines slow, then pause, the account's attempts like anyone's
        const stored = await app.portal.cardTesting.attempt(
          session.accountId,
          () =>
            quickPay.pay(session, request.body, {
              key,
              method: request.method,
              path: request.url.split('?')[0] ?? request.url,
            }),
          storedPaymentOutcome,
        );
        const answer = quickPay.receiptOf(stored);
        // a payment the processor answered is 200 (its outcome in the body), the first time and on every replay
        return reply.status(answer.status as 200).send(answer.body);
      },
    );
  });

  // pay links (issue 17 item 7, wider-portal.md §1): PRIMARY, ADMIN and BILLING make, list and revoke the account's
  const pay = { access: 'billing.pay' } as const;
  const actor = (request: FastifyRequest) => {
    const auth = authOf(request);
    return { accountId: auth.accountId, userId: auth.userId };
  };
  app.get(
    PAY_LINKS_PATH,
    {
      schema: { tags: ['pay links'], querystring: PayLinksQuerySchema, response: { 200: PayLinksPageSchema } },
      config: pay,
    },
    async (request) => payLinks.list(actor(request), request.query),
  );
  app.post(
    PAY_LINKS_PATH,
    {
      schema: { tags: ['pay links'], body: CreatePayLinkRequestSchema, response: { 201: CreatePayLinkResponseSchema } },
      // wider-portal.md §3: creating a pay link needs a sign-in within the last 10 minutes
      config: { ...pay, stepUp: true },
    },
    async (request, reply) => reply.status(201).send(await payLinks.create(actor(request), request.body)),
  );
  app.post(
    PAY_LINK_REVOKE_PATH,
    {
      schema: { tags: ['pay links'], params: PayLinkParamsSchema, response: { 200: PayLinkSchema } },
      config: pay,
    },
    async (request) => payLinks.revoke(actor(request), request.params.payLinkId),
  );
};
