import {
  ChangePasswordRequestSchema,
  PASSWORD_CHANGE_PATH,
  SESSION_END_PATH,
  SESSIONS_END_OTHERS_PATH,
  SESSIONS_PATH,
  SessionParamsSchema,
  SessionsEndedResponseSchema,
  SessionsResponseSchema,
} from '@vireo/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';
import { rateLimitOptions } from '../../plugins/rate-limit';

/**
 * Security (issue 18 item 2, wider-portal.md §3): any signed-in user's own sessions and password. Ending sessions
 * and changing the password are not money-moving: they take no Idempotency-Key (ending twice ends nothing more).
 */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { security } = app.portal.services;
  const tags = ['session'];
  const session = { access: 'session' } as const;
  const ended = { 200: SessionsEndedResponseSchema };

  app.get(
    SESSIONS_PATH,
    { schema: { tags, response: { 200: SessionsResponseSchema } }, config: session },
    async (request) => security.listSessions(authOf(request)),
  );
  app.post(
    SESSION_END_PATH,
    { schema: { tags, params: SessionParamsSchema, response: ended }, config: session },
    async (request) => security.endSession(authOf(request), request.params.sessionId),
  );
  app.post(SESSIONS_END_OTHERS_PATH, { schema: { tags, response: ended }, config: session }, async (request) =>
    security.endOtherSessions(authOf(request)),
  );

  // the current password is checked as a sign-in is: limited per client address like the sign-in and the step-up
  await app.register(async (scope) => {
    await scope.register(
      (await import('@fastify/rate-limit')).default,
      rateLimitOptions(app, {
        name: 'password-change',
        max: app.portal.config.loginRateLimitPerMinute,
        windowMs: 60_000,
        message: 'too many password changes',
      }),
    );
    scope
      .withTypeProvider<ZodTypeProvider>()
      .post(
        PASSWORD_CHANGE_PATH,
        { schema: { tags, body: ChangePasswordRequestSchema, response: ended }, config: session },
        async (request) => security.changePassword(authOf(request), request.body),
      );
  });
};
