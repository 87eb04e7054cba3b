import { createHash } from 'node:crypto';
import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import {
  AppError,
  ERROR_STATUS,
  type ErrorCode,
  type FieldError,
  GraphqlGetQuerySchema,
  GraphqlRequestSchema,
} from '@vireo/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  GraphQLError,
  type GraphQLSchema,
  getOperationAST,
  NoSchemaIntrospectionCustomRule,
  parse,
  type ValidationContext,
} from 'graphql';
import mercurius, { type PersistedQueryProvider } from 'mercurius';
import type { Access } from '../../plugins/auth';
import { handleError, toAppError } from '../../plugins/error-handler';
import type { AuthContext } from '../identity/identity.service';

/**
 * The limits every endpoint checks before it runs a document (GraphQL Armor's defaults, issue 23 item 5): how deep a
 * selection nests, how many aliases an operation has (an alias flood asks for one field many times), and its cost
 * (objects 2, scalars 1, deeper levels cost more, lists by their `first`), and how many tokens it has. A document
 * over any is refused 400 VALIDATION_FAILED, unrun.
 */
export const GRAPHQL_LIMITS = { depth: 6, aliases: 15, cost: 5_000, tokens: 1_000 } as const;

/** A limit passed is reported as a validation error (with the limit), as graphql-js reports its own, not thrown. */
const REPORTED = {
  exposeLimits: true,
  propagateOnRejection: false,
  onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(error)],
};

/** What a resolver knows of its request. */
export type GraphContext = { auth: AuthContext | null; requestId: string };

/** The media type of GraphQL-over-HTTP answers, when the client accepts it. */
const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json';

type WireError = {
  message: string;
  locations?: readonly { line: number; column: number }[];
  path?: readonly (string | number)[];
  extensions: { code: ErrorCode; fields?: FieldError[] };
};

/** A GraphQL error as the client reads it: the portal's error code in `extensions.code`; a 5xx's details stay here. */
function wireError(error: GraphQLError): WireError {
  const original = error.originalError;
  const appError = original ? toAppError(original) : new AppError('VALIDATION_FAILED', error.message);
  const hidden = ERROR_STATUS[appError.code] >= 500;
  return {
    message: hidden ? 'The service could not complete the request.' : original ? appError.message : error.message,
    ...(error.locations ? { locations: error.locations } : {}),
    ...(error.path ? { path: error.path } : {}),
    extensions: { code: appError.code, ...(appError.fields && !hidden ? { fields: appError.fields } : {}) },
  };
}

function send(request: FastifyRequest, reply: FastifyReply, status: number, body: object) {
  const accepts = String(request.headers.accept ?? '').includes(GRAPHQL_RESPONSE_TYPE);
  return reply
    .status(status)
    .type(`${accepts ? GRAPHQL_RESPONSE_TYPE : 'application/json'}; charset=utf-8`)
    .send(body);
}

/** The GraphQL request errors mercurius throws (a document that does not parse or validate, an untrusted one). */
function requestErrorsOf(error: unknown): GraphQLError[] | null {
  if (error instanceof GraphQLError) return [error];
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('MER_ERR_GQL_')) return null;
  const inner = (error as { errors?: unknown[] }).errors;
  const list = Array.isArray(inner) && inner.length > 0 ? inner : [error];
  return list.map((item) =>
    item instanceof GraphQLError ? item : new GraphQLError(item instanceof Error ? item.message : String(item)),
  );
}

/** Trusted documents (production's unauthenticated endpoint): only a known document's sha256, never a text. */
function trustedDocumentsOnly(documents: Record<string, string>): PersistedQueryProvider {
  const byHash = new Map(
    Object.values(documents).map((text) => [createHash('sha256').update(text, 'utf8').digest('hex'), text]),
  );
  return {
    isPersistedQuery: () => true,
    isPersistedQueryRetry: () => false,
    // no hash: "not supported" (the client must send one); an unknown hash: "not found"
    getHash: (body) => {
      const { extensions } = body as { extensions?: unknown };
      const persisted = (extensions as { persistedQuery?: { version?: unknown; sha256Hash?: unknown } } | null)
        ?.persistedQuery;
      return persisted?.version === 1 && typeof persisted.sha256Hash === 'string' ? persisted.sha256Hash : '';
    },
    getQueryFromHash: async (hash: string) => byHash.get(hash),
    notFoundError: 'Not a trusted document of this endpoint',
    notSupportedError: 'This endpoint runs trusted documents only (extensions.persistedQuery.sha256Hash)',
  };
}

export type EndpointOptions = {
  path: string;
  /** The route's access (plugins/auth.ts), checked before anything is read; each field checks its own too. */
  access: Access;
  schema: GraphQLSchema;
  /** Production's unauthenticated endpoint: only these documents run. */
  trustedDocuments?: Record<string, string>;
  /** Production: the schema is not introspected (its clients are the portal's own, built with it). */
  introspection: boolean;
};

/**
 * One GraphQL endpoint (spec §7.2) on mercurius, in a scope of its own: POST (and GET for queries) at `path`, with
 * the portal's session, access and anti-forgery checks (the routes are API routes: `isApiPath`), the limits above,
 * GraphQL-over-HTTP answers (400 for a document that is refused unrun, 200 once it ran, errors carrying the portal's
 * error codes) and the error model for a request refused before GraphQL (401, 403, 413, a body that is not JSON).
 */
export async function mountEndpoint(app: FastifyInstance, options: EndpointOptions) {
  await app.register(async (scope) => {
    // the portal's validation (zod, in the OpenAPI document, fuzzed) instead of mercurius's JSON schemas
    scope.addHook('onRoute', (route) => {
      route.schema =
        route.method === 'POST'
          ? { tags: ['graphql'], body: GraphqlRequestSchema }
          : { tags: ['graphql'], querystring: GraphqlGetQuerySchema };
    });
    // Only GraphQL's syntax is read: mercurius would take text that does not parse as a JSON-encoded AST (a number,
    // any object), which no client of the portal sends and which graphql-js's validation is not written for (a 500).
    // A GET or HEAD runs a query only (mercurius checks GET alone): a mutation changes state, so it is POSTed.
    scope.addHook('preHandler', async (request) => {
      if (request.validationError) return; // refused next, in the error model
      const post = request.method === 'POST';
      const { query, operationName } = ((post ? request.body : request.query) ?? {}) as {
        query?: unknown;
        operationName?: unknown;
      };
      if (typeof query !== 'string') return;
      const document = parse(query, { maxTokens: GRAPHQL_LIMITS.tokens });
      const operation = getOperationAST(document, typeof operationName === 'string' ? operationName : undefined);
      if (!post && operation && operation.operation !== 'query') {
        throw new GraphQLError(`A ${operation.operation} is sent by POST`);
      }
    });
    await scope.register(mercurius, {
      schema: options.schema,
      path: options.path,
      graphiql: false,
      // the portal's own anti-forgery checks run on every POST (plugins/auth.ts)
      csrfPrevention: false,
      allowBatchedQueries: false,
      validationRules: [
        maxDepthRule({ n: GRAPHQL_LIMITS.depth, ...REPORTED }),
        maxAliasesRule({ n: GRAPHQL_LIMITS.aliases, ...REPORTED }),
        costLimitRule({ maxCost: GRAPHQL_LIMITS.cost, ...REPORTED }),
        ...(options.introspection ? [] : [NoSchemaIntrospectionCustomRule]),
      ],
      additionalRouteOptions: {
        config: { access: options.access, csrf: options.access === 'public' ? 'when-signed-in' : 'always' },
      },
      ...(options.trustedDocuments ? { persistedQueryProvider: trustedDocumentsOnly(options.trustedDocuments) } : {}),
      context: (request): GraphContext => ({ auth: request.auth, requestId: request.id }),
      errorFormatter: (execution) => ({
        statusCode: 200,
        response: { data: execution.data ?? null, errors: execution.errors.map(wireError) },
      }),
      errorHandler: async (error, request, reply) => {
        // the request's own shape (its body or query string), refused before GraphQL: the error model, with its fields
        const invalid = (error as { errors?: unknown[] }).errors?.[0];
        const errors = hasZodFastifySchemaValidationErrors(invalid) ? null : requestErrorsOf(error);
        if (!errors) {
          await handleError(hasZodFastifySchemaValidationErrors(invalid) ? invalid : error, request, reply);
          return;
        }
        request.log.info({ code: 'VALIDATION_FAILED', graphql: errors.map((e) => e.message) }, 'request rejected');
        await send(request, reply, 400, { errors: errors.map(wireError) });
      },
    });
  });
}
