import rateLimit from '@fastify/rate-limit';
import {
  AddressCheckRequestSchema,
  AddressCheckResponseSchema,
  NetworkEventsPageSchema,
  OUTAGE_ADDRESS_CHECK_PATH,
  OUTAGE_CHECKS_PER_WINDOW,
  OUTAGES_PATH,
  OutagesQuerySchema,
} from '@vireo/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { rateLimitOptions } from '../../plugins/rate-limit';

/**
 * The outage map's routes (issue 20 item 5, wider-portal.md §8; spec §2.1 `/outage-map` is open): the events for
 * anyone, and the address check (a POST with the visitor's anti-forgery pair, counted per client address).
 */
export const outagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { outages } = app.portal.services;
  const open = { access: 'public' } as const;
  app.get(
    OUTAGES_PATH,
    {
      schema: { tags: ['outages'], querystring: OutagesQuerySchema, response: { 200: NetworkEventsPageSchema } },
      config: open,
    },
    async (request) => outages.list(request.query),
  );
  await app.register(async (scope) => {
    await scope.register(
      rateLimit,
      rateLimitOptions(app, {
        name: 'outage-address-checks',
        max: OUTAGE_CHECKS_PER_WINDOW,
        windowMs: 10 * 60_000,
        message: 'too many address checks',
      }),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      OUTAGE_ADDRESS_CHECK_PATH,
      {
        schema: { tags: ['outages'], body: AddressCheckRequestSchema, response: { 200: AddressCheckResponseSchema } },
        config: open,
      },
      async (request) => outages.checkAddress(request.body),
    );
  });
};
