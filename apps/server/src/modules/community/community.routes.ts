import {
  COMMUNITY_PROPERTIES_PATH,
  COMMUNITY_UNIT_ACCESS_PATH,
  COMMUNITY_UNIT_PATH,
  COMMUNITY_UNIT_RESIDENT_PATH,
  COMMUNITY_UNIT_WIFI_PATH,
  COMMUNITY_UNITS_PATH,
  CommunityPortfolioSchema,
  RESIDENT_IMPORT_DRY_RUN_PATH,
  RESIDENT_IMPORT_MAX_BYTES,
  RESIDENT_IMPORT_TEMPLATE_PATH,
  RESIDENT_IMPORTS_PATH,
  ResidentImportReportSchema,
  ResidentInputSchema,
  UnitAccessRequestSchema,
  UnitDetailSchema,
  UnitsPageSchema,
  UnitsQuerySchema,
  WifiCredentialsRequestSchema,
  WifiCredentialsResponseSchema,
} from '@vireo/shared';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountActorOf, authOf } from '../../plugins/auth';
import { acceptFileBody, FileBodySchema } from '../../plugins/file-body';

const tags = ['community'];

const unitParams = z.object({ unitId: z.uuid() });

/**
 * The community portfolio (issue 22 items 2-3, wider-portal.md §10): the properties, a property's units (keyset by
 * number) and one unit for every user of an account with a bulk agreement (`community.view`); a unit's access, its
 * resident and its Wi-Fi details sent to the resident for its managers (`community.manage`). Another account's
 * property or unit is 404. Residents imported from a CSV file (issue 22 item 4): the template, the dry run and the
 * import, for its managers.
 */
export const communityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { community, unitChanges, residentImport } = app.portal.services;

  app.get(
    COMMUNITY_PROPERTIES_PATH,
    { schema: { tags, response: { 200: CommunityPortfolioSchema } }, config: { access: 'community.view' } },
    async (request) => {
      const auth = authOf(request);
      return community.portfolio(auth.accountId, auth.capabilities.includes('community.manage'));
    },
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
      schema: { tags, params: unitParams, response: { 200: UnitDetailSchema } },
      config: { access: 'community.view' },
    },
    async (request) => {
      const auth = authOf(request);
      return community.unit(auth.accountId, request.params.unitId, auth.capabilities.includes('community.manage'));
    },
  );

  app.put(
    COMMUNITY_UNIT_ACCESS_PATH,
    {
      schema: { tags, params: unitParams, body: UnitAccessRequestSchema, response: { 200: UnitDetailSchema } },
      config: { access: 'community.manage' },
    },
    async (request) => unitChanges.setAccess(accountActorOf(request), request.params.unitId, request.body.access),
  );

  app.put(
    COMMUNITY_UNIT_RESIDENT_PATH,
    {
      schema: { tags, params: unitParams, body: ResidentInputSchema, response: { 200: UnitDetailSchema } },
      config: { access: 'community.manage' },
    },
    async (request) => unitChanges.updateResident(accountActorOf(request), request.params.unitId, request.body),
  );

  app.post(
    COMMUNITY_UNIT_WIFI_PATH,
    {
      schema: {
        tags,
        params: unitParams,
        body: WifiCredentialsRequestSchema,
        response: { 200: WifiCredentialsResponseSchema },
      },
      config: { access: 'community.manage' },
    },
    async (request) => unitChanges.sendWifi(accountActorOf(request), request.params.unitId, request.body),
  );

  app.get(
    RESIDENT_IMPORT_TEMPLATE_PATH,
    { schema: { tags }, config: { access: 'community.manage' } },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'attachment; filename="residents.csv"')
        .send(await residentImport.template(accountActorOf(request))),
  );

  await app.register(async (scope) => {
    acceptFileBody(scope, RESIDENT_IMPORT_MAX_BYTES);
    const files = scope.withTypeProvider<ZodTypeProvider>();
    const schema = {
      tags,
      consumes: ['application/octet-stream'],
      body: FileBodySchema,
      response: { 200: ResidentImportReportSchema },
    };
    const options = { schema, bodyLimit: RESIDENT_IMPORT_MAX_BYTES, config: { access: 'community.manage' as const } };
    files.post(RESIDENT_IMPORT_DRY_RUN_PATH, options, async (request) =>
      residentImport.dryRun(accountActorOf(request), request.body ?? new Uint8Array()),
    );
    files.post(RESIDENT_IMPORTS_PATH, options, async (request) =>
      residentImport.apply(accountActorOf(request), request.body ?? new Uint8Array()),
    );
  });
};
