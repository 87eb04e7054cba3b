import {
  SELF_INSTALL_ACTIVATION_PATH,
  SELF_INSTALL_KIT_PATH,
  SELF_INSTALL_WIFI_PATH,
  SelfInstallKitResponseSchema,
  SelfInstallKitSchema,
  SelfInstallWifiRequestSchema,
} from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountActorOf, authOf } from '../../plugins/auth';

/**
 * Self-install (issue 21 item 6): every member reads the kit (`account.view`); activating it and setting its Wi-Fi are
 * the admin group's (`services.manage`).
 */
export const selfInstallRoutes: FastifyPluginAsyncZod = async (app) => {
  const { selfInstall } = app.portal.services;
  const tags = ['self-install'];

  app.get(
    SELF_INSTALL_KIT_PATH,
    { schema: { tags, response: { 200: SelfInstallKitResponseSchema } }, config: { access: 'account.view' } },
    async (request) => ({ kit: await selfInstall.kit(authOf(request)) }),
  );
  app.post(
    SELF_INSTALL_ACTIVATION_PATH,
    { schema: { tags, response: { 200: SelfInstallKitSchema } }, config: { access: 'services.manage' } },
    async (request) => selfInstall.activate(accountActorOf(request)),
  );
  app.put(
    SELF_INSTALL_WIFI_PATH,
    {
      schema: { tags, body: SelfInstallWifiRequestSchema, response: { 200: SelfInstallKitSchema } },
      config: { access: 'services.manage' },
    },
    async (request) => selfInstall.setWifi(accountActorOf(request), request.body),
  );
};
