import { ALERTS_PATH, AlertsQuerySchema, AlertsResponseSchema, localeOf } from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';

/** Issue 20 item 6 (spec §3, wider-portal.md §8): the alerts of the account's service address, for every user. */
export const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { alerts, identity } = app.portal.services;
  app.get(
    ALERTS_PATH,
    {
      schema: { tags: ['alerts'], querystring: AlertsQuerySchema, response: { 200: AlertsResponseSchema } },
      config: { access: 'account.view' },
    },
    async (request) => {
      const auth = authOf(request);
      const locale = request.query.lang ?? localeOf((await identity.profile(auth)).language);
      return alerts.forAccount({ accountId: auth.accountId, timeZone: auth.account.timeZone }, locale);
    },
  );
};
