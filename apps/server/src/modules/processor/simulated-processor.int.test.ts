import { randomUUID } from 'node:crypto';
import { detectCardBrand } from '@vireo/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import * as t from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { createVault, type Vault } from '../pci-edge/vault';
import { DEVELOPMENT_VAULT_KEY, parseVaultKeys } from '../pci-edge/vault-keys';
import { ProcessorUnavailableError } from './processor.types';
import { createSimulatedProcessor, type SimulatedProcessor } from './simulated-processor';
import { TEST_BANK, TEST_CARDS } from './test-instruments';

const HOUR = 3_600_000;
const clock = fixedClock('2026-11-21T15:00:00Z');
let database: TestDatabase;
let vault: Vault;
let processor: SimulatedProcessor;
let accountId: string;
let randomValue = 0.5;

beforeAll(async () => {
  database = await createTestDatabase({ seed: clock.now() });
  const [account] = await database.db.select().from(t.accounts).where(eq(t.accounts.companyName, 'Harbor Coffee Co.'));
  accountId = account?.id as string;
  vault = createVault({
    db: database.db,
    clock,
    key: parseVaultKeys(DEVELOPMENT_VAULT_KEY),
    verifier: () => processor,
  });
  processor = createSimulatedProcessor({ db: database.db, clock, vault, random: () => randomValue });
});
afterAll(async () => {
  await database?.close();
});
beforeEach(() => {
  processor.faults.reset();
  clock.set('2026-11-21T15:00:00Z');
});

async function cardToken(number: string) {
  const stored = await vault.store(database.db, accountId, {
    type: 'card',
    number,
    brand: detectCardBrand(number) ?? 'visa',
    funding: 'credit',
    expMonth: 8,
    expYear: 2029,
    zip: '97201',
    holderName: 'Harbor Coffee Co.',
  });
  return stored.token;
}

async function bankToken(accountNumber: string) {
  const stored = await vault.store(database.db, accountId, {
    type: 'bank',
    number: accountNumber,
    routingNumber: TEST_BANK.routingNumber,
    accountType: 'checking',
    holderName: 'Harbor Coffee Co.',
  });
  return stored.token;
}

const charge = async (vaultToken: string, paymentId = randomUUID()) =>
  processor.charge({ paymentId, vaultToken, amountCents: 28_947 });

describe('card authorizations by test instrument (demo-data.md)', () => {
  it.each([
    [TEST_CARDS.visa, null],
    [TEST_CARDS.mastercard, null],
    [TEST_CARDS.amex, null],
    [TEST_CARDS.discover, null],
    [TEST_CARDS.prepaid, null],
    ['4111111111111111', null],
    [TEST_CARDS.declined, 'generic_decline'],
    [TEST_CARDS.insufficientFunds, 'insufficient_funds'],
    [TEST_CARDS.incorrectCvc, 'incorrect_cvc'],
    [TEST_CARDS.expired, 'expired_card'],
  ])('%s: declined for %s', async (number, declineCode) => {
    const paymentId = randomUUID();
    const result = await charge(await cardToken(number), paymentId);
    if (declineCode === null) expect(result).toEqual({ status: 'approved', reference: expect.stringMatching(/^pr_/) });
    else expect(result).toEqual({ status: 'declined', reference: expect.stringMatching(/^pr_/), declineCode });
    expect(await processor.lookup(paymentId)).toEqual({
      reference: result.reference,
      status: declineCode ? 'declined' : 'approved',
      declineCode,
    });
  });

  it('declines a token the vault does not know', async () => {
    expect(await charge('tok_unknown')).toMatchObject({ status: 'declined', declineCode: 'generic_decline' });
  });

  it('answers null when asked about a payment it never saw', async () => {
    expect(await processor.lookup(randomUUID())).toBeNull();
  });

  it('refuses an amount that is not a positive number of cents', async () => {
    const token = await cardToken(TEST_CARDS.visa);
    await expect(processor.charge({ paymentId: randomUUID(), vaultToken: token, amountCents: 0 })).rejects.toThrow();
  });
});

describe('security-code checks', () => {
  it.each([
    [TEST_CARDS.visa, '123', true],
    [TEST_CARDS.visa, '1234', false],
    [TEST_CARDS.visa, '12', false],
    [TEST_CARDS.amex, '1234', true],
    [TEST_CARDS.amex, '123', false],
    [TEST_CARDS.mastercard, '999', true],
    [TEST_CARDS.incorrectCvc, '123', false],
  ])('%s with %s: %s', async (number, code, expected) => {
    expect(await processor.verifySecurityCode(await cardToken(number), code)).toBe(expected);
  });

  it('fails for a bank account and an unknown token', async () => {
    expect(await processor.verifySecurityCode(await bankToken(TEST_BANK.approvedAccount), '123')).toBe(false);
    expect(await processor.verifySecurityCode('tok_unknown', '123')).toBe(false);
  });
});

describe('idempotency on our payment id', () => {
  it('answers a second charge with the first result and records one transaction', async () => {
    const paymentId = randomUUID();
    const first = await charge(await cardToken(TEST_CARDS.visa), paymentId);
    // even with another instrument: the key decides
    const second = await charge(await cardToken(TEST_CARDS.declined), paymentId);
    expect(second).toEqual(first);
    expect(await processor.transactionsCreated(paymentId)).toBe(1);
  });

  it('records one transaction for 50 concurrent charges with one id', async () => {
    const paymentId = randomUUID();
    const token = await cardToken(TEST_CARDS.visa);
    const before = await processor.transactionsCreated();
    const results = await Promise.all(Array.from({ length: 50 }, () => charge(token, paymentId)));
    expect(new Set(results.map((result) => result.reference)).size).toBe(1);
    expect(results.every((result) => result.status === 'approved')).toBe(true);
    expect(await processor.transactionsCreated(paymentId)).toBe(1);
    expect(await processor.transactionsCreated()).toBe(before + 1);
  });

  it('is true across processor instances on one database', async () => {
    const other = createSimulatedProcessor({ db: database.db, clock, vault });
    const paymentId = randomUUID();
    const token = await cardToken(TEST_CARDS.visa);
    const [a, b] = await Promise.all([
      charge(token, paymentId),
      other.charge({ paymentId, vaultToken: token, amountCents: 100 }),
    ]);
    expect(a).toEqual(b);
    expect(await other.transactionsCreated(paymentId)).toBe(1);
  });
});

describe('bank debits settle or return after the posting delay', () => {
  it('accepts a debit as pending, and settles it 24 hours later', async () => {
    const paymentId = randomUUID();
    const result = await charge(await bankToken(TEST_BANK.approvedAccount), paymentId);
    expect(result).toEqual({
      status: 'pending',
      reference: expect.stringMatching(/^pr_/),
      settlesAt: new Date(clock.now().getTime() + 24 * HOUR),
    });
    clock.advance(23 * HOUR);
    expect(await processor.lookup(paymentId)).toMatchObject({ status: 'pending', declineCode: null });
    clock.advance(HOUR);
    expect(await processor.lookup(paymentId)).toEqual({
      reference: result.reference,
      status: 'settled',
      declineCode: null,
    });
    // a replay still answers what the first call answered
    expect(await charge(await bankToken(TEST_BANK.approvedAccount), paymentId)).toEqual(result);
  });

  it('returns the insufficient-funds account after the delay', async () => {
    const paymentId = randomUUID();
    expect(await charge(await bankToken(TEST_BANK.returnedAccount), paymentId)).toMatchObject({ status: 'pending' });
    expect(await processor.lookup(paymentId)).toMatchObject({ status: 'pending' });
    clock.advance(24 * HOUR);
    expect(await processor.lookup(paymentId)).toMatchObject({ status: 'returned', declineCode: 'insufficient_funds' });
    const [row] = await database.db
      .select()
      .from(t.processorTransactions)
      .where(eq(t.processorTransactions.idempotencyKey, paymentId));
    expect(row).toMatchObject({ status: 'returned', declineCode: 'insufficient_funds', kind: 'bank_debit' });
  });

  it('settles any other valid account, after a configured delay', async () => {
    const quick = createSimulatedProcessor({ db: database.db, clock, vault, postingDelayHours: 2 });
    const paymentId = randomUUID();
    const result = await quick.charge({ paymentId, vaultToken: await bankToken('987654321'), amountCents: 5_000 });
    expect(result).toMatchObject({ status: 'pending', settlesAt: new Date(clock.now().getTime() + 2 * HOUR) });
    clock.advance(2 * HOUR);
    expect(await quick.lookup(paymentId)).toMatchObject({ status: 'settled' });
  });
});

describe('fault knobs', () => {
  it('error: a 5xx for the next N calls, nothing recorded, then normal again', async () => {
    const token = await cardToken(TEST_CARDS.visa);
    processor.faults.set({ mode: 'error', count: 2 });
    const paymentId = randomUUID();
    for (let i = 0; i < 2; i++) {
      const failure = await charge(token, paymentId).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ProcessorUnavailableError);
      expect((failure as ProcessorUnavailableError).kind).toBe('error');
    }
    expect(await processor.transactionsCreated(paymentId)).toBe(0);
    expect(await processor.lookup(paymentId)).toBeNull();
    expect(processor.faults.get().mode).toBe('none');
    expect(await charge(token, paymentId)).toMatchObject({ status: 'approved' });
  });

  it('timeout: no answer and nothing recorded', async () => {
    const token = await cardToken(TEST_CARDS.visa);
    processor.faults.set({ mode: 'timeout', count: 1 });
    const paymentId = randomUUID();
    await expect(charge(token, paymentId)).rejects.toMatchObject({ kind: 'timeout' });
    expect(await processor.lookup(paymentId)).toBeNull();
  });

  it('timeout_after_commit: no answer although the money moved; lookup and a replay tell', async () => {
    const token = await cardToken(TEST_CARDS.visa);
    processor.faults.set({ mode: 'timeout_after_commit', count: 1 });
    const paymentId = randomUUID();
    await expect(charge(token, paymentId)).rejects.toMatchObject({ kind: 'timeout' });
    expect(await processor.transactionsCreated(paymentId)).toBe(1);
    expect(await processor.lookup(paymentId)).toMatchObject({ status: 'approved' });
    expect(await charge(token, paymentId)).toMatchObject({ status: 'approved' });
    expect(await processor.transactionsCreated(paymentId)).toBe(1);
  });

  it('applies to charges only unless told otherwise', async () => {
    const token = await cardToken(TEST_CARDS.visa);
    const paymentId = randomUUID();
    await charge(token, paymentId);
    processor.faults.set({ mode: 'error', count: null });
    expect(await processor.lookup(paymentId)).toMatchObject({ status: 'approved' });
    expect(await processor.verifySecurityCode(token, '123')).toBe(true);
    processor.faults.set({ operations: ['lookup', 'verifySecurityCode'] });
    await expect(processor.lookup(paymentId)).rejects.toBeInstanceOf(ProcessorUnavailableError);
    await expect(processor.verifySecurityCode(token, '123')).rejects.toBeInstanceOf(ProcessorUnavailableError);
    expect(await charge(token)).toMatchObject({ status: 'approved' });
  });

  it('a rate fails that share of calls', async () => {
    const token = await cardToken(TEST_CARDS.visa);
    randomValue = 0.5;
    processor.faults.set({ mode: 'error', count: null, rate: 0.4 });
    expect(await charge(token)).toMatchObject({ status: 'approved' });
    processor.faults.set({ rate: 0.6 });
    await expect(charge(token)).rejects.toBeInstanceOf(ProcessorUnavailableError);
    expect(processor.faults.get()).toMatchObject({ mode: 'error', count: null, rate: 0.6 });
  });

  it('adds latency to every call', async () => {
    const token = await cardToken(TEST_CARDS.visa);
    processor.faults.set({ latencyMs: 60 });
    const started = performance.now();
    await charge(token);
    await processor.lookup(randomUUID());
    expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  });

  it('starts with the faults it is given (configuration)', () => {
    const configured = createSimulatedProcessor({
      db: database.db,
      clock,
      vault,
      faults: { latencyMs: 5, mode: 'timeout', rate: 0.25 },
    });
    expect(configured.faults.get()).toEqual({
      latencyMs: 5,
      mode: 'timeout',
      count: null,
      rate: 0.25,
      operations: ['charge'],
    });
  });
});

describe('the online bank (Vireo Test Bank)', () => {
  it('returns the checking account for user_good / pass_good', async () => {
    expect(
      await processor.onlineBankingLogin({
        institution: 'Vireo Test Bank',
        username: 'user_good',
        password: 'pass_good',
      }),
    ).toEqual({ accountType: 'checking', routingNumber: '110000000', accountNumber: '000123456789' });
  });

  it('refuses any other pair with ONLINE_BANKING_UNAVAILABLE', async () => {
    await expect(
      processor.onlineBankingLogin({ institution: 'Vireo Test Bank', username: 'user_good', password: 'nope' }),
    ).rejects.toMatchObject({ code: 'ONLINE_BANKING_UNAVAILABLE' });
  });
});
