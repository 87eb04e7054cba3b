import { CSRF_PATH } from '@vireo/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type Clock, fixedClock } from '../src/platform/clock';
import { buildTestApp } from './app';
import { createTestDatabase, type TestDatabase } from './database';
import { type Browser, browser, signIn } from './sign-in';

/**
 * The app of one integration test file, on a fresh seeded database (PGlite, or PostgreSQL in `server-pg`), and
 * signed-in browsers of the demo users (demo-data.md): `const portal = signedInApp(); … await portal.as('harbor-owner')`.
 * Each sign-in comes from its own address, so the sign-in and card-attempt limits per address stay out of the way; so
 * does each visitor (`portal.visitor()`: no session, the anti-forgery pair of the open doors and Quick Pay).
 */
export function signedInApp(options: { clock?: Clock; env?: Record<string, string> } = {}) {
  const clock = options.clock ?? fixedClock('2026-11-21T15:00:00Z');
  const state: { database?: TestDatabase; app?: FastifyInstance; signIns: number; visitors: number } = {
    signIns: 0,
    visitors: 0,
  };
  beforeAll(async () => {
    state.database = await createTestDatabase({ seed: clock.now() });
    ({ app: state.app } = await buildTestApp(state.database, { clock, ...(options.env ? { env: options.env } : {}) }));
  });
  afterAll(async () => {
    await state.app?.close();
    await state.database?.close();
  });
  const app = () => {
    if (!state.app) throw new Error('signedInApp: use it inside a test (the app starts in beforeAll)');
    return state.app;
  };
  return {
    clock,
    app,
    database: () => state.database as TestDatabase,
    /** A fresh session of a demo user. */
    async as(username: string): Promise<Browser> {
      state.signIns += 1;
      const b = browser(app(), { remoteAddress: `10.${(state.signIns >> 8) % 250}.${state.signIns % 250}.1` });
      await signIn(b, username);
      return b;
    },
    /** A visitor without a session, with the anti-forgery pair, from an address of its own unless one is given. */
    async visitor(remoteAddress?: string): Promise<Browser> {
      state.visitors += 1;
      const own = `10.250.${state.visitors % 250}.${1 + Math.floor(state.visitors / 250)}`;
      const b = browser(app(), { remoteAddress: remoteAddress ?? own });
      await b.request({ url: CSRF_PATH });
      return b;
    },
  };
}
