import { randomBytes } from 'node:crypto';
import { PCI_TOKENIZE_PATH, type TokenizeRequest, VAULT_ATTEMPTS_PER_WINDOW } from '@vireo/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { type Browser, browser, signIn } from '../../../test/sign-in';
import { memberships, users } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { TEST_CARDS } from '../processor/test-instruments';

// Real Redis (TEST_REDIS_URL, set by `npm test`): the card-testing counts of issue 14 item 11 are shared by every
// instance, as the sign-in rate limit is (rate-limit.redis.test.ts).
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) throw new Error('TEST_REDIS_URL is required for the Redis suite');

const clock = fixedClock('2026-11-21T15:00:00Z');
let database: TestDatabase;
let instances: FastifyInstance[] = [];
let redis: Redis;

/** The account of a demo user: its counters in Redis are cleared first, so earlier runs do not count. */
async function accountOf(username: string) {
  const [row] = await database.db
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(users.username, username));
  return row?.accountId as string;
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: clock.now() });
  instances = await Promise.all(
    [0, 1].map(async () => (await buildTestApp(database, { clock, env: { REDIS_URL: redisUrl } })).app),
  );
  redis = new Redis(redisUrl);
  // the demo data's ids are the same in every run: start from no count for the accounts used here
  for (const username of ['harbor-owner', 'maple-owner']) {
    const accountId = await accountOf(username);
    await redis.del(`vireo-card-testing-account:${accountId}`, `vireo-vault-account-${accountId}`);
  }
});
afterAll(async () => {
  for (const app of instances) await app.close();
  redis?.disconnect();
  await database?.close();
});

const address = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
const card = (cardNumber: string = TEST_CARDS.visa): TokenizeRequest => ({
  type: 'card',
  nameOnCard: 'Card Tester',
  cardNumber,
  expiry: '0829',
  securityCode: '123',
  zip: '97201',
});
const tokenize = (b: Browser, body: TokenizeRequest = card()) =>
  b.request({ method: 'POST', url: PCI_TOKENIZE_PATH, headers: b.csrf(), payload: body });

/** One session of `username` on each instance, each from its own address (so only the account's count is shared). */
async function sessionsOn(username: string) {
  return Promise.all(
    instances.map(async (app) => {
      const b = browser(app, { remoteAddress: address() });
      await signIn(b, username);
      return b;
    }),
  );
}

it('counts an account’s vault operations across instances, in Redis', async () => {
  const [a, b] = (await sessionsOn('harbor-owner')) as [Browser, Browser];
  const statuses: number[] = [];
  for (let i = 0; i < VAULT_ATTEMPTS_PER_WINDOW; i++) statuses.push((await tokenize(i % 2 ? b : a)).statusCode);
  expect(statuses).toEqual(statuses.map(() => 201));
  expect((await tokenize(a)).statusCode).toBe(429);
  expect((await tokenize(b)).statusCode).toBe(429);
});

it('counts an account’s consecutive declines across instances, in Redis', async () => {
  const [a, b] = (await sessionsOn('maple-owner')) as [Browser, Browser];
  for (let i = 0; i < 5; i++) {
    const declined = await tokenize(i % 2 ? b : a, card(TEST_CARDS.incorrectCvc));
    expect(declined.json().error.code).toBe('SECURITY_CODE_MISMATCH');
  }
  for (const session of [a, b]) {
    const refused = await tokenize(session);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('CARD_ATTEMPTS_SLOWED');
    expect(refused.headers['retry-after']).toBe('30');
  }
});
