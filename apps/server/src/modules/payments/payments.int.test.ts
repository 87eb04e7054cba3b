import { randomUUID } from 'node:crypto';
import {
  ACTIVITY_PATH,
  BILLING_SUMMARY_PATH,
  IDEMPOTENCY_HEADER,
  type MakePaymentResponse,
  PAYMENT_HISTORY_PATH,
  PAYMENT_OPTIONS_PATH,
  type PaymentReceipt,
  SCHEDULED_PAYMENT_PATH,
} from '@vireo/shared';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type LogCapture } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { findCardDataLeaks } from '../../../test/leak-scan';
import { paymentOptions, submitPayment, testCard, tokenize } from '../../../test/payments';
import { type Browser, browser, signIn } from '../../../test/sign-in';
import { accounts, auditEvents, outboxEmails, payments } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import type { SimulatedProcessor } from '../processor/simulated-processor';

// 10:00 AM in New York: before the 8:00 PM cut-off
const clock = fixedClock('2026-11-21T15:00:00Z');
const TODAY = '2026-11-21';
let database: TestDatabase;
let app: FastifyInstance;
let logs: LogCapture;
const sessions = new Map<string, Browser>();
let signIns = 0;

async function as(username: string) {
  if (!sessions.has(username)) {
    const b = browser(app, { remoteAddress: `10.5.${++signIns % 250}.1` });
    await signIn(b, username);
    sessions.set(username, b);
  }
  return sessions.get(username) as Browser;
}

/**
 * Runs `work` with the billing clock at `time`, then puts it back. Sessions follow the billing clock, so the
 * signed-in browsers are forgotten on both moves (a moved clock may have ended them).
 */
async function at<T>(time: string, work: () => Promise<T>): Promise<T> {
  const before = clock.now();
  clock.set(time);
  sessions.clear();
  try {
    return await work();
  } finally {
    clock.set(before);
    sessions.clear();
  }
}

/** Moves the billing clock forward; signed-in browsers are forgotten (sessions follow the billing clock). */
function advance(ms: number) {
  clock.advance(ms);
  sessions.clear();
}

const processor = () => app.portal.services.processor as SimulatedProcessor;
const json = <T>(response: { json(): unknown }) => response.json() as T;

async function summary(username: string) {
  const response = await (await as(username)).request({ url: BILLING_SUMMARY_PATH });
  expect(response.statusCode).toBe(200);
  return response.json() as { amountDueCents: number; pastDueCents: number; pendingPaymentCents: number };
}
async function methodId(username: string, label: string) {
  const found = (await paymentOptions(await as(username))).methods.find((m) => m.label === label);
  if (!found) throw new Error(`${username} has no ${label}`);
  return found.id;
}
async function countPayments() {
  const [row] = await database.db.select({ n: count() }).from(payments);
  return row?.n ?? 0;
}
async function statusOf(paymentId: string) {
  const [row] = await database.db.select().from(payments).where(eq(payments.id, paymentId));
  return row?.status;
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: clock.now() });
  ({ app, logs } = await buildTestApp(database, { clock }));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('payment options (spec §2.4, §5)', () => {
  it('gives Harbor Coffee its amount due, bounds, date window and wallet', async () => {
    const options = await paymentOptions(await as('harbor-billing'));
    expect(options).toMatchObject({
      amountDueCents: 28_947,
      pastDueCents: 0,
      minCents: 100,
      maxCents: 2_500_000,
      restriction: 'none',
      todayOnlyReason: null,
      today: TODAY,
      lastFuturePaymentDate: '2027-01-20',
      tomorrowBlocked: false,
      scheduled: [],
      maxScheduled: 2,
    });
    expect(options.methods.map((m) => [m.label, m.allowed, m.expired])).toEqual([
      ['Visa 4242', true, false],
      ['Checking 6789', true, false],
    ]);
  });

  it('forces today for a past-due account (pinecrest) and refuses a future date', async () => {
    const b = await as('pinecrest-owner');
    const options = await paymentOptions(b);
    expect(options.todayOnlyReason).toBe('past_due');
    expect(options.lastFuturePaymentDate).toBe(TODAY);
    const method = options.methods.find((m) => m.allowed && !m.expired);
    const response = await submitPayment(b, {
      amountCents: 5_000,
      paymentDate: '2026-11-25',
      method: { paymentMethodId: method?.id ?? randomUUID() },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([{ path: 'body.paymentDate', code: 'payments.date.todayOnly' }]);
  });

  it('marks Maple Street Bakery cards as not allowed and the expired card as expired', async () => {
    const options = await paymentOptions(await as('maple-owner'));
    expect(options.restriction).toBe('card');
    const cards = options.methods.filter((m) => m.type === 'card');
    expect(cards.length).toBeGreaterThan(0);
    expect(cards.every((m) => !m.allowed)).toBe(true);
    expect(cards.some((m) => m.expired)).toBe(true);
    expect(cards.some((m) => m.expiringSoon)).toBe(true);
    expect(options.methods.filter((m) => m.type === 'bank').every((m) => m.allowed)).toBe(true);
  });

  it('refuses a STANDARD user (spec §6) on the options and on paying', async () => {
    const b = await as('harbor-staff');
    expect((await b.request({ url: PAYMENT_OPTIONS_PATH })).statusCode).toBe(403);
    const response = await submitPayment(b, {
      amountCents: 100,
      paymentDate: TODAY,
      method: { paymentMethodId: randomUUID() },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('paying the bill (harbor-billing)', () => {
  it('refuses $0.50 with the amount range message and its real bounds', async () => {
    const b = await as('harbor-billing');
    const response = await submitPayment(b, {
      amountCents: 50,
      paymentDate: TODAY,
      method: { paymentMethodId: await methodId('harbor-billing', 'Visa 4242') },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([{ path: 'body.amountCents', code: 'payments.amount.range' }]);
  });

  it('needs an Idempotency-Key (400, no payment)', async () => {
    const b = await as('harbor-billing');
    const before = await countPayments();
    const response = await b.request({
      method: 'POST',
      url: '/api/pub/billing/v1/payments',
      headers: b.csrf(),
      payload: {
        amountCents: 100,
        paymentDate: TODAY,
        method: { paymentMethodId: await methodId('harbor-billing', 'Visa 4242') },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await countPayments()).toBe(before);
  });

  it('refuses card data anywhere but the vault', async () => {
    const b = await as('harbor-billing');
    const response = await submitPayment(b, {
      amountCents: 100,
      paymentDate: TODAY,
      method: { token: 'x', save: false, cardNumber: '4242424242424242' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('CARD_DATA_REFUSED');
  });

  it("refuses another business's payment method", async () => {
    const other = await methodId('riverbend-billing', 'Mastercard 4444');
    const response = await submitPayment(await as('harbor-billing'), {
      amountCents: 100,
      paymentDate: TODAY,
      method: { paymentMethodId: other },
    });
    expect(response.statusCode).toBe(404);
  });

  it('pays $289.47 with the saved Visa: Successful, amount due $0.00, receipt, history, audit; a replay answers the same', async () => {
    const b = await as('harbor-billing');
    const key = randomUUID();
    const body = {
      amountCents: 28_947,
      paymentDate: TODAY,
      method: { paymentMethodId: await methodId('harbor-billing', 'Visa 4242') },
    };
    const response = await submitPayment(b, body, key);
    expect(response.statusCode, response.body).toBe(200);
    const result = json<MakePaymentResponse>(response);
    expect(result).toMatchObject({
      outcome: 'success',
      paymentError: null,
      methodSaved: null,
      payment: { amountCents: 28_947, methodLabel: 'Visa 4242', status: 'successful', paymentDate: TODAY },
    });
    const payment = result.payment as PaymentReceipt;
    expect(payment.confirmationNumber).toMatch(/^VB\d{10}$/);
    expect(payment.emailedTo).toMatch(/@/);

    expect(await summary('harbor-billing')).toMatchObject({ amountDueCents: 0, pastDueCents: 0 });
    const history = await b.request({ url: PAYMENT_HISTORY_PATH });
    expect(history.json().items[0]).toMatchObject({ id: payment.id, status: 'successful', amountCents: 28_947 });

    const emails = await database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, payment.emailedTo as string));
    expect(emails.some((e) => e.subject.includes(payment.confirmationNumber) && e.body.includes('$289.47'))).toBe(true);
    // issue 14: the receipt's date reads as the portal shows dates (DATE_FORMAT_OPTIONS), not ISO
    const receiptMail = emails.find((e) => e.subject.includes(payment.confirmationNumber));
    expect(receiptMail?.body).toContain('Payment date: Nov 21, 2026');
    expect(receiptMail?.body).not.toContain('2026-11-21');
    const audit = await database.db.select().from(auditEvents).where(eq(auditEvents.targetId, payment.id));
    expect(audit.map((e) => e.action).sort()).toEqual(['payment.submitted', 'payment.successful']);

    // the same key and body: the stored answer, no second payment
    const replay = await submitPayment(b, body, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(result);
    // the same key with another body: 422, and no payment
    const before = await countPayments();
    const changed = await submitPayment(b, { ...body, amountCents: 100 }, key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await countPayments()).toBe(before);
    expect(await processor().transactionsCreated(payment.id)).toBe(1);
  });

  it.each([
    ['4000 0000 0000 0002', 'PAYMENT_DECLINED'],
    ['4000 0000 0000 9995', 'PAYMENT_DECLINED'],
    ['4000 0000 0000 0069', 'CARD_EXPIRED'],
  ])('a new card %s that the processor declines ends on %s', async (number, code) => {
    const b = await as('harbor-billing');
    const token = await tokenize(b, testCard(number));
    const response = await submitPayment(b, {
      amountCents: 1_000,
      paymentDate: TODAY,
      method: { token: token.token, save: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      outcome: 'failure',
      paymentError: code,
      payment: { status: 'failed' },
      methodSaved: null,
    });
  });

  it('a prepaid card pays but is not saved (partial result)', async () => {
    const b = await as('harbor-billing');
    const token = await tokenize(b, testCard('4000 0566 5566 5556'));
    expect(token.funding).toBe('prepaid');
    const response = await submitPayment(b, {
      amountCents: 1_500,
      paymentDate: TODAY,
      method: { token: token.token, save: true },
    });
    expect(response.json()).toMatchObject({
      outcome: 'partial',
      payment: { status: 'successful' },
      methodSaved: false,
      saveError: 'PREPAID_NOT_SAVED',
    });
    expect((await paymentOptions(b)).methods.some((m) => m.lastFour === '5556')).toBe(false);
  });

  it('a new Mastercard is saved for the future when asked', async () => {
    const b = await as('harbor-billing');
    const token = await tokenize(b, testCard('5555 5555 5555 4444'));
    const response = await submitPayment(b, {
      amountCents: 1_200,
      paymentDate: TODAY,
      method: { token: token.token, save: true },
    });
    expect(response.json()).toMatchObject({ outcome: 'success', methodSaved: true, saveError: null });
    expect((await paymentOptions(b)).methods.map((m) => m.label)).toContain('Mastercard 4444');
  });
});

describe('scheduled payments (at most 2; edit and cancel until the cut-off of the day before)', () => {
  let scheduled: PaymentReceipt[] = [];

  it('schedules two future payments and refuses a third', async () => {
    const b = await as('harbor-billing');
    const visa = await methodId('harbor-billing', 'Visa 4242');
    for (const [amountCents, paymentDate] of [
      [2_000, '2026-11-22'],
      [3_000, '2026-12-05'],
    ] as const) {
      const response = await submitPayment(b, { amountCents, paymentDate, method: { paymentMethodId: visa } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ outcome: 'success', payment: { status: 'scheduled', paymentDate } });
      scheduled.push(response.json().payment);
    }
    const third = await submitPayment(b, {
      amountCents: 4_000,
      paymentDate: '2026-12-10',
      method: { paymentMethodId: visa },
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().error.code).toBe('SCHEDULE_LIMIT_REACHED');
    const options = await paymentOptions(b);
    expect(options.scheduled.map((p) => [p.amountCents, p.paymentDate, p.methodLabel, p.editable])).toEqual([
      [2_000, '2026-11-22', 'Visa 4242', true],
      [3_000, '2026-12-05', 'Visa 4242', true],
    ]);
    // a scheduled payment does not lower the amount due before it runs
    expect((await summary('harbor-billing')).pendingPaymentCents).toBe(0);
  });

  it('edits the later one (amount, date, method), and refuses the one due tomorrow after the cut-off', async () => {
    const b = await as('harbor-billing');
    const checking = await methodId('harbor-billing', 'Checking 6789');
    const later = scheduled[1] as PaymentReceipt;
    const edit = (id: string, body: object) =>
      b.request({
        method: 'PUT',
        url: SCHEDULED_PAYMENT_PATH.replace(':paymentId', id),
        headers: { ...b.csrf(), [IDEMPOTENCY_HEADER]: randomUUID() },
        payload: body,
      });
    const response = await edit(later.id, { amountCents: 3_500, paymentDate: '2026-12-06', paymentMethodId: checking });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().payment).toMatchObject({
      amountCents: 3_500,
      paymentDate: '2026-12-06',
      methodLabel: 'Checking 6789',
      status: 'scheduled',
    });
    // 2026-11-22 runs tomorrow: editable now (10 AM in New York), not after 8 PM tonight
    const tomorrow = scheduled[0] as PaymentReceipt;
    const late = await at('2026-11-22T01:30:00Z', async () => {
      const evening = await as('harbor-billing');
      return evening.request({
        method: 'PUT',
        url: SCHEDULED_PAYMENT_PATH.replace(':paymentId', tomorrow.id),
        headers: { ...evening.csrf(), [IDEMPOTENCY_HEADER]: randomUUID() },
        payload: { amountCents: 2_100, paymentDate: '2026-11-22', paymentMethodId: checking },
      });
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('PAYMENT_NOT_EDITABLE');
  });

  it('cancels one; the slot is free again', async () => {
    const b = await as('harbor-billing');
    const later = scheduled[1] as PaymentReceipt;
    const response = await b.request({
      method: 'DELETE',
      url: SCHEDULED_PAYMENT_PATH.replace(':paymentId', later.id),
      headers: { ...b.csrf(), [IDEMPOTENCY_HEADER]: randomUUID() },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('cancelled');
    expect((await paymentOptions(b)).scheduled.map((p) => p.id)).toEqual([(scheduled[0] as PaymentReceipt).id]);
    scheduled = [scheduled[0] as PaymentReceipt];
  });

  it('runs the one due tomorrow exactly once when its day comes', async () => {
    const id = (scheduled[0] as PaymentReceipt).id;
    await at('2026-11-22T15:00:00Z', async () => {
      const [first, second] = await Promise.all([
        app.portal.services.scheduledPayments.runScheduledPayments(),
        app.portal.services.scheduledPayments.runScheduledPayments(),
      ]);
      expect(first + second).toBe(1);
      expect(await statusOf(id)).toBe('successful');
      expect(await processor().transactionsCreated(id)).toBe(1);
      expect(await app.portal.services.scheduledPayments.runScheduledPayments()).toBe(0);
    });
  });
});

describe('the demo data', () => {
  it("runs Pinecrest's seeded scheduled payment on its day with the saved card (the whole background work)", async () => {
    const [seeded] = (await paymentOptions(await as('pinecrest-owner'))).scheduled;
    if (!seeded) throw new Error('Pinecrest has no scheduled payment');
    await at(`${seeded.paymentDate}T15:00:00Z`, async () => {
      const done = await app.portal.services.background.run();
      expect(done.scheduled).toBeGreaterThanOrEqual(1);
      expect(await statusOf(seeded.id)).toBe('successful');
    });
  });
});

describe('restrictions (maple-owner: bank only)', () => {
  it('refuses a card and takes the bank account (Pending)', async () => {
    const b = await as('maple-owner');
    const options = await paymentOptions(b);
    const card = options.methods.find((m) => m.type === 'card' && !m.expired);
    const bank = options.methods.find((m) => m.type === 'bank');
    const refused = await submitPayment(b, {
      amountCents: 1_000,
      paymentDate: TODAY,
      method: { paymentMethodId: card?.id ?? randomUUID() },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    const paid = await submitPayment(b, {
      amountCents: 1_000,
      paymentDate: TODAY,
      method: { paymentMethodId: bank?.id ?? randomUUID() },
    });
    expect(paid.json()).toMatchObject({ outcome: 'success', payment: { status: 'pending' } });
  });
});

describe('processor faults (riverbend-billing)', () => {
  it('a 5xx: Bill Pay Unavailable, the key stays in progress, the reconciler finishes it exactly once', async () => {
    const b = await as('riverbend-billing');
    const body = {
      amountCents: 1_000,
      paymentDate: TODAY,
      method: { paymentMethodId: await methodId('riverbend-billing', 'Mastercard 4444') },
    };
    const key = randomUUID();
    processor().faults.set({ mode: 'error', count: 1 });
    const first = await submitPayment(b, body, key);
    expect(first.statusCode).toBe(503);
    expect(first.json().error.code).toBe('BILL_PAY_UNAVAILABLE');
    const retry = await submitPayment(b, body, key);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error.code).toBe('IDEMPOTENCY_KEY_IN_PROGRESS');

    clock.advance(61_000);
    expect(await app.portal.services.settlement.reconcile()).toBe(1);
    const replay = await submitPayment(b, body, key);
    expect(replay.statusCode).toBe(200);
    const payment = replay.json().payment as PaymentReceipt;
    expect(payment.status).toBe('successful');
    expect(await processor().transactionsCreated(payment.id)).toBe(1);
  });

  it('a timeout after the processor took the money: the reconciler finds it and charges nothing twice', async () => {
    const b = await as('riverbend-billing');
    const body = {
      amountCents: 1_100,
      paymentDate: TODAY,
      method: { paymentMethodId: await methodId('riverbend-billing', 'Mastercard 4444') },
    };
    const key = randomUUID();
    processor().faults.set({ mode: 'timeout_after_commit', count: 1 });
    expect((await submitPayment(b, body, key)).statusCode).toBe(503);
    clock.advance(61_000);
    expect(await app.portal.services.settlement.reconcile()).toBe(1);
    const replay = await submitPayment(b, body, key);
    const payment = replay.json().payment as PaymentReceipt;
    expect(payment.status).toBe('successful');
    expect(await processor().transactionsCreated(payment.id)).toBe(1);
  });
});

describe('posting and restoring service', () => {
  it('a bank payment is Pending (counted as pending) and becomes Successful 24 h later', async () => {
    const b = await as('harbor-admin');
    const response = await submitPayment(b, {
      amountCents: 2_500,
      paymentDate: TODAY,
      method: { paymentMethodId: await methodId('harbor-admin', 'Checking 6789') },
    });
    const payment = response.json().payment as PaymentReceipt;
    expect(payment.status).toBe('pending');
    expect((await summary('harbor-admin')).pendingPaymentCents).toBe(2_500);

    advance(23 * 3_600_000);
    await app.portal.services.settlement.postPendingPayments();
    expect(await statusOf(payment.id)).toBe('pending');
    advance(3_600_000);
    await app.portal.services.background.run();
    expect(await statusOf(payment.id)).toBe('successful');
    expect((await summary('harbor-admin')).pendingPaymentCents).toBe(0);
  });

  it('a returned bank debit ends Returned', async () => {
    const b = await as('harbor-admin');
    const token = await tokenize(b, {
      type: 'bank',
      nameOnAccount: 'Harbor Coffee Co.',
      accountType: 'checking',
      routingNumber: '110000000',
      accountNumber: '000111111116',
    });
    const response = await submitPayment(b, {
      amountCents: 1_000,
      paymentDate: (await paymentOptions(b)).today,
      method: { token: token.token, save: false },
    });
    const payment = response.json().payment as PaymentReceipt;
    expect(payment.status).toBe('pending');
    advance(24 * 3_600_000);
    await app.portal.services.settlement.postPendingPayments();
    expect(await statusOf(payment.id)).toBe('returned');
    // the history shows it Returned; the activity does not count it against the balance
    const admin = await as('harbor-admin');
    const history = (await admin.request({ url: PAYMENT_HISTORY_PATH })).json().items as {
      id: string;
      status: string;
    }[];
    expect(history.find((p) => p.id === payment.id)?.status).toBe('returned');
    const activity = (await admin.request({ url: ACTIVITY_PATH })).json().items as { referenceId: string | null }[];
    expect(activity.some((a) => a.referenceId === payment.id)).toBe(false);
  });

  it('paying the past-due amount of a soft-disconnected account (northgate) restores service minutes later', async () => {
    const b = await as('northgate-owner');
    const options = await paymentOptions(b);
    expect(options.todayOnlyReason).toBe('inactive');
    const token = await tokenize(b, testCard('4242 4242 4242 4242'));
    const response = await submitPayment(b, {
      amountCents: options.pastDueCents,
      paymentDate: options.today,
      method: { token: token.token, save: false },
    });
    expect(response.json()).toMatchObject({ outcome: 'success', payment: { status: 'successful' } });
    const northgate = async () =>
      (
        await database.db
          .select({ status: accounts.status })
          .from(accounts)
          .where(eq(accounts.companyName, 'Northgate Clinic'))
      )[0]?.status;
    expect(await northgate()).toBe('soft_disconnected');
    expect(await app.portal.services.jobs.runDue()).toBe(0);
    // the billing run (every minute) does not lift it before the restore job does
    await app.portal.services.billing.runBillingCycle();
    expect(await northgate()).toBe('soft_disconnected');
    clock.advance(2 * 60_000);
    expect(await app.portal.services.jobs.runDue()).toBe(1);
    expect(await northgate()).toBe('active');
  });
});

describe('card data stays in the vault (architecture.md, card data)', () => {
  it('a dump of every table and the logs hold no card number, security code or bank account number', async () => {
    // node-postgres answers { rows }, PGlite too; typed loosely because the two drivers' result types differ
    const rowsOf = <T>(result: unknown) => ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
    const names = rowsOf<{ table_name: string }>(
      await database.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      ),
    );
    expect(names.map((t) => t.table_name)).toContain('vault_entries');
    let dump = '';
    for (const { table_name: name } of names) {
      // the vault's encrypted column is the one place the numbers may be, encrypted
      const rows = rowsOf<{ row: string }>(
        await database.db.execute(sql.raw(`select (to_jsonb(t) - 'secret')::text as row from "${name}" t`)),
      );
      for (const row of rows) dump += `${name}: ${row.row}\n`;
    }
    // the tests above paid with, saved and tokenized cards and bank accounts: the dump holds their traces
    expect(dump).toContain('tok_');
    expect(dump).toContain('"last_four": "9995"');
    expect(findCardDataLeaks(dump, 'database dump')).toEqual([]);
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(findCardDataLeaks(logs.text(), 'logs')).toEqual([]);
  });
});
