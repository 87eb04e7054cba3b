import {
  ANALYTICS_EVENTS_PATH,
  ANALYTICS_EVENTS_PER_BATCH,
  ANALYTICS_EVENTS_PER_SECOND,
  ANALYTICS_EVENTS_PER_SECOND_COMMUNITY,
  ANALYTICS_EXIT_CHUNK_BYTES,
  ANALYTICS_GRAPHQL_ERRORS_MAX,
  ANALYTICS_MAX_MESSAGE_BYTES,
  ANALYTICS_SEND_INTERVAL_MS,
  type AnalyticsBatch,
  AnalyticsBatchSchema,
} from '@vireo/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '../api-client';
import { matchApiRoute } from './api-routes';
import {
  type AnalyticsTransport,
  createAnalyticsClient,
  describeCode,
  KEEPALIVE_BUDGET_BYTES,
  mapStatus,
  QUEUE_MAX_EVENTS,
  QUEUE_STORAGE_KEY,
  RETRY_MAX_MS,
  retryAfterMs,
} from './client';
import { type ApiCallRecord, attachAnalyticsSink, EARLY_RECORDS_MAX, recordPageView } from './record';

/**
 * The analytics client (issue 23 item 1) against spec §7.3's and §9's constants, on fake timers and a fake ingest:
 * every test's clock is the timers' clock, so "2000 ms later" is exactly that.
 */
type Sent = { batch: AnalyticsBatch; keepalive: boolean; bytes: number };

function fakeIngest(answer: (sent: Sent) => Response | Promise<Response> = () => new Response(null, { status: 202 })) {
  const sent: Sent[] = [];
  const transport: AnalyticsTransport = vi.fn(async (body: string, keepalive: boolean) => {
    const batch = AnalyticsBatchSchema.parse(JSON.parse(body));
    const entry = { batch, keepalive, bytes: new TextEncoder().encode(body).length };
    sent.push(entry);
    return answer(entry);
  });
  return { sent, transport };
}

let online = true;
function client(transport: AnalyticsTransport, options: { eventsPerSecond?: number; random?: () => number } = {}) {
  return createAnalyticsClient({
    eventsPerSecond: options.eventsPerSecond ?? ANALYTICS_EVENTS_PER_SECOND,
    transport,
    storage: window.sessionStorage,
    host: 'portal.vireo.example',
    platform: 'web',
    online: () => online,
    now: () => Date.now(),
    random: options.random ?? (() => 1),
  });
}

const call = (overrides: Partial<ApiCallRecord> = {}): ApiCallRecord => ({
  at: new Date().toISOString(),
  method: 'GET',
  url: '/api/pub/billing/v1/statements/stmt_8f2a91?lang=en&page=2',
  status: 200,
  durationMs: 41.6,
  traceId: 'b7ad6b71-6920-3331',
  platform: 'web',
  ...overrides,
});
const view = (page = '/billing') => ({ at: new Date().toISOString(), page, lang: 'en' as const });

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-12-01T15:00:00Z') });
  window.sessionStorage.clear();
  online = true;
});
afterEach(() => {
  vi.useRealTimers();
  attachAnalyticsSink(null);
});

describe('an API call as the client records it (spec §7.3)', () => {
  it('keeps the route template, the query keys without values, the trace id and the platform; no ids', async () => {
    const { sent, transport } = fakeIngest();
    const analytics = client(transport);
    analytics.sink.api(call());
    await analytics.flush();
    expect(sent[0]?.batch.events).toEqual([
      {
        type: 'api_call',
        at: '2026-12-01T15:00:00.000Z',
        method: 'GET',
        host: 'portal.vireo.example',
        path: '/api/pub/billing/v1/statements/:statementId',
        queryKeys: ['lang', 'page'],
        durationMs: 42,
        status: 200,
        success: true,
        traceId: 'b7ad6b71-6920-3331',
        platform: 'web',
      },
    ]);
    expect(JSON.stringify(sent)).not.toContain('stmt_8f2a91');
  });

  it('maps RED, GREEN and UNAVAILABLE to 200, 0 to 0 and -1 to 400', () => {
    expect(['RED', 'GREEN', 'UNAVAILABLE'].map(mapStatus)).toEqual([200, 200, 200]);
    expect(mapStatus(0)).toBe(0);
    expect(mapStatus(-1)).toBe(400);
    expect(mapStatus(503)).toBe(503);
    expect(mapStatus('PAID')).toBe(0);
  });

  it('records a call that got no answer with status 0 as not a success', async () => {
    const { sent, transport } = fakeIngest();
    const analytics = client(transport);
    analytics.sink.api(call({ status: 0, traceId: null }));
    await analytics.flush();
    expect(sent[0]?.batch.events[0]).toMatchObject({ status: 0, success: false, traceId: null });
  });

  it('takes at most 20 GraphQL error codes a call', async () => {
    const { sent, transport } = fakeIngest();
    const analytics = client(transport);
    const codes = Array.from({ length: 30 }, (_, i) => `GRAPHQL_${i}`);
    analytics.sink.api(call({ method: 'POST', url: '/api/pub/users/v1/invitations', graphqlErrors: codes }));
    await analytics.flush();
    expect(sent[0]?.batch.events[0]).toMatchObject({ graphqlErrors: codes.slice(0, ANALYTICS_GRAPHQL_ERRORS_MAX) });
    expect(ANALYTICS_GRAPHQL_ERRORS_MAX).toBe(20);
  });

  it('prefers a fixed segment over a parameter, as the server routes', () => {
    expect(matchApiRoute('GET', '/api/pub/billing/v1/statements/stmt_1')).toBe(
      '/api/pub/billing/v1/statements/:statementId',
    );
    expect(matchApiRoute('GET', '/api/pub/session/v1/profile')).toBe('/api/pub/session/v1/profile');
    expect(matchApiRoute('DELETE', '/api/pub/session/v1/profile')).toBeNull();
  });

  it('throws spec §8’s misuse errors: no arguments, and a URL of no API', () => {
    const analytics = client(fakeIngest().transport);
    expect(() => analytics.sink.api(undefined as unknown as ApiCallRecord)).toThrow('Track API requires arguments');
    expect(() => analytics.track()).toThrow('Track API requires arguments');
    expect(() => analytics.sink.api(call({ url: '/api/pub/no-such-api' }))).toThrow('Could not find an API');
  });

  it('tags NETPSC codes as personal-security-code errors, with the client code before the first dash', async () => {
    expect(describeCode('NETPSC-0042')).toEqual({ clientCode: 'NETPSC', personalSecurityCode: true });
    expect(describeCode('BILLPAY-OUT-7')).toEqual({ clientCode: 'BILLPAY', personalSecurityCode: false });
    expect(describeCode('PAYMENT_DECLINED')).toEqual({ clientCode: null, personalSecurityCode: false });
    const { sent, transport } = fakeIngest();
    const analytics = client(transport);
    analytics.sink.error({ at: new Date().toISOString(), code: 'NETPSC-0042', traceId: 'trace-1' });
    await analytics.flush();
    expect(sent[0]?.batch.events[0]).toEqual({
      type: 'error',
      at: '2026-12-01T15:00:00.000Z',
      code: 'NETPSC-0042',
      clientCode: 'NETPSC',
      personalSecurityCode: true,
      traceId: 'trace-1',
    });
  });

  it('queues nothing the ingest would refuse: a card number where a page goes never leaves the tab', async () => {
    const { sent, transport } = fakeIngest();
    const analytics = client(transport);
    analytics.sink.pageView(view('/pay/4111111111111111'));
    analytics.sink.pageView(view('/billing'));
    await analytics.flush();
    expect(sent[0]?.batch.events.map((event) => (event.type === 'page_view' ? event.page : ''))).toEqual(['/billing']);
  });

  it('records only operational events (calls, errors) while GPC or the person’s choice turns usage analytics off', async () => {
    const { sent, transport } = fakeIngest();
    let usage = false;
    const analytics = createAnalyticsClient({
      eventsPerSecond: ANALYTICS_EVENTS_PER_SECOND,
      transport,
      storage: window.sessionStorage,
      host: 'portal.vireo.example',
      platform: 'web',
      online: () => true,
      usageAnalytics: () => usage,
    });
    analytics.sink.pageView(view('/billing'));
    analytics.sink.api(call());
    analytics.sink.error({ at: new Date().toISOString(), code: 'NOT_FOUND', traceId: null });
    // asked at each event: turned on again, page views are recorded again
    usage = true;
    analytics.sink.pageView(view('/services'));
    await analytics.flush();
    expect(sent[0]?.batch.events.map((event) => event.type)).toEqual(['api_call', 'error', 'page_view']);
    expect(sent[0]?.batch.events[2]).toMatchObject({ page: '/services' });
    expect(sent[0]?.batch.dropped).toBeUndefined();
  });
});

describe('batching (spec §9)', () => {
  it('sends one batch every 2000 ms, nothing while the queue is empty', async () => {
    const { sent, transport } = fakeIngest();
    const analytics = client(transport);
    analytics.start();
    analytics.sink.pageView(view());
    analytics.sink.pageView(view('/billing/history'));
    await vi.advanceTimersByTimeAsync(ANALYTICS_SEND_INTERVAL_MS - 1);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.batch.events).toHaveLength(2);
    expect(sent[0]?.keepalive).toBe(false);
    await vi.advanceTimersByTimeAsync(ANALYTICS_SEND_INTERVAL_MS * 3);
    expect(sent).toHaveLength(1);
    expect(ANALYTICS_SEND_INTERVAL_MS).toBe(2_000);
    analytics.stop();
  });

  it('keeps a batch under 150,000 bytes and 400 events; the rest goes in the next one', async () => {
    expect(ANALYTICS_MAX_MESSAGE_BYTES).toBe(150_000);
    const { sent, transport } = fakeIngest();
    const analytics = client(transport, { eventsPerSecond: 10_000 });
    // 200 calls of about 1.1 kB (20 long query keys each): the bytes bind before the count
    const keys = Array.from({ length: 20 }, (_, i) => `key${i}_${'k'.repeat(34)}=1`).join('&');
    for (let i = 0; i < 200; i++) analytics.sink.api(call({ url: `/api/pub/session/v1/profile?${keys}` }));
    // then 700 small page views: the count binds (900 in all: under the queue's cap)
    for (let i = 0; i < 700; i++) analytics.sink.pageView(view(`/page/${i}`));
    for (let i = 0; i < 6; i++) await analytics.flush();
    for (const batch of sent) {
      expect(batch.bytes).toBeLessThanOrEqual(ANALYTICS_MAX_MESSAGE_BYTES);
      expect(batch.batch.events.length).toBeLessThanOrEqual(ANALYTICS_EVENTS_PER_BATCH);
    }
    expect(sent[0]?.bytes).toBeGreaterThan(ANALYTICS_MAX_MESSAGE_BYTES - 1_500);
    expect(sent[0]?.batch.events.length).toBeLessThan(200);
    expect(sent.some((batch) => batch.batch.events.length === ANALYTICS_EVENTS_PER_BATCH)).toBe(true);
    expect(ANALYTICS_EVENTS_PER_BATCH).toBe(400);
    // every event went once, in order
    const all = sent.flatMap((batch) => batch.batch.events);
    expect(all).toHaveLength(900);
    expect(all.at(-1)).toMatchObject({ page: '/page/699' });
  });

  it('admits 100 events a second (200 for the community variant) and reports the ones dropped', async () => {
    for (const [rate, expected] of [
      [ANALYTICS_EVENTS_PER_SECOND, 100],
      [ANALYTICS_EVENTS_PER_SECOND_COMMUNITY, 200],
    ] as const) {
      window.sessionStorage.clear();
      expect(rate).toBe(expected);
      const { sent, transport } = fakeIngest();
      const analytics = client(transport, { eventsPerSecond: rate });
      for (let i = 0; i < rate + 50; i++) analytics.sink.pageView(view());
      expect(analytics.pending()).toMatchObject({ dropped: 50 });
      // half a second later the bucket holds half a second's events again
      vi.advanceTimersByTime(500);
      for (let i = 0; i < rate; i++) analytics.sink.pageView(view());
      await analytics.flush();
      expect(sent[0]?.batch.events).toHaveLength(rate + rate / 2);
      expect(sent[0]?.batch.dropped).toBe(50 + rate / 2);
      expect(analytics.pending()).toEqual({ events: [], dropped: 0 });
    }
  });
});

describe('a queue that survives (wider-portal.md §11)', () => {
  it('keeps the queue across a reload, capped at QUEUE_MAX_EVENTS, the oldest dropped and counted', async () => {
    const first = client(fakeIngest().transport, { eventsPerSecond: 10_000 });
    for (let i = 0; i < QUEUE_MAX_EVENTS + 5; i++) first.sink.pageView(view(`/page/${i}`));
    online = false;
    await first.flush(); // offline: nothing goes, the queue is stored
    const { sent, transport } = fakeIngest();
    online = true;
    const reloaded = client(transport);
    expect(reloaded.pending().events).toHaveLength(QUEUE_MAX_EVENTS);
    expect(reloaded.pending().dropped).toBe(5);
    expect(reloaded.pending().events[0]).toMatchObject({ page: '/page/5' });
    await reloaded.flush();
    expect(sent[0]?.batch.dropped).toBe(5);
  });

  it('sends nothing offline and sends at once when the browser is back online', async () => {
    const { sent, transport } = fakeIngest();
    const analytics = client(transport);
    analytics.start();
    online = false;
    analytics.sink.pageView(view());
    await vi.advanceTimersByTimeAsync(ANALYTICS_SEND_INTERVAL_MS * 5);
    expect(sent).toHaveLength(0);
    online = true;
    analytics.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    analytics.stop();
  });

  it('tries a failed batch again after a jittered, growing wait, and after the Retry-After the ingest gives', async () => {
    let status = 503;
    let retryAfter: string | null = null;
    const { sent, transport } = fakeIngest(
      () => new Response(null, { status, headers: retryAfter ? { 'Retry-After': retryAfter } : {} }),
    );
    const analytics = client(transport, { random: () => 0 }); // the shortest jitter: half the doubled wait
    analytics.sink.pageView(view());
    await analytics.flush(); // 1st failure: 2000 * 2 * 0.5 = 2000 ms
    vi.advanceTimersByTime(1_999);
    await analytics.flush();
    expect(sent).toHaveLength(1);
    vi.advanceTimersByTime(1);
    await analytics.flush(); // 2nd failure: 4000 ms
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(3_999);
    await analytics.flush();
    expect(sent).toHaveLength(2);
    status = 429;
    retryAfter = '30';
    vi.advanceTimersByTime(1);
    await analytics.flush(); // 429 with Retry-After: 30 s, whatever the backoff says
    expect(sent).toHaveLength(3);
    vi.advanceTimersByTime(29_999);
    await analytics.flush();
    expect(sent).toHaveLength(3);
    status = 202;
    vi.advanceTimersByTime(1);
    await analytics.flush();
    expect(sent).toHaveLength(4);
    expect(analytics.pending().events).toEqual([]);
    // every try carried the same event: nothing lost, nothing doubled
    expect(new Set(sent.map((entry) => JSON.stringify(entry.batch.events)))).toHaveProperty('size', 1);
    expect(retryAfterMs('Wed, 01 Dec 2026 15:01:00 GMT', Date.parse('2026-12-01T15:00:00Z'))).toBe(60_000);
    expect(retryAfterMs('soon', 0)).toBeNull();
    expect(RETRY_MAX_MS).toBe(60_000);
  });

  it('drops a batch the ingest refused as a whole (400), rather than sending it for ever', async () => {
    const { sent, transport } = fakeIngest(() => new Response(null, { status: 400 }));
    const analytics = client(transport);
    analytics.sink.pageView(view());
    await analytics.flush();
    await analytics.flush();
    expect(sent).toHaveLength(1);
    expect(analytics.pending().events).toEqual([]);
  });
});

describe('page exit (wider-portal.md §11)', () => {
  it('sends the queue in keepalive chunks under 60 KB, within the keepalive budget; the rest stays stored', async () => {
    expect(ANALYTICS_EXIT_CHUNK_BYTES).toBe(60_000);
    const { sent, transport } = fakeIngest();
    const analytics = client(transport, { eventsPerSecond: 10_000 });
    for (let i = 0; i < 600; i++) analytics.sink.pageView(view(`/${'p'.repeat(180)}/${i}`));
    analytics.flushAtExit();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.length).toBeGreaterThanOrEqual(1);
    for (const chunk of sent) {
      expect(chunk.keepalive).toBe(true);
      expect(chunk.bytes).toBeLessThan(ANALYTICS_EXIT_CHUNK_BYTES);
    }
    expect(sent.reduce((sum, chunk) => sum + chunk.bytes, 0)).toBeLessThanOrEqual(KEEPALIVE_BUDGET_BYTES);
    const left = 600 - sent.flatMap((chunk) => chunk.batch.events).length;
    expect(left).toBeGreaterThan(0);
    const stored = JSON.parse(window.sessionStorage.getItem(QUEUE_STORAGE_KEY) ?? '{}') as { events: unknown[] };
    expect(stored.events).toHaveLength(left);
  });

  it('shares one keepalive budget between the hiding and the leaving of the page', async () => {
    let answer: (response: Response) => void = () => {};
    const { sent, transport } = fakeIngest(() => new Promise<Response>((resolve) => (answer = resolve)));
    const analytics = client(transport, { eventsPerSecond: 10_000 });
    for (let i = 0; i < 600; i++) analytics.sink.pageView(view(`/${'p'.repeat(180)}/${i}`));
    analytics.flushAtExit(); // visibilitychange: hidden
    analytics.flushAtExit(); // pagehide, the first chunk still on its way
    expect(sent.reduce((sum, chunk) => sum + chunk.bytes, 0)).toBeLessThanOrEqual(KEEPALIVE_BUDGET_BYTES);
    const first = sent.length;
    answer(new Response(null, { status: 202 }));
    await vi.advanceTimersByTimeAsync(0);
    analytics.flushAtExit(); // answered: the budget is free again
    expect(sent.length).toBeGreaterThan(first);
  });

  it('queues a chunk again when the page stayed and the chunk did not arrive', async () => {
    const { sent, transport } = fakeIngest(() => Promise.reject(new TypeError('Failed to fetch')));
    const analytics = client(transport);
    analytics.sink.pageView(view());
    analytics.flushAtExit();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(1);
    expect(analytics.pending().events).toHaveLength(1);
  });
});

describe('before the client has loaded (record.ts)', () => {
  it('holds what apiRequest and the router recorded, at most EARLY_RECORDS_MAX, and hands it over in order', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ ok: true }), {
          headers: { 'Content-Type': 'application/json', 'x-trace-id': 'trace-from-header' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/pub/session/v1/profile', { schema: z.object({ ok: z.boolean() }) });
    for (let i = 0; i < EARLY_RECORDS_MAX + 10; i++) recordPageView(view(`/early/${i}`));
    const { sent, transport } = fakeIngest();
    const analytics = client(transport, { eventsPerSecond: 10_000 });
    attachAnalyticsSink(analytics.sink);
    await analytics.flush();
    const events = sent[0]?.batch.events ?? [];
    expect(events).toHaveLength(EARLY_RECORDS_MAX);
    expect(events[0]).toMatchObject({
      type: 'api_call',
      path: '/api/pub/session/v1/profile',
      traceId: 'trace-from-header',
      platform: 'web',
    });
    expect(events[1]).toMatchObject({ type: 'page_view', page: '/early/0' });
    // apiRequest names its platform to the API (spec §7.3's x-sspp-platform)
    const headers = new Headers((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].headers);
    expect(headers.get('x-sspp-platform')).toBe('web');
    expect(ANALYTICS_EVENTS_PATH).toBe('/api/pub/analytics/v1/events');
  });
});
