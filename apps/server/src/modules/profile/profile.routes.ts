import {
  COMPANY_DETAILS_PATH,
  CompanyDetailsRequestSchema,
  CompanyDetailsSchema,
  EMAIL_CHANGE_PATH,
  EmailChangeRequestSchema,
  EmailChangeResponseSchema,
  PERSONAL_DETAILS_PATH,
  PersonalDetailsRequestSchema,
  PersonalDetailsSchema,
} from '@vireo/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';
import type { ProfileActor } from './profile.service';

/**
 * Profile & Settings, the Profile part (issue 18 item 1, wider-portal.md §3): any signed-in user's own personal
 * details and contact e-mail change; the company details need `company.manage` (PRIMARY and ADMIN). Nothing here moves
 * money: no Idempotency-Key (a repeated PUT sets the same values; a repeated e-mail change sends a newer link).
 */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profile } = app.portal.services;
  const tags = ['profile'];
  const session = { access: 'session' } as const;
  const manage = { access: 'company.manage' } as const;
  const actor = (request: FastifyRequest): ProfileActor => {
    const auth = authOf(request);
    return { userId: auth.userId, accountId: auth.accountId };
  };

  app.get(
    PERSONAL_DETAILS_PATH,
    { schema: { tags, response: { 200: PersonalDetailsSchema } }, config: session },
    async (request) => profile.getPersonal(actor(request)),
  );
  app.put(
    PERSONAL_DETAILS_PATH,
    { schema: { tags, body: PersonalDetailsRequestSchema, response: { 200: PersonalDetailsSchema } }, config: session },
    async (request) => profile.setPersonal(actor(request), request.body),
  );
  app.post(
    EMAIL_CHANGE_PATH,
    { schema: { tags, body: EmailChangeRequestSchema, response: { 202: EmailChangeResponseSchema } }, config: session },
    async (request, reply) =>
      reply.status(202).send(await profile.requestEmailChange(actor(request), request.body.email)),
  );
  app.get(
    COMPANY_DETAILS_PATH,
    { schema: { tags, response: { 200: CompanyDetailsSchema } }, config: manage },
    async (request) => profile.getCompany(actor(request)),
  );
  app.put(
    COMPANY_DETAILS_PATH,
    { schema: { tags, body: CompanyDetailsRequestSchema, response: { 200: CompanyDetailsSchema } }, config: manage },
    async (request) => profile.setCompany(actor(request), request.body),
  );
};
