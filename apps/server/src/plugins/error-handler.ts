import { AppError, ERROR_STATUS, type ErrorCode, type ErrorResponse, type FieldError } from '@vireo/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

/** Seconds a client should wait before retrying while the database is unreachable (quality-bars.md). */
export const RETRY_AFTER_SECONDS = 5;

// node-postgres and PGlite failures that mean "the database is not there", not "the query is wrong"
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|Query read timeout|timeout exceeded when trying to connect|database closed|PGlite is closed|Cannot use a pool after calling end/i.test(
        message,
      )
    )
      return true;
  }
  return false;
}

const FASTIFY_STATUS_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * A field's code: the zod issue code, or for a shared rule written as a refinement (`freeText()`: a card number in
 * free text, issue 14 item 6) the rule's own code, which is also the message id the forms show.
 */
function fieldCodeOf(issue: { keyword: string; params?: Record<string, unknown> }): string {
  const ruleCode = (issue.params?.params as { fieldCode?: unknown } | undefined)?.fieldCode;
  if (typeof ruleCode === 'string') return ruleCode;
  const zodIssue = issue.params?.issue;
  return String(zodIssue && typeof zodIssue === 'object' && 'code' in zodIssue ? zodIssue.code : issue.keyword);
}

/** Turns any thrown value into the one wire shape of `ErrorResponseSchema`. */
export function toAppError(error: unknown): AppError {
  if (AppError.is(error)) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = (error as { validationContext?: string }).validationContext ?? 'body';
    const fields: FieldError[] = error.validation.map((issue) => ({
      path: [
        context,
        ...String(issue.instancePath ?? '')
          .split('/')
          .filter(Boolean),
      ].join('.'),
      code: fieldCodeOf(issue),
    }));
    return new AppError('VALIDATION_FAILED', 'Request validation failed', { fields, cause: error });
  }
  if (isResponseSerializationError(error))
    return new AppError('INTERNAL', 'Response did not match its schema', { cause: error });
  if (isDatabaseUnavailable(error))
    return new AppError('SERVICE_UNAVAILABLE', 'Database unavailable', { cause: error });
  const status = (error as FastifyError | undefined)?.statusCode;
  if (typeof status === 'number' && status < 500) {
    const code = FASTIFY_STATUS_CODES[status] ?? 'VALIDATION_FAILED';
    return new AppError(code, (error as Error).message, { cause: error });
  }
  if (status === 503) return new AppError('SERVICE_UNAVAILABLE', (error as Error).message, { cause: error });
  return new AppError('INTERNAL', error instanceof Error ? error.message : String(error), { cause: error });
}

export function sendError(reply: FastifyReply, request: FastifyRequest, appError: AppError) {
  const status = ERROR_STATUS[appError.code];
  const body: ErrorResponse = {
    error: {
      code: appError.code,
      // 5xx details never leave the server (issue 2); the client shows the translated text of the code
      message: status >= 500 ? 'The service could not complete the request.' : appError.message,
      requestId: request.id,
      ...(appError.fields ? { fields: appError.fields } : {}),
      ...(appError.details && status < 500 ? { details: appError.details } : {}),
    },
  };
  if (appError.code === 'SERVICE_UNAVAILABLE') reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  if (appError.retryAfterSeconds !== undefined) reply.header('retry-after', String(appError.retryAfterSeconds));
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Any error a request ended with, logged and answered in the error model (the GraphQL endpoints' scopes too). */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  if (ERROR_STATUS[appError.code] >= 500) request.log.error({ err: error, code: appError.code }, 'request failed');
  else request.log.info({ code: appError.code, fields: appError.fields }, 'request rejected');
  return sendError(reply, request, appError);
}

export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler(handleError);
  },
  { name: 'error-handler' },
);
