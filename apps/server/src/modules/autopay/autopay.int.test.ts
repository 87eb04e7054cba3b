import { randomUUID } from 'node:crypto';
import {
  AUTOPAY_DATE_PATH,
  AUTOPAY_METHOD_PATH,
  AUTOPAY_PATH,
  type AutoPayChangeResponse,
  type AutoPayStatus,
  IDEMPOTENCY_HEADER,
  PAPERLESS_PATH,
  STEP_UP_MINUTES,
  STEP_UP_PATH,
} from '@vireo/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { paymentOptions, submitPayment, testCard, tokenize } from '../../../test/payments';
import { type Browser, browser, DEMO_PASSWORD, post, signIn } from '../../../test/sign-in';
import { accounts, auditEvents, outboxEmails, payments, statementLines, statements } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

const clock = fixedClock('2026-11-21T15:00:00Z');
let database: TestDatabase;
let app: FastifyInstance;
const sessions = new Map<string, Browser>();
let signIns = 0;

async function as(username: string) {
  if (!sessions.has(username)) {
    const b = browser(app, { remoteAddress: `10.6.${++signIns % 250}.1` });
    await signIn(b, username);
    sessions.set(username, b);
  }
  return sessions.get(username) as Browser;
}

/** Moves the billing clock; sessions follow it, so browsers sign in again afterwards. */
function setClock(time: string) {
  clock.set(time);
  sessions.clear();
}

async function call(username: string, method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object, key?: string) {
  const b = await as(username);
  return b.request({
    method,
    url,
    headers: { ...b.csrf(), [IDEMPOTENCY_HEADER]: key ?? randomUUID() },
    payload: payload as Record<string, unknown>,
  });
}
async function status(username: string): Promise<AutoPayStatus> {
  const response = await (await as(username)).request({ url: AUTOPAY_PATH });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
async function methodId(username: string, label: string) {
  const found = (await paymentOptions(await as(username))).methods.find((m) => m.label === label);
  if (!found) throw new Error(`${username} has no ${label}`);
  return found.id;
}
const parts = (response: { json(): unknown }) =>
  (response.json() as AutoPayChangeResponse).parts.map((p) => [p.part, p.result]);

beforeAll(async () => {
  database = await createTestDatabase({ seed: clock.now() });
  ({ app } = await buildTestApp(database, { clock }));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('enrolment (spec §2.4: services and method, debit day, terms; paperless optional)', () => {
  it('shows Harbor Coffee not enrolled, with its cycle day for the calendar', async () => {
    expect(await status('harbor-billing')).toMatchObject({
      enrollments: [],
      services: ['core'],
      ineligibleReason: null,
      cycleDay: 10,
      today: '2026-11-21',
      paperless: false,
      lastFailedDraft: null,
      discountCents: 500,
    });
  });

  it('refuses a day that would make the payment late, and unaccepted terms', async () => {
    const checking = await methodId('harbor-billing', 'Checking 6789');
    const late = await call('harbor-billing', 'POST', AUTOPAY_PATH, {
      services: ['core'],
      paymentMethodId: checking,
      debitDay: 5,
      acceptElectronicPaymentTerms: true,
      acceptTermsOfService: true,
      paperless: false,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.fields).toEqual([{ path: 'body.debitDay', code: 'autopay.debitDay.late' }]);
    const terms = await call('harbor-billing', 'POST', AUTOPAY_PATH, {
      services: ['core'],
      paymentMethodId: checking,
      debitDay: 31,
      acceptElectronicPaymentTerms: false,
      acceptTermsOfService: true,
      paperless: false,
    });
    expect(terms.statusCode).toBe(400);
  });

  it('enrols harbor-billing with the checking account on day 31, and paperless', async () => {
    const response = await call('harbor-billing', 'POST', AUTOPAY_PATH, {
      services: ['core'],
      paymentMethodId: await methodId('harbor-billing', 'Checking 6789'),
      debitDay: 31,
      acceptElectronicPaymentTerms: true,
      acceptTermsOfService: true,
      paperless: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().outcome).toBe('success');
    expect(parts(response)).toEqual([
      ['core', 'ok'],
      ['paperless', 'ok'],
    ]);
    const after = await status('harbor-billing');
    expect(after.paperless).toBe(true);
    expect(after.enrollments).toEqual([
      expect.objectContaining({
        scope: 'core',
        methodLabel: 'Checking 6789',
        debitDay: 31,
        // November has no 31st: the draft runs on December 1 (spec §5)
        nextDraftDate: '2026-12-01',
        nextDraftAmountCents: 28_947,
        changesApplyAfter: null,
        cancellable: true,
      }),
    ]);
    const audit = await database.db.select({ action: auditEvents.action }).from(auditEvents);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['autopay.enrolled', 'paperless.enrolled']));
  });

  it('refuses a disconnected account (northgate) and a STANDARD user', async () => {
    const northgate = await call('northgate-owner', 'POST', AUTOPAY_PATH, {
      services: ['core'],
      paymentMethodId: randomUUID(),
      debitDay: 20,
      acceptElectronicPaymentTerms: true,
      acceptTermsOfService: true,
      paperless: false,
    });
    expect(northgate.statusCode).toBe(409);
    expect(northgate.json().error.code).toBe('AUTOPAY_INELIGIBLE');
    expect((await status('northgate-owner')).ineligibleReason).toBe('disconnected');
    expect((await (await as('harbor-staff')).request({ url: AUTOPAY_PATH })).statusCode).toBe(403);
  });
});

describe('managing Auto Pay', () => {
  it('changes the method to the Visa; with an injected enrolment failure the result is partial', async () => {
    const visa = await methodId('harbor-billing', 'Visa 4242');
    // wider-portal.md §3 step-up (issue 18 item 3): a sign-in more than 10 minutes old is asked to confirm first
    clock.advance((STEP_UP_MINUTES + 1) * 60_000);
    const asked = await call('harbor-billing', 'PUT', AUTOPAY_METHOD_PATH, {
      services: ['core'],
      paymentMethodId: visa,
    });
    expect(asked.statusCode).toBe(403);
    expect(asked.json().error.code).toBe('STEP_UP_REQUIRED');
    const proven = await post(await as('harbor-billing'), STEP_UP_PATH, { password: DEMO_PASSWORD });
    expect(proven.statusCode, proven.body).toBe(200);
    const ok = await call('harbor-billing', 'PUT', AUTOPAY_METHOD_PATH, { services: ['core'], paymentMethodId: visa });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(parts(ok)).toEqual([
      ['cancel', 'ok'],
      ['core', 'ok'],
    ]);
    expect((await status('harbor-billing')).enrollments[0]?.methodLabel).toBe('Visa 4242');

    app.portal.services.billingSystem.faults.set('autopayEnroll', 1);
    const checking = await methodId('harbor-billing', 'Checking 6789');
    const partial = await call('harbor-billing', 'PUT', AUTOPAY_METHOD_PATH, {
      services: ['core'],
      paymentMethodId: checking,
    });
    expect(partial.json().outcome).toBe('partial');
    expect(parts(partial)).toEqual([
      ['cancel', 'ok'],
      ['core', 'AUTOPAY_ENROLLMENT_FAILED'],
    ]);
    // the old enrolment was cancelled and the new one failed: the account is told it has no Auto Pay now
    expect((await status('harbor-billing')).enrollments).toEqual([]);
  });

  it('re-enrols, moves the date, and a change within 2 days of a draft applies after it', async () => {
    const visa = await methodId('harbor-billing', 'Visa 4242');
    const enrol = await call('harbor-billing', 'POST', AUTOPAY_PATH, {
      services: ['core'],
      paymentMethodId: visa,
      debitDay: 31,
      acceptElectronicPaymentTerms: true,
      acceptTermsOfService: true,
      paperless: false,
    });
    expect(parts(enrol)).toEqual([
      ['core', 'ok'],
      ['paperless', 'skipped'],
    ]);
    const moved = await call('harbor-billing', 'PUT', AUTOPAY_DATE_PATH, { services: ['core'], debitDay: 25 });
    expect(parts(moved)).toEqual([['core', 'ok']]);
    expect((await status('harbor-billing')).enrollments[0]).toMatchObject({
      debitDay: 25,
      nextDraftDate: '2026-11-25',
    });
    // on Nov 24 the draft of Nov 25 is within 2 days: a new day applies after it
    setClock('2026-11-24T15:00:00Z');
    const late = await call('harbor-billing', 'PUT', AUTOPAY_DATE_PATH, { services: ['core'], debitDay: 31 });
    expect(parts(late)).toEqual([['core', 'ok']]);
    expect((await status('harbor-billing')).enrollments[0]).toMatchObject({
      debitDay: 25,
      changesApplyAfter: '2026-11-25',
    });
    setClock('2026-11-21T15:00:00Z');
  });

  it('refuses to cancel mobile Auto Pay and a bank account for mobile (riverbend)', async () => {
    const s = await status('riverbend-owner');
    expect(s.services).toEqual(['core', 'mobile']);
    const cancel = await call('riverbend-owner', 'DELETE', AUTOPAY_PATH, { services: ['mobile'] });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.code).toBe('AUTOPAY_NOT_CANCELLABLE');
    // save a bank account through a payment, then try it for mobile Auto Pay
    const b = await as('riverbend-owner');
    const bank = await tokenize(b, {
      type: 'bank',
      nameOnAccount: 'Riverbend Auto Repair',
      accountType: 'checking',
      routingNumber: '110000000',
      accountNumber: '000123456789',
    });
    const saved = await submitPayment(b, {
      amountCents: 100,
      paymentDate: (await paymentOptions(b)).today,
      method: { token: bank.token, save: true },
    });
    expect(saved.json().methodSaved).toBe(true);
    const mobileBank = await call('riverbend-owner', 'POST', AUTOPAY_PATH, {
      services: ['mobile'],
      paymentMethodId: await methodId('riverbend-owner', 'Checking 6789'),
      debitDay: 20,
      acceptElectronicPaymentTerms: true,
      acceptTermsOfService: true,
      paperless: false,
    });
    expect(mobileBank.statusCode).toBe(422);
    expect(mobileBank.json().error.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
  });

  it('turns paperless off and on', async () => {
    const b = await as('maple-owner');
    const off = await b.request({ method: 'PUT', url: PAPERLESS_PATH, headers: b.csrf(), payload: { enrolled: true } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().paperless).toBe(true);
    const [row] = await database.db
      .select({ paperless: accounts.paperless })
      .from(accounts)
      .where(eq(accounts.companyName, 'Maple Street Bakery'));
    expect(row?.paperless).toBe(true);
  });
});

describe('the Auto Pay run', () => {
  it('drafts Harbor once on its day (the amount due), and the next statement carries the $5 credit', async () => {
    // Harbor is enrolled on day 25 with the Visa (above)
    setClock('2026-11-25T15:00:00Z');
    const service = app.portal.services.autopay;
    const [first, second] = await Promise.all([service.runDrafts(), service.runDrafts()]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect(await service.runDrafts()).toBe(0);
    const harbor = await database.db
      .select()
      .from(payments)
      .innerJoin(accounts, eq(accounts.id, payments.accountId))
      .where(and(eq(accounts.companyName, 'Harbor Coffee Co.'), eq(payments.channel, 'autoPay')));
    expect(harbor).toHaveLength(1);
    expect(harbor[0]?.payments).toMatchObject({ amountCents: 28_947, status: 'successful', paymentDate: '2026-11-25' });

    // the pending change (day 31) waits for the Nov 25 draft, then applies on the next run
    expect((await status('harbor-billing')).enrollments[0]?.debitDay).toBe(25);
    setClock('2026-11-26T15:00:00Z');
    expect(await service.runDrafts()).toBe(0);
    expect((await status('harbor-billing')).enrollments[0]).toMatchObject({ debitDay: 31, changesApplyAfter: null });

    setClock('2026-12-11T15:00:00Z');
    await app.portal.services.billing.runBillingCycle();
    const [december] = await database.db
      .select({ id: statements.id })
      .from(statements)
      .innerJoin(accounts, eq(accounts.id, statements.accountId))
      .where(eq(accounts.companyName, 'Harbor Coffee Co.'))
      .orderBy(desc(statements.statementDate))
      .limit(1);
    const lines = await database.db
      .select({ amountCents: statementLines.amountCents, description: statementLines.description })
      .from(statementLines)
      .where(eq(statementLines.statementId, december?.id ?? ''));
    expect(lines.some((l) => l.amountCents === -500)).toBe(true);
    setClock('2026-11-21T15:00:00Z');
  });

  it('a declined draft is e-mailed and shown as the last failed draft', async () => {
    // Harbor pays Auto Pay with a card the processor declines (saved by a declined payment: the card is valid)
    setClock('2026-12-11T15:00:00Z');
    const b = await as('harbor-billing');
    const token = await tokenize(b, testCard('4000 0000 0000 0002'));
    const declined = await submitPayment(b, {
      amountCents: 100,
      paymentDate: '2026-12-11',
      method: { token: token.token, save: true },
    });
    expect(declined.json()).toMatchObject({ methodSaved: true, paymentError: 'PAYMENT_DECLINED' });
    const change = await call('harbor-billing', 'PUT', AUTOPAY_METHOD_PATH, {
      services: ['core'],
      paymentMethodId: await methodId('harbor-billing', 'Visa 0002'),
    });
    expect(change.json().outcome, change.body).toBe('success');
    const core = (await status('harbor-billing')).enrollments[0];
    // the December 10 statement drafts on the 31st
    expect(core).toMatchObject({ nextDraftDate: '2026-12-31', methodLabel: 'Visa 0002' });
    expect(core?.nextDraftAmountCents).toBeGreaterThan(0);

    setClock('2026-12-31T15:00:00Z');
    expect(await app.portal.services.autopay.runDrafts()).toBeGreaterThanOrEqual(1);
    expect((await status('harbor-billing')).lastFailedDraft).toMatchObject({
      paymentDate: '2026-12-31',
      amountCents: core?.nextDraftAmountCents,
    });
    const mail = await database.db
      .select()
      .from(outboxEmails)
      .where(
        eq(
          outboxEmails.subject,
          `Your Auto Pay payment of $${((core?.nextDraftAmountCents ?? 0) / 100).toFixed(2)} did not go through`,
        ),
      );
    expect(mail.length).toBeGreaterThan(0);
    setClock('2026-11-21T15:00:00Z');
  });
});
