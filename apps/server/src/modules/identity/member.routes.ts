import {
  AppError,
  MEMBER_PATH,
  MemberParamsSchema,
  MemberQuerySchema,
  MemberResponseSchema,
  type MemberServices,
} from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';

/**
 * spec §7.1 the member edge (issue 23 item 6): the member details by guid, or with `fl=VOICE` the member services
 * (spec §3), read from the voice service's assignment as the voice-access card's are. A guid is the signed-in user's
 * own: any other, of their business or another, is not found (nothing says whether it exists).
 */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const { identity, voice } = app.portal.services;
  app.get(
    MEMBER_PATH,
    {
      schema: {
        tags: ['identity'],
        params: MemberParamsSchema,
        querystring: MemberQuerySchema,
        response: { 200: MemberResponseSchema },
      },
      config: { access: 'session' },
    },
    async (request) => {
      const auth = authOf(request);
      if (request.params.guid !== auth.userId) throw new AppError('NOT_FOUND', 'member');
      if (request.query.fl !== 'VOICE') return identity.memberDetails(auth);
      const { assignment, phoneNumbers } = await voice.assignment(auth);
      return {
        Member: { Guid: auth.userId, Service: { Voice: { Assignment: assignment, Phone_Numbers: phoneNumbers } } },
      } satisfies MemberServices;
    },
  );
};
