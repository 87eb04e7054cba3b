import { NOTIFICATIONS_PATH, NotificationSettingsRequestSchema, NotificationSettingsSchema } from '@vireo/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf } from '../../plugins/auth';
import type { NotificationsActor } from './notifications.service';

/**
 * Notifications (issue 18 item 4, wider-portal.md §3): any signed-in user's own matrix of events x channels. A
 * repeated PUT sets the same choices: no Idempotency-Key.
 */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notifications } = app.portal.services;
  const tags = ['notifications'];
  const config = { access: 'session' } as const;
  const actor = (request: FastifyRequest): NotificationsActor => {
    const auth = authOf(request);
    return { userId: auth.userId, accountId: auth.accountId, role: auth.role };
  };

  app.get(
    NOTIFICATIONS_PATH,
    { schema: { tags, response: { 200: NotificationSettingsSchema } }, config },
    async (request) => notifications.getSettings(actor(request)),
  );
  app.put(
    NOTIFICATIONS_PATH,
    {
      schema: { tags, body: NotificationSettingsRequestSchema, response: { 200: NotificationSettingsSchema } },
      config,
    },
    async (request) => notifications.updateSettings(actor(request), request.body),
  );
};
