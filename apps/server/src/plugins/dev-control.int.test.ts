import { CSRF_PATH, FLAGS_PATH, PORTAL_CONFIG_PATH, SESSION_PROFILE_PATH } from '@vireo/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousCsrf, buildTestApp, PROD_SECRETS } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { browser, signIn } from '../../test/sign-in';
import { seedDemoData } from '../db/seed/seed';
import { createBillingClock } from '../platform/clock';

/**
 * issue 14 item 4: the dev controls (billing clock, flag overrides, processor and billing-system faults) were gated
 * per request by the Host header: an anonymous `Host: localhost` turned maintenance on for everyone and moved the
 * clock. The environment is now decided once at start, the controls exist only outside production and answer a
 * signed-in session or the local operator's token, never an anonymous caller, whatever its headers.
 */
const DEV_CALLS = [
  { method: 'PUT', url: '/api/dev/flags/maintenance', payload: { enabled: true } },
  { method: 'PUT', url: '/api/dev/processor/faults', payload: { mode: 'error' } },
  { method: 'PUT', url: '/api/dev/billing-system/faults', payload: { operation: 'mobileBilling', count: 5 } },
  { method: 'POST', url: '/api/dev/clock', payload: { advance: '13h' } },
  { method: 'GET', url: '/api/dev/clock' },
] as const;
const HOSTILE_HOSTS = ['localhost', 'localhost:3000', '127.0.0.1', 'dev.anything.example', 'portal.qa', '[::1]'];

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, new Date());
});
afterAll(() => database.close());

async function expectNothingMoved(app: FastifyInstance, offsetBefore: number, clock: { offsetMs(): number }) {
  expect(clock.offsetMs()).toBe(offsetBefore);
  expect((await app.inject(FLAGS_PATH)).json().maintenance).toBe(false);
  expect(app.portal.services.processor.faults.get().mode).toBe('none');
  expect(Object.values(app.portal.services.billingSystem.faults.get()).every((count) => count === 0)).toBe(true);
}

describe('a production portal (PUBLIC_URL on a production host, PORTAL_ENV unset)', () => {
  it('has no dev control, whatever Host or X-Forwarded-Host a request names, and its OpenAPI lists none', async () => {
    const clock = await createBillingClock(database.db);
    const { app } = await buildTestApp(database, {
      clock,
      env: { PORTAL_ENV: '', PUBLIC_URL: 'https://business.vireo.example', ...PROD_SECRETS },
    });
    try {
      expect(app.portal.environment).toBe('prod');
      const offset = clock.offsetMs();
      for (const host of HOSTILE_HOSTS) {
        const headers = { host, 'x-forwarded-host': host, ...(await anonymousCsrf(app)) };
        for (const call of DEV_CALLS) {
          const answer = await app.inject({ ...call, headers });
          expect(answer.statusCode, `${host} ${call.method} ${call.url}`).toBe(404);
        }
        const config = await app.inject({ url: PORTAL_CONFIG_PATH, headers: { host } });
        expect(config.json().environment, host).toBe('prod');
      }
      await expectNothingMoved(app, offset, clock);
      const paths = Object.keys((await app.inject('/api/docs/json')).json().paths);
      expect(paths.length).toBeGreaterThan(20);
      expect(paths.filter((path) => path.startsWith('/api/dev/'))).toEqual([]);
      expect(app.portal.routes.filter((route) => route.url.startsWith('/api/dev/'))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});

describe('a development portal (PUBLIC_URL on localhost, PORTAL_ENV unset)', () => {
  it('answers the dev controls 401 to an anonymous caller, with any Host', async () => {
    const clock = await createBillingClock(database.db);
    const { app } = await buildTestApp(database, { clock, env: { PORTAL_ENV: '' } });
    try {
      expect(app.portal.environment).toBe('dev');
      const offset = clock.offsetMs();
      for (const host of HOSTILE_HOSTS) {
        const headers = { host, 'x-forwarded-host': host, ...(await anonymousCsrf(app)) };
        for (const call of DEV_CALLS) {
          const answer = await app.inject({ ...call, headers });
          expect(answer.statusCode, `${host} ${call.method} ${call.url}`).toBe(401);
          expect(answer.json().error.code).toBe('UNAUTHENTICATED');
        }
      }
      // a forged operator token is no better
      for (const call of DEV_CALLS) {
        const answer = await app.inject({
          ...call,
          headers: { authorization: 'Bearer guessed', ...(await anonymousCsrf(app)) },
        });
        expect(answer.statusCode, `${call.method} ${call.url}`).toBe(401);
      }
      await expectNothingMoved(app, offset, clock);
      // the environment a page is told is the configured one, not the Host's
      const config = await app.inject({ url: PORTAL_CONFIG_PATH, headers: { host: 'portal.qa' } });
      expect(config.json().environment).toBe('dev');
    } finally {
      await app.close();
    }
  });

  it('lets a signed-in user use them, and lift maintenance while it is on', async () => {
    const clock = await createBillingClock(database.db);
    const { app } = await buildTestApp(database, { clock, env: { PORTAL_ENV: '' } });
    try {
      const staff = browser(app);
      await signIn(staff, 'harbor-staff');
      const on = await staff.request({
        method: 'PUT',
        url: '/api/dev/flags/maintenance',
        headers: staff.csrf(),
        payload: { enabled: true },
      });
      expect(on.statusCode, on.body).toBe(200);
      expect((await staff.request({ url: SESSION_PROFILE_PATH })).json().error.code).toBe('IN_MAINTENANCE');
      const off = await staff.request({
        method: 'PUT',
        url: '/api/dev/flags/maintenance',
        headers: staff.csrf(),
        payload: { enabled: null },
      });
      expect(off.statusCode, off.body).toBe(200);
      expect((await staff.request({ url: SESSION_PROFILE_PATH })).statusCode).toBe(200);
      const read = await staff.request({ url: '/api/dev/clock' });
      expect(read.statusCode, read.body).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('lets the local operator (the token the server wrote for `npm run clock`) use them', async () => {
    const clock = await createBillingClock(database.db);
    const { app } = await buildTestApp(database, { clock, env: { PORTAL_ENV: '' } });
    const token = 'operator-token-of-this-test-0123456789';
    const withToken = await buildTestApp(database, { clock, env: { PORTAL_ENV: '' }, devControlToken: token });
    try {
      const headers = { authorization: `Bearer ${token}`, ...(await anonymousCsrf(withToken.app)) };
      const read = await withToken.app.inject({ url: '/api/dev/clock', headers });
      expect(read.statusCode, read.body).toBe(200);
      // only the process that holds the token accepts it
      expect((await app.inject({ url: '/api/dev/clock', headers })).statusCode).toBe(401);
      // it opens the dev controls only
      const profile = await withToken.app.inject({ url: SESSION_PROFILE_PATH, headers });
      expect(profile.statusCode).toBe(401);
    } finally {
      await app.close();
      await withToken.app.close();
    }
  });

  it('takes the anti-forgery Origin from the configuration, not from the Host header', async () => {
    const { app } = await buildTestApp(database, { env: { PORTAL_ENV: '' } });
    try {
      const csrf = await anonymousCsrf(app);
      const foreign = await app.inject({
        method: 'POST',
        url: CSRF_PATH.replace('csrf', 'nothing'),
        headers: { ...csrf, host: 'evil.example', origin: 'http://evil.example' },
        payload: {},
      });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().error.code).toBe('CSRF_REJECTED');
    } finally {
      await app.close();
    }
  });
});
