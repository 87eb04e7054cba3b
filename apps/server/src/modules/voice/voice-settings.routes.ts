import {
  CallGuardSettingsSchema,
  ForwardingSettingsSchema,
  SimulateCallRequestSchema,
  SimulationResultSchema,
  VOICE_CALL_GUARD_PATH,
  VOICE_FORWARDING_PATH,
  VOICE_LINE_PATH,
  VOICE_SIMULATE_PATH,
  VoiceLineSchema,
  VoiceLineUpdateSchema,
} from '@vireo/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth';

/** CPNI and spec §4 (forwarding for the admin group with a phone-meta service): `voice.manage`. */
const CPNI = { access: 'voice.manage' } as const;
const params = z.object({ lineId: z.uuid() });

/**
 * A line's settings (issue 19 items 6-8): its name, caller-ID name and who answers it; its forwarding (a target
 * outside the account needs a recent sign-in, the step-up's STEP_UP_REQUIRED); its Call Guard; the rule simulator.
 */
export const voiceSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { voiceSettings, identity } = app.portal.services;
  const actorOf = (request: FastifyRequest) => {
    const auth = authOf(request);
    return { ...auth, requestId: request.id, requireRecentSignIn: () => identity.requireRecentSignIn(auth) };
  };

  app.patch(
    VOICE_LINE_PATH,
    {
      schema: { tags: ['voice'], params, body: VoiceLineUpdateSchema, response: { 200: VoiceLineSchema } },
      config: CPNI,
    },
    async (request) => voiceSettings.updateLine(actorOf(request), request.params.lineId, request.body),
  );

  app.get(
    VOICE_FORWARDING_PATH,
    { schema: { tags: ['voice'], params, response: { 200: ForwardingSettingsSchema } }, config: CPNI },
    async (request) => voiceSettings.forwarding(authOf(request), request.params.lineId),
  );
  app.put(
    VOICE_FORWARDING_PATH,
    {
      schema: { tags: ['voice'], params, body: ForwardingSettingsSchema, response: { 200: ForwardingSettingsSchema } },
      config: CPNI,
    },
    async (request) => voiceSettings.saveForwarding(actorOf(request), request.params.lineId, request.body),
  );

  app.get(
    VOICE_CALL_GUARD_PATH,
    { schema: { tags: ['voice'], params, response: { 200: CallGuardSettingsSchema } }, config: CPNI },
    async (request) => voiceSettings.callGuard(authOf(request), request.params.lineId),
  );
  app.put(
    VOICE_CALL_GUARD_PATH,
    {
      schema: { tags: ['voice'], params, body: CallGuardSettingsSchema, response: { 200: CallGuardSettingsSchema } },
      config: CPNI,
    },
    async (request) => voiceSettings.saveCallGuard(actorOf(request), request.params.lineId, request.body),
  );

  app.post(
    VOICE_SIMULATE_PATH,
    {
      schema: {
        tags: ['voice'],
        params,
        body: SimulateCallRequestSchema,
        response: { 200: SimulationResultSchema },
      },
      config: CPNI,
    },
    async (request) => voiceSettings.simulate(authOf(request), request.params.lineId, request.body),
  );
};
