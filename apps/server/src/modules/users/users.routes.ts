import {
  ChangeAccessRequestSchema,
  ChangeRoleRequestSchema,
  INVITATION_PATH,
  INVITATION_RESEND_PATH,
  INVITATIONS_PATH,
  InvitationParamsSchema,
  InvitationResponseSchema,
  InvitationsPageSchema,
  InvitationsQuerySchema,
  InviteRequestSchema,
  ManagedUserResponseSchema,
  PRIMARY_TRANSFER_PATH,
  PrimaryTransferRequestSchema,
  USER_ACCESS_PATH,
  USER_DEACTIVATE_PATH,
  USER_PATH,
  USER_REACTIVATE_PATH,
  USER_ROLE_PATH,
  USERS_PATH,
  UserParamsSchema,
  UsersPageSchema,
  UsersQuerySchema,
} from '@vireo/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';
import type { UsersActor } from './users.service';

/**
 * Users and roles (issue 18 item 5, wider-portal.md §4): `users.manage` (PRIMARY and ADMIN, spec §6). A role change
 * and a Primary transfer need a sign-in within STEP_UP_MINUTES (`stepUp`, §3), else STEP_UP_REQUIRED.
 */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.portal.services;
  const manage = { access: 'users.manage' } as const;
  const dangerous = { access: 'users.manage', stepUp: true } as const;
  const tags = ['users'];
  const actor = (request: FastifyRequest): UsersActor => {
    const auth = authOf(request);
    return { accountId: auth.accountId, userId: auth.userId, role: auth.role };
  };
  const changed = { 200: ManagedUserResponseSchema };

  app.get(
    USERS_PATH,
    { schema: { tags, querystring: UsersQuerySchema, response: { 200: UsersPageSchema } }, config: manage },
    async (request) => users.list(actor(request), request.query),
  );
  app.put(
    USER_ROLE_PATH,
    { schema: { tags, params: UserParamsSchema, body: ChangeRoleRequestSchema, response: changed }, config: dangerous },
    async (request) => users.changeRole(actor(request), request.params.userId, request.body),
  );
  app.put(
    USER_ACCESS_PATH,
    { schema: { tags, params: UserParamsSchema, body: ChangeAccessRequestSchema, response: changed }, config: manage },
    async (request) => users.changeAccess(actor(request), request.params.userId, request.body.accessEndsOn),
  );
  app.post(
    USER_DEACTIVATE_PATH,
    { schema: { tags, params: UserParamsSchema, response: changed }, config: manage },
    async (request) => users.deactivate(actor(request), request.params.userId),
  );
  app.post(
    USER_REACTIVATE_PATH,
    { schema: { tags, params: UserParamsSchema, response: changed }, config: manage },
    async (request) => users.reactivate(actor(request), request.params.userId),
  );
  app.delete(USER_PATH, { schema: { tags, params: UserParamsSchema }, config: manage }, async (request, reply) => {
    await users.remove(actor(request), request.params.userId);
    return reply.status(204).send();
  });
  app.post(
    PRIMARY_TRANSFER_PATH,
    { schema: { tags, body: PrimaryTransferRequestSchema, response: changed }, config: dangerous },
    async (request) => users.transferPrimary(actor(request), request.body.userId),
  );

  app.get(
    INVITATIONS_PATH,
    { schema: { tags, querystring: InvitationsQuerySchema, response: { 200: InvitationsPageSchema } }, config: manage },
    async (request) => users.listInvitations(actor(request), request.query),
  );
  app.post(
    INVITATIONS_PATH,
    { schema: { tags, body: InviteRequestSchema, response: { 201: InvitationResponseSchema } }, config: manage },
    async (request, reply) => reply.status(201).send(await users.invite(actor(request), request.body)),
  );
  app.post(
    INVITATION_RESEND_PATH,
    { schema: { tags, params: InvitationParamsSchema, response: { 200: InvitationResponseSchema } }, config: manage },
    async (request) => users.resendInvitation(actor(request), request.params.invitationId),
  );
  app.delete(
    INVITATION_PATH,
    { schema: { tags, params: InvitationParamsSchema }, config: manage },
    async (request, reply) => {
      await users.deleteInvitation(actor(request), request.params.invitationId);
      return reply.status(204).send();
    },
  );
};
