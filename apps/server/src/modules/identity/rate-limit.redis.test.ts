import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { browser, openSignInForm, submitSignIn } from '../../../test/sign-in';
import { fixedClock } from '../../platform/clock';

// Real Redis (TEST_REDIS_URL, set by `npm test`): the sign-in rate limit is shared by every instance.
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('TEST_REDIS_URL is required for the Redis suite');

const clock = fixedClock('2026-11-21T15:00:00Z');
let database: TestDatabase;
let instances: FastifyInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ seed: clock.now() });
  instances = await Promise.all(
    [0, 1].map(async () => (await buildTestApp(database, { clock, env: { REDIS_URL: redisUrl } })).app),
  );
});
afterAll(async () => {
  for (const app of instances) await app.close();
  await database?.close();
});

it('counts sign-in attempts per address across instances, in Redis', async () => {
  // a fresh address for this run, so earlier runs against the same Redis do not count
  const address = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const statuses: number[] = [];
  for (let i = 0; i < 21; i++) {
    const app = instances[i % 2] as FastifyInstance;
    const b = browser(app, { remoteAddress: address });
    const { uid } = await openSignInForm(b);
    statuses.push((await submitSignIn(b, uid, { username: 'nobody', password: 'x' })).statusCode);
  }
  expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
  expect(statuses[20]).toBe(429);
});
