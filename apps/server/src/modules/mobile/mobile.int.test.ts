import { randomUUID } from 'node:crypto';
import {
  AUTOPAY_PATH,
  type AutoPayStatus,
  BILLING_SUMMARY_PATH,
  IDEMPOTENCY_HEADER,
  MOBILE_BILLING_PATH,
  MOBILE_DEVICES_PATH,
  MOBILE_ORDER_PATH,
  MOBILE_ORDERS_PATH,
  MOBILE_PAYMENT_OPTIONS_PATH,
  MOBILE_PAYMENTS_PATH,
  MOBILE_TRANSACTIONS_PATH,
  type MobileBilling,
  type MobileDevice,
  type MobilePaymentOptions,
  type MobileServiceBilling,
  type MobileTransaction,
  SUBSCRIPTION_CANCEL_PATH,
  SUBSCRIPTIONS_PATH,
  type Subscription,
} from '@vireo/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { testCard, tokenize } from '../../../test/payments';
import { type Browser, browser, signIn } from '../../../test/sign-in';
import {
  accounts,
  autopayEnrollments,
  jobs,
  mobileDevices,
  mobileLines,
  payments,
  recurringCharges,
  statementLines,
  statements,
} from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { MOBILE_RESTORE_JOB } from '../payments/payments.service';

// Riverbend's cycle day is the 5th and its Auto Pay drafts on the 20th: on the 12th its November statement is visible
// and unpaid, so the mobile balance is that statement's Mobile section.
const clock = fixedClock('2026-11-12T15:00:00Z');
let database: TestDatabase;
let app: FastifyInstance;
let riverbendId: string;
const sessions = new Map<string, Browser>();
let signIns = 0;

async function as(username: string) {
  if (!sessions.has(username)) {
    const b = browser(app, { remoteAddress: `10.7.${++signIns % 250}.1` });
    await signIn(b, username);
    sessions.set(username, b);
  }
  return sessions.get(username) as Browser;
}

async function get<T>(username: string, url: string, status = 200): Promise<T> {
  const response = await (await as(username)).request({ url });
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

async function post(username: string, url: string, payload: object, key = randomUUID()) {
  const b = await as(username);
  return b.request({ method: 'POST', url, headers: { ...b.csrf(), [IDEMPOTENCY_HEADER]: key }, payload });
}

const billing = () => get<MobileServiceBilling>('riverbend-owner', MOBILE_BILLING_PATH);
const devices = async () => (await get<{ devices: MobileDevice[] }>('riverbend-owner', MOBILE_DEVICES_PATH)).devices;
const device = async (model: string) => {
  const found = (await devices()).find((d) => d.model === model);
  if (!found) throw new Error(`no ${model}`);
  return found;
};
const options = () => get<MobilePaymentOptions>('riverbend-owner', MOBILE_PAYMENT_OPTIONS_PATH);
const mastercard = async () => {
  const found = (await options()).methods.find((m) => m.label === 'Mastercard 4444');
  if (!found) throw new Error('no Mastercard 4444');
  return found.id;
};
const amountDue = async () =>
  (await get<{ amountDueCents: number }>('riverbend-owner', BILLING_SUMMARY_PATH)).amountDueCents;
const transactions = (type: string, extra = '') =>
  get<{ items: MobileTransaction[]; nextCursor: string | null }>(
    'riverbend-owner',
    `${MOBILE_TRANSACTIONS_PATH}?type=${type}${extra}`,
  );

/** The Mobile section of the latest statement, straight from the database. */
async function latestMobileSection() {
  const [latest] = await database.db
    .select()
    .from(statements)
    .where(eq(statements.accountId, riverbendId))
    .orderBy(desc(statements.statementDate))
    .limit(1);
  const lines = await database.db
    .select()
    .from(statementLines)
    .where(and(eq(statementLines.statementId, latest?.id ?? ''), eq(statementLines.category, 'mobile')));
  return { statement: latest, lines, total: lines.reduce((n, l) => n + l.amountCents, 0) };
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: clock.now() });
  ({ app } = await buildTestApp(database, { clock }));
  const [row] = await database.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.companyName, 'Riverbend Auto Repair'));
  riverbendId = row?.id ?? '';
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('mobile billing home (spec §2.4, §4; ADR 011)', () => {
  it('shows the Mobile section of the unpaid statement as the mobile balance, 4 lines and the mobile Auto Pay status', async () => {
    const section = await latestMobileSection();
    expect(section.total).toBeGreaterThan(18_000);
    const home = await billing();
    expect(home).toMatchObject({
      balanceCents: section.total,
      pastDueCents: 0,
      dueDate: section.statement?.dueDate,
      state: 'active',
      nonPayInterruption: false,
      restoreBy: null,
    });
    expect(home.balanceCents).toBeLessThanOrEqual(await amountDue());
    expect(home.lines.map((l) => l.label)).toEqual(['Owner', 'Service desk', 'Tow truck', 'Parts runner']);
    // plans 180.00 + the two instalments 31.25 and 14.50
    expect(home.nextBillEstimateCents).toBe(18_000 + 3_125 + 1_450);
  });

  it("keeps each device's plan in step with the instalments its statements billed", async () => {
    const list = await devices();
    expect(list.map((d) => d.model)).toEqual(['Vireo Phone Pro 256 GB', 'Vireo Phone SE']);
    for (const d of list) {
      const [row] = await database.db.select().from(mobileDevices).where(eq(mobileDevices.id, d.id));
      const billed = await database.db
        .select({ amountCents: statementLines.amountCents })
        .from(statementLines)
        .where(eq(statementLines.sourceId, row?.recurringChargeId ?? ''));
      expect(billed.length).toBe(d.instalmentsPaid);
      expect(d.remainingCents).toBe(d.financedCents - billed.reduce((n, l) => n + l.amountCents, 0));
      expect(d.payoffCents).toBe(d.remainingCents);
      expect(d.nextInstalmentCents).toBe(d.monthlyInstalmentCents);
      expect(d.paymentsLeft).toBe(Math.ceil(d.remainingCents / d.monthlyInstalmentCents));
    }
  });

  it('says the lines are on Auto Pay when the core enrolment drafts a card: the one truth of the billing home (issue 14)', async () => {
    // Riverbend's core services are on Auto Pay with its Mastercard; its draft charges the Mobile section too (ADR 011)
    const status = await get<AutoPayStatus>('riverbend-owner', AUTOPAY_PATH);
    const core = status.enrollments.find((enrollment) => enrollment.scope === 'core');
    expect(core).toMatchObject({ methodLabel: 'Mastercard 4444', debitDay: 20 });
    expect(status.enrollments.some((enrollment) => enrollment.scope === 'mobile')).toBe(false);
    expect((await billing()).autoPay).toEqual({
      enrolled: true,
      scope: 'core',
      methodLabel: core?.methodLabel,
      debitDay: core?.debitDay,
    });

    // the lines' own enrolment speaks for them once they have one
    const enrolled = await post('riverbend-owner', AUTOPAY_PATH, {
      services: ['mobile'],
      paymentMethodId: await mastercard(),
      debitDay: 18,
      acceptElectronicPaymentTerms: true,
      acceptTermsOfService: true,
      paperless: false,
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect((await billing()).autoPay).toEqual({
      enrolled: true,
      scope: 'mobile',
      methodLabel: 'Mastercard 4444',
      debitDay: 18,
    });
    await database.db
      .delete(autopayEnrollments)
      .where(and(eq(autopayEnrollments.accountId, riverbendId), eq(autopayEnrollments.scope, 'mobile')));

    // no enrolment at all: the lines need Auto Pay (spec §4)
    await database.db
      .update(autopayEnrollments)
      .set({ status: 'cancelled' })
      .where(eq(autopayEnrollments.accountId, riverbendId));
    try {
      expect((await billing()).autoPay).toEqual({ enrolled: false, scope: null, methodLabel: null, debitDay: null });
    } finally {
      await database.db
        .update(autopayEnrollments)
        .set({ status: 'enrolled' })
        .where(and(eq(autopayEnrollments.accountId, riverbendId), eq(autopayEnrollments.scope, 'core')));
    }
  });

  it('answers a business without mobile lines that it has no mobile service, not an error (issue 14); 403 for STANDARD', async () => {
    expect(await get<MobileBilling>('harbor-owner', MOBILE_BILLING_PATH)).toEqual({ hasMobileService: false });
    for (const path of [
      MOBILE_DEVICES_PATH,
      MOBILE_TRANSACTIONS_PATH,
      MOBILE_ORDERS_PATH,
      MOBILE_PAYMENT_OPTIONS_PATH,
    ]) {
      const refused = await get<{ error: { code: string } }>('harbor-owner', path, 404);
      expect(refused.error.code, path).toBe('NO_MOBILE_SERVICE');
    }
    // streaming is billed through any account: none is an empty list
    expect(await get('harbor-owner', SUBSCRIPTIONS_PATH)).toEqual({ subscriptions: [] });
    for (const path of [MOBILE_BILLING_PATH, MOBILE_DEVICES_PATH, MOBILE_TRANSACTIONS_PATH, MOBILE_ORDERS_PATH]) {
      await get('harbor-staff', path, 403);
    }
    await get('harbor-staff', SUBSCRIPTIONS_PATH, 403);
    expect((await get<{ hasMobile: boolean }>('riverbend-owner', BILLING_SUMMARY_PATH)).hasMobile).toBe(true);
    expect((await get<{ hasMobile: boolean }>('harbor-owner', BILLING_SUMMARY_PATH)).hasMobile).toBe(false);
  });

  it('answers the enterprise account BILLING_SUPPRESSED on every mobile path and on streaming', async () => {
    for (const path of [MOBILE_BILLING_PATH, MOBILE_DEVICES_PATH, MOBILE_PAYMENT_OPTIONS_PATH, SUBSCRIPTIONS_PATH]) {
      const refused = await get<{ error: { code: string } }>('summit-owner', path, 403);
      expect(refused.error.code, path).toBe('BILLING_SUPPRESSED');
    }
  });
});

describe('mobile payments (spec §2.4, §5 dynamic maximum)', () => {
  it('caps an amount at the mobile balance, then pays part of it: both balances go down by the amount', async () => {
    const before = await billing();
    const due = await amountDue();
    const opts = await options();
    expect(opts).toMatchObject({ minCents: 100, maxCents: before.balanceCents, balanceCents: before.balanceCents });
    const tooMuch = await post('riverbend-owner', MOBILE_PAYMENTS_PATH, {
      target: { kind: 'balance' },
      amountCents: before.balanceCents + 1,
      method: { paymentMethodId: await mastercard() },
    });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields).toEqual([{ path: 'body.amountCents', code: 'payments.amount.range' }]);

    const paid = await post('riverbend-owner', MOBILE_PAYMENTS_PATH, {
      target: { kind: 'balance' },
      amountCents: 5_000,
      method: { paymentMethodId: await mastercard() },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ outcome: 'success', payment: { status: 'successful', amountCents: 5_000 } });
    expect((await billing()).balanceCents).toBe(before.balanceCents - 5_000);
    expect(await amountDue()).toBe(due - 5_000);
  });

  it('pays a device off: its balance and next instalment go to $0.00, the next bill drops, the balance does not', async () => {
    const se = await device('Vireo Phone SE');
    const estimate = (await billing()).nextBillEstimateCents;
    const due = await amountDue();
    const wrong = await post('riverbend-owner', MOBILE_PAYMENTS_PATH, {
      target: { kind: 'devicePayoff', deviceId: se.id },
      amountCents: se.payoffCents - 1,
      method: { paymentMethodId: await mastercard() },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual([{ path: 'body.amountCents', code: 'mobile.payoff.amount' }]);

    // two payoffs at once: the device's row lock lets one pay, the other finds nothing left to pay off
    const [a, b] = await Promise.all(
      [0, 1].map(async () =>
        post('riverbend-owner', MOBILE_PAYMENTS_PATH, {
          target: { kind: 'devicePayoff', deviceId: se.id },
          amountCents: se.payoffCents,
          method: { paymentMethodId: await mastercard() },
        }),
      ),
    );
    const statuses = [a?.statusCode, b?.statusCode].sort();
    expect(statuses).toEqual([200, 400]);
    const after = await device('Vireo Phone SE');
    expect(after).toMatchObject({ remainingCents: 0, payoffCents: 0, nextInstalmentCents: 0, paymentsLeft: 0 });
    expect((await billing()).nextBillEstimateCents).toBe(estimate - 1_450);
    expect(await amountDue()).toBe(due);
    const devicePayments = await database.db
      .select()
      .from(payments)
      .where(and(eq(payments.deviceId, se.id), eq(payments.status, 'successful')));
    expect(devicePayments).toHaveLength(1);
    expect(devicePayments[0]).toMatchObject({ target: 'device', amountCents: se.payoffCents });
  });

  it('gives a declined device payment back to the plan', async () => {
    const pro = await device('Vireo Phone Pro 256 GB');
    const declined = await tokenize(await as('riverbend-owner'), testCard('4000000000000002'));
    const response = await post('riverbend-owner', MOBILE_PAYMENTS_PATH, {
      target: { kind: 'deviceExtra', deviceId: pro.id },
      amountCents: 10_000,
      method: { token: declined.token, save: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ outcome: 'failure', paymentError: 'PAYMENT_DECLINED' });
    expect((await device('Vireo Phone Pro 256 GB')).remainingCents).toBe(pro.remainingCents);
  });

  it('takes an extra device payment up to the remaining balance; what is left below an instalment is the next one', async () => {
    const pro = await device('Vireo Phone Pro 256 GB');
    const over = await post('riverbend-owner', MOBILE_PAYMENTS_PATH, {
      target: { kind: 'deviceExtra', deviceId: pro.id },
      amountCents: pro.remainingCents + 1,
      method: { paymentMethodId: await mastercard() },
    });
    expect(over.statusCode).toBe(400);
    const leave = 1_000;
    const paid = await post('riverbend-owner', MOBILE_PAYMENTS_PATH, {
      target: { kind: 'deviceExtra', deviceId: pro.id },
      amountCents: pro.remainingCents - leave,
      method: { paymentMethodId: await mastercard() },
    });
    expect(paid.json()).toMatchObject({ outcome: 'success' });
    expect(await device('Vireo Phone Pro 256 GB')).toMatchObject({
      remainingCents: leave,
      nextInstalmentCents: leave,
      paymentsLeft: 1,
    });
  });

  it('lets riverbend-billing pay', async () => {
    const response = await post('riverbend-billing', MOBILE_PAYMENTS_PATH, {
      target: { kind: 'balance' },
      amountCents: 100,
      method: { paymentMethodId: await mastercard() },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().outcome).toBe('success');
  });
});

describe('transactions and orders (spec §2.4)', () => {
  it('filters All, Payments and Refunds, newest first, one keyset page at a time', async () => {
    const paymentsTab = await transactions('payments');
    expect(paymentsTab.items.map((t) => t.kind)).toEqual(['payment', 'payment', 'payment', 'payment']);
    expect(paymentsTab.items.map((t) => t.purpose).sort()).toEqual(['balance', 'balance', 'device', 'device']);
    expect(paymentsTab.items.find((t) => t.purpose === 'device')?.description).toMatch(/^Vireo Phone/);
    const refunds = await transactions('refunds');
    expect(refunds.items).toEqual([
      expect.objectContaining({ kind: 'refund', amountCents: 2_129, description: 'Returned: Car charger (1)' }),
    ]);
    const all = await transactions('all');
    expect(all.items).toHaveLength(5);
    // one row a page: the cursors walk the same five rows in the same order
    const walked: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await transactions('all', `&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      walked.push(...page.items.map((t) => t.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(walked).toEqual(all.items.map((t) => t.id));
  });

  it('shows an order with its items and totals; another business gets 404', async () => {
    const { orders } = await get<{ orders: { id: string; orderNumber: string }[] }>(
      'riverbend-owner',
      MOBILE_ORDERS_PATH,
    );
    expect(orders.map((o) => o.orderNumber)).toEqual(['MO-240903', 'MO-240517']);
    const id = orders[0]?.id ?? '';
    const order = await get<{ items: { totalCents: number; financed: boolean }[]; totalCents: number }>(
      'riverbend-owner',
      MOBILE_ORDER_PATH.replace(':orderId', id),
    );
    expect(order).toMatchObject({ subtotalCents: 1_999 * 2 + 1_499, taxCents: 356, shippingCents: 995 });
    expect(order.totalCents).toBe(1_999 * 2 + 1_499 + 356 + 995);
    expect(order.items.filter((i) => i.financed)).toHaveLength(1);
    await get('harbor-owner', MOBILE_ORDER_PATH.replace(':orderId', id), 404);
  });
});

describe('streaming subscriptions (spec §2.4)', () => {
  it('lists StreamMax with its charges; cancelling stops it being charged on the next statement', async () => {
    const { subscriptions } = await get<{ subscriptions: Subscription[] }>('riverbend-owner', SUBSCRIPTIONS_PATH);
    expect(subscriptions).toHaveLength(1);
    const [sub] = subscriptions;
    expect(sub).toMatchObject({ provider: 'StreamMax', priceCents: 1_599, status: 'active' });
    expect(sub?.charges.length).toBeGreaterThan(1);
    expect(sub?.charges[0]?.amountCents).toBe(1_599);

    const cancel = await post(
      'riverbend-owner',
      SUBSCRIPTION_CANCEL_PATH.replace(':subscriptionId', sub?.id ?? ''),
      {},
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toMatchObject({ status: 'cancelled', nextChargeOn: null, cancelledOn: '2026-11-12' });
    const again = await post('riverbend-owner', SUBSCRIPTION_CANCEL_PATH.replace(':subscriptionId', sub?.id ?? ''), {});
    expect(again.json()).toMatchObject({ status: 'cancelled', cancelledOn: '2026-11-12' });
    expect((await get<{ subscriptions: Subscription[] }>('harbor-owner', SUBSCRIPTIONS_PATH)).subscriptions).toEqual(
      [],
    );
    const other = await post('harbor-owner', SUBSCRIPTION_CANCEL_PATH.replace(':subscriptionId', sub?.id ?? ''), {});
    expect(other.statusCode).toBe(404);
  });

  it("the next statement bills neither the cancelled subscription nor the paid-off device, and still the Pro's rest", async () => {
    clock.set('2026-12-06T15:00:00Z');
    sessions.clear();
    expect(await app.portal.services.billing.runBillingCycle()).toBeGreaterThan(0);
    const { statement, lines } = await latestMobileSection();
    expect(statement?.statementDate).toBe('2026-12-05');
    const all = await database.db
      .select()
      .from(statementLines)
      .where(eq(statementLines.statementId, statement?.id ?? ''));
    expect(all.map((l) => l.description)).not.toContain('StreamMax Premium subscription');
    const descriptions = lines.map((l) => l.description);
    expect(descriptions).not.toContain('Device instalment: Vireo Phone SE');
    expect(lines.find((l) => l.description === 'Device instalment: Vireo Phone Pro 256 GB')?.amountCents).toBe(1_000);
    // that was the Pro's last instalment: its plan is done and its charge ended
    expect(await device('Vireo Phone Pro 256 GB')).toMatchObject({ remainingCents: 0, paymentsLeft: 0 });
    const [pro] = await database.db
      .select({ endsOn: recurringCharges.endsOn })
      .from(recurringCharges)
      .innerJoin(mobileDevices, eq(mobileDevices.recurringChargeId, recurringCharges.id))
      .where(eq(mobileDevices.model, 'Vireo Phone Pro 256 GB'));
    expect(pro?.endsOn).toBe('2026-12-04');
  });
});

describe('non-pay interruption (spec §4, §9: restored 1-2 hours after payment)', () => {
  it('restores hotlined lines an hour after a payment, not before, and the billing run does not lift them', async () => {
    await database.db.update(mobileLines).set({ status: 'hotlined' }).where(eq(mobileLines.accountId, riverbendId));
    await app.portal.services.billing.runBillingCycle();
    // the "bill ready" notices of the statements the run above made are due already: sent now, so what follows
    // counts the restore job alone
    await app.portal.services.jobs.runDue();
    expect((await billing()).state).toBe('hotlined');
    const paid = await post('riverbend-owner', MOBILE_PAYMENTS_PATH, {
      target: { kind: 'balance' },
      amountCents: 100,
      method: { paymentMethodId: await mastercard() },
    });
    expect(paid.json().outcome).toBe('success');
    const home = await billing();
    expect(home).toMatchObject({ state: 'hotlined', nonPayInterruption: true });
    expect(home.restoreBy).toBe(new Date(clock.now().getTime() + 60 * 60_000).toISOString());
    expect(await app.portal.services.jobs.runDue()).toBe(0);
    clock.advance(61 * 60_000);
    sessions.clear();
    expect(await app.portal.services.jobs.runDue()).toBe(1);
    // back to what the account's aging says now: the December statement is out, November's is a few days late
    const { daysPastDue } = await app.portal.services.billing.getSummary(riverbendId);
    expect(daysPastDue).toBeGreaterThan(0);
    expect(daysPastDue).toBeLessThan(30);
    const lines = await database.db.select().from(mobileLines).where(eq(mobileLines.accountId, riverbendId));
    expect(new Set(lines.map((l) => l.status))).toEqual(new Set(['past_due']));
    const done = await database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, MOBILE_RESTORE_JOB), inArray(jobs.status, ['done'])));
    expect(done).toHaveLength(1);
  });
});

describe('errors (spec §8)', () => {
  it.each([
    ['mobileBilling', MOBILE_BILLING_PATH, 'MOBILE_BILLING_UNAVAILABLE'],
    ['mobileDevices', MOBILE_DEVICES_PATH, 'MOBILE_BILLING_UNAVAILABLE'],
    ['mobileTransactions', MOBILE_TRANSACTIONS_PATH, 'MOBILE_BILLING_UNAVAILABLE'],
    ['mobileOrders', MOBILE_ORDERS_PATH, 'MOBILE_BILLING_UNAVAILABLE'],
    ['subscriptions', SUBSCRIPTIONS_PATH, 'SERVICE_UNAVAILABLE'],
  ] as const)('a %s outage answers 503 %s, then recovers', async (operation, path, code) => {
    app.portal.services.billingSystem.faults.set(operation, 1);
    const failed = await (await as('riverbend-owner')).request({ url: path });
    expect(failed.statusCode).toBe(503);
    expect(failed.json().error.code).toBe(code);
    await get('riverbend-owner', path);
  });
});
