import {
  COMMUNITY_PROPERTIES_PATH,
  COMMUNITY_UNIT_PATH,
  COMMUNITY_UNITS_PATH,
  CommunityPortfolioSchema,
  UnitDetailSchema,
  UnitsPageSchema,
  UnitsQuerySchema,
} from '@vireo/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../../plugins/auth';

const tags = ['community'];

/**
 * The community portfolio (issue 22 items 2-3, wider-portal.md §10), read-only: the properties, a property's units
 * (keyset by number) and one unit. Every user of an account with a bulk agreement (`community.view`); another
 * account's property or unit is 404.
 */
export const communityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { community } = app.portal.services;

  app.get(
    COMMUNITY_PROPERTIES_PATH,
    { schema: { tags, response: { 200: CommunityPortfolioSchema } }, config: { access: 'community.view' } },
    async (request) => community.portfolio(authOf(request).accountId),
  );

  app.get(
    COMMUNITY_UNITS_PATH,
    {
      schema: {
        tags,
        params: z.object({ propertyId: z.uuid() }),
        querystring: UnitsQuerySchema,
        response: { 200: UnitsPageSchema },
      },
      config: { access: 'community.view' },
    },
    async (request) => community.units(authOf(request).accountId, request.params.propertyId, request.query),
  );

  app.get(
    COMMUNITY_UNIT_PATH,
    {
      schema: { tags, params: z.object({ unitId: z.uuid() }), response: { 200: UnitDetailSchema } },
      config: { access: 'community.view' },
    },
    async (request) => community.unit(authOf(request).accountId, request.params.unitId),
  );
};
