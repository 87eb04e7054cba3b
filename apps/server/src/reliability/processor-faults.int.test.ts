import { randomUUID } from 'node:crypto';
import { type MakePaymentResponse, SESSION_PROFILE_PATH } from '@vireo/shared';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type LogCapture } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { paymentOptions, submitPayment } from '../../test/payments';
import { type Answer, type Browser, browser, signIn } from '../../test/sign-in';
import { idempotencyKeys, payments, processorTransactions } from '../db/schema';
import { RECONCILE_AFTER_MS } from '../modules/payments/payments.service';
import type { FaultMode, SimulatedProcessor } from '../modules/processor/simulated-processor';
import { fixedClock } from '../platform/clock';

/**
 * ADR 009: a processor that times out or answers 5xx leaves the outcome unknown; the client resends with the same
 * key, the reconciler asks again with the same payment id, and each payment is captured exactly once — also when
 * several payments fail at once, when the money moved before the timeout, and when the reconciler's own first calls
 * fail too. (payments.int.test.ts covers one payment per fault; this is many at once, and the plain timeout.)
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const PAYMENTS = 8;
let database: TestDatabase;
let app: FastifyInstance;
let logs: LogCapture;
let b: Browser;
let visaId: string;
let today: string;
let amount = 500;

beforeAll(async () => {
  database = await createTestDatabase({ seed: clock.now() });
  ({ app, logs } = await buildTestApp(database, { clock }));
  b = browser(app);
  await signIn(b, 'harbor-owner');
  const options = await paymentOptions(b);
  const visa = options.methods.find((m) => m.label === 'Visa 4242' && m.allowed && !m.expired);
  if (!visa) throw new Error('harbor-owner has no usable Visa 4242');
  visaId = visa.id;
  today = options.today;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const processor = () => app.portal.services.processor as SimulatedProcessor;

describe.each<FaultMode>(['timeout', 'timeout_after_commit', 'error'])('processor fault %s', (mode) => {
  it(`${PAYMENTS} payments at once, half of them and the reconciler's first calls faulted: each captured exactly once`, async () => {
    const intents = Array.from({ length: PAYMENTS }, () => ({
      key: randomUUID(),
      body: { amountCents: amount++, paymentDate: today, method: { paymentMethodId: visaId } },
      final: null as Answer | null,
    }));
    processor().faults.set({ mode, count: PAYMENTS / 2, rate: 1 });
    const first = await Promise.all(intents.map((i) => submitPayment(b, i.body, i.key)));
    // a server error says what it was: the server's own log lines of level error
    const errors = () =>
      logs.lines
        .filter((line) => Number(line.level) >= 50 && (line as { code?: string }).code !== 'BILL_PAY_UNAVAILABLE')
        .map((line) => JSON.stringify(line).slice(0, 1_500))
        .join('\n');
    expect(first.map((r) => r.statusCode).sort(), errors()).toEqual([
      ...Array.from({ length: PAYMENTS / 2 }, () => 200),
      ...Array.from({ length: PAYMENTS / 2 }, () => 503),
    ]);
    for (const answer of first.filter((r) => r.statusCode === 503)) {
      expect(answer.json().error.code).toBe('BILL_PAY_UNAVAILABLE');
    }

    // the client resends with the same keys: the faulted ones are still in progress (409) until the reconciler
    // learns the outcome; its first two calls fail as well, so it takes two runs
    processor().faults.set({ mode, count: 2, rate: 1 });
    const rounds: number[][] = [];
    for (let round = 0; intents.some((i) => !i.final); round++) {
      if (round > 5) throw new Error('no final answer after 5 reconciler runs');
      const answers = await Promise.all(intents.filter((i) => !i.final).map((i) => submitPayment(b, i.body, i.key)));
      rounds.push(answers.map((r) => r.statusCode));
      intents
        .filter((i) => !i.final)
        .forEach((intent, index) => {
          const answer = answers[index] as Answer;
          expect([200, 409], answer.body).toContain(answer.statusCode);
          if (answer.statusCode === 200) intent.final = answer;
        });
      clock.advance(RECONCILE_AFTER_MS + 1_000);
      await app.portal.services.settlement.reconcile();
    }
    // the session followed the billing clock through the reconciler's minutes
    expect((await b.request({ url: SESSION_PROFILE_PATH })).statusCode).toBe(200);

    const ids = intents.map((i) => (i.final?.json() as MakePaymentResponse | undefined)?.payment?.id as string);
    const made = await database.db.select().from(payments).where(inArray(payments.id, ids));
    const ledger = await database.db
      .select()
      .from(processorTransactions)
      .where(inArray(processorTransactions.idempotencyKey, ids));
    const keys = await database.db
      .select()
      .from(idempotencyKeys)
      .where(
        inArray(
          idempotencyKeys.key,
          intents.map((i) => i.key),
        ),
      );
    const byAmount = await database.db
      .select({ id: payments.id })
      .from(payments)
      .where(
        inArray(
          payments.amountCents,
          intents.map((i) => i.body.amountCents),
        ),
      );
    console.log(
      `processor fault ${mode}: first answers ${first.map((r) => r.statusCode).join(' ')}; resends ${rounds
        .map((r) => `[${r.join(' ')}]`)
        .join(' ')}; ${made.length} payments, ${ledger.length} processor transactions`,
    );

    expect(new Set(ids).size).toBe(PAYMENTS);
    for (const intent of intents) {
      expect(intent.final?.json()).toMatchObject({ outcome: 'success', payment: { status: 'successful' } });
    }
    expect(byAmount).toHaveLength(PAYMENTS);
    expect(made.map((p) => p.status)).toEqual(Array.from({ length: PAYMENTS }, () => 'successful'));
    expect(ledger).toHaveLength(PAYMENTS);
    expect(new Set(ledger.map((t) => t.idempotencyKey)).size).toBe(PAYMENTS);
    expect(ledger.every((t) => t.status === 'approved')).toBe(true);
    expect(ledger.reduce((sum, t) => sum + t.amountCents, 0)).toBe(made.reduce((sum, p) => sum + p.amountCents, 0));
    expect(keys.map((k) => k.status)).toEqual(Array.from({ length: PAYMENTS }, () => 'completed'));
    expect(processor().faults.get().mode).toBe('none');
  });
});
