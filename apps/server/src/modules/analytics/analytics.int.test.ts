import {
  ANALYTICS_BATCHES_PER_MINUTE,
  ANALYTICS_EVENTS_PATH,
  ANALYTICS_EVENTS_PER_BATCH,
  ANALYTICS_MAX_MESSAGE_BYTES,
  ANALYTICS_RETENTION_DAYS,
  type AnalyticsEvent,
  DEV_ANALYTICS_EVENTS_PATH,
  DevAnalyticsPageSchema,
} from '@vireo/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { accounts, analyticsEvents, users } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * Client analytics' ingest (issue 23 item 2) through the API: a batch kept one row per event, the sender as
 * pseudonyms from the session only; refused whole when it is too large, holds too many events, names the account or
 * the person, or hides a card number; the anti-forgery token (a visitor's anonymous pair); a rate per address; the retention
 * step; the Prometheus counters.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });

const PAGE_VIEW: AnalyticsEvent = {
  type: 'page_view',
  at: '2026-11-21T14:59:58.000Z',
  page: '/billing/view-statements/$statementId',
  lang: 'en',
};
const API_CALL: AnalyticsEvent = {
  type: 'api_call',
  at: '2026-11-21T14:59:59.000Z',
  method: 'GET',
  host: 'localhost:3000',
  path: '/api/pub/billing/v1/statements/:statementId',
  queryKeys: ['lang'],
  durationMs: 42,
  status: 200,
  success: true,
  traceId: 'b7ad6b7169203331',
  platform: 'web',
};
const ERROR: AnalyticsEvent = {
  type: 'error',
  at: '2026-11-21T14:59:59.500Z',
  code: 'NETPSC-0042',
  clientCode: 'NETPSC',
  personalSecurityCode: true,
  traceId: null,
};

const send = (b: Browser, payload: unknown, headers: Record<string, string> = b.csrf()) =>
  b.request({ method: 'POST', url: ANALYTICS_EVENTS_PATH, headers, payload: payload as object });

const stored = () => portal.database().db.select().from(analyticsEvents);

describe('the analytics ingest', () => {
  it('keeps a signed-in batch one row per event, the sender as pseudonyms, and counts it', async () => {
    const b = await portal.as('harbor-owner');
    const before = (await stored()).length;
    const answer = await send(b, { events: [PAGE_VIEW, API_CALL, ERROR] });
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ accepted: 3 });
    const rows = (await stored()).slice(before);
    expect(rows.map((row) => row.type)).toEqual(['page_view', 'api_call', 'error']);
    const [owner] = await portal.database().db.select().from(users).where(eq(users.username, 'harbor-owner'));
    const [harbor] = await portal
      .database()
      .db.select()
      .from(accounts)
      .where(eq(accounts.companyName, 'Harbor Coffee Co.'));
    const { analytics } = portal.app().portal.services;
    for (const row of rows) {
      expect(row.day).toBe('2026-11-21');
      expect(row.variant).toBe('business');
      expect(row.personHash).toBe(analytics.pseudonym('person', owner?.id as string));
      // nothing of the account or the person in clear
      expect(JSON.stringify(row)).not.toContain(owner?.id as string);
      expect(row.accountHash).toBe(analytics.pseudonym('account', harbor?.id as string));
      expect(JSON.stringify(row)).not.toContain(harbor?.id as string);
    }
    expect(rows[1]?.data).toEqual({
      method: 'GET',
      host: 'localhost:3000',
      path: '/api/pub/billing/v1/statements/:statementId',
      queryKeys: ['lang'],
      durationMs: 42,
      status: 200,
      success: true,
      traceId: 'b7ad6b7169203331',
      platform: 'web',
    });
    const metrics = (await b.request({ url: '/metrics' })).body;
    expect(metrics).toMatch(/vireo_analytics_events_total\{type="api_call",variant="business"\} 1/);
  });

  it('takes a visitor’s batch with their anonymous anti-forgery pair, kept without pseudonyms; none without a token', async () => {
    const visitor = await portal.visitor();
    expect((await send(visitor, { events: [PAGE_VIEW] })).statusCode).toBe(202);
    const rows = await stored();
    expect(rows.at(-1)?.personHash).toBeNull();
    expect(rows.at(-1)?.accountHash).toBeNull();
    const before = rows.length;
    for (const sender of [visitor, await portal.as('harbor-owner')]) {
      const refused = await send(sender, { events: [PAGE_VIEW] }, {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('CSRF_REJECTED');
    }
    expect((await stored()).length).toBe(before);
  });

  it('refuses the whole batch, keeping nothing, when one event names the account or the person, or is malformed', async () => {
    const b = await portal.as('harbor-owner');
    const before = (await stored()).length;
    const bad = [
      { ...PAGE_VIEW, accountNumber: '8260123456789012' },
      { ...PAGE_VIEW, email: 'hannah@harbor.example' },
      { ...API_CALL, path: '/api/pub/billing/v1/statements/4242424242424242' },
      { ...ERROR, code: '4242 4242 4242 4242' },
      { ...API_CALL, query: 'lang=en' },
      { ...PAGE_VIEW, type: 'purchase' },
      // the fuzzing's find: year 0000 is no instant PostgreSQL keeps (it answered 500)
      { ...PAGE_VIEW, at: '0000-02-29T20:00:00Z' },
      { ...API_CALL, graphqlErrors: Array.from({ length: 21 }, () => 'INTERNAL') },
    ];
    for (const event of bad) {
      const answer = await send(b, { events: [PAGE_VIEW, event] });
      expect(answer.statusCode, JSON.stringify(event)).toBe(400);
      expect(answer.body).not.toContain('4242');
    }
    expect(
      (await send(b, { events: Array.from({ length: ANALYTICS_EVENTS_PER_BATCH + 1 }, () => PAGE_VIEW) })).statusCode,
    ).toBe(400);
    expect((await send(b, { events: [] })).statusCode).toBe(400);
    expect((await send(b, { events: [PAGE_VIEW], account: 'x' })).statusCode).toBe(400);
    expect((await stored()).length).toBe(before);
  });

  it('refuses a message over the spec’s 150,000 bytes with 413', async () => {
    const b = await portal.as('harbor-owner');
    const padded = { events: [PAGE_VIEW], padding: 'x'.repeat(ANALYTICS_MAX_MESSAGE_BYTES) };
    const answer = await send(b, padded);
    expect(answer.statusCode).toBe(413);
    const metrics = (await b.request({ url: '/metrics' })).body;
    expect(metrics).toMatch(/vireo_analytics_batches_refused_total\{status="413"\} 1/);
  });

  it('takes at most ANALYTICS_BATCHES_PER_MINUTE batches a minute from one address', async () => {
    const visitor = await portal.visitor('10.77.0.1');
    const statuses: number[] = [];
    for (let i = 0; i <= ANALYTICS_BATCHES_PER_MINUTE; i++)
      statuses.push((await send(visitor, { events: [PAGE_VIEW] })).statusCode);
    expect(statuses.slice(0, ANALYTICS_BATCHES_PER_MINUTE).every((status) => status === 202)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // another address is not held back
    expect((await send(await portal.visitor('10.77.0.2'), { events: [PAGE_VIEW] })).statusCode).toBe(202);
  });

  it('deletes the days older than the retention, once a day', async () => {
    const { db } = portal.database();
    const { analytics } = portal.app().portal.services;
    const row = { receivedAt: clock.now(), at: clock.now(), type: 'page_view', variant: 'business', data: {} };
    await db.insert(analyticsEvents).values([
      { ...row, day: '2026-08-22' }, // 91 days before November 21
      { ...row, day: '2026-08-23' }, // 90 days before: kept
    ]);
    expect(await analytics.purgeExpired()).toBeGreaterThanOrEqual(1);
    const days = new Set((await stored()).map((event) => event.day));
    expect(days.has('2026-08-22')).toBe(false);
    expect(days.has('2026-08-23')).toBe(true);
    expect(ANALYTICS_RETENTION_DAYS).toBe(90);
    // the same day again: nothing to do
    await db.insert(analyticsEvents).values({ ...row, day: '2026-08-01' });
    expect(await analytics.purgeExpired()).toBe(0);
  });
});

describe('what the browser needs to record an API call', () => {
  it('lists every API route of the server, as the web names a call by it (packages/shared/src/api-routes.ts)', async () => {
    // The web's analytics names a call by its route template, never by its path with ids (spec §7.3): the list is
    // generated from the live routes; `npx vitest run -u` on this test writes it again when a route is added.
    const templates = portal
      .app()
      .portal.routes.filter((route) => route.url.startsWith('/api/pub/') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(templates.length).toBeGreaterThan(150);
    const source = [
      '// Generated by apps/server/src/modules/analytics/analytics.int.test.ts from the live routes: do not edit.',
      '// `npx vitest run --project=server apps/server/src/modules/analytics -u` writes it again.',
      '/** Every API route as `METHOD /path/:param` (spec §7.3: the web records a call by its route, never its ids). */',
      'export const API_ROUTE_TEMPLATES: readonly string[] = [',
      ...templates.map((template) => `  '${template}',`),
      '];',
      '',
    ].join('\n');
    await expect(source).toMatchFileSnapshot('../../../../../packages/shared/src/api-routes.ts');
  });

  it('answers every API call with its trace id (spec §7.3: `x-trace-id`), the caller’s own when it sent a sane one', async () => {
    const visitor = await portal.visitor();
    const own = await visitor.request({
      url: '/api/pub/meta/v1/config',
      headers: { 'x-trace-id': 'trace-0123456789' },
    });
    expect(own.headers['x-trace-id']).toBe('trace-0123456789');
    const fresh = await visitor.request({ url: '/api/pub/meta/v1/config' });
    expect(fresh.headers['x-trace-id']).toBe(fresh.headers['x-request-id']);
    expect(String(fresh.headers['x-trace-id'])).toMatch(/^[A-Za-z0-9-]{16,64}$/);
  });

  it('counts the events a browser dropped at its rate cap, as the batch reports them', async () => {
    const visitor = await portal.visitor();
    expect((await send(visitor, { events: [PAGE_VIEW], dropped: 7 })).statusCode).toBe(202);
    const metrics = (await visitor.request({ url: '/metrics' })).body;
    expect(metrics).toMatch(/vireo_analytics_client_dropped_events_total\{variant="business"\} 7/);
    expect((await send(visitor, { events: [PAGE_VIEW], dropped: -1 })).statusCode).toBe(400);
  });
});

describe('the non-production event viewer’s API', () => {
  it('shows what was kept newest first, keyset-paged, by type or by trace id, the pseudonyms shortened', async () => {
    const b = await portal.as('harbor-owner');
    // base 36: 13 decimal digits may pass the Luhn check, and the schema refuses a card number in a trace id
    const traceId = `viewer-${Date.now().toString(36)}`;
    expect((await send(b, { events: [PAGE_VIEW, { ...API_CALL, traceId }, ERROR] })).statusCode).toBe(202);
    const read = async (query: string) => {
      const answer = await b.request({ url: `${DEV_ANALYTICS_EVENTS_PATH}?${query}` });
      expect(answer.statusCode).toBe(200);
      return DevAnalyticsPageSchema.parse(answer.json());
    };
    const byTrace = await read(`traceId=${traceId}`);
    expect(byTrace.items).toHaveLength(1);
    expect(byTrace.items[0]?.event).toEqual({ ...API_CALL, traceId });
    expect(byTrace.items[0]?.person).toMatch(/^[0-9a-f]{8}$/);
    const errors = await read('type=error&limit=100');
    expect(errors.items.length).toBeGreaterThanOrEqual(1);
    expect(errors.items.every((item) => item.event.type === 'error')).toBe(true);
    // two at a time, newest first, nothing twice
    const first = await read('limit=2');
    expect(first.items).toHaveLength(2);
    const second = await read(`limit=2&cursor=${first.nextCursor}`);
    const seen = [...first.items, ...second.items];
    expect(new Set(seen.map((item) => item.id)).size).toBe(4);
    const received = seen.map((item) => item.receivedAt);
    expect([...received].sort().reverse()).toEqual(received);
    expect((await b.request({ url: `${DEV_ANALYTICS_EVENTS_PATH}?cursor=nonsense` })).statusCode).toBe(400);
  });
});
