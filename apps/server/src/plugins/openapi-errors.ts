import { ERROR_STATUS, ErrorResponseSchema } from '@vireo/shared';
import { z } from 'zod';

type Operation = { responses?: Record<string, unknown> };
type Document = {
  paths?: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, unknown> };
};

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** The codes answered with a status of this class, for the description (`ERROR_STATUS`, ADR 003). */
function codesOf(statusClass: 4 | 5): string {
  return Object.entries(ERROR_STATUS)
    .filter(([, status]) => Math.floor(status / 100) === statusClass)
    .map(([code, status]) => `${code} (${status})`)
    .join(', ');
}

const ERROR_RESPONSE_REF = { $ref: '#/components/schemas/ErrorResponse' };

/**
 * ADR 003: every response has a schema, errors included. Every API operation gets `4XX` and `5XX` responses with the
 * one error shape (`ErrorResponseSchema`, the error handler's), unless it names that status itself. Added to the
 * document only: the error handler writes the body, so no route serializes errors through these schemas.
 */
export function withErrorResponses<D extends object>(input: D): D {
  const document = input as Document;
  const schemas = { ...document.components?.schemas, ErrorResponse: z.toJSONSchema(ErrorResponseSchema) };
  const error = (statusClass: 4 | 5) => ({
    description: `The error model; code and status: ${codesOf(statusClass)}`,
    content: { 'application/json': { schema: ERROR_RESPONSE_REF } },
  });
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.has(method)) continue;
      operation.responses = { '4XX': error(4), '5XX': error(5), ...operation.responses };
    }
  }
  return { ...document, components: { ...document.components, schemas } } as D;
}
