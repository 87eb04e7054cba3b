import {
  AddPasskeyRequestSchema,
  PASSKEY_PATH,
  PASSKEY_REGISTRATION_OPTIONS_PATH,
  PASSKEY_REMOVE_PATH,
  PASSKEYS_PATH,
  PasskeyOptionsResponseSchema,
  PasskeyParamsSchema,
  PasskeySchema,
  PasskeysResponseSchema,
  RenamePasskeyRequestSchema,
} from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';

/**
 * Passkeys (issue 18 item 2, wider-portal.md §3, ADR 029): any signed-in user's own. Not money-moving: no
 * Idempotency-Key (a registration answer verifies once: its challenge is single-use).
 */
export const passkeysRoutes: FastifyPluginAsyncZod = async (app) => {
  const { passkeys } = app.portal.services;
  const tags = ['session'];
  const session = { access: 'session' } as const;

  app.get(
    PASSKEYS_PATH,
    { schema: { tags, response: { 200: PasskeysResponseSchema } }, config: session },
    async (request) => passkeys.list(authOf(request)),
  );
  app.post(
    PASSKEY_REGISTRATION_OPTIONS_PATH,
    { schema: { tags, response: { 200: PasskeyOptionsResponseSchema } }, config: session },
    async (request) => passkeys.registrationOptions(authOf(request)),
  );
  app.post(
    PASSKEYS_PATH,
    { schema: { tags, body: AddPasskeyRequestSchema, response: { 201: PasskeySchema } }, config: session },
    async (request, reply) => reply.status(201).send(await passkeys.add(authOf(request), request.body)),
  );
  app.patch(
    PASSKEY_PATH,
    {
      schema: { tags, params: PasskeyParamsSchema, body: RenamePasskeyRequestSchema, response: { 200: PasskeySchema } },
      config: session,
    },
    async (request) => passkeys.rename(authOf(request), request.params.passkeyId, request.body.name),
  );
  app.post(
    PASSKEY_REMOVE_PATH,
    { schema: { tags, params: PasskeyParamsSchema }, config: session },
    async (request, reply) => {
      await passkeys.remove(authOf(request), request.params.passkeyId);
      return reply.status(204).send();
    },
  );
};
