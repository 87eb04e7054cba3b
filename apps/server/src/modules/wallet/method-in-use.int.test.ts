import { randomUUID } from 'node:crypto';
import {
  AUTOPAY_PATH,
  type AutoPayStatus,
  IDEMPOTENCY_HEADER,
  PAYMENT_METHOD_PATH,
  PAYMENT_METHODS_PATH,
  SCHEDULED_PAYMENT_PATH,
  type Wallet,
  type WalletMethod,
} from '@vireo/shared';
import { and, eq, gte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { submitPayment, testCard, tokenize } from '../../../test/payments';
import { type Browser, browser, signIn } from '../../../test/sign-in';
import { accounts, auditEvents, outboxEmails, paymentMethods, payments, processorTransactions } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { METHOD_DELETED } from '../payments/payments.service';
import { TEST_CARDS } from '../processor/test-instruments';

/**
 * Issue 14, item 2: a scheduled payment charged a card deleted from the wallet. An instrument in use cannot silently
 * vanish (the delete is refused, the roadblock lists its uses), and no payment ever runs on a deleted method, however
 * it was deleted: the scheduled-payment runner and the Auto Pay draft check it in their own transaction and fail the
 * payment with `method_deleted`, an audit entry and an e-mail.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
let database: TestDatabase;
let app: FastifyInstance;
let signIns = 0;

async function as(username: string): Promise<Browser> {
  const b = browser(app, { remoteAddress: `10.14.${++signIns % 250}.2` });
  await signIn(b, username);
  return b;
}
async function wallet(b: Browser): Promise<Wallet> {
  const response = await b.request({ url: PAYMENT_METHODS_PATH });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const methodUrl = (id: string) => PAYMENT_METHOD_PATH.replace(':paymentMethodId', id);
const remove = (b: Browser, id: string) =>
  b.request({ method: 'DELETE', url: methodUrl(id), headers: { ...b.csrf(), [IDEMPOTENCY_HEADER]: randomUUID() } });

/** A new card saved to the wallet through the vault, as the add-card form does. */
async function newCard(b: Browser, number: string = TEST_CARDS.mastercard): Promise<WalletMethod> {
  const token = await tokenize(b, testCard(number));
  const saved = await b.request({
    method: 'POST',
    url: PAYMENT_METHODS_PATH,
    headers: { ...b.csrf(), [IDEMPOTENCY_HEADER]: randomUUID() },
    payload: { token: token.token },
  });
  expect(saved.statusCode, saved.body).toBe(201);
  return saved.json();
}
async function schedule(b: Browser, methodId: string, paymentDate: string, amountCents: number) {
  const response = await submitPayment(b, { amountCents, paymentDate, method: { paymentMethodId: methodId } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().payment as { id: string };
}
async function chargesOf(paymentId: string) {
  return database.db.select().from(processorTransactions).where(eq(processorTransactions.idempotencyKey, paymentId));
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: clock.now() });
  ({ app } = await buildTestApp(database, { clock }));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('deleting a method a scheduled payment will charge (the roadblock lists its uses)', () => {
  it('refuses 409 PAYMENT_METHOD_IN_USE, the wallet lists each payment with its date and amount, cancel frees it', async () => {
    const b = await as('harbor-billing');
    const card = await newCard(b);
    const first = await schedule(b, card.id, '2026-12-01', 5_000);
    await schedule(b, card.id, '2026-11-28', 2_500);

    const listed = (await wallet(b)).methods.find((m) => m.id === card.id);
    expect(listed?.upcomingPayments).toEqual([
      { id: expect.any(String), paymentDate: '2026-11-28', amountCents: 2_500, status: 'scheduled' },
      { id: first.id, paymentDate: '2026-12-01', amountCents: 5_000, status: 'scheduled' },
    ]);
    const refused = await remove(b, card.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('PAYMENT_METHOD_IN_USE');
    const [row] = await database.db.select().from(paymentMethods).where(eq(paymentMethods.id, card.id));
    expect(row?.deletedAt).toBeNull();

    // once no payment will charge it, it can go
    for (const payment of listed?.upcomingPayments ?? []) {
      const cancelled = await b.request({
        method: 'DELETE',
        url: SCHEDULED_PAYMENT_PATH.replace(':paymentId', payment.id),
        headers: { ...b.csrf(), [IDEMPOTENCY_HEADER]: randomUUID() },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    expect((await remove(b, card.id)).statusCode).toBe(200);
  });

  it('keeps the Auto Pay roadblock for the Auto Pay method', async () => {
    const b = await as('riverbend-billing');
    const mastercard = (await wallet(b)).methods.find((m) => m.autoPayScopes.length > 0);
    if (!mastercard) throw new Error('riverbend has an Auto Pay method');
    const response = await remove(b, mastercard.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('AUTOPAY_METHOD_NOT_DELETABLE');
  });
});

describe('a method deleted by any path is never charged', () => {
  it('fails a scheduled payment whose card was deleted behind the API, with an audit entry and an e-mail', async () => {
    const b = await as('harbor-billing');
    const card = await newCard(b, TEST_CARDS.discover);
    const payment = await schedule(b, card.id, '2026-11-23', 4_200);
    // deleted without the wallet's checks (an operator, a script, another service): the row is soft-deleted
    await database.db.update(paymentMethods).set({ deletedAt: clock.now() }).where(eq(paymentMethods.id, card.id));
    const mailSince = new Date('2026-11-23T00:00:00Z');

    clock.set('2026-11-23T15:00:00Z');
    await app.portal.services.scheduledPayments.runScheduledPayments();

    const [row] = await database.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row).toMatchObject({ status: 'failed', failureCode: METHOD_DELETED });
    expect(await chargesOf(payment.id)).toEqual([]);
    const audit = await database.db.select().from(auditEvents).where(eq(auditEvents.targetId, payment.id));
    expect(audit.map((e) => e.action)).toEqual(['payment.scheduled', 'payment.failed']);
    expect(audit[1]?.data).toMatchObject({ failureCode: METHOD_DELETED, amountCents: 4_200 });
    // to the payer, in their language (the demo's users read English)
    const mail = (await database.db.select().from(outboxEmails).where(gte(outboxEmails.createdAt, mailSince))).filter(
      (m) => m.toAddress.endsWith('@harborcoffee.example'),
    );
    expect(mail.map((m) => m.subject)).toEqual(['Your scheduled payment of $42.00 was not made']);
    expect(mail[0]?.body).toContain('November 23, 2026');
    expect(mail[0]?.body).toContain('Discover 1117');
    // it stays failed: the next pass does not run it
    await app.portal.services.scheduledPayments.runScheduledPayments();
    expect(await chargesOf(payment.id)).toEqual([]);
  });

  it('fails the Auto Pay draft on a deleted method instead of charging it, and e-mails the billing contacts', async () => {
    clock.set('2026-11-21T15:00:00Z');
    const b = await as('riverbend-billing');
    const status = (await b.request({ url: AUTOPAY_PATH })).json() as AutoPayStatus;
    const core = status.enrollments.find((e) => e.scope === 'core');
    if (!core?.nextDraftDate) throw new Error('riverbend drafts');
    await database.db
      .update(paymentMethods)
      .set({ deletedAt: clock.now() })
      .where(eq(paymentMethods.id, core.paymentMethodId));
    const [riverbend] = await database.db
      .select()
      .from(accounts)
      .where(eq(accounts.companyName, 'Riverbend Auto Repair'));
    if (!riverbend) throw new Error('no Riverbend');

    clock.set(`${core.nextDraftDate}T17:00:00Z`);
    await app.portal.services.background.run();

    const drafts = await database.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.accountId, riverbend.id),
          eq(payments.channel, 'autoPay'),
          eq(payments.paymentDate, core.nextDraftDate),
        ),
      );
    expect(drafts).toHaveLength(1);
    expect(drafts[0]).toMatchObject({
      status: 'failed',
      failureCode: METHOD_DELETED,
      paymentMethodId: core.paymentMethodId,
    });
    expect(await chargesOf(drafts[0]?.id ?? '')).toEqual([]);
    const audit = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, drafts[0]?.id ?? ''));
    expect(audit.map((e) => e.action)).toEqual(['payment.failed']);
    const mail = await database.db
      .select()
      .from(outboxEmails)
      .where(gte(outboxEmails.createdAt, new Date(`${core.nextDraftDate}T00:00:00Z`)));
    const notices = mail.filter((m) => m.body.includes('was removed from your saved payment methods'));
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.every((m) => m.toAddress.endsWith('@riverbendauto.example'))).toBe(true);
  });
});
