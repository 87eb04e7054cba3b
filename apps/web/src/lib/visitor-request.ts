import { AppError, COOKIES, CSRF_PATH, CsrfResponseSchema } from '@vireo/shared';
import type { ZodType } from 'zod';
import { apiRequest } from './api-client';
import { readCookie } from './cookies';

/**
 * A POST of a person without a session (the open doors, Quick Pay; issue 17): it carries the visitor's anti-forgery
 * token, the `vb_csrf` cookie, fetched first when the browser has none, and fetched again once when the server
 * refuses an old one. A 401 is the caller's to show (no session to lose).
 */
export async function visitorPost<T>(
  path: string,
  body: unknown,
  schema: ZodType<T>,
  options: { signal?: AbortSignal; idempotencyKey?: string } = {},
): Promise<T> {
  const { signal, idempotencyKey } = options;
  const send = () =>
    apiRequest(path, { method: 'POST', body, schema, signal, idempotencyKey, reportUnauthenticated: false });
  const fetchToken = () => apiRequest(CSRF_PATH, { schema: CsrfResponseSchema, signal });
  if (!readCookie(COOKIES.csrf)) await fetchToken();
  try {
    return await send();
  } catch (error) {
    if (!AppError.is(error) || error.code !== 'CSRF_REJECTED') throw error;
    await fetchToken();
    return send();
  }
}
