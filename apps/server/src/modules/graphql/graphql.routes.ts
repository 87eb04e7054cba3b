import { GRAPHQL_AUXILIARY_DOCUMENTS, GRAPHQL_AUXILIARY_PATH, GRAPHQL_PATH, GRAPHQL_VOICE_PATH } from '@vireo/shared';
import type { FastifyInstance } from 'fastify';
import { isProduction } from '../../config';
import { buildAuxiliarySchema } from './auxiliary.schema';
import { mountEndpoint } from './endpoint';
import { buildGraphSchema } from './graph.schema';
import { buildVoiceSchema } from './voice.schema';

/**
 * The GraphQL endpoints (spec §7.2, issue 23 item 5; docs/graphql.md): the signed-in `/selfservice/graph`, the
 * unauthenticated `/selfservice/graphauxiliary` (in production only the portal's trusted documents) and the voice
 * endpoint `/selfservice/vox-con/graphql` (CPNI).
 * Resolvers call the module services the REST routes call, with the same capabilities.
 */
export async function graphqlRoutes(app: FastifyInstance) {
  const { account, services, billing, support, voice } = app.portal.services;
  const production = isProduction(app.portal.config);
  await mountEndpoint(app, {
    path: GRAPHQL_PATH,
    access: 'session',
    schema: buildGraphSchema({ account, services, billing, clock: app.portal.clock }),
    introspection: !production,
  });
  await mountEndpoint(app, {
    path: GRAPHQL_AUXILIARY_PATH,
    access: 'public',
    schema: buildAuxiliarySchema({ support }),
    introspection: !production,
    ...(production ? { trustedDocuments: GRAPHQL_AUXILIARY_DOCUMENTS } : {}),
  });
  await mountEndpoint(app, {
    path: GRAPHQL_VOICE_PATH,
    access: 'session',
    schema: buildVoiceSchema({ voice }),
    introspection: !production,
  });
}
