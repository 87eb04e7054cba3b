import {
  type Locale,
  localeOf,
  OUTAGE_CALLBACK_PATH,
  OUTAGE_CALLBACKS_PATH,
  OUTAGE_CREDITS_PATH,
  OUTAGE_LETTER_PATH,
  OutageCallbackParamsSchema,
  OutageCallbackRequestSchema,
  OutageCallbackResponseSchema,
  OutageCreditRequestSchema,
  OutageCreditResponseSchema,
  OutageLetterParamsSchema,
  OutageLetterQuerySchema,
  OutageLocationsResponseSchema,
} from '@vireo/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountActorOf, authOf } from '../../plugins/auth';
import { renderInterruptionLetter } from './interruption-letter';

/**
 * Issue 20 items 7-8 (wider-portal.md §8, spec §2.1 `/outage-callback`): the outages at the account's locations, the
 * user's callbacks (every user), the outage credit and the service-interruption letter (billing roles).
 */
export const outageCareRoutes: FastifyPluginAsyncZod = async (app) => {
  const { outageCare, identity } = app.portal.services;
  const languageOf = async (request: FastifyRequest, asked?: Locale): Promise<Locale> =>
    asked ?? localeOf((await identity.profile(authOf(request))).language);

  app.get(
    OUTAGE_CALLBACKS_PATH,
    {
      schema: { tags: ['outages'], response: { 200: OutageLocationsResponseSchema } },
      config: { access: 'account.view' },
    },
    async (request) => outageCare.locations(accountActorOf(request)),
  );
  app.post(
    OUTAGE_CALLBACKS_PATH,
    {
      schema: {
        tags: ['outages'],
        body: OutageCallbackRequestSchema,
        response: { 200: OutageCallbackResponseSchema, 201: OutageCallbackResponseSchema },
      },
      config: { access: 'account.view' },
    },
    async (request, reply) => {
      const { callback, created } = await outageCare.subscribe(
        accountActorOf(request),
        request.body,
        await languageOf(request),
      );
      return reply.code(created ? 201 : 200).send({ callback });
    },
  );
  app.delete(
    OUTAGE_CALLBACK_PATH,
    { schema: { tags: ['outages'], params: OutageCallbackParamsSchema }, config: { access: 'account.view' } },
    async (request, reply) => {
      await outageCare.unsubscribe(accountActorOf(request), request.params.callbackId);
      return reply.code(204).send();
    },
  );
  app.post(
    OUTAGE_CREDITS_PATH,
    {
      schema: { tags: ['outages'], body: OutageCreditRequestSchema, response: { 200: OutageCreditResponseSchema } },
      config: { access: 'billing.pay' },
    },
    async (request) => ({ outage: await outageCare.requestCredit(accountActorOf(request), request.body.reference) }),
  );
  app.get(
    OUTAGE_LETTER_PATH,
    {
      schema: { tags: ['outages'], params: OutageLetterParamsSchema, querystring: OutageLetterQuerySchema },
      config: { access: 'billing.view' },
    },
    async (request, reply) => {
      const letter = await outageCare.letter(accountActorOf(request), request.params.reference);
      const pdf = await renderInterruptionLetter(letter, await languageOf(request, request.query.lang));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="service-interruption-${letter.reference}.pdf"`)
        .send(pdf);
    },
  );
};
