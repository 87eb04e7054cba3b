import rateLimit from '@fastify/rate-limit';
import {
  COOKIES,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_ATTACHMENTS_MAX,
  SUPPORT_ATTACHMENTS_PATH,
  SUPPORT_TICKET_CONTEXT_PATH,
  SUPPORT_TICKET_STATUS_PATH,
  SUPPORT_TICKETS_PATH,
  SupportAttachmentQuerySchema,
  SupportAttachmentSchema,
  SupportContextSchema,
  SupportTicketCreatedSchema,
  SupportTicketListQuerySchema,
  SupportTicketListSchema,
  SupportTicketRequestSchema,
  SupportTicketSchema,
  SupportTicketStatusRequestSchema,
} from '@vireo/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountActorOf, authOf } from '../../plugins/auth';
import { acceptFileBody, FileBodySchema } from '../../plugins/file-body';
import { rateLimitOptions } from '../../plugins/rate-limit';
import type { TicketSender } from './tickets.service';

const HOUR_MS = 3_600_000;
const tags = ['support'];

/**
 * Support forms (issue 21 item 4, wider-portal.md §9; spec §2.1: `/support/forms` is open): a file at a time (its
 * bytes as `application/octet-stream`, which a cross-site form cannot send), the ticket, a visitor's status by the
 * link's token, and for a signed-in user the tickets and the context consent would share. Sending is counted per user
 * when signed in, else per client address (Redis when REDIS_URL is set).
 */
export const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { tickets, identity } = app.portal.services;
  const perHour = app.portal.config.supportTicketRateLimitPerHour;
  const keyGenerator = (request: FastifyRequest) => (request.auth ? `user:${request.auth.userId}` : request.ip);

  async function senderOf(request: FastifyRequest): Promise<TicketSender> {
    if (!request.auth) {
      // the anti-forgery check passed, so the cookie is the visitor's signed token: their files are kept under it
      return { kind: 'visitor', visitorToken: request.cookies[COOKIES.csrf] ?? '', requestId: request.id };
    }
    const actor = accountActorOf(request);
    const { memberDetails } = await identity.profile(authOf(request));
    return {
      kind: 'user',
      ...actor,
      name: `${memberDetails.firstName} ${memberDetails.lastName}`.trim(),
      email: memberDetails.contactEmail,
    };
  }

  await app.register(async (scope) => {
    await scope.register(
      rateLimit,
      rateLimitOptions(app, {
        name: 'support-attachments',
        max: perHour * SUPPORT_ATTACHMENTS_MAX * 2,
        windowMs: HOUR_MS,
        message: 'too many files',
        keyGenerator,
      }),
    );
    acceptFileBody(scope, SUPPORT_ATTACHMENT_MAX_BYTES);
    scope.withTypeProvider<ZodTypeProvider>().post(
      SUPPORT_ATTACHMENTS_PATH,
      {
        schema: {
          tags,
          consumes: ['application/octet-stream'],
          querystring: SupportAttachmentQuerySchema,
          body: FileBodySchema,
          response: { 201: SupportAttachmentSchema },
        },
        bodyLimit: SUPPORT_ATTACHMENT_MAX_BYTES,
        config: { access: 'public' },
      },
      async (request, reply) => {
        const file = await tickets.upload(
          await senderOf(request),
          request.query.name,
          request.body ?? new Uint8Array(),
        );
        return reply.code(201).send(file);
      },
    );
  });

  await app.register(async (scope) => {
    await scope.register(
      rateLimit,
      rateLimitOptions(app, {
        name: 'support-tickets',
        max: perHour,
        windowMs: HOUR_MS,
        message: 'too many tickets',
        keyGenerator,
      }),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      SUPPORT_TICKETS_PATH,
      {
        schema: { tags, body: SupportTicketRequestSchema, response: { 201: SupportTicketCreatedSchema } },
        config: { access: 'public' },
      },
      async (request, reply) => reply.code(201).send(await tickets.create(await senderOf(request), request.body)),
    );
  });

  app.get(
    SUPPORT_TICKETS_PATH,
    {
      schema: { tags, querystring: SupportTicketListQuerySchema, response: { 200: SupportTicketListSchema } },
      config: { access: 'session' },
    },
    async (request) => tickets.list(authOf(request).userId, request.query),
  );
  app.get(
    SUPPORT_TICKET_CONTEXT_PATH,
    {
      schema: { tags, response: { 200: SupportContextSchema } },
      config: { access: 'session' },
    },
    async (request) => {
      const sender = await senderOf(request);
      if (sender.kind !== 'user') throw new Error('a session route without a session');
      return tickets.context(sender);
    },
  );

  await app.register(async (scope) => {
    await scope.register(
      rateLimit,
      rateLimitOptions(app, {
        name: 'support-status',
        max: 60,
        windowMs: 10 * 60_000,
        message: 'too many status lookups',
      }),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      SUPPORT_TICKET_STATUS_PATH,
      {
        schema: { tags, body: SupportTicketStatusRequestSchema, response: { 200: SupportTicketSchema } },
        config: { access: 'public' },
      },
      async (request) => tickets.status(request.body.token),
    );
  });
};
