import rateLimit from '@fastify/rate-limit';
import {
  DATA_COOKIE,
  OUT_OF_FOOTPRINT,
  PARTNER_ADDRESS_PATH,
  PARTNER_CHECKS_PER_WINDOW,
  PARTNER_IP_PATH,
  PARTNER_SUPPORT_ADDRESS_PATH,
  PARTNER_SUPPORT_IP_PATH,
  PARTNER_SUPPORT_ZIPCODE_PATH,
  PARTNER_ZIPCODE_PATH,
  PartnerAddressQuerySchema,
  PartnerFlowParamsSchema,
  PartnerIpQuerySchema,
  type PartnerLocationResponse,
  PartnerLocationResponseSchema,
  PartnerSupportAddressQuerySchema,
  PartnerSupportQuerySchema,
  PartnerSupportZipcodeParamsSchema,
  PartnerZipcodeParamsSchema,
  PartnerZipcodeQuerySchema,
  ServiceZipSchema,
} from '@vireo/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { cookieOptions } from '../../plugins/auth';
import { rateLimitOptions } from '../../plugins/rate-limit';

const tags = ['partner-location'];
const response = { 200: PartnerLocationResponseSchema };

/**
 * spec §7.1's partner footprint checks (issue 23 item 6), for anyone and counted per client address (each answers
 * whether a place is served). A check that placed somewhere sets the data cookie (spec §3): `partnerType` (the
 * footprint, or NONE outside it) and `zipcode`, the checked one when the caller carries it over (`carryover-zipcode`),
 * else the cookie's earlier one. A session cookie, readable by the page; it grants nothing.
 */
export const partnerLocationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { partnerLocation } = app.portal.services;
  const open = { access: 'public' } as const;

  function answer(
    request: FastifyRequest,
    reply: FastifyReply,
    result: PartnerLocationResponse,
    carryover: 'true' | 'false' | undefined,
  ): PartnerLocationResponse {
    if (result.zipcode === null) return result;
    const before = new URLSearchParams(request.cookies[DATA_COOKIE] ?? '').get('zipcode');
    const zipcode = carryover === 'true' ? result.zipcode : ServiceZipSchema.safeParse(before).success ? before : null;
    const data = new URLSearchParams({
      ...(zipcode ? { zipcode } : {}),
      partnerType: result.footprint ?? OUT_OF_FOOTPRINT,
    });
    reply.setCookie(DATA_COOKIE, data.toString(), cookieOptions(app, { httpOnly: false }));
    return result;
  }

  await app.register(async (scope) => {
    await scope.register(
      rateLimit,
      rateLimitOptions(app, {
        name: 'partner-location-checks',
        max: PARTNER_CHECKS_PER_WINDOW,
        windowMs: 10 * 60_000,
        message: 'too many footprint checks',
      }),
    );
    const routes = scope.withTypeProvider<ZodTypeProvider>();
    routes.get(
      PARTNER_IP_PATH,
      { schema: { tags, querystring: PartnerIpQuerySchema, response }, config: open },
      async (request, reply) => answer(request, reply, partnerLocation.byIp(request.ip), undefined),
    );
    routes.get(
      PARTNER_SUPPORT_IP_PATH,
      { schema: { tags, params: PartnerFlowParamsSchema, response }, config: open },
      async (request, reply) => answer(request, reply, partnerLocation.byIp(request.ip), undefined),
    );
    routes.get(
      PARTNER_ZIPCODE_PATH,
      {
        schema: { tags, params: PartnerZipcodeParamsSchema, querystring: PartnerZipcodeQuerySchema, response },
        config: open,
      },
      async (request, reply) =>
        answer(request, reply, partnerLocation.byZipcode(request.params.zipcode), request.query['carryover-zipcode']),
    );
    routes.get(
      PARTNER_SUPPORT_ZIPCODE_PATH,
      {
        schema: { tags, params: PartnerSupportZipcodeParamsSchema, querystring: PartnerSupportQuerySchema, response },
        config: open,
      },
      async (request, reply) =>
        answer(request, reply, partnerLocation.byZipcode(request.params.zipcode), request.query['carryover-zipcode']),
    );
    routes.get(
      PARTNER_ADDRESS_PATH,
      { schema: { tags, querystring: PartnerAddressQuerySchema, response }, config: open },
      async (request, reply) =>
        answer(request, reply, await partnerLocation.byAddress(request.query), request.query['carryover-zipcode']),
    );
    routes.get(
      PARTNER_SUPPORT_ADDRESS_PATH,
      {
        schema: { tags, params: PartnerFlowParamsSchema, querystring: PartnerSupportAddressQuerySchema, response },
        config: open,
      },
      async (request, reply) =>
        answer(request, reply, await partnerLocation.byAddress(request.query), request.query['carryover-zipcode']),
    );
  });
};
