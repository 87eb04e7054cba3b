import rateLimit from '@fastify/rate-limit';
import {
  IDEMPOTENCY_HEADER,
  QUICK_PAY_LOOKUP_PATH,
  QUICK_PAY_PAYMENTS_PATH,
  QUICK_PAY_PAYMENTS_PER_WINDOW,
  QUICK_PAY_WINDOW_MINUTES,
  QuickPayLookupRequestSchema,
  QuickPayLookupResponseSchema,
  QuickPayPaymentRequestSchema,
  QuickPayPaymentResponseSchema,
} from '@vireo/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { parseIdempotencyKey } from '../../platform/idempotency';
import { rateLimitOptions } from '../../plugins/rate-limit';
import { storedPaymentOutcome } from '../pci-edge/card-testing';

/**
 * Quick Pay (issue 17 item 6, wider-portal.md §1): public routes, each POST with the visitor's anti-forgery pair,
 * limited per client address (Redis when REDIS_URL is set): 5 lookups in 10 minutes (QUICK_PAY_LOOKUP_RATE_LIMIT_PER_
 * WINDOW raises it for test servers), 20 payments. The Quick Pay token travels in bodies, never in URLs.
 */
export const quickPayRoutes: FastifyPluginAsyncZod = async (app) => {
  const { quickPay } = app.portal.services;
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
        const accountId = await quickPay.accountOf(request.body.quickPayToken);
        // card testing (issue 14 item 11): a guest's declines slow, then pause, the account's attempts like anyone's
        const stored = await app.portal.cardTesting.attempt(
          accountId,
          () =>
            quickPay.pay(accountId, request.body, {
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
};
