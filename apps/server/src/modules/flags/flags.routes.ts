import { AppError, FLAG_NAMES, FLAGS_PATH } from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const FlagValuesSchema = z.object(Object.fromEntries(FLAG_NAMES.map((name) => [name, z.boolean()])));
const FlagOverrideRequestSchema = z.strictObject({ enabled: z.boolean().nullable() });

/** `GET` the flags for this environment (public); non-production: set or clear an override. */
export const flagsRoutes: FastifyPluginAsyncZod = async (app) => {
  const flags = app.portal.services.flags;
  app.get(FLAGS_PATH, { schema: { tags: ['flags'], response: { 200: FlagValuesSchema } } }, async (request) =>
    flags.all(app.portal.environmentFor(request)),
  );
  app.put(
    '/api/dev/flags/:name',
    {
      schema: {
        tags: ['dev'],
        params: z.object({ name: z.enum(FLAG_NAMES) }),
        body: FlagOverrideRequestSchema,
        response: { 200: FlagValuesSchema },
      },
    },
    async (request) => {
      const env = app.portal.environmentFor(request);
      if (env === 'prod') throw new AppError('NOT_FOUND', 'No flag overrides in production');
      await flags.setOverride(request.params.name, request.body.enabled);
      request.log.info({ flag: request.params.name, enabled: request.body.enabled }, 'flag override');
      return flags.all(env);
    },
  );
};
