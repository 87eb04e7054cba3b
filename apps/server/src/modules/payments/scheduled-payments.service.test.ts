import { AppError } from '@vireo/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fakeAudit,
  fakeClock,
  fakeDb,
  fakeIdempotency,
  fakeNotices,
  fakeOutbox,
  fakeRepository,
} from '../../../test/fakes';
import { accountStub, methodStub, paymentStub } from '../../../test/stubs';
import type { PaymentProcessor } from '../processor/processor.types';
import { METHOD_DELETED } from './payment-engine';
import { createPaymentServices } from './payment-services';
import { createPaymentsRepository } from './payments.repository';

type PaymentRow = ReturnType<typeof paymentStub.scheduled>;

/**
 * Scheduled payments over fakes (payments-concurrency.pg.test.ts and sigkill-payments.int.test.ts prove the locks and
 * crashes on real databases): the repository keeps its rows in a map, the processor approves.
 */
function setup(now = '2026-12-01T14:00:00Z') {
  const rows = new Map<string, PaymentRow>([[paymentStub.scheduled().id, paymentStub.scheduled()]]);
  const repo = fakeRepository(createPaymentsRepository);
  // the repository answers a query builder; awaiting a promise of its rows is all the service does with it
  repo.dueScheduled.mockImplementation((() =>
    Promise.resolve(
      [...rows.values()]
        .filter((row) => row.status === 'scheduled')
        .map((row) => ({ id: row.id, paymentDate: row.paymentDate, timeZone: 'America/New_York' })),
    )) as never);
  repo.lockPayment.mockImplementation(async (_tx, id) => rows.get(id) ?? null);
  repo.getPayment.mockImplementation(async (_tx, _accountId, id) => rows.get(id) ?? null);
  repo.updatePayment.mockImplementation(async (_tx, id, values) => {
    const row = { ...(rows.get(id) as PaymentRow), ...values } as PaymentRow;
    rows.set(id, row);
    return row;
  });
  repo.getUser.mockResolvedValue({
    id: paymentStub.scheduled().enteredByUserId,
    email: 'harbor-billing@harborcoffee.example',
    language: 'en',
  } as never);
  repo.hasInterruptedMobileLines.mockResolvedValue(false);
  const processor = {
    charge: vi.fn(async () => ({ status: 'approved' as const, reference: 'ref-1' })),
  } as unknown as PaymentProcessor & { charge: ReturnType<typeof vi.fn> };
  const methods = {
    lockLive: vi.fn(async () => methodStub.checking()),
    getById: vi.fn(async () => methodStub.checking()),
  };
  const audit = fakeAudit();
  const outbox = fakeOutbox();
  const idempotency = fakeIdempotency();
  const services = createPaymentServices({
    db: fakeDb(),
    clock: fakeClock(now),
    billing: {} as never,
    vault: {} as never,
    processor,
    brandName: 'Vireo Business',
    repo,
    wallet: { methods } as never,
    accounts: { lock: vi.fn(async () => accountStub.harbor()), get: vi.fn(), setStatus: vi.fn() },
    audit,
    outbox,
    notices: fakeNotices(outbox, { clock: fakeClock(now) }),
    jobs: { enqueue: vi.fn(), register: vi.fn() },
    idempotency,
  });
  return { sut: services.scheduledPayments, rows, repo, processor, methods, audit, outbox, idempotency };
}

const payment = paymentStub.scheduled();
const actor = { userId: payment.enteredByUserId as string, accountId: payment.accountId };
const key = (k: string) => ({
  userId: actor.userId,
  key: k,
  method: 'DELETE',
  path: `/scheduled/${payment.id}`,
  body: {},
});

describe('scheduled payments', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  describe('the run on the payment date', () => {
    it('charges a due payment once, even when run twice', async () => {
      expect(await t.sut.runScheduledPayments()).toBe(1);
      expect(await t.sut.runScheduledPayments()).toBe(0);
      expect(t.processor.charge).toHaveBeenCalledTimes(1);
      expect(t.processor.charge).toHaveBeenCalledWith({
        paymentId: payment.id,
        vaultToken: methodStub.checking().vaultToken,
        amountCents: 28947,
      });
      expect(t.rows.get(payment.id)).toMatchObject({ status: 'successful', processorReference: 'ref-1' });
      expect(t.audit.entries.map((entry) => entry.action)).toEqual(['payment.successful']);
      expect(t.outbox.emails).toHaveLength(1);
    });

    it('leaves a payment another instance took (the row is no longer scheduled)', async () => {
      t.repo.lockPayment.mockResolvedValue({ ...payment, status: 'processing' });
      expect(await t.sut.runScheduledPayments()).toBe(0);
      expect(t.processor.charge).not.toHaveBeenCalled();
    });

    it('waits for the date in the account’s own time zone', async () => {
      t = setup('2026-12-01T03:00:00Z'); // Nov 30, 10 p.m. in Maine
      expect(await t.sut.runScheduledPayments()).toBe(0);
      expect(t.processor.charge).not.toHaveBeenCalled();
    });

    it('never charges a method deleted from the wallet: the payment fails and its payer is told (issue 14)', async () => {
      t.methods.lockLive.mockResolvedValue(null as never);
      expect(await t.sut.runScheduledPayments()).toBe(0);
      expect(t.processor.charge).not.toHaveBeenCalled();
      expect(t.rows.get(payment.id)).toMatchObject({ status: 'failed', failureCode: METHOD_DELETED });
      expect(t.audit.entries).toMatchObject([{ action: 'payment.failed', data: { failureCode: METHOD_DELETED } }]);
      expect(t.outbox.emails).toMatchObject([{ to: 'harbor-billing@harborcoffee.example', kind: 'payment-not-made' }]);
    });
  });

  describe('cancelling', () => {
    it('cancels before the cut-off of the day before, with an audit entry, once per key', async () => {
      t = setup('2026-11-25T15:00:00Z');
      const first = await t.sut.cancelScheduled(actor, payment.id, key('c1'));
      const again = await t.sut.cancelScheduled(actor, payment.id, key('c1'));
      expect(again).toEqual(first);
      expect(first).toMatchObject({ status: 200, body: { id: payment.id, status: 'cancelled' } });
      expect(t.audit.entries.map((entry) => entry.action)).toEqual(['payment.cancelled']);
    });

    it('refuses after the cut-off of the day before (product-decisions.md)', async () => {
      const refused = await t.sut.cancelScheduled(actor, payment.id, key('c2')).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: 'PAYMENT_NOT_EDITABLE' });
      expect(t.rows.get(payment.id)?.status).toBe('scheduled');
    });
  });
});
