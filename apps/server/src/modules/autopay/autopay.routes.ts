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
import type { z } from 'zod';
import { idempotentRequest } from '../../platform/idempotency';
import { authOf } from '../../plugins/auth';

type ChangeResponse = z.infer<typeof AutoPayChangeResponseSchema>;

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
    async (request, reply) => {
      const stored = await autopay.enroll(actor(request), request.body, idempotentRequest(request));
      return reply.status(stored.status as 200).send(stored.body as ChangeResponse);
    },
  );
  app.put(
    AUTOPAY_METHOD_PATH,
    { schema: { tags: ['autopay'], body: ChangeAutoPayMethodRequestSchema, ...change }, config: pay },
    async (request, reply) => {
      const stored = await autopay.changeMethod(actor(request), request.body, idempotentRequest(request));
      return reply.status(stored.status as 200).send(stored.body as ChangeResponse);
    },
  );
  app.put(
    AUTOPAY_DATE_PATH,
    { schema: { tags: ['autopay'], body: ChangeAutoPayDateRequestSchema, ...change }, config: pay },
    async (request, reply) => {
      const stored = await autopay.changeDate(actor(request), request.body, idempotentRequest(request));
      return reply.status(stored.status as 200).send(stored.body as ChangeResponse);
    },
  );
  app.delete(
    AUTOPAY_PATH,
    { schema: { tags: ['autopay'], body: CancelAutoPayRequestSchema, ...change }, config: pay },
    async (request, reply) => {
      const stored = await autopay.cancel(actor(request), request.body, idempotentRequest(request));
      return reply.status(stored.status as 200).send(stored.body as ChangeResponse);
    },
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
