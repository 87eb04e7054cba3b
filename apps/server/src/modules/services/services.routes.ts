import {
  EQUIPMENT_NICKNAME_PATH,
  EQUIPMENT_RESTART_PATH,
  EquipmentNicknameRequestSchema,
  EquipmentRestartSchema,
  EquipmentSchema,
  SERVICES_PATH,
  ServicesResponseSchema,
} from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth';

/**
 * Services and equipment (issue 19 item 1): every signed-in member reads them (`account.view`); naming a device and
 * restarting it (issue 21 item 5) are the admin group's (`services.manage`).
 */
export const servicesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app.portal.services;

  app.get(
    SERVICES_PATH,
    { schema: { tags: ['services'], response: { 200: ServicesResponseSchema } }, config: { access: 'account.view' } },
    async (request) => services.getServices(authOf(request)),
  );

  app.put(
    EQUIPMENT_NICKNAME_PATH,
    {
      schema: {
        tags: ['services'],
        params: z.object({ equipmentId: z.uuid() }),
        body: EquipmentNicknameRequestSchema,
        response: { 200: EquipmentSchema },
      },
      config: { access: 'services.manage' },
    },
    async (request) => {
      const auth = authOf(request);
      return services.setNickname(
        { ...auth, requestId: request.id },
        request.params.equipmentId,
        request.body.nickname,
      );
    },
  );

  app.post(
    EQUIPMENT_RESTART_PATH,
    {
      schema: {
        tags: ['services'],
        params: z.object({ equipmentId: z.uuid() }),
        response: { 200: EquipmentRestartSchema },
      },
      config: { access: 'services.manage' },
    },
    async (request) =>
      services.restartEquipment({ ...authOf(request), requestId: request.id }, request.params.equipmentId),
  );
};
