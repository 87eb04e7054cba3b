import {
  SPEED_TEST_DOWNLOAD_PATH,
  SPEED_TEST_MAX_BYTES,
  SPEED_TEST_PING_PATH,
  SPEED_TEST_RESULTS_PATH,
  SPEED_TEST_UPLOAD_PATH,
  SPEED_TESTS_PAGE,
  type SpeedTestResult,
  SUPPORT_TICKET_CONTEXT_PATH,
} from '@vireo/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { auditEvents } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * The speed test (issue 21 item 7) through the API: downloads of exactly the bytes asked for, random and uncached;
 * uploads counted and dropped, refused past the limit; a ping; the figures saved with the plan billed and the
 * verdict, audited; the user's history newest first, keyset-paged; the last one in a support ticket's context; the
 * rate limit per user.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock, env: { SPEED_TEST_RATE_LIMIT_PER_WINDOW: '40' } });

const figures = (downloadKbps: number) => ({
  downloadKbps,
  uploadKbps: 30_000,
  idleLatencyMs: 12,
  loadedLatencyMs: 160,
  jitterMs: 3,
});
const save = (b: Browser, body: object) =>
  b.request({ method: 'POST', url: SPEED_TEST_RESULTS_PATH, headers: b.csrf(), payload: body });

describe('the speed test’s endpoints', () => {
  it('downloads exactly the bytes asked for, random, uncompressed and never cached; refuses more than the limit', async () => {
    const b = await portal.as('harbor-owner');
    const answer = await b.request({
      url: `${SPEED_TEST_DOWNLOAD_PATH}?bytes=200000`,
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.length).toBe(200_000);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['content-encoding']).toBeUndefined();
    // incompressible: no byte value dominates (a run of zeros or a repeated pattern would)
    const counts = new Map<number, number>();
    for (const byte of answer.rawPayload) counts.set(byte, (counts.get(byte) ?? 0) + 1);
    expect(counts.size).toBe(256);
    expect(Math.max(...counts.values())).toBeLessThan(1_200);
    const again = await b.request({ url: `${SPEED_TEST_DOWNLOAD_PATH}?bytes=200000` });
    expect(again.rawPayload.equals(answer.rawPayload)).toBe(false);
    expect((await b.request({ url: `${SPEED_TEST_DOWNLOAD_PATH}?bytes=${SPEED_TEST_MAX_BYTES + 1}` })).statusCode).toBe(
      400,
    );
  });

  it('counts an upload and drops it; past the limit it is refused with 413; a ping answers at once', async () => {
    const b = await portal.as('harbor-owner');
    const upload = (payload: Buffer) =>
      b.request({
        method: 'POST',
        url: SPEED_TEST_UPLOAD_PATH,
        headers: { ...b.csrf(), 'content-type': 'application/octet-stream' },
        payload,
      });
    const counted = await upload(Buffer.alloc(300_000, 7));
    expect(counted.statusCode, counted.body).toBe(200);
    expect(counted.json()).toEqual({ bytes: 300_000 });
    expect(counted.headers['cache-control']).toBe('no-store');
    expect((await upload(Buffer.alloc(SPEED_TEST_MAX_BYTES + 1))).statusCode).toBe(413);
    const ping = await b.request({ url: SPEED_TEST_PING_PATH });
    expect(ping.statusCode).toBe(200);
    expect(ping.headers['cache-control']).toBe('no-store');
  });
});

describe('the results', () => {
  it('saves the figures with the plan billed and the verdict, audited; the history pages newest first', async () => {
    const b = await portal.as('pinecrest-owner');
    const slow = await save(b, figures(120_000));
    expect(slow.statusCode, slow.body).toBe(201);
    const result: SpeedTestResult = slow.json();
    // Pinecrest's plan is Business Internet Ultra (2 Gbps): 120 Mbps is well below it, latency rose 148 ms under load
    expect(result).toMatchObject({
      downloadKbps: 120_000,
      plan: { name: 'Business Internet Ultra', downloadKbps: 2_000_000, uploadKbps: 200_000 },
      verdict: 'belowPlan',
      latencyRises: true,
      at: '2026-11-21T15:00:00.000Z',
    });
    const [entry] = await portal.database().db.select().from(auditEvents).where(eq(auditEvents.targetId, result.id));
    expect(entry).toMatchObject({ action: 'speed_test.recorded', area: 'services' });
    for (let i = 1; i <= SPEED_TESTS_PAGE; i++) {
      clock.advance(60_000);
      expect((await save(b, figures(1_900_000 + i))).json().verdict).toBe('planIsTheLimit');
    }
    const first = await b.request({ url: SPEED_TEST_RESULTS_PATH });
    const page = first.json();
    expect(page.items).toHaveLength(SPEED_TESTS_PAGE);
    expect(page.items[0].downloadKbps).toBe(1_900_000 + SPEED_TESTS_PAGE);
    const rest = (await b.request({ url: `${SPEED_TEST_RESULTS_PATH}?cursor=${page.nextCursor}` })).json();
    expect(rest.items.map((item: SpeedTestResult) => item.id)).toEqual([result.id]);
    expect(rest.nextCursor).toBe(null);
    // another user's history is their own
    expect((await (await portal.as('harbor-owner')).request({ url: SPEED_TEST_RESULTS_PATH })).json().items).toEqual(
      [],
    );
    // the last test travels with a support ticket's context
    const context = (await b.request({ url: SUPPORT_TICKET_CONTEXT_PATH })).json();
    expect(context.lastSpeedTest).toMatchObject({ downloadKbps: 1_900_000 + SPEED_TESTS_PAGE, uploadKbps: 30_000 });
  });

  it('refuses figures out of range and unknown fields; counts requests per user', async () => {
    const b = await portal.as('maple-owner');
    expect((await save(b, { ...figures(1), jitterMs: -1 })).statusCode).toBe(400);
    expect((await save(b, { ...figures(1), extra: true })).statusCode).toBe(400);
    let status = 200;
    let sent = 0;
    while (status === 200 && sent < 100) {
      status = (await b.request({ url: SPEED_TEST_PING_PATH })).statusCode;
      sent++;
    }
    // 40 in 10 minutes on this test server: the 41st is refused
    expect([status, sent]).toEqual([429, 41]);
    // another user's count is their own
    expect((await (await portal.as('maple-owner')).request({ url: SPEED_TEST_PING_PATH })).statusCode).toBe(429);
    expect((await (await portal.as('harbor-admin')).request({ url: SPEED_TEST_PING_PATH })).statusCode).toBe(200);
  });
});
