import { CheckoutRequestSchema, MAX_PAYMENT_CENTS } from '@vireo/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  domainViolation,
  expectationFor,
  type JsonSchema,
  type RouteShape,
  requestArbitrary,
  routeShape,
} from './fuzz-arbitraries';

const TODAY = '2026-11-21';
const OPTIONS = { ids: {}, maxParamLength: 100, today: TODAY, bodyLimit: 1_048_576, hostileAllowed: false };

/** A route whose body nests the payment's domain fields (amount, date) one level down, as the checkout's does. */
const nested: RouteShape = {
  method: 'POST',
  url: '/api/pub/billing/v1/checkout',
  body: z.toJSONSchema(CheckoutRequestSchema, { target: 'openapi-3.0', io: 'input' }) as JsonSchema,
  stateChanging: true,
};

describe('fuzz arbitraries', () => {
  it('finds a business-rule violation in a nested object, not only at the top', () => {
    const payment = { amountCents: MAX_PAYMENT_CENTS + 1, paymentDate: TODAY, method: { paymentMethodId: 'x' } };
    expect(domainViolation(payment, TODAY)).toMatch(/amountCents/);
    expect(domainViolation({ payment, paperless: true }, TODAY)).toMatch(/in payment/);
    expect(
      domainViolation({ payment: { ...payment, amountCents: 100, paymentDate: '2099-01-01' }, paperless: true }, TODAY),
    ).toMatch(/paymentDate/);
    expect(domainViolation({ payment: { ...payment, amountCents: 100 } }, TODAY)).toBeNull();
  });

  // every kind of request for a route whose domain fields are nested: the domain case used to be a filter that could
  // never pass there, so fast-check generated forever and the fuzz suite stalled on the route
  it('generates requests for a nested body, its domain cases included', () => {
    const cases = fc.sample(requestArbitrary(nested, OPTIONS), { numRuns: 300, seed: 20_261_126 });
    const domain = cases.filter((c) => c.kind === 'domain');
    expect(domain.length).toBeGreaterThan(0);
    for (const c of domain) expect(domainViolation(JSON.parse(c.body?.text ?? 'null'), TODAY)).not.toBeNull();
  }, 20_000);

  // a route that takes a file's bytes (issue 21 item 4): its content type is no reason to refuse, its query still is
  it('knows a route that takes bytes as they are from its OpenAPI body', () => {
    const upload = routeShape('POST', '/api/pub/support/v1/attachments', {
      parameters: [{ in: 'query', name: 'name', required: true, schema: { type: 'string' } }],
      requestBody: { content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } },
    });
    expect(upload.rawTypes).toEqual(['application/octet-stream']);
    const bytes = { contentType: 'application/octet-stream', text: 'PNG' };
    const options = { bodyLimit: 1_048_576, today: TODAY, maxParamLength: 100 };
    const named = expectationFor(
      upload,
      { kind: 'junk', params: {}, query: [['name', 'a.png']], body: bytes },
      options,
    );
    expect(named.reasons).toEqual([]);
    const nameless = expectationFor(
      upload,
      { kind: 'junk', params: {}, query: [['title', 'a.png']], body: bytes },
      options,
    );
    expect(nameless.reasons).toEqual(['query violates the schema']);
    expect([...nameless.statuses]).toContain(400);
    // JSON to a route that takes bytes only: no parser for it (415), whatever its size
    const json = { contentType: 'application/json', text: JSON.stringify({ a: 'x'.repeat(2_000_000) }) };
    const sentJson = expectationFor(
      upload,
      { kind: 'junk', params: {}, query: [['name', 'a.png']], body: json },
      options,
    );
    expect(sentJson.reasons).toEqual(['not a content type the route takes']);
    expect([...sentJson.statuses]).toEqual([415]);
    // elsewhere the same bytes are not a JSON body
    const notJson = expectationFor(nested, { kind: 'junk', params: {}, query: [], body: bytes }, options);
    expect(notJson.reasons).toEqual(['not a JSON body']);
  });
});
