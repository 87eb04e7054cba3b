import { AppError, type ErrorCode, ErrorResponseSchema } from '@vireo/shared';
import type { ZodType } from 'zod';
import { getCurrentLocale } from './locale';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiRequestOptions<T> = {
  method?: HttpMethod;
  /** Sent as JSON. */
  body?: unknown;
  /** Validates a 2xx body; a body that does not match is a contract bug and fails as INTERNAL. */
  schema: ZodType<T>;
  /** architecture.md: every money-moving request carries one; a retry must reuse the same key. */
  idempotencyKey?: string;
  signal?: AbortSignal;
};

/**
 * The one way the web talks to the API. Every failure surfaces as an `AppError` whose `code` the screens map to a
 * message id, so no screen ever parses a response or shows a server's English text.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': getCurrentLocale() });
  if (options.body !== undefined) headers.set('Content-Type', 'application/json');
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  // TODO(issue 3): send X-CSRF-Token on state-changing requests once sign-in issues the token, and turn
  // 401 IN_MAINTENANCE into sign-out + /maintenance (spec §8).

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new AppError('SERVICE_UNAVAILABLE', `${method} ${path}: network failure`, { cause: error });
  }

  if (!response.ok) throw await toAppError(response, method, path);

  let body: unknown;
  if (response.status !== 204) {
    try {
      body = await response.json();
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new AppError('INTERNAL', `${method} ${path}: response is not JSON`, { cause: error });
    }
  }
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    throw new AppError('INTERNAL', `${method} ${path}: response does not match its schema`, { cause: parsed.error });
  }
  return parsed.data;
}

async function toAppError(response: Response, method: HttpMethod, path: string): Promise<AppError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = ErrorResponseSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, requestId, fields } = parsed.data.error;
    return new AppError(code, requestId ? `${message} (request ${requestId})` : message, { fields });
  }
  // A proxy's HTML page, an empty body or a code this build does not know: spec §8 reports it as a generic error.
  return new AppError(fallbackCode(response.status), `${method} ${path}: HTTP ${response.status} without an API error`);
}

function fallbackCode(status: number): ErrorCode {
  if (status === 408 || status === 502 || status === 503 || status === 504) return 'SERVICE_UNAVAILABLE';
  if (status === 429) return 'RATE_LIMITED';
  return 'INTERNAL';
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
