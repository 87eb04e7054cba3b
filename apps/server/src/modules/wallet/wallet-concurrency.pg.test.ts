import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER, MAX_SAVED_METHODS, PAYMENT_METHODS_PATH } from '@vireo/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { distinctVisa, paymentOptions, testCard, tokenize } from '../../../test/payments';
import { type Browser, browser, signIn } from '../../../test/sign-in';
import { paymentMethods } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { TEST_CARDS } from '../processor/test-instruments';

/**
 * The wallet's limits on real PostgreSQL with concurrent connections: the 10-method limit is counted under the
 * account's row lock, one token is saved once however many requests race, and one instrument once (issue 14).
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 20, seed: clock.now() });
  ({ app } = await buildTestApp(database, { clock }));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const save = (b: Browser, token: string) =>
  b.request({
    method: 'POST',
    url: PAYMENT_METHODS_PATH,
    headers: { ...b.csrf(), [IDEMPOTENCY_HEADER]: randomUUID() },
    payload: { token },
  });

describe('wallet limits on PostgreSQL', () => {
  it(`15 concurrent saves into a wallet of 1 fill it to exactly ${MAX_SAVED_METHODS}`, async () => {
    const b = browser(app, { remoteAddress: '10.9.1.1' });
    await signIn(b, 'lakeside-manager');
    const start = (await paymentOptions(b)).methods.length;
    expect(start).toBe(1);
    const tokens = [];
    for (let i = 0; i < 15; i++) tokens.push((await tokenize(b, testCard(distinctVisa(i)))).token);
    const responses = await Promise.all(tokens.map((token) => save(b, token)));
    const created = responses.filter((r) => r.statusCode === 201);
    const full = responses.filter((r) => r.statusCode === 409);
    expect(created).toHaveLength(MAX_SAVED_METHODS - start);
    expect(full).toHaveLength(15 - (MAX_SAVED_METHODS - start));
    expect(full.every((r) => r.json().error.code === 'WALLET_FULL')).toBe(true);
    expect((await paymentOptions(b)).methods).toHaveLength(MAX_SAVED_METHODS);
  });

  it('10 concurrent saves of one token (different keys) save it once and answer the same method', async () => {
    const b = browser(app, { remoteAddress: '10.9.1.2' });
    await signIn(b, 'riverbend-billing');
    const { token } = await tokenize(b, testCard(TEST_CARDS.discover));
    const responses = await Promise.all(Array.from({ length: 10 }, () => save(b, token)));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(9);
    expect(new Set(responses.map((r) => r.json().id)).size).toBe(1);
    const rows = await database.db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.vaultToken, token), isNull(paymentMethods.deletedAt)));
    expect(rows).toHaveLength(1);
  });

  it('8 concurrent saves of the same card (8 tokens) save it once; the others are PAYMENT_METHOD_DUPLICATE', async () => {
    const b = browser(app, { remoteAddress: '10.9.1.3' });
    await signIn(b, 'pinecrest-owner');
    const before = (await paymentOptions(b)).methods.length;
    const tokens = [];
    for (let i = 0; i < 8; i++) tokens.push((await tokenize(b, testCard(TEST_CARDS.amex))).token);
    const responses = await Promise.all(tokens.map((token) => save(b, token)));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(refused).toHaveLength(7);
    expect(refused.every((r) => r.json().error.code === 'PAYMENT_METHOD_DUPLICATE')).toBe(true);
    expect((await paymentOptions(b)).methods).toHaveLength(before + 1);
  });
});
