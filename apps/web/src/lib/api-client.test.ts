import { AppError } from '@vireo/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { applyLocale } from './locale';

const ThingSchema = z.object({ id: z.string(), amountCents: z.number().int() });

function respond(body: string | null, init: ResponseInit & { contentType?: string } = {}) {
  const response = new Response(body, {
    status: init.status ?? 200,
    headers: { 'Content-Type': init.contentType ?? 'application/json' },
  });
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function catchAppError(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the request to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

afterEach(() => {
  applyLocale('en');
});

describe('apiRequest', () => {
  it('returns the validated body and sends credentials, JSON headers and the current locale', async () => {
    const fetchMock = respond(JSON.stringify({ id: 'p_1', amountCents: 1250 }));
    applyLocale('es');

    const result = await apiRequest('/api/things/1', { schema: ThingSchema });

    expect(result).toEqual({ id: 'p_1', amountCents: 1250 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/things/1');
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('GET');
    const headers = new Headers(init?.headers);
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Accept-Language')).toBe('es');
    expect(headers.has('Content-Type')).toBe(false);
    expect(headers.has('Idempotency-Key')).toBe(false);
  });

  it('sends a JSON body and the Idempotency-Key when given', async () => {
    const fetchMock = respond(JSON.stringify({ id: 'p_2', amountCents: 500 }), { status: 201 });

    await apiRequest('/api/payments', {
      method: 'POST',
      body: { amountCents: 500 },
      idempotencyKey: 'key-123',
      schema: ThingSchema,
    });

    const init = fetchMock.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"amountCents":500}');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('Idempotency-Key')).toBe('key-123');
  });

  it('turns a 400 error response into an AppError with its code and fields', async () => {
    respond(
      JSON.stringify({
        error: {
          code: 'VALIDATION_FAILED',
          message: 'body/amountCents must be >= 100',
          requestId: 'req-42',
          fields: [{ path: 'body.amountCents', code: 'too_small' }],
        },
      }),
      { status: 400 },
    );

    const error = await catchAppError(apiRequest('/api/payments', { method: 'POST', body: {}, schema: ThingSchema }));

    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.status).toBe(400);
    expect(error.fields).toEqual([{ path: 'body.amountCents', code: 'too_small' }]);
    expect(error.message).toContain('req-42');
  });

  it('keeps the code of a 503 error response', async () => {
    respond(JSON.stringify({ error: { code: 'SERVICE_UNAVAILABLE', message: 'database unavailable' } }), {
      status: 503,
    });

    const error = await catchAppError(apiRequest('/api/things/1', { schema: ThingSchema }));

    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.fields).toBeUndefined();
  });

  it('reports a non-JSON 502 from a proxy as SERVICE_UNAVAILABLE', async () => {
    respond('<html><body>Bad Gateway</body></html>', { status: 502, contentType: 'text/html' });

    const error = await catchAppError(apiRequest('/api/things/1', { schema: ThingSchema }));

    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.message).toContain('502');
  });

  it('reports a network failure as SERVICE_UNAVAILABLE', async () => {
    const networkError = new TypeError('Failed to fetch');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw networkError;
      }),
    );

    const error = await catchAppError(apiRequest('/api/things/1', { schema: ThingSchema }));

    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.cause).toBe(networkError);
  });

  it('reports an error body with a code this build does not know as a generic error', async () => {
    respond(JSON.stringify({ error: { code: 'NETPSC-1234', message: 'upstream' } }), { status: 500 });

    const error = await catchAppError(apiRequest('/api/things/1', { schema: ThingSchema }));

    expect(error.code).toBe('INTERNAL');
  });

  it('rejects a 2xx body that does not match the schema as INTERNAL', async () => {
    respond(JSON.stringify({ id: 'p_1', amountCents: '12.50' }));

    const error = await catchAppError(apiRequest('/api/things/1', { schema: ThingSchema }));

    expect(error.code).toBe('INTERNAL');
  });

  it('rejects a 2xx body that is not JSON as INTERNAL', async () => {
    respond('<!doctype html><title>SPA</title>', { contentType: 'text/html' });

    const error = await catchAppError(apiRequest('/api/things/1', { schema: ThingSchema }));

    expect(error.code).toBe('INTERNAL');
  });

  it('lets an abort through unchanged so that cancelled queries stay silent', async () => {
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw abort;
      }),
    );

    await expect(apiRequest('/api/things/1', { schema: ThingSchema })).rejects.toBe(abort);
  });
});
