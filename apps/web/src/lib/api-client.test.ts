import { AppError } from '@vireo/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { clearCookies, setCookie } from '../test/fake-api';
import { apiRequest, setApiEventHandlers } from './api-client';
import { apiFileRequest, filenameFromDisposition } from './api-file';
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
  clearCookies();
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

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'sends the vb_csrf cookie back as X-CSRF-Token on %s',
    async (method) => {
      setCookie('vb_csrf', 'token/with+chars');
      const fetchMock = respond(JSON.stringify({ id: 'p_3', amountCents: 1 }));

      await apiRequest('/api/things', { method, body: {}, schema: ThingSchema });

      const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
      expect(headers.get('X-CSRF-Token')).toBe('token/with+chars');
    },
  );

  it('does not send the anti-forgery token on GET', async () => {
    setCookie('vb_csrf', 'secret-token');
    const fetchMock = respond(JSON.stringify({ id: 'p_4', amountCents: 1 }));

    await apiRequest('/api/things/1', { schema: ThingSchema });

    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('X-CSRF-Token')).toBe(false);
  });

  it('sends no X-CSRF-Token when there is no cookie, and the given token when one is passed', async () => {
    const fetchMock = respond(JSON.stringify({ id: 'p_5', amountCents: 1 }));
    await apiRequest('/api/things', { method: 'POST', body: {}, schema: ThingSchema });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('X-CSRF-Token')).toBe(false);

    setCookie('vb_csrf', 'cookie-token');
    const second = respond(JSON.stringify({ id: 'p_6', amountCents: 1 }));
    await apiRequest('/api/things', { method: 'POST', body: {}, csrfToken: 'interaction-token', schema: ThingSchema });
    expect(new Headers(second.mock.calls[0]?.[1]?.headers).get('X-CSRF-Token')).toBe('interaction-token');
  });

  it('tells the app about 401 IN_MAINTENANCE and still rejects with it', async () => {
    const onMaintenance = vi.fn();
    const onUnauthenticated = vi.fn();
    setApiEventHandlers({ onMaintenance, onUnauthenticated });
    respond(JSON.stringify({ error: { code: 'IN_MAINTENANCE', message: 'maintenance' } }), { status: 401 });

    const error = await catchAppError(apiRequest('/api/things/1', { schema: ThingSchema }));

    expect(error.code).toBe('IN_MAINTENANCE');
    expect(onMaintenance).toHaveBeenCalledOnce();
    expect(onUnauthenticated).not.toHaveBeenCalled();
    setApiEventHandlers({});
  });

  it('tells the app about 401 UNAUTHENTICATED unless the caller handles it', async () => {
    const onUnauthenticated = vi.fn();
    setApiEventHandlers({ onUnauthenticated });
    const body = JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'no session' } });

    respond(body, { status: 401 });
    await catchAppError(apiRequest('/api/things/1', { schema: ThingSchema }));
    expect(onUnauthenticated).toHaveBeenCalledOnce();

    respond(body, { status: 401 });
    await catchAppError(apiRequest('/api/things/1', { schema: ThingSchema, reportUnauthenticated: false }));
    expect(onUnauthenticated).toHaveBeenCalledOnce();
    setApiEventHandlers({});
  });

  it('reports a 401 with a code this build does not know as UNAUTHENTICATED', async () => {
    respond(JSON.stringify({ error: { code: 'SOME_NEW_CODE', message: 'nope' } }), { status: 401 });

    const error = await catchAppError(apiRequest('/api/login', { method: 'POST', body: {}, schema: ThingSchema }));

    expect(error.code).toBe('UNAUTHENTICATED');
  });
});

describe('apiFileRequest (statement PDF/CSV, history exports)', () => {
  it('returns the file and the name the server gives, sending credentials and the locale', async () => {
    applyLocale('es');
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response('a,b\n', {
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="activity.csv"' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { blob, filename } = await apiFileRequest('/api/pub/billing/v1/activity/export?lang=es');
    expect(await blob.text()).toBe('a,b\n');
    expect(filename).toBe('activity.csv');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('Accept-Language')).toBe('es');
    applyLocale('en');
  });

  it('fails with the API error code instead of saving an error page', async () => {
    respond(JSON.stringify({ error: { code: 'BILLING_SUPPRESSED', message: 'x' } }), { status: 403 });
    expect((await catchAppError(apiFileRequest('/x.pdf'))).code).toBe('BILLING_SUPPRESSED');
    respond('<html>bad gateway</html>', { status: 502, contentType: 'text/html' });
    expect((await catchAppError(apiFileRequest('/x.pdf'))).code).toBe('SERVICE_UNAVAILABLE');
  });

  it('fails on an empty file and on a network failure', async () => {
    respond('', { contentType: 'application/pdf' });
    expect((await catchAppError(apiFileRequest('/x.pdf'))).code).toBe('INTERNAL');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    expect((await catchAppError(apiFileRequest('/x.pdf'))).code).toBe('SERVICE_UNAVAILABLE');
  });

  it('tells the app about 401 IN_MAINTENANCE', async () => {
    const onMaintenance = vi.fn();
    setApiEventHandlers({ onMaintenance });
    respond(JSON.stringify({ error: { code: 'IN_MAINTENANCE', message: 'x' } }), { status: 401 });
    await catchAppError(apiFileRequest('/x.pdf'));
    expect(onMaintenance).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['attachment; filename="statement.pdf"', 'statement.pdf'],
    ['attachment; filename=statement.csv', 'statement.csv'],
    ['attachment; filename*=UTF-8\'\'estado%20de%20cuenta.pdf; filename="x.pdf"', 'estado de cuenta.pdf'],
    ['attachment', null],
    [null, null],
  ])('reads the file name of %j', (header, name) => {
    expect(filenameFromDisposition(header)).toBe(name);
  });
});
