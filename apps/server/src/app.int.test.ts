import { isDeepStrictEqual as isEqual } from 'node:util';
import { AppError, ErrorResponseSchema, MAX_JSON_DEPTH } from '@vireo/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anonymousCsrf, buildTestApp, type LogCapture } from '../test/app';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { securityHeaderViolations } from '../test/security-headers';

let database: TestDatabase;
let app: FastifyInstance;
let logs: LogCapture;
let csrf: Record<string, string>;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, logs } = await buildTestApp(database));
  // routes that exist only to exercise the error handler
  app.get('/api/test/boom', async () => {
    throw new Error('connection string postgres://admin:hunter2@db/secret');
  });
  app.get('/api/test/app-error', async () => {
    throw new AppError('CONFLICT', 'That statement is already being generated');
  });
  app.post(
    '/api/test/validate',
    { schema: { body: z.strictObject({ amountCents: z.number().int().positive(), note: z.string().max(5) }) } },
    async () => ({ ok: true }),
  );
  app.post('/api/test/echo', async (request) => ({ received: Object.keys(request.body as object) }));
  app.post('/api/test/any', { schema: { body: z.unknown() } }, async (request) => ({
    received: Object.keys(request.body as object),
  }));
  await app.ready();
  csrf = await anonymousCsrf(app);
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('health', () => {
  it('answers /healthz and /readyz while the database is reachable', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('serves the OpenAPI document and the docs page', async () => {
    const doc = await app.inject('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths).toHaveProperty(['/api/pub/meta/v1/config']);
    // ADR 003: every API operation names the error model for its 4xx and 5xx answers
    const { paths, components } = doc.json() as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>>;
      components: { schemas: Record<string, unknown> };
    };
    const operations = Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, byMethod]) =>
        Object.entries(byMethod).map(([method, operation]) => ({ path, method, operation })),
      );
    expect(operations.length).toBeGreaterThan(30);
    const ref = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } };
    const missing = operations
      .filter(
        ({ operation }) =>
          !(['4XX', '5XX'] as const).every((status) => isEqual(operation.responses[status]?.content, ref)),
      )
      .map(({ path, method }) => `${method} ${path}`);
    expect(missing).toEqual([]);
    expect(components.schemas.ErrorResponse).toMatchObject({
      properties: { error: { required: expect.arrayContaining(['code', 'message']) } },
    });
    const page = await app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('exposes Prometheus metrics including request durations', async () => {
    await app.inject('/healthz');
    const metrics = await app.inject('/metrics');
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('http_request_duration_seconds_bucket');
    expect(metrics.body).toContain('route="/healthz"');
  });
});

describe('security headers', () => {
  it('sends the quality-bars headers and no-store on API responses', async () => {
    const response = await app.inject('/api/pub/meta/v1/config');
    expect(securityHeaderViolations(response.headers, { url: '/api/pub/meta/v1/config' })).toEqual([]);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('holds the OpenAPI docs pages (Swagger UI, its own CSP) to the same rules', async () => {
    for (const url of ['/api/docs', '/api/docs/static/index.html', '/api/docs/json', '/healthz', '/no-such-page']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(securityHeaderViolations(response.headers, { url }), url).toEqual([]);
    }
    const page = await app.inject('/api/docs/static/index.html');
    expect(String(page.headers['content-security-policy'])).not.toMatch(/https:|validator\.swagger\.io/);
  });
});

describe('error handler', () => {
  it('masks 5xx details and logs them on the server only', async () => {
    const response = await app.inject({ url: '/api/test/boom', headers: { 'x-request-id': 'req-boom-1' } });
    expect(response.statusCode).toBe(500);
    const body = ErrorResponseSchema.parse(response.json());
    expect(body.error.code).toBe('INTERNAL');
    expect(body.error.requestId).toBe('req-boom-1');
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('postgres://');
    const logged = logs.lines.find((line) => line.requestId === 'req-boom-1' && line.level === 50);
    expect(JSON.stringify(logged)).toContain('hunter2');
  });

  it('passes the message and status of a 4xx AppError', async () => {
    const response = await app.inject('/api/test/app-error');
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'That statement is already being generated',
    });
  });

  it('lists every invalid field of a request', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/validate',
      headers: csrf,
      payload: { amountCents: -5, note: 'far too long', role: 'ADMIN' },
    });
    expect(response.statusCode).toBe(400);
    const { error } = ErrorResponseSchema.parse(response.json());
    expect(error.code).toBe('VALIDATION_FAILED');
    const paths = error.fields?.map((field) => field.path) ?? [];
    expect(paths).toEqual(expect.arrayContaining(['body.amountCents', 'body.note']));
    // unknown fields are refused, not ignored
    expect(error.fields?.some((field) => field.code === 'unrecognized_keys')).toBe(true);
  });

  it('answers malformed JSON with VALIDATION_FAILED and a wrong media type with 415', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...csrf, 'content-type': 'application/json' },
      payload: '{"amount": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('VALIDATION_FAILED');
    const wrongType = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...csrf, 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('refuses JSON nested deeper than MAX_JSON_DEPTH with 400 at parse time, whoever sends it (issue 14 item 5)', async () => {
    const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;
    const objects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    // ~8,000 arrays overflowed the stack of a recursive check (500, anonymous); any depth past the limit is a 400
    for (const payload of [
      nested(8_000),
      nested(100_000),
      objects(8_000),
      nested(MAX_JSON_DEPTH + 1),
      `{"a":${nested(MAX_JSON_DEPTH)}}`,
    ]) {
      for (const url of ['/api/test/any', '/api/pub/sbnetloginedge/interaction/x/login']) {
        const response = await app.inject({
          method: 'POST',
          url,
          headers: { ...csrf, 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode, `${url} ${payload.slice(0, 40)}`).toBe(400);
        expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
    }
    // brackets inside strings do not count, and the limit itself is accepted
    const within = await app.inject({
      method: 'POST',
      url: '/api/test/any',
      headers: { ...csrf, 'content-type': 'application/json' },
      payload: `{"a":${nested(MAX_JSON_DEPTH - 1)},"b":"${'['.repeat(1_000)}\\"{{{"}`,
    });
    expect(within.statusCode, within.body).toBe(200);
    expect(within.json()).toEqual({ received: ['a', 'b'] });
  });

  it('finds a NUL character at any depth without recursion', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/any',
      headers: { ...csrf, 'content-type': 'application/json' },
      payload: `{"a":${'['.repeat(MAX_JSON_DEPTH - 2)}"x\\u0000"${']'.repeat(MAX_JSON_DEPTH - 2)}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([
      { path: `body.a${'.0'.repeat(MAX_JSON_DEPTH - 2)}`, code: 'invalid_characters' },
    ]);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await app.inject('/api/pub/nothing/here');
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });

  it('answers what the router refuses before any hook (a malformed URL, an over-long id) in the error model, with the security headers', async () => {
    for (const [url, message] of [
      [
        `/api/pub/billing/v1/statements/${'a'.repeat((app.initialConfig.maxParamLength ?? 100) + 1)}`,
        'A path parameter is too long',
      ],
      ['/api/pub/billing/v1/statements/%zz', 'The request URL is not valid'],
      ['/billing/%E0%A4%A', 'The request URL is not valid'],
    ] as const) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({
        error: { code: 'VALIDATION_FAILED', message, requestId: expect.any(String) },
      });
      expect(securityHeaderViolations(response.headers, { url }), url).toEqual([]);
      // the path is not echoed back
      expect(response.body, url).not.toContain('%zz');
    }
  });
});

describe('logs', () => {
  it('carries the request id and the trace id of spec §7.3 on every line of a request', async () => {
    for (const header of ['x-trace-id', 'transactionId', 'txnId']) {
      const traceId = `trace-${header}`;
      await app.inject({ url: '/healthz', headers: { [header]: traceId, 'x-request-id': `req-${header}` } });
      const lines = logs.lines.filter((line) => line.requestId === `req-${header}`);
      expect(lines.length).toBeGreaterThanOrEqual(2);
      for (const line of lines) expect(line.traceId).toBe(traceId);
    }
  });

  it('never writes secrets to the log', async () => {
    const before = logs.lines.length;
    app.log.info({ payment: { cardNumber: '4242424242424242', securityCode: '123', password: 'Vireo-Demo-2026' } });
    await app.inject({
      url: '/healthz',
      headers: { cookie: 'sid=very-secret-session', authorization: 'Bearer abc.def' },
    });
    const written = JSON.stringify(logs.lines.slice(before));
    expect(written).not.toContain('4242424242424242');
    expect(written).not.toContain('Vireo-Demo-2026');
    expect(written).not.toContain('very-secret-session');
    expect(written).toContain('[redacted]');
  });
});

describe('card numbers in the log (issue 14 item 7)', () => {
  it('masks a card-number-shaped run in every string a log line holds, the request URL included', async () => {
    const pans = ['4242424242424242', '6011111111111117', '378282246310005', '5555555555554444'];
    const shapes = (pan: string) => [
      `/api/pub/billing/v1/statements?cardNumber=${pan}`,
      `/api/pub/billing/v1/statements?cursor=${pan}`,
      `/api/pub/billing/v1/statements/${pan}`,
      `/api/pub/billing/v1/statements/${pan.replace(/(\d{4})(?=\d)/g, '$1-')}`,
      `/api/pub/billing/v1/payments?note=${pan.replace(/(\d{4})(?=\d)/g, '$1%20')}`,
      `/api/pub/billing/v1/payments?note=${pan.replace(/(\d{4})(?=\d)/g, '$1+')}`,
      `/billing/${pan}`,
    ];
    const before = logs.lines.length;
    for (const pan of pans) {
      for (const url of shapes(pan)) {
        await app.inject({ url, headers: { 'x-trace-id': `t-${pan}`, 'user-agent': `agent ${pan}` } });
      }
      app.log.info({ note: `typed ${pan} by hand`, nested: { deeper: [`x${pan}`] } }, `message with ${pan}`);
    }
    const written = logs.text().split('\n').slice(before).join('\n');
    const digits = written.replace(/[^0-9\n]+/g, '');
    for (const pan of pans) expect(digits, pan).not.toContain(pan);
    expect(written).toContain('/api/pub/billing/v1/statements?cursor=[redacted]');
    // every line is still JSON, and what is not a card number is kept (the log time is a number, not a string)
    for (const line of logs.lines.slice(before)) expect(typeof line.time).toBe('number');
    expect(written).toContain('/api/pub/billing/v1/statements/');
  });

  it('keeps request ids whole, even those whose digits look like a card number', async () => {
    for (const id of ['e8e46a9c-12d1-4695-9077-8326ee91657d', '6f586128-2863-471c-ae64-c52ea48fb0b1']) {
      await app.inject({ url: '/healthz', headers: { 'x-request-id': id } });
      expect(logs.lines.filter((line) => line.requestId === id).length, id).toBeGreaterThanOrEqual(2);
    }
  });
});

describe('portal config', () => {
  it('names the brand, variant, environment and document title', async () => {
    const response = await app.inject({ url: '/api/pub/meta/v1/config', headers: { host: 'portal.qa.vireo.example' } });
    expect(response.json()).toMatchObject({
      brandName: 'Vireo Business',
      variant: 'business',
      environment: 'dev',
      documentTitle: 'Vireo Business | My Account',
      enterpriseBillingUrl: 'https://enterprise.vireo.example/billing',
      customerService: {
        business: { e164: '+18005550123', display: '(800) 555-0123' },
        mobile: { e164: '+18885550142', display: '(888) 555-0142' },
        enterprise: { e164: '+18665550155', display: '(866) 555-0155' },
        community: { e164: '+18555550177', display: '(855) 555-0177' },
      },
    });
  });
});
