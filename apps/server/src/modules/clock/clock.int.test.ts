import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, devControlHeaders, PROD_SECRETS } from '../../../test/app';
import { createTestDatabase } from '../../../test/database';
import { createBillingClock, parseDuration } from '../../platform/clock';

const DAY = 86_400_000;
const database = await createTestDatabase();
afterAll(() => database.close());

describe('the billing clock', () => {
  it('moves forward, survives a restart and resets', async () => {
    let real = Date.parse('2026-11-21T15:00:00Z');
    const clock = await createBillingClock(database.db, () => real);
    await clock.advance(3 * DAY);
    expect(clock.now().toISOString()).toBe('2026-11-24T15:00:00.000Z');
    expect(clock.today('America/New_York')).toBe('2026-11-24');
    real += 60_000; // real time keeps running under the offset
    const restarted = await createBillingClock(database.db, () => real);
    expect(restarted.now().toISOString()).toBe('2026-11-24T15:01:00.000Z');
    await restarted.reset();
    await clock.refresh();
    expect(clock.offsetMs()).toBe(0);
  });

  it('starts at a fixed instant (BILLING_CLOCK_START) and runs on with real time from there', async () => {
    let real = Date.parse('2031-05-02T08:30:00Z');
    const clock = await createBillingClock(database.db, () => real);
    await clock.setNow(new Date('2026-11-20T15:00:00Z'));
    expect(clock.now().toISOString()).toBe('2026-11-20T15:00:00.000Z');
    expect(clock.today('America/New_York')).toBe('2026-11-20');
    real += 90_000;
    expect(clock.now().toISOString()).toBe('2026-11-20T15:01:30.000Z');
    // kept in the database, like a move of the clock
    const restarted = await createBillingClock(database.db, () => real);
    expect(restarted.now().toISOString()).toBe('2026-11-20T15:01:30.000Z');
    await restarted.reset();
  });

  it('is moved through the non-production API, and that API does not exist in production', async () => {
    const clock = await createBillingClock(database.db);
    const { app } = await buildTestApp(database, { clock });
    const headers = await devControlHeaders(app);
    const before = clock.now().getTime();
    const moved = await app.inject({ method: 'POST', url: '/api/dev/clock', headers, payload: { advance: '1d12h' } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().offsetMs).toBe(1.5 * DAY);
    expect(clock.now().getTime() - before).toBeGreaterThanOrEqual(1.5 * DAY);
    const invalid = await app.inject({ method: 'POST', url: '/api/dev/clock', headers, payload: { advance: 'soon' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields[0].path).toBe('body.advance');
    const both = await app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      headers,
      payload: { advance: '1d', reset: true },
    });
    expect(both.statusCode).toBe(400);
    await app.close();

    const prod = await buildTestApp(database, { clock, env: { PORTAL_ENV: 'prod', ...PROD_SECRETS } });
    expect(
      (await prod.app.inject({ url: '/api/dev/clock', headers: await devControlHeaders(prod.app) })).statusCode,
    ).toBe(404);
    const refused = await prod.app.inject({
      method: 'POST',
      url: '/api/dev/clock',
      headers: await devControlHeaders(prod.app),
      payload: { reset: true },
    });
    expect(refused.statusCode).toBe(404);
    expect(clock.offsetMs()).toBe(1.5 * DAY);
    await prod.app.close();
  });
});

describe('parseDuration', () => {
  it.each([
    ['3d', 3 * DAY],
    ['12h', 12 * 3_600_000],
    ['1d12h', 1.5 * DAY],
    ['-1d', -DAY],
    ['90m', 90 * 60_000],
    ['2w', 14 * DAY],
    ['30s', 30_000],
  ])('reads %s', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', 'd', '3', '3 days', '1.5d', 'tomorrow', '3d-1h'])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeNull();
  });
});
