import { randomUUID } from 'node:crypto';
import {
  CARD_DECLINE_PAUSE_MINUTES,
  IDEMPOTENCY_HEADER,
  LOGOUT_PATH,
  PAYMENT_OPTIONS_PATH,
  PAYMENTS_PATH,
  PCI_TOKENIZE_PATH,
  type TokenizeRequest,
  VAULT_ATTEMPTS_PER_WINDOW,
} from '@vireo/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { type Browser, browser, signIn } from '../../../test/sign-in';
import { fixedClock } from '../../platform/clock';
import { TEST_CARDS } from '../processor/test-instruments';

// Issue 14 item 11: the card-testing limits count per account and per client address, not per session, and
// consecutive declines slow, then pause, further card and bank attempts of the account.
const clock = fixedClock('2026-11-21T15:00:00Z');
const TODAY = '2026-11-21';
let database: TestDatabase;
/** The vault's volume limit as configured (VAULT_ATTEMPTS_PER_WINDOW per account and per address). */
let app: FastifyInstance;
/** Another instance with the volume limit raised, for the declines (its counts are its own: memory). */
let declinesApp: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase({ seed: clock.now() });
  ({ app } = await buildTestApp(database, { clock }));
  ({ app: declinesApp } = await buildTestApp(database, { clock, env: { VAULT_RATE_LIMIT_PER_WINDOW: '1000' } }));
});
afterAll(async () => {
  await app?.close();
  await declinesApp?.close();
  await database?.close();
});

async function session(username: string, remoteAddress: string, on = app): Promise<Browser> {
  const b = browser(on, { remoteAddress });
  await signIn(b, username);
  return b;
}

const card = (cardNumber: string = TEST_CARDS.visa): TokenizeRequest => ({
  type: 'card',
  nameOnCard: 'Card Tester',
  cardNumber,
  expiry: '0829',
  securityCode: '123',
  zip: '97201',
});

const tokenize = (b: Browser, body: TokenizeRequest = card()) =>
  b.request({ method: 'POST', url: PCI_TOKENIZE_PATH, headers: b.csrf(), payload: body });

const pay = (b: Browser, method: Record<string, unknown>) =>
  b.request({
    method: 'POST',
    url: PAYMENTS_PATH,
    headers: { ...b.csrf(), [IDEMPOTENCY_HEADER]: randomUUID() },
    payload: { amountCents: 100, paymentDate: TODAY, method },
  });

async function statuses(b: Browser, times: number) {
  const answers: number[] = [];
  for (let i = 0; i < times; i++) answers.push((await tokenize(b)).statusCode);
  return answers;
}

const all = (status: number, times: number) => Array.from({ length: times }, () => status);

describe('the vault limit counts per account and per address, across sessions', () => {
  it(`survives sign-out and sign-in: ${VAULT_ATTEMPTS_PER_WINDOW} per account, then 429 in a new session too`, async () => {
    const first = await session('maple-owner', '10.61.0.1');
    expect(await statuses(first, 20)).toEqual(all(201, 20));
    expect((await first.request({ method: 'POST', url: LOGOUT_PATH, headers: first.csrf() })).statusCode).toBe(204);
    // a new session (and another address, so that the address limit is not the one that answers)
    const second = await session('maple-owner', '10.61.0.2');
    expect(await statuses(second, VAULT_ATTEMPTS_PER_WINDOW - 20)).toEqual(all(201, VAULT_ATTEMPTS_PER_WINDOW - 20));
    const refused = await tokenize(second);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect((await tokenize(await session('maple-owner', '10.61.0.3'))).statusCode).toBe(429);
  });

  it('counts the users of one business together', async () => {
    const owner = await session('harbor-owner', '10.62.0.1');
    const billing = await session('harbor-billing', '10.62.0.2');
    const half = VAULT_ATTEMPTS_PER_WINDOW / 2;
    expect(await statuses(owner, half)).toEqual(all(201, half));
    expect(await statuses(billing, half)).toEqual(all(201, half));
    expect((await tokenize(owner)).statusCode).toBe(429);
    expect((await tokenize(billing)).statusCode).toBe(429);
    // the address of the owner is not spent: another business from it still may
    expect((await tokenize(await session('pinecrest-owner', '10.62.0.1'))).statusCode).toBe(201);
  });

  it('counts the accounts of one address together', async () => {
    const half = VAULT_ATTEMPTS_PER_WINDOW / 2;
    expect(await statuses(await session('riverbend-owner', '10.63.0.1'), half)).toEqual(all(201, half));
    expect(await statuses(await session('northgate-owner', '10.63.0.1'), half)).toEqual(all(201, half));
    // Riverbend has used half of its account's allowance: the address is what refuses
    const sameAddress = await tokenize(await session('riverbend-billing', '10.63.0.1'));
    expect(sameAddress.statusCode).toBe(429);
    expect(sameAddress.json().error.code).toBe('RATE_LIMITED');
    expect((await tokenize(await session('riverbend-billing', '10.63.0.2'))).statusCode).toBe(201);
  });
});

describe('consecutive declines slow, then pause, the account’s attempts', () => {
  it('waits 30 s after 5 declines, doubling, pauses after 10, and a payment that goes through ends it', async () => {
    let owner = await session('harbor-owner', '10.64.0.1', declinesApp);
    const expectRefused = async (b: Browser, code: string, retryAfter: number) => {
      const response = await tokenize(b);
      expect(response.statusCode, response.body).toBe(429);
      expect(response.json().error.code).toBe(code);
      expect(response.headers['retry-after']).toBe(String(retryAfter));
    };
    const cvcDecline = async () => {
      const response = await tokenize(owner, card(TEST_CARDS.incorrectCvc));
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().error.code).toBe('SECURITY_CODE_MISMATCH');
    };
    const declinedPayment = async () => {
      const token = await tokenize(owner, card(TEST_CARDS.declined));
      expect(token.statusCode, token.body).toBe(201);
      const response = await pay(owner, { token: token.json().token, save: false });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ outcome: 'failure', paymentError: 'PAYMENT_DECLINED' });
    };

    // 5 declines in a row, of both kinds (a card added between them does not end the run)
    await cvcDecline();
    await declinedPayment();
    await cvcDecline();
    await declinedPayment();
    await cvcDecline();
    await expectRefused(owner, 'CARD_ATTEMPTS_SLOWED', 30);
    // the account waits, whoever signs in, in a new session; payments too
    const billing = await session('harbor-billing', '10.64.0.2', declinesApp);
    await expectRefused(billing, 'CARD_ATTEMPTS_SLOWED', 30);
    const payment = await pay(billing, { token: 'tok_any', save: false });
    expect(payment.statusCode).toBe(429);
    expect(payment.json().error.code).toBe('CARD_ATTEMPTS_SLOWED');
    clock.advance(10_000);
    await expectRefused(owner, 'CARD_ATTEMPTS_SLOWED', 20);

    // each further decline doubles the wait: 60 s, 2, 4 and 8 minutes
    clock.advance(20_000);
    for (const wait of [60, 120, 240, 480]) {
      await cvcDecline();
      await expectRefused(owner, 'CARD_ATTEMPTS_SLOWED', wait);
      clock.advance(wait * 1000);
    }
    // the 10th pauses the account
    await cvcDecline();
    await expectRefused(owner, 'CARD_ATTEMPTS_PAUSED', CARD_DECLINE_PAUSE_MINUTES * 60);
    clock.advance(CARD_DECLINE_PAUSE_MINUTES * 60_000 - 1_000);
    // (the sessions were idle for longer than 15 minutes: sign in again)
    owner = await session('harbor-owner', '10.64.0.1', declinesApp);
    await expectRefused(owner, 'CARD_ATTEMPTS_PAUSED', 1);
    clock.advance(1_000);

    // a payment that goes through ends the run: the next decline is the first of a new one
    const options = (await owner.request({ url: PAYMENT_OPTIONS_PATH })).json() as {
      methods: { id: string; label: string }[];
    };
    const visa = options.methods.find((method) => method.label === 'Visa 4242');
    const paid = await pay(owner, { paymentMethodId: visa?.id });
    expect(paid.json(), paid.body).toMatchObject({ outcome: 'success' });
    await cvcDecline();
    expect((await tokenize(owner)).statusCode).toBe(201);
  });
});
