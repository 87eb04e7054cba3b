import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAudit, fakeClock, fakeDb, fakeNotices, fakeOutbox, fakeRepository } from '../../../test/fakes';
import { accountStub, methodStub } from '../../../test/stubs';
import type { BillingService } from '../billing/billing.service';
import { METHOD_DELETED, type PaymentsService } from '../payments/payments.service';
import { createAutoPayRepository, type EnrollmentRow } from './autopay.repository';
import { createAutoPayDrafts } from './autopay-drafts.service';

type Summary = Awaited<ReturnType<BillingService['getSummary']>>;
type Payment = Awaited<ReturnType<PaymentsService['recordPayment']>>;

const harbor = accountStub.harbor();
// Harbor's statement of Nov 8 with Auto Pay on day 1: its draft is on Dec 1 (rules/autopay.ts, draftDateFor)
const DRAFT_DAY = '2026-12-01';
const enrolment: EnrollmentRow = {
  id: 'enrolment-1',
  accountId: harbor.id,
  scope: 'core',
  paymentMethodId: methodStub.checking().id,
  debitDay: 1,
  status: 'enrolled',
  enrolledAt: new Date('2026-10-01T12:00:00Z'),
  cancelledAt: null,
  pendingDebitDay: null,
  pendingCancel: false,
  pendingAfter: null,
};

/** The Auto Pay run over fakes (draft-orderings.int.test.ts proves the same on PGlite and PostgreSQL, every ordering). */
function setup(today = DRAFT_DAY) {
  const repo = fakeRepository(createAutoPayRepository);
  repo.coreEnrollments.mockResolvedValue([{ id: enrolment.id, accountId: harbor.id }]);
  repo.getEnrollment.mockResolvedValue(enrolment);
  repo.latestStatementBefore.mockResolvedValue({
    id: 'statement-nov',
    statementDate: '2026-11-08',
    dueDate: '2026-11-29',
  });
  repo.paymentsToCome.mockResolvedValue([]);
  repo.autoPayPaidSince.mockResolvedValue(false);
  repo.activeMethod.mockResolvedValue([methodStub.checking()]);
  repo.duePendingChanges.mockResolvedValue([]);
  const recorded: Payment[] = [];
  const payments = {
    recordPayment: vi.fn(async (_tx: unknown, values: Omit<Payment, 'id'>) => {
      const payment = { ...values, id: `payment-${recorded.length + 1}` } as Payment;
      recorded.push(payment);
      return payment;
    }),
    charge: vi.fn(async (id: string) => ({ ...(recorded.find((p) => p.id === id) as Payment), status: 'pending' })),
    getPaymentById: vi.fn(async (_tx: unknown, id: string) => recorded.find((p) => p.id === id) ?? null),
  };
  const jobs = { claimOnce: vi.fn(async () => true) };
  const audit = fakeAudit();
  const outbox = fakeOutbox();
  const sut = createAutoPayDrafts({
    db: fakeDb(),
    clock: fakeClock(`${today}T14:00:00Z`, today),
    billing: { getSummary: vi.fn(async () => ({ amountDueCents: 28947 }) as Summary) },
    payments: payments as unknown as Parameters<typeof createAutoPayDrafts>[0]['payments'],
    wallet: { methods: { getById: vi.fn(async () => ({ ...methodStub.checking(), deletedAt: new Date() })) } } as never,
    accounts: { lock: vi.fn(async () => harbor), get: vi.fn(async () => harbor) },
    audit,
    notices: fakeNotices(outbox, {
      members: {
        [harbor.id]: [
          { id: 'user-harbor-billing', email: 'harbor-billing@harborcoffee.example', language: 'es', role: 'BILLING' },
          { id: 'user-harbor-staff', email: 'harbor-staff@harborcoffee.example', language: 'en', role: 'STANDARD' },
        ],
      },
    }),
    jobs,
    repo,
  });
  return { sut, repo, payments, recorded, jobs, audit, outbox };
}

describe('the Auto Pay run', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  it('drafts the statement balance on the draft day, charges it and writes the audit entry', async () => {
    expect(await t.sut.runDrafts()).toBe(1);
    expect(t.recorded).toMatchObject([
      {
        amountCents: 28947,
        channel: 'autoPay',
        status: 'processing',
        paymentDate: DRAFT_DAY,
        vaultToken: 'tok_checking_6789',
      },
    ]);
    expect(t.payments.charge).toHaveBeenCalledWith('payment-1');
    expect(t.audit.entries).toMatchObject([{ action: 'payment.submitted', targetId: 'payment-1', actorUserId: null }]);
    expect(t.jobs.claimOnce).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ uniqueKey: 'autopay-draft:enrolment-1:statement-nov' }),
      expect.any(Date),
    );
  });

  it('drafts nothing before the draft day', async () => {
    t = setup('2026-11-30');
    expect(await t.sut.runDrafts()).toBe(0);
    expect(t.jobs.claimOnce).not.toHaveBeenCalled();
  });

  it('leaves out what a pending payment already pays (issue 14)', async () => {
    t.repo.paymentsToCome.mockResolvedValue([
      { id: 'p0', status: 'pending', paymentDate: '2026-11-28', amountCents: 10000, methodLabel: 'Visa 4242' },
    ]);
    await t.sut.runDrafts();
    expect(t.recorded).toMatchObject([{ amountCents: 18947 }]);
  });

  it('waits while a payment scheduled for today has no outcome, so the two never charge twice (issue 14)', async () => {
    t.repo.paymentsToCome.mockResolvedValue([
      { id: 'p1', status: 'scheduled', paymentDate: DRAFT_DAY, amountCents: 28947, methodLabel: 'Visa 4242' },
    ]);
    expect(await t.sut.runDrafts()).toBe(0);
    expect(t.jobs.claimOnce).not.toHaveBeenCalled();
    expect(t.payments.recordPayment).not.toHaveBeenCalled();
  });

  it('drafts nothing when a payment scheduled before the draft already pays the balance', async () => {
    t.repo.paymentsToCome.mockResolvedValue([
      { id: 'p2', status: 'pending', paymentDate: '2026-11-30', amountCents: 28947, methodLabel: 'Visa 4242' },
    ]);
    expect(await t.sut.runDrafts()).toBe(0);
    expect(t.payments.recordPayment).not.toHaveBeenCalled();
  });

  it('drafts once: a claim another instance holds means no payment', async () => {
    t.jobs.claimOnce.mockResolvedValue(false);
    expect(await t.sut.runDrafts()).toBe(0);
    expect(t.payments.recordPayment).not.toHaveBeenCalled();
  });

  it('fails the draft on a method deleted since enrolment, charges nothing and e-mails the payer in their language', async () => {
    t.repo.activeMethod.mockResolvedValue([]);
    expect(await t.sut.runDrafts()).toBe(1);
    expect(t.recorded).toMatchObject([{ status: 'failed', failureCode: METHOD_DELETED, vaultToken: null }]);
    expect(t.payments.charge).not.toHaveBeenCalled();
    expect(t.audit.entries).toMatchObject([{ action: 'payment.failed', data: { failureCode: METHOD_DELETED } }]);
    expect(t.outbox.emails).toHaveLength(1);
    expect(t.outbox.emails[0]).toMatchObject({
      to: 'harbor-billing@harborcoffee.example',
      kind: 'autopay-failed',
      language: 'es',
    });
    // Spanish, and the date as the portal writes it, never ISO
    expect(t.outbox.emails[0]?.text).not.toContain(DRAFT_DAY);
    expect(t.outbox.emails[0]?.subject).toMatch(/Pago automático/i);
  });

  it('e-mails the payer when the processor declines the draft', async () => {
    t.payments.charge.mockImplementation(async (id: string) => ({
      ...(t.recorded.find((p) => p.id === id) as Payment),
      status: 'failed',
    }));
    await t.sut.runDrafts();
    expect(t.outbox.emails).toHaveLength(1);
    // the checking account in the payer's Spanish, not the kept English label "Checking 6789"
    expect(t.outbox.emails[0]?.text).toContain('Cuenta corriente 6789');
    expect(t.outbox.emails[0]?.text).not.toContain('Checking');
  });
});
