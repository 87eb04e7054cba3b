import { localeOf, TROUBLESHOOTING_PATH, TroubleshootingCheckSchema, TroubleshootingQuerySchema } from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountActorOf, authOf } from '../../plugins/auth';

/** Issue 21 item 5: troubleshooting's check, for every member (restarting is `services.manage`, services.routes.ts). */
export const troubleshootingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { troubleshooting, identity } = app.portal.services;
  app.get(
    TROUBLESHOOTING_PATH,
    {
      schema: {
        tags: ['support'],
        querystring: TroubleshootingQuerySchema,
        response: { 200: TroubleshootingCheckSchema },
      },
      config: { access: 'account.view' },
    },
    async (request) => {
      const locale = request.query.lang ?? localeOf((await identity.profile(authOf(request))).language);
      return troubleshooting.check(accountActorOf(request), request.query.subject, locale);
    },
  );
};
