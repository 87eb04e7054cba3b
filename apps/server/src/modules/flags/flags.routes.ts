import { FLAG_NAMES, FLAGS_PATH } from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEV_CONTROL_ROUTE } from '../../plugins/dev-control';

const FlagValuesSchema = z.object(Object.fromEntries(FLAG_NAMES.map((name) => [name, z.boolean()])));
const FlagOverrideRequestSchema = z.strictObject({ enabled: z.boolean().nullable() });

/** `GET` the flags for this environment (public). */
export const flagsRoutes: FastifyPluginAsyncZod = async (app) => {
  const flags = app.portal.services.flags;
  app.get(FLAGS_PATH, { schema: { tags: ['flags'], response: { 200: FlagValuesSchema } } }, async () =>
    flags.all(app.portal.environment),
  );
};

/** Set or clear a flag override: registered only outside production, for a session or the local operator. */
export const flagsDevRoutes: FastifyPluginAsyncZod = async (app) => {
  const flags = app.portal.services.flags;
  app.put(
    '/api/dev/flags/:name',
    {
      config: DEV_CONTROL_ROUTE,
      schema: {
        tags: ['dev'],
        params: z.object({ name: z.enum(FLAG_NAMES) }),
        body: FlagOverrideRequestSchema,
        response: { 200: FlagValuesSchema },
      },
    },
    async (request) => {
      await flags.setOverride(request.params.name, request.body.enabled);
      request.log.info({ flag: request.params.name, enabled: request.body.enabled }, 'flag override');
      return flags.all(app.portal.environment);
    },
  );
};
