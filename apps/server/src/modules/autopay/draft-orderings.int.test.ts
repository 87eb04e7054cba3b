import { randomUUID } from 'node:crypto';
import { AUTOPAY_PATH, type AutoPayStatus, IDEMPOTENCY_HEADER } from '@vireo/shared';
import { and, eq, gte, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { paymentOptions, submitPayment } from '../../../test/payments';
import { browser, signIn } from '../../../test/sign-in';
import {
  accounts,
  autopayEnrollments,
  paymentMethods,
  payments,
  processorTransactions,
  statements,
} from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import type { Vault } from '../pci-edge/vault';
import { TEST_BANK, TEST_CARDS } from '../processor/test-instruments';

/**
 * Issue 14, item 1 (critical): a payment scheduled for the Auto Pay draft day and the draft charged the account twice.
 * The draft charges the balance minus every payment pending, in progress or scheduled on or before its date
 * (`draftAmountCents`), and waits for the outcome of one due that day (`draftMustWait`). Every ordering of the
 * draft, the scheduled payment and the posting of a bank debit on one day charges the amount due exactly once.
 * Runs on PGlite and on PostgreSQL (`*.int.test.ts`).
 */
const DUE = 28_947;
const clock = fixedClock('2026-11-21T15:00:00Z');
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase({ seed: clock.now() });
  ({ app } = await buildTestApp(database, { clock }));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** What was charged from Nov 21 on: payments that moved or are moving money, and the processor's ledger of them. */
async function charged(accountId: string) {
  const rows = await database.db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.accountId, accountId),
        inArray(payments.status, ['successful', 'pending', 'processing']),
        gte(payments.paymentDate, '2026-11-21'),
      ),
    );
  const ledger =
    rows.length === 0
      ? []
      : await database.db
          .select()
          .from(processorTransactions)
          .where(
            inArray(
              processorTransactions.idempotencyKey,
              rows.map((r) => r.id),
            ),
          );
  return {
    totalCents: rows.reduce((sum, r) => sum + r.amountCents, 0),
    payments: rows.map((r) => ({ channel: r.channel, amountCents: r.amountCents, status: r.status })),
    processorCents: ledger.reduce((sum, t) => sum + t.amountCents, 0),
  };
}

describe('Harbor, as the probe did it: a payment scheduled for Dec 1 and Auto Pay drafting on Dec 1', () => {
  it('charges $289.47 once, not twice, and says so at enrolment', async () => {
    const b = browser(app, { remoteAddress: '10.14.1.1' });
    await signIn(b, 'harbor-billing');
    const methods = (await paymentOptions(b)).methods;
    const visa = methods.find((m) => m.label === 'Visa 4242');
    const checking = methods.find((m) => m.label === 'Checking 6789');
    if (!visa || !checking) throw new Error('Harbor has its Visa and checking account');
    const scheduled = await submitPayment(b, {
      amountCents: DUE,
      paymentDate: '2026-12-01',
      method: { paymentMethodId: visa.id },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    // day 31: the statement of Nov 10 drafts on Dec 1 (November has no 31st)
    const enrolled = await b.request({
      method: 'POST',
      url: AUTOPAY_PATH,
      headers: { ...b.csrf(), [IDEMPOTENCY_HEADER]: randomUUID() },
      payload: {
        services: ['core'],
        paymentMethodId: checking.id,
        debitDay: 31,
        acceptElectronicPaymentTerms: true,
        acceptTermsOfService: true,
        paperless: false,
      },
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const status = (await b.request({ url: AUTOPAY_PATH })).json() as AutoPayStatus;
    expect(status.enrollments[0]).toMatchObject({ nextDraftDate: '2026-12-01', nextDraftAmountCents: 0 });
    expect(status.scheduledPayments).toEqual([
      { id: expect.any(String), paymentDate: '2026-12-01', amountCents: DUE, methodLabel: 'Visa 4242' },
    ]);

    const [harbor] = await database.db.select().from(accounts).where(eq(accounts.companyName, 'Harbor Coffee Co.'));
    if (!harbor) throw new Error('no Harbor');
    // the billing clock advanced day by day, the background work after each move (as `npm run clock` does)
    for (let day = 22; day <= 33; day++) {
      clock.set(new Date(Date.UTC(2026, 10, day, 15)));
      await app.portal.services.background.run();
    }
    const result = await charged(harbor.id);
    expect(result.payments).toEqual([{ channel: 'online', amountCents: DUE, status: 'successful' }]);
    expect(result.totalCents).toBe(DUE);
    expect(result.processorCents).toBe(DUE);
    expect((await app.portal.services.billing.getSummary(harbor.id)).amountDueCents).toBe(0);
  });
});

type Step = 'scheduled' | 'drafts' | 'posted';
type Instrument = 'visa' | 'declined' | 'checking';
type Case = {
  name: string;
  /** The payment scheduled with the account: its instrument, date and amount. */
  scheduled: { with: Instrument; on: string; amountCents: number };
  /** What the background work does, in this order, at these times (UTC). */
  timeline: [string, Step[]][];
  /** What the Auto Pay draft charges (null: no draft payment). */
  draftCents: number | null;
};

const CASES: Case[] = [
  {
    name: 'the scheduled payment runs before the draft',
    scheduled: { with: 'visa', on: '2026-12-01', amountCents: DUE },
    timeline: [['2026-12-01T15:00:00Z', ['scheduled', 'drafts']]],
    draftCents: null,
  },
  {
    name: 'the draft comes before the scheduled payment (two instances, or the draft step first)',
    scheduled: { with: 'visa', on: '2026-12-01', amountCents: DUE },
    timeline: [['2026-12-01T15:00:00Z', ['drafts', 'scheduled', 'drafts']]],
    draftCents: null,
  },
  {
    name: 'a partial scheduled amount, the draft first',
    scheduled: { with: 'visa', on: '2026-12-01', amountCents: 5_000 },
    timeline: [['2026-12-01T15:00:00Z', ['drafts', 'scheduled', 'drafts']]],
    draftCents: DUE - 5_000,
  },
  {
    name: 'a partial scheduled amount, the scheduled payment first',
    scheduled: { with: 'visa', on: '2026-12-01', amountCents: 5_000 },
    timeline: [['2026-12-01T15:00:00Z', ['scheduled', 'drafts']]],
    draftCents: DUE - 5_000,
  },
  {
    name: 'the scheduled payment is declined, then the draft',
    scheduled: { with: 'declined', on: '2026-12-01', amountCents: DUE },
    timeline: [['2026-12-01T15:00:00Z', ['scheduled', 'drafts']]],
    draftCents: DUE,
  },
  {
    name: 'the draft first, then the scheduled payment is declined',
    scheduled: { with: 'declined', on: '2026-12-01', amountCents: DUE },
    timeline: [['2026-12-01T15:00:00Z', ['drafts', 'scheduled', 'drafts']]],
    draftCents: DUE,
  },
  {
    name: 'a scheduled bank debit the same day: pending when the draft runs, posted after',
    scheduled: { with: 'checking', on: '2026-12-01', amountCents: DUE },
    timeline: [
      ['2026-12-01T15:00:00Z', ['drafts', 'scheduled', 'drafts']],
      ['2026-12-02T16:00:00Z', ['posted', 'drafts']],
    ],
    draftCents: null,
  },
  {
    name: 'a bank debit scheduled the day before: posted between its run and the draft',
    scheduled: { with: 'checking', on: '2026-11-30', amountCents: 10_000 },
    timeline: [
      ['2026-11-30T14:00:00Z', ['scheduled']],
      ['2026-12-01T15:00:00Z', ['posted', 'drafts']],
    ],
    draftCents: DUE - 10_000,
  },
  {
    name: 'a bank debit scheduled the day before: the draft while it is pending, posted after',
    scheduled: { with: 'checking', on: '2026-11-30', amountCents: 10_000 },
    timeline: [
      ['2026-11-30T14:00:00Z', ['scheduled']],
      ['2026-12-01T13:00:00Z', ['drafts', 'posted']],
      ['2026-12-01T15:00:00Z', ['posted', 'drafts']],
    ],
    draftCents: DUE - 10_000,
  },
];

/** A business like Harbor: $289.47 due Dec 1 on the statement of Nov 10, Auto Pay from checking on day 31. */
async function bench(n: number) {
  const [template] = await database.db.select().from(accounts).where(eq(accounts.companyName, 'Harbor Coffee Co.'));
  if (!template) throw new Error('no Harbor');
  const accountId = randomUUID();
  const now = clock.now();
  await database.db.insert(accounts).values({
    ...template,
    id: accountId,
    accountNumber: `8${String(n).padStart(15, '0')}`,
    companyName: `Ordering ${n}`,
    paymentRestriction: 'none',
    createdAt: now,
  });
  await database.db.insert(statements).values({
    accountId,
    statementDate: '2026-11-10',
    dueDate: '2026-12-01',
    periodStart: '2026-10-10',
    periodEnd: '2026-11-09',
    previousBalanceCents: 0,
    paymentsReceivedCents: 0,
    adjustmentsCents: 0,
    newChargesCents: DUE,
    totalDueCents: DUE,
    createdAt: now,
  });
  const vault = app.portal.services.vault as Vault;
  const card = async (number: string, lastFour: string) => {
    const token = await vault.store(database.db, accountId, {
      type: 'card',
      number,
      brand: 'visa',
      funding: 'credit',
      expMonth: 8,
      expYear: 2030,
      zip: '02110',
      holderName: 'Hannah Reyes',
    });
    const [row] = await database.db
      .insert(paymentMethods)
      .values({
        accountId,
        type: 'card',
        vaultToken: token.token,
        lastFour,
        cardBrand: 'visa',
        cardFunding: 'credit',
        expMonth: 8,
        expYear: 2030,
        createdAt: now,
      })
      .returning();
    return row as typeof paymentMethods.$inferSelect;
  };
  const bankToken = await vault.store(database.db, accountId, {
    type: 'bank',
    number: TEST_BANK.approvedAccount,
    routingNumber: TEST_BANK.routingNumber,
    accountType: 'checking',
    holderName: 'Hannah Reyes',
  });
  const [checking] = await database.db
    .insert(paymentMethods)
    .values({
      accountId,
      type: 'bank',
      vaultToken: bankToken.token,
      lastFour: '6789',
      bankAccountType: 'checking',
      routingNumber: TEST_BANK.routingNumber,
      createdAt: now,
    })
    .returning();
  const instruments: Record<Instrument, typeof paymentMethods.$inferSelect> = {
    visa: await card(TEST_CARDS.visa, '4242'),
    declined: await card(TEST_CARDS.declined, '0002'),
    checking: checking as typeof paymentMethods.$inferSelect,
  };
  await database.db.insert(autopayEnrollments).values({
    accountId,
    scope: 'core',
    paymentMethodId: instruments.checking.id,
    debitDay: 31,
    status: 'enrolled',
    enrolledAt: new Date('2026-11-20T00:00:00Z'),
  });
  return { accountId, instruments };
}

describe('every ordering of draft, scheduled payment and posting on one day (issue 14)', () => {
  it.each(CASES.map((c, i) => [c.name, c, i] as const))('%s: charged exactly the amount due', async (_, c, i) => {
    clock.set('2026-11-25T15:00:00Z');
    const { accountId, instruments } = await bench(i);
    const method = instruments[c.scheduled.with];
    await database.db.insert(payments).values({
      accountId,
      confirmationNumber: `VBORDER${i}`,
      amountCents: c.scheduled.amountCents,
      paymentMethodId: method.id,
      vaultToken: method.vaultToken,
      methodLabel: `method ${method.lastFour}`,
      paymentDate: c.scheduled.on,
      status: 'scheduled',
      channel: 'online',
      enteredByUserId: null,
      entryDate: clock.now(),
    });
    const { scheduledPayments, settlement, autopay } = app.portal.services;
    const steps: Record<Step, () => Promise<number>> = {
      scheduled: () => scheduledPayments.runScheduledPayments(),
      drafts: () => autopay.runDrafts(),
      posted: () => settlement.postPendingPayments(),
    };
    for (const [at, order] of c.timeline) {
      clock.set(at);
      for (const step of order) await steps[step]();
    }
    // then everything settles: the bank debits post, nothing else is due
    clock.set('2026-12-03T15:00:00Z');
    for (const step of ['scheduled', 'drafts', 'posted'] as const) await steps[step]();

    const result = await charged(accountId);
    const drafts = result.payments.filter((p) => p.channel === 'autoPay');
    expect(drafts.map((p) => p.amountCents)).toEqual(c.draftCents === null ? [] : [c.draftCents]);
    expect(result.totalCents).toBe(DUE);
    expect(result.processorCents).toBe(DUE);
    expect(result.payments.every((p) => p.status === 'successful')).toBe(true);
    expect((await app.portal.services.billing.getSummary(accountId)).amountDueCents).toBe(0);
  });
});
