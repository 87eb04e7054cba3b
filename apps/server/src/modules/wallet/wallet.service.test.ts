import { AppError, MAX_SAVED_METHODS, type VaultToken } from '@vireo/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeAudit, fakeClock, fakeDb, fakeIdempotency, fakeRepository } from '../../../test/fakes';
import { accountStub, methodStub } from '../../../test/stubs';
import type { CardVault } from '../pci-edge/vault.types';
import { createWalletRepository } from './wallet.repository';
import { createWalletService } from './wallet.service';

const actor = { userId: 'user-1', accountId: accountStub.harbor().id, requireRecentSignIn: () => {} };
/** A session whose sign-in is older than STEP_UP_MINUTES (wider-portal.md §3). */
const staleActor = {
  ...actor,
  requireRecentSignIn: () => {
    throw new AppError('STEP_UP_REQUIRED', 'confirm it is you');
  },
};
const keyFor = (key: string, path = '/payment-methods') => ({
  userId: actor.userId,
  key,
  method: 'POST',
  path,
  body: {},
});

const visaToken = (overrides: Partial<VaultToken> = {}): VaultToken => ({
  token: 'tok_new_visa',
  type: 'card',
  lastFour: '1111',
  brand: 'visa',
  funding: 'credit',
  expMonth: 12,
  expYear: 2030,
  nameOnCard: 'Maria Lopez',
  zip: '04101',
  bankAccountType: null,
  routingNumber: null,
  ...overrides,
});

/** The wallet service over fakes (conventions.md: service tests with fakes; wallet.int.test.ts proves the queries). */
function setup() {
  const repo = fakeRepository(createWalletRepository);
  const audit = fakeAudit();
  const idempotency = fakeIdempotency();
  const accounts = { lock: vi.fn(async () => accountStub.harbor()), get: vi.fn(async () => accountStub.harbor()) };
  const vault = {
    describe: vi.fn(async () => visaToken()),
    findSameInstrument: vi.fn(async () => null),
    updateCard: vi.fn(async () => visaToken()),
  } as unknown as CardVault & { [K in 'describe' | 'findSameInstrument' | 'updateCard']: ReturnType<typeof vi.fn> };
  const sut = createWalletService({
    db: fakeDb(),
    clock: fakeClock('2026-11-20T15:00:00Z', '2026-11-20'),
    vault,
    repo,
    accounts,
    audit,
    idempotency,
  });
  repo.listMethods.mockResolvedValue([methodStub.visa(), methodStub.checking()]);
  repo.enrolledScopes.mockResolvedValue(new Map());
  repo.upcomingPayments.mockResolvedValue(new Map());
  return { sut, repo, audit, idempotency, accounts, vault };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );

describe('wallet service', () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  describe('deleteMethod', () => {
    beforeEach(() => t.repo.getMethod.mockResolvedValue(methodStub.visa()));

    it('refuses the Auto Pay method (spec §5) and changes nothing', async () => {
      t.repo.enrolledScopes.mockResolvedValue(new Map([[methodStub.visa().id, ['core']]]));
      expect(await codeOf(t.sut.deleteMethod(actor, methodStub.visa().id, keyFor('k1')))).toBe(
        'AUTOPAY_METHOD_NOT_DELETABLE',
      );
      expect(t.repo.updateMethod).not.toHaveBeenCalled();
      expect(t.audit.entries).toEqual([]);
    });

    it('refuses a method a scheduled payment will charge (issue 14)', async () => {
      t.repo.upcomingPayments.mockResolvedValue(
        new Map([
          [
            methodStub.visa().id,
            [{ id: 'p1', paymentDate: '2026-12-01', amountCents: 28947, status: 'scheduled' as const }],
          ],
        ]),
      );
      expect(await codeOf(t.sut.deleteMethod(actor, methodStub.visa().id, keyFor('k2')))).toBe('PAYMENT_METHOD_IN_USE');
      expect(t.repo.updateMethod).not.toHaveBeenCalled();
    });

    it('soft-deletes a method nothing uses, writes one audit entry and completes the key', async () => {
      const response = await t.sut.deleteMethod(actor, methodStub.visa().id, keyFor('k3'));
      expect(response).toEqual({ status: 200, body: { id: methodStub.visa().id } });
      expect(t.repo.updateMethod).toHaveBeenCalledWith(expect.anything(), actor.accountId, methodStub.visa().id, {
        deletedAt: new Date('2026-11-20T15:00:00Z'),
      });
      expect(t.audit.entries).toMatchObject([
        { action: 'payment_method.deleted', targetId: methodStub.visa().id, actorUserId: 'user-1' },
      ]);
      expect([...t.idempotency.completed.values()]).toEqual([response]);
    });

    it('answers a replayed key with the stored response and does the work once', async () => {
      const first = await t.sut.deleteMethod(actor, methodStub.visa().id, keyFor('k4'));
      const second = await t.sut.deleteMethod(actor, methodStub.visa().id, keyFor('k4'));
      expect(second).toEqual(first);
      expect(t.repo.updateMethod).toHaveBeenCalledTimes(1);
      expect(t.audit.entries).toHaveLength(1);
    });

    it('removes a bank account only after a recent sign-in (wider-portal.md §3); a card needs none', async () => {
      t.repo.getMethod.mockResolvedValue(methodStub.checking());
      expect(await codeOf(t.sut.deleteMethod(staleActor, methodStub.checking().id, keyFor('k6')))).toBe(
        'STEP_UP_REQUIRED',
      );
      expect(t.repo.updateMethod).not.toHaveBeenCalled();
      expect(t.audit.entries).toEqual([]);
      expect(t.idempotency.completed.size).toBe(0);
      // after the step-up the same key goes through
      expect((await t.sut.deleteMethod(actor, methodStub.checking().id, keyFor('k6'))).status).toBe(200);
      expect(t.audit.entries).toMatchObject([{ action: 'payment_method.deleted', targetId: methodStub.checking().id }]);

      t.repo.getMethod.mockResolvedValue(methodStub.visa());
      expect((await t.sut.deleteMethod(staleActor, methodStub.visa().id, keyFor('k7'))).status).toBe(200);
    });

    it('answers 404 for a method the account does not have', async () => {
      t.repo.getMethod.mockResolvedValue(null);
      expect(await codeOf(t.sut.deleteMethod(actor, 'other', keyFor('k5')))).toBe('NOT_FOUND');
    });
  });

  describe('saveMethod', () => {
    beforeEach(() => {
      t.repo.findByToken.mockResolvedValue(null);
      t.repo.countMethods.mockResolvedValue(2);
      t.repo.insertMethod.mockImplementation(async (_ex, values) => ({
        ...methodStub.visa(),
        ...values,
        id: 'new-method',
      }));
    });

    it('saves a new card: 201, the method described, an audit entry', async () => {
      const response = await t.sut.saveMethod(actor, 'tok_new_visa', keyFor('s1'));
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ id: 'new-method', label: expect.stringContaining('1111') });
      expect(t.audit.entries).toMatchObject([{ action: 'payment_method.added', targetId: 'new-method' }]);
    });

    it('adds a bank account only after a recent sign-in (wider-portal.md §3); a card needs none', async () => {
      t.vault.describe.mockResolvedValue(
        visaToken({
          token: 'tok_new_bank',
          type: 'bank',
          brand: null,
          funding: null,
          expMonth: null,
          expYear: null,
          bankAccountType: 'checking',
          routingNumber: '110000000',
          lastFour: '6789',
        }),
      );
      expect(await codeOf(t.sut.saveMethod(staleActor, 'tok_new_bank', keyFor('s6')))).toBe('STEP_UP_REQUIRED');
      expect(t.repo.insertMethod).not.toHaveBeenCalled();
      expect(t.audit.entries).toEqual([]);
      expect((await t.sut.saveMethod(actor, 'tok_new_bank', keyFor('s6'))).status).toBe(201);
      expect(t.audit.entries).toMatchObject([{ action: 'payment_method.added', data: { type: 'bank' } }]);

      t.vault.describe.mockResolvedValue(visaToken());
      expect((await t.sut.saveMethod(staleActor, 'tok_new_visa', keyFor('s7'))).status).toBe(201);
    });

    it('never saves a prepaid card (product-decisions.md)', async () => {
      t.vault.describe.mockResolvedValue(visaToken({ funding: 'prepaid' }));
      expect(await codeOf(t.sut.saveMethod(actor, 'tok_new_visa', keyFor('s2')))).toBe('PREPAID_NOT_SAVED');
      expect(t.repo.insertMethod).not.toHaveBeenCalled();
    });

    it(`refuses an eleventh method (at most ${MAX_SAVED_METHODS})`, async () => {
      t.repo.countMethods.mockResolvedValue(MAX_SAVED_METHODS);
      expect(await codeOf(t.sut.saveMethod(actor, 'tok_new_visa', keyFor('s3')))).toBe('WALLET_FULL');
    });

    it('refuses a second entry for an instrument saved already, naming it (issue 14)', async () => {
      t.vault.findSameInstrument.mockResolvedValue(methodStub.visa().vaultToken);
      const refused = await t.sut.saveMethod(actor, 'tok_new_visa', keyFor('s4')).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect(refused).toMatchObject({ code: 'PAYMENT_METHOD_DUPLICATE' });
      expect(JSON.stringify((refused as AppError).details)).toContain(methodStub.visa().id);
      expect(t.repo.insertMethod).not.toHaveBeenCalled();
    });

    it('refuses a card on an account restricted to bank accounts', async () => {
      t.accounts.lock.mockResolvedValue({ ...accountStub.harbor(), paymentRestriction: 'card' });
      expect(await codeOf(t.sut.saveMethod(actor, 'tok_new_visa', keyFor('s5')))).toBe('PAYMENT_METHOD_UNAVAILABLE');
    });
  });

  it('sends an enterprise account to its billing site', async () => {
    t.accounts.get.mockResolvedValue(accountStub.enterprise());
    expect(await codeOf(t.sut.getWallet(actor))).toBe('BILLING_SUPPRESSED');
  });
});
