import { z } from 'zod';
import { refusingCardNumbers } from './free-text';

/** spec §7.2: the GraphQL endpoints (wider-portal.md §11; docs/graphql.md). */
export const GRAPHQL_PATH = '/selfservice/graph';
/** No sign-in; in production only the trusted documents (GRAPHQL_AUXILIARY_DOCUMENTS). */
export const GRAPHQL_AUXILIARY_PATH = '/selfservice/graphauxiliary';
export const GRAPHQL_VOICE_PATH = '/selfservice/vox-con/graphql';
export const GRAPHQL_WEBMAIL_PATH = '/webmail/graphql';
export const GRAPHQL_PATHS: readonly string[] = [GRAPHQL_PATH, GRAPHQL_AUXILIARY_PATH, GRAPHQL_VOICE_PATH];

/** The longest GraphQL document an endpoint reads (characters): the portal's own are under 1,000. */
export const GRAPHQL_DOCUMENT_MAX_LENGTH = 8_000;

/** A GraphQL document as sent: GraphQL's syntax, under the card-number rule (a string literal is text a person typed). */
const GraphqlDocumentSchema = refusingCardNumbers(z.string().max(GRAPHQL_DOCUMENT_MAX_LENGTH));
const OperationNameSchema = refusingCardNumbers(z.string().regex(/^[_A-Za-z][_0-9A-Za-z]{0,99}$/));
/** Variables and extensions sent as JSON text in a GET's query string. */
const JsonTextSchema = refusingCardNumbers(z.string().max(GRAPHQL_DOCUMENT_MAX_LENGTH));

/** GraphQL-over-HTTP's POST body (one operation; no batches). */
export const GraphqlRequestSchema = z.strictObject({
  query: GraphqlDocumentSchema.optional(),
  // z.optional(z.nullable(X)), not X.nullish(): the web reads @vireo/shared through zod/mini (apps/web/src/lib/zod-lite.ts)
  operationName: z.optional(z.nullable(OperationNameSchema)),
  variables: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
  extensions: z.optional(z.nullable(z.record(z.string(), z.unknown()))),
});
/** GraphQL-over-HTTP's GET: a query (never a mutation), its variables and extensions as JSON text. */
export const GraphqlGetQuerySchema = z.strictObject({
  query: GraphqlDocumentSchema.optional(),
  operationName: OperationNameSchema.optional(),
  variables: JsonTextSchema.optional(),
  extensions: JsonTextSchema.optional(),
});

/**
 * The documents the portal's clients send to the unauthenticated endpoint, by operation name: in production it runs
 * these and no other (trusted documents; a client sends `extensions.persistedQuery.sha256Hash` of the text).
 */
export const GRAPHQL_AUXILIARY_DOCUMENTS = {
  SupportSearch: `query SupportSearch($q: String!, $lang: Lang) {
  supportSearch(q: $q, lang: $lang) { match items { slug lang category title summary } }
}`,
} as const;

/**
 * A request the API answers (a session, the anti-forgery checks, no caching, the error model): every path under
 * /api/ and the GraphQL endpoints.
 */
export function isApiPath(url: string): boolean {
  if (url.startsWith('/api/')) return true;
  const query = url.indexOf('?');
  return GRAPHQL_PATHS.includes(query === -1 ? url : url.slice(0, query));
}
