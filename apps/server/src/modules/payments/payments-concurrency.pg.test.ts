import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_HEADER, type PaymentReceipt, SCHEDULED_PAYMENT_PATH } from '@vireo/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { paymentOptions, submitPayment } from '../../../test/payments';
import { browser, signIn } from '../../../test/sign-in';
import { payments, processorTransactions } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * Exactly once on real PostgreSQL with real concurrent connections (issue 5, done when): the idempotency key is
 * claimed in the transaction that records the payment, and the 2-scheduled-payments limit holds under the account's
 * row lock.
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

describe('exactly once on PostgreSQL', () => {
  it('1,000 concurrent submissions with one key make exactly 1 payment and 1 processor call', async () => {
    const b = browser(app, { remoteAddress: '10.9.0.1' });
    await signIn(b, 'harbor-billing');
    const options = await paymentOptions(b);
    const visa = options.methods.find((m) => m.label === 'Visa 4242');
    const body = { amountCents: 28_947, paymentDate: options.today, method: { paymentMethodId: visa?.id ?? '' } };
    const key = randomUUID();

    const responses = await Promise.all(Array.from({ length: 1_000 }, () => submitPayment(b, body, key)));
    const statuses = new Map<number, number>();
    for (const r of responses) statuses.set(r.statusCode, (statuses.get(r.statusCode) ?? 0) + 1);
    // every answer is the payment (first or replayed) or "still in progress"; nothing else
    expect(
      [...statuses.keys()].every((s) => s === 200 || s === 409),
      JSON.stringify([...statuses]),
    ).toBe(true);
    expect(statuses.get(200)).toBeGreaterThanOrEqual(1);
    // every 200 is the same body, the first answer or its replay
    const bodies = new Set(responses.filter((r) => r.statusCode === 200).map((r) => r.body));
    expect(bodies.size).toBe(1);
    const confirmations = new Set(
      responses.filter((r) => r.statusCode === 200).map((r) => (r.json().payment as PaymentReceipt).confirmationNumber),
    );
    expect(confirmations.size).toBe(1);

    const made = await database.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.amountCents, 28_947), eq(payments.entryDate, clock.now())));
    expect(made).toHaveLength(1);
    const [calls] = await database.db
      .select({ n: count() })
      .from(processorTransactions)
      .where(
        inArray(
          processorTransactions.idempotencyKey,
          made.map((p) => p.id),
        ),
      );
    expect(calls?.n).toBe(1);
    // and after the storm, the key replays the one payment
    const replay = await submitPayment(b, body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().payment.confirmationNumber).toBe([...confirmations][0]);
  });

  // quality-bars.md: "exactly 2 created, 48 rejected, over 100 repetitions" (10 in `npm test`, 100 in
  // `npm run test:reliability`); each round cancels the two it made
  const rounds = Number(process.env.SCHEDULE_RACE_ROUNDS ?? 10);
  it(`50 concurrent scheduling requests on an account with none create exactly 2, ${rounds} times`, async () => {
    const b = browser(app, { remoteAddress: '10.9.0.2' });
    await signIn(b, 'riverbend-billing');
    const options = await paymentOptions(b);
    expect(options.scheduled).toHaveLength(0);
    const card = options.methods.find((m) => m.type === 'card' && m.allowed && !m.expired);
    const tally = { created: 0, refused: 0, other: 0 };
    for (let round = 0; round < rounds; round++) {
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          submitPayment(b, {
            amountCents: 1_000 + i,
            paymentDate: '2026-12-01',
            method: { paymentMethodId: card?.id ?? '' },
          }),
        ),
      );
      const ok = responses.filter((r) => r.statusCode === 200);
      const refused = responses.filter((r) => r.statusCode === 409 && r.json().error.code === 'SCHEDULE_LIMIT_REACHED');
      tally.created += ok.length;
      tally.refused += refused.length;
      tally.other += responses.length - ok.length - refused.length;
      expect([ok.length, refused.length], `round ${round + 1}`).toEqual([2, 48]);
      const scheduled = (await paymentOptions(b)).scheduled;
      expect(scheduled, `round ${round + 1}`).toHaveLength(2);
      for (const payment of scheduled) {
        const cancelled = await b.request({
          method: 'DELETE',
          url: SCHEDULED_PAYMENT_PATH.replace(':paymentId', payment.id),
          headers: { ...b.csrf(), [IDEMPOTENCY_HEADER]: randomUUID() },
        });
        expect(cancelled.statusCode, cancelled.body).toBe(200);
      }
    }
    expect(tally).toEqual({ created: 2 * rounds, refused: 48 * rounds, other: 0 });
  }, 300_000);
});
