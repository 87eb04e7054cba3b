import rateLimit from '@fastify/rate-limit';
import {
  AcceptInvitationRequestSchema,
  AcceptInvitationResponseSchema,
  EMAIL_REQUESTS_WINDOW_MINUTES,
  EmailSentResponseSchema,
  LINK_ACCEPT_INVITATION_PATH,
  LINK_RENEW_PATH,
  LINK_RESET_PASSWORD_PATH,
  LINK_STATUS_PATH,
  LINK_VERIFY_PATH,
  LinkRenewRequestSchema,
  LinkRequestSchema,
  LinkStatusResponseSchema,
  LinkVerifyResponseSchema,
  PASSWORD_CHECK_PATH,
  PasswordCheckRequestSchema,
  PasswordCheckResponseSchema,
  RECOVER_PASSWORD_PATH,
  RECOVER_USERNAME_PATH,
  REGISTRATION_PATH,
  RecoveryRequestSchema,
  RegistrationRequestSchema,
  ResetPasswordRequestSchema,
  ResetPasswordResponseSchema,
} from '@vireo/shared';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { rateLimitOptions } from '../../plugins/rate-limit';
import { openPortalSession } from './session-cookies';

/** Requests per client address and minute for the checks that e-mail nobody (password check, link status, verify). */
const CHECKS_PER_MINUTE = 60;

/**
 * The open doors' routes (issue 17, wider-portal.md §1): public, each POST with the visitor's anti-forgery token, and
 * limited per client address (Redis when REDIS_URL is set): what sends an e-mail to 10 in 10 minutes, the checks to
 * 60 a minute. Tokens travel in bodies, never in URLs, so no access log holds one.
 */
export const accountAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { accountAccess, invitations } = app.portal.services;
  const limit = (scope: FastifyInstance, name: string, max: number, windowMs: number) =>
    scope.register(rateLimit, rateLimitOptions(app, { name, max, windowMs, message: 'too many requests' }));

  await app.register(async (scope) => {
    await limit(
      scope,
      'email-requests',
      app.portal.config.emailRequestRateLimitPerWindow,
      EMAIL_REQUESTS_WINDOW_MINUTES * 60_000,
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    const sent = { 202: EmailSentResponseSchema };
    routes.post(
      REGISTRATION_PATH,
      { schema: { tags: ['open doors'], body: RegistrationRequestSchema, response: sent } },
      async (request, reply) => reply.code(202).send(await accountAccess.register(request.body)),
    );
    routes.post(
      RECOVER_USERNAME_PATH,
      { schema: { tags: ['open doors'], body: RecoveryRequestSchema, response: sent } },
      async (request, reply) => reply.code(202).send(await accountAccess.recoverUsername(request.body)),
    );
    routes.post(
      RECOVER_PASSWORD_PATH,
      { schema: { tags: ['open doors'], body: RecoveryRequestSchema, response: sent } },
      async (request, reply) => reply.code(202).send(await accountAccess.recoverPassword(request.body)),
    );
    routes.post(
      LINK_RENEW_PATH,
      { schema: { tags: ['open doors'], body: LinkRenewRequestSchema, response: sent } },
      async (request, reply) =>
        reply.code(202).send(await accountAccess.renewLink(request.body.token, request.body.language)),
    );
  });

  await app.register(async (scope) => {
    await limit(scope, 'access-checks', CHECKS_PER_MINUTE, 60_000);
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.post(
      PASSWORD_CHECK_PATH,
      {
        schema: {
          tags: ['open doors'],
          body: PasswordCheckRequestSchema,
          response: { 200: PasswordCheckResponseSchema },
        },
      },
      async (request) => accountAccess.checkPassword(request.body),
    );
    routes.post(
      LINK_STATUS_PATH,
      { schema: { tags: ['open doors'], body: LinkRequestSchema, response: { 200: LinkStatusResponseSchema } } },
      async (request) => accountAccess.linkStatus(request.body.token),
    );
    routes.post(
      LINK_VERIFY_PATH,
      { schema: { tags: ['open doors'], body: LinkRequestSchema, response: { 200: LinkVerifyResponseSchema } } },
      async (request) => accountAccess.verify(request.body.token),
    );
    routes.post(
      LINK_RESET_PASSWORD_PATH,
      {
        schema: {
          tags: ['open doors'],
          body: ResetPasswordRequestSchema,
          response: { 200: ResetPasswordResponseSchema },
        },
      },
      async (request) => accountAccess.resetPassword(request.body),
    );
    // wider-portal.md §1 "Invitation acceptance … lands signed in": the new member gets the session and cookies of a
    // sign-in (the OIDC callback's, session-cookies.ts), so the page goes straight into the portal
    routes.post(
      LINK_ACCEPT_INVITATION_PATH,
      {
        schema: {
          tags: ['open doors'],
          body: AcceptInvitationRequestSchema,
          response: { 200: AcceptInvitationResponseSchema },
        },
      },
      async (request, reply) => {
        const { userId, username } = await invitations.acceptInvitation(request.body);
        await openPortalSession(app, request, reply, { userId, rememberMe: false });
        return { username };
      },
    );
  });
};
