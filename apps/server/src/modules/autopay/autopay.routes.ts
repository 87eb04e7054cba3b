import {
  AUTOPAY_DATE_PATH,
  AUTOPAY_METHOD_PATH,
  AUTOPAY_PATH,
  AutoPayChangeResponseSchema,
  AutoPayStatusSchema,
  CancelAutoPayRequestSchema,
  ChangeAutoPayDateRequestSchema,
  ChangeAutoPayMethodRequestSchema,
  EnrollAutoPayRequestSchema,
  PAPERLESS_PATH,
  PaperlessRequestSchema,
} from '@vireo/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerIdempotently } from '../../platform/idempotency';
import { authOf } from '../../plugins/auth';

/** Auto Pay and paperless billing (issue 6). `billing.pay` on every route (spec §6). */
export const autopayRoutes: FastifyPluginAsyncZod = async (app) => {
  const { autopay } = app.portal.services;
  const pay = { access: 'billing.pay' } as const;
  const actor = (request: FastifyRequest) => {
    const auth = authOf(request);
    return { userId: auth.userId, accountId: auth.accountId };
  };
  const change = { response: { 200: AutoPayChangeResponseSchema } };

  app.get(
    AUTOPAY_PATH,
    { schema: { tags: ['autopay'], response: { 200: AutoPayStatusSchema } }, config: pay },
    async (request) => autopay.getStatus(actor(request)),
  );
  app.post(
    AUTOPAY_PATH,
    { schema: { tags: ['autopay'], body: EnrollAutoPayRequestSchema, ...change }, config: pay },
    async (request, reply) =>
      answerIdempotently(request, reply, (key) => autopay.enroll(actor(request), request.body, key)),
  );
  app.put(
    AUTOPAY_METHOD_PATH,
    // wider-portal.md §3: changing the Auto Pay method needs a sign-in within the last 10 minutes (issue 18 item 3)
    {
      schema: { tags: ['autopay'], body: ChangeAutoPayMethodRequestSchema, ...change },
      config: { ...pay, stepUp: true },
    },
    async (request, reply) =>
      answerIdempotently(request, reply, (key) => autopay.changeMethod(actor(request), request.body, key)),
  );
  app.put(
    AUTOPAY_DATE_PATH,
    { schema: { tags: ['autopay'], body: ChangeAutoPayDateRequestSchema, ...change }, config: pay },
    async (request, reply) =>
      answerIdempotently(request, reply, (key) => autopay.changeDate(actor(request), request.body, key)),
  );
  app.delete(
    AUTOPAY_PATH,
    { schema: { tags: ['autopay'], body: CancelAutoPayRequestSchema, ...change }, config: pay },
    async (request, reply) =>
      answerIdempotently(request, reply, (key) => autopay.cancel(actor(request), request.body, key)),
  );
  app.put(
    PAPERLESS_PATH,
    {
      schema: { tags: ['autopay'], body: PaperlessRequestSchema, response: { 200: AutoPayStatusSchema } },
      config: pay,
    },
    async (request) => autopay.setPaperless(actor(request), request.body.enrolled),
  );
};
