import {
  CHANGE_OPTIONS_PATH,
  CHANGE_ORDERS_PATH,
  CHANGE_PREVIEW_PATH,
  ChangeOptionsSchema,
  ChangePreviewSchema,
  ChangeRequestSchema,
  ServiceOrderSchema,
} from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerIdempotently } from '../../platform/idempotency';
import { authOf } from '../../plugins/auth';

/**
 * Change of service (issue 19 item 2): the admin group's (`services.manage`), as naming equipment is. The preview
 * changes nothing; the order needs an Idempotency-Key (ADR 009): a second press answers the same order.
 */
export const changeOfServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { changeOfService } = app.portal.services;
  const manage = { access: 'services.manage' } as const;

  app.get(
    CHANGE_OPTIONS_PATH,
    { schema: { tags: ['services'], response: { 200: ChangeOptionsSchema } }, config: manage },
    async (request) => changeOfService.options(authOf(request).accountId),
  );

  app.post(
    CHANGE_PREVIEW_PATH,
    {
      schema: { tags: ['services'], body: ChangeRequestSchema, response: { 200: ChangePreviewSchema } },
      config: manage,
    },
    async (request) => changeOfService.preview(authOf(request).accountId, request.body.offer),
  );

  app.post(
    CHANGE_ORDERS_PATH,
    {
      schema: { tags: ['services'], body: ChangeRequestSchema, response: { 201: ServiceOrderSchema } },
      config: manage,
    },
    async (request, reply) =>
      answerIdempotently(request, reply, (key) =>
        changeOfService.order({ ...authOf(request), requestId: request.id }, request.body.offer, key),
      ),
  );
};
