import { randomUUID } from 'node:crypto';
import {
  IDEMPOTENCY_HEADER,
  MAX_SAVED_METHODS,
  PAYMENT_METHOD_PATH,
  PAYMENT_METHODS_PATH,
  STEP_UP_MINUTES,
  STEP_UP_PATH,
  type Wallet,
  type WalletMethod,
} from '@vireo/shared';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { distinctVisa, paymentOptions, submitPayment, testCard, tokenize } from '../../../test/payments';
import { type Browser, browser, DEMO_PASSWORD, post, signIn } from '../../../test/sign-in';
import { auditEvents, paymentMethods, vaultEntries } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { TEST_CARDS } from '../processor/test-instruments';
import { EXPIRY_UNCHANGED } from './wallet.service';

// 10:00 AM in New York
const clock = fixedClock('2026-11-21T15:00:00Z');
let database: TestDatabase;
let app: FastifyInstance;
let signIns = 0;

/** A fresh session each time (the vault limits count per account and address, issue 14 item 11: this file stays under them). */
async function as(username: string): Promise<Browser> {
  const b = browser(app, { remoteAddress: `10.6.${++signIns % 250}.1` });
  await signIn(b, username);
  return b;
}

async function wallet(b: Browser): Promise<Wallet> {
  const response = await b.request({ url: PAYMENT_METHODS_PATH });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function methodOf(b: Browser, label: string): Promise<WalletMethod> {
  const found = (await wallet(b)).methods.find((m) => m.label === label);
  if (!found) throw new Error(`no ${label}`);
  return found;
}

const keyed = (b: Browser, key: string | null) => ({ ...b.csrf(), ...(key ? { [IDEMPOTENCY_HEADER]: key } : {}) });
const methodUrl = (id: string) => PAYMENT_METHOD_PATH.replace(':paymentMethodId', id);

function save(b: Browser, token: string, key: string | null = randomUUID()) {
  return b.request({ method: 'POST', url: PAYMENT_METHODS_PATH, headers: keyed(b, key), payload: { token } });
}
function edit(b: Browser, id: string, body: object, key: string | null = randomUUID()) {
  return b.request({ method: 'PATCH', url: methodUrl(id), headers: keyed(b, key), payload: body });
}
function remove(b: Browser, id: string, key: string | null = randomUUID()) {
  return b.request({ method: 'DELETE', url: methodUrl(id), headers: keyed(b, key) });
}

async function auditOf(targetId: string) {
  // oldest first (each step of these tests is at its own instant of the billing clock); no order, PostgreSQL's is its own
  return (
    await database.db.select().from(auditEvents).where(eq(auditEvents.targetId, targetId)).orderBy(asc(auditEvents.at))
  ).map((e) => e.action);
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: clock.now() });
  ({ app } = await buildTestApp(database, { clock }));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('listing the wallet (product-decisions.md, wallet)', () => {
  it('lists Harbor Coffee’s Visa 4242 and Checking 6789 like the payment options, with name on card and ZIP', async () => {
    const b = await as('harbor-billing');
    const listed = await wallet(b);
    expect(listed.maxMethods).toBe(MAX_SAVED_METHODS);
    expect(listed.restriction).toBe('none');
    expect(
      listed.methods.map((m) => [m.label, m.type, m.nameOnCard, m.zip, m.autoPayScopes, m.upcomingPayments]),
    ).toEqual([
      ['Visa 4242', 'card', 'Harbor Coffee Co.', '04101', [], []],
      ['Checking 6789', 'bank', null, null, [], []],
    ]);
    expect(listed.methods[0]).toMatchObject({ expMonth: 8, expYear: 2029, expired: false, allowed: true });
    // the same order and fields as the payment screens
    const options = await paymentOptions(b);
    expect(listed.methods.map(({ nameOnCard, zip, autoPayScopes, upcomingPayments, ...method }) => method)).toEqual(
      options.methods,
    );
  });

  it('shows that riverbend’s Mastercard pays core Auto Pay', async () => {
    const listed = await wallet(await as('riverbend-billing'));
    expect(listed.methods.map((m) => [m.label, m.autoPayScopes])).toEqual([['Mastercard 4444', ['core']]]);
  });

  it('refuses a STANDARD user (spec §6) on every wallet route', async () => {
    const b = await as('harbor-staff');
    const id = randomUUID();
    expect((await b.request({ url: PAYMENT_METHODS_PATH })).statusCode).toBe(403);
    expect((await save(b, 'tok_x')).statusCode).toBe(403);
    expect((await edit(b, id, { nameOnCard: 'X', expiry: '0931', zip: '04101' })).statusCode).toBe(403);
    expect((await remove(b, id)).statusCode).toBe(403);
  });

  it('answers BILLING_SUPPRESSED to an enterprise account (summit)', async () => {
    const b = await as('summit-owner');
    for (const response of [
      await b.request({ url: PAYMENT_METHODS_PATH }),
      await save(b, 'tok_x'),
      await edit(b, randomUUID(), { nameOnCard: 'X', expiry: '0931', zip: '80202' }),
      await remove(b, randomUUID()),
    ]) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error.code).toBe('BILLING_SUPPRESSED');
    }
  });
});

describe('saving a vault token', () => {
  let discover: WalletMethod;

  it('saves a tokenized Discover (201, audit), listed in the wallet and the payment options', async () => {
    const b = await as('harbor-billing');
    const token = await tokenize(b, testCard(TEST_CARDS.discover, { nameOnCard: 'Ana Ruiz', expiry: '0330' }));
    const key = randomUUID();
    const response = await save(b, token.token, key);
    expect(response.statusCode, response.body).toBe(201);
    discover = response.json();
    expect(discover).toMatchObject({
      label: 'Discover 1117',
      type: 'card',
      brand: 'discover',
      expMonth: 3,
      expYear: 2030,
      nameOnCard: 'Ana Ruiz',
      zip: '02110',
      isDefault: false,
      allowed: true,
      autoPayScopes: [],
    });
    expect((await wallet(b)).methods.map((m) => m.label)).toEqual(['Visa 4242', 'Checking 6789', 'Discover 1117']);
    expect((await paymentOptions(b)).methods.map((m) => m.id)).toContain(discover.id);
    expect(await auditOf(discover.id)).toEqual(['payment_method.added']);

    // a replay of the key answers the same; the same key with another body is 422
    const replay = await save(b, token.token, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(discover);
    const reused = await save(b, 'tok_other', key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // saving an already-saved token again (new key) answers the method, nothing added
    const again = await save(b, token.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(discover);
    expect((await wallet(b)).methods).toHaveLength(3);
    expect(await auditOf(discover.id)).toEqual(['payment_method.added']);
  });

  it('needs an Idempotency-Key (400, nothing saved)', async () => {
    const b = await as('harbor-billing');
    const token = await tokenize(b, testCard(TEST_CARDS.mastercard));
    const response = await save(b, token.token, null);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await wallet(b)).methods.some((m) => m.label === 'Mastercard 4444')).toBe(false);
  });

  it('refuses a prepaid card (422 PREPAID_NOT_SAVED)', async () => {
    const b = await as('harbor-billing');
    const token = await tokenize(b, testCard(TEST_CARDS.prepaid));
    const response = await save(b, token.token);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('PREPAID_NOT_SAVED');
    expect((await wallet(b)).methods.some((m) => m.lastFour === '5556')).toBe(false);
  });

  it('answers 404 for an unknown token and for another account’s token', async () => {
    const riverbend = await as('riverbend-billing');
    const theirs = await tokenize(riverbend, testCard(TEST_CARDS.visa));
    const b = await as('harbor-billing');
    for (const token of ['tok_unknown', theirs.token]) {
      const response = await save(b, token);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });

  it('refuses a card for Maple Street Bakery (card restricted): 422 PAYMENT_METHOD_UNAVAILABLE', async () => {
    const b = await as('maple-owner');
    const token = await tokenize(b, testCard(TEST_CARDS.visa));
    const response = await save(b, token.token);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
    expect((await wallet(b)).methods).toHaveLength(3);
  });

  it(`keeps at most ${MAX_SAVED_METHODS} methods (lakeside): the next one is 409 WALLET_FULL`, async () => {
    const b = await as('lakeside-manager');
    const start = (await wallet(b)).methods.length;
    expect(start).toBeLessThan(MAX_SAVED_METHODS);
    for (let i = start; i < MAX_SAVED_METHODS; i++) {
      const token = await tokenize(b, testCard(distinctVisa(i)));
      expect((await save(b, token.token)).statusCode).toBe(201);
    }
    expect((await wallet(b)).methods).toHaveLength(MAX_SAVED_METHODS);
    const extra = await tokenize(b, testCard(TEST_CARDS.mastercard));
    const full = await save(b, extra.token);
    expect(full.statusCode).toBe(409);
    expect(full.json().error.code).toBe('WALLET_FULL');
    // a deletion frees a place
    const last = (await wallet(b)).methods.at(-1) as WalletMethod;
    expect((await remove(b, last.id)).statusCode).toBe(200);
    expect((await save(b, extra.token)).statusCode).toBe(201);
    expect((await wallet(b)).methods.map((m) => m.label)).toContain('Mastercard 4444');
  });

  it('a deleted method saved again comes back', async () => {
    const b = await as('harbor-billing');
    expect((await remove(b, discover.id)).statusCode).toBe(200);
    expect((await wallet(b)).methods.map((m) => m.id)).not.toContain(discover.id);
    const [row] = await database.db.select().from(paymentMethods).where(eq(paymentMethods.id, discover.id));
    const response = await save(b, row?.vaultToken as string);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ id: discover.id, label: 'Discover 1117' });
    expect((await wallet(b)).methods.map((m) => m.id)).toContain(discover.id);
  });
});

describe('one wallet entry per instrument (issue 14)', () => {
  const harborChecking = {
    type: 'bank',
    nameOnAccount: 'Harbor Coffee Co.',
    accountType: 'checking',
    routingNumber: '110000000',
    accountNumber: '000123456789',
  } as const;

  it('refuses a second identical Checking 6789 with 409 PAYMENT_METHOD_DUPLICATE naming the saved one', async () => {
    const b = await as('harbor-billing');
    const before = await wallet(b);
    const checking = await methodOf(b, 'Checking 6789');
    const savings = { ...harborChecking, accountType: 'savings', nameOnAccount: 'H. Coffee' } as const;
    for (const request of [harborChecking, savings]) {
      const token = await tokenize(b, request);
      const response = await save(b, token.token);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'PAYMENT_METHOD_DUPLICATE',
        details: { methodId: checking.id, method: 'Checking 6789' },
      });
    }
    expect(await wallet(b)).toEqual(before);
  });

  it('refuses the Visa 4242 typed again with another name and expiry, naming the saved Visa 4242', async () => {
    const b = await as('harbor-billing');
    const before = await wallet(b);
    const visa = await methodOf(b, 'Visa 4242');
    const token = await tokenize(b, testCard(TEST_CARDS.visa, { nameOnCard: 'Hannah Reyes', expiry: '0931' }));
    const response = await save(b, token.token);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().error.details).toEqual({ methodId: visa.id, method: 'Visa 4242' });
    expect(await wallet(b)).toEqual(before);
  });

  it('tells instruments apart: the same last four at another bank or another account number is saved', async () => {
    const b = await as('harbor-billing');
    const other = await tokenize(b, { ...harborChecking, accountNumber: '000111111116' });
    expect((await save(b, other.token)).statusCode).toBe(201);
    // another business may save the same card
    const riverbend = await as('riverbend-billing');
    const theirs = await tokenize(riverbend, testCard(TEST_CARDS.visa));
    const saved = await save(riverbend, theirs.token);
    expect(saved.statusCode, saved.body).toBe(201);
    expect((await remove(riverbend, saved.json().id)).statusCode).toBe(200);
    expect((await remove(b, (await methodOf(b, 'Checking 1116')).id)).statusCode).toBe(200);
  });

  it('a payment with the same card asked to be saved goes through, and says it was not saved twice', async () => {
    const b = await as('harbor-billing');
    const before = await wallet(b);
    const token = await tokenize(b, testCard(TEST_CARDS.visa));
    const response = await submitPayment(b, {
      amountCents: 100,
      paymentDate: (await paymentOptions(b)).today,
      method: { token: token.token, save: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      outcome: 'partial',
      methodSaved: false,
      saveError: 'PAYMENT_METHOD_DUPLICATE',
      payment: { status: 'successful' },
    });
    expect((await wallet(b)).methods).toEqual(before.methods);
  });
});

describe('editing a card (spec §3 card edit fields, §5)', () => {
  const valid = { nameOnCard: 'Harbor Coffee Company', expiry: '0931', zip: '04102' };

  it('refuses an unchanged expiry, a 4-digit ZIP and a name with a line break, each with its field code', async () => {
    const b = await as('harbor-billing');
    const visa = await methodOf(b, 'Visa 4242');
    const unchanged = await edit(b, visa.id, { ...valid, expiry: '0829' });
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'body.expiry', code: EXPIRY_UNCHANGED }],
    });
    expect(EXPIRY_UNCHANGED).toBe('payments.card.expiry.unchanged');
    const zip = await edit(b, visa.id, { ...valid, zip: '1234' });
    expect(zip.statusCode).toBe(400);
    expect(zip.json().error.fields).toEqual([{ path: 'body.zip', code: 'payments.zip.invalid' }]);
    const both = await edit(b, visa.id, { ...valid, expiry: '1325', zip: 'abcde' });
    expect(both.json().error.fields).toEqual([
      { path: 'body.expiry', code: 'payments.card.expiry.invalid' },
      { path: 'body.zip', code: 'payments.zip.invalid' },
    ]);
    const name = await edit(b, visa.id, { ...valid, nameOnCard: 'Harbor\nCoffee' });
    expect(name.json().error.fields).toEqual([
      { path: 'body.nameOnCard', code: 'payments.holderName.controlCharacters' },
    ]);
    // issue 14 item 6: a card number typed as the name is refused by the shared free-text rule, not stored
    for (const pan of ['6011111111111117', '6011 1111 1111 1117', '6011-1111-1111-1117']) {
      const panName = await edit(b, visa.id, { ...valid, nameOnCard: pan });
      expect(panName.statusCode).toBe(400);
      expect(panName.json().error.fields).toEqual([{ path: 'body.nameOnCard', code: 'text.cardNumberRefused' }]);
      expect(panName.body).not.toContain('11111117');
    }
    const expired = await edit(b, visa.id, { ...valid, expiry: '1026' });
    expect(expired.json().error.fields).toEqual([{ path: 'body.expiry', code: 'payments.card.expiry.expired' }]);
    expect(await methodOf(b, 'Visa 4242')).toEqual(visa);
  });

  it('saves a valid edit in the wallet and the vault entry (200, audit); a replay answers the same', async () => {
    const b = await as('harbor-billing');
    const visa = await methodOf(b, 'Visa 4242');
    const key = randomUUID();
    const response = await edit(b, visa.id, valid, key);
    expect(response.statusCode, response.body).toBe(200);
    const edited = response.json() as WalletMethod;
    expect(edited).toEqual({ ...visa, nameOnCard: 'Harbor Coffee Company', expMonth: 9, expYear: 2031, zip: '04102' });
    expect(await methodOf(b, 'Visa 4242')).toEqual(edited);

    const [method] = await database.db.select().from(paymentMethods).where(eq(paymentMethods.id, visa.id));
    const [entry] = await database.db
      .select()
      .from(vaultEntries)
      .where(eq(vaultEntries.token, method?.vaultToken as string));
    expect(entry).toMatchObject({ expMonth: 9, expYear: 2031, zip: '04102', holderName: 'Harbor Coffee Company' });
    expect(await auditOf(visa.id)).toContain('payment_method.edited');

    const replay = await edit(b, visa.id, valid, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(edited);
    expect(await auditOf(visa.id)).toEqual(['payment_method.edited']);
  });

  it('refuses an expiry before a scheduled payment that charges the card', async () => {
    const b = await as('harbor-billing');
    const visa = await methodOf(b, 'Visa 4242');
    const scheduled = await submitPayment(b, {
      amountCents: 1_000,
      paymentDate: '2026-12-05',
      method: { paymentMethodId: visa.id },
    });
    expect(scheduled.json()).toMatchObject({ payment: { status: 'scheduled' } });
    const response = await edit(b, visa.id, { ...valid, expiry: '1126' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([
      { path: 'body.expiry', code: 'payments.card.expiry.beforePaymentDate' },
    ]);
  });

  it('answers 404 for a bank account, another account’s card and an unknown id; 400 without a key', async () => {
    const b = await as('harbor-billing');
    const checking = await methodOf(b, 'Checking 6789');
    const theirs = await methodOf(await as('riverbend-billing'), 'Mastercard 4444');
    for (const id of [checking.id, theirs.id, randomUUID()]) {
      const response = await edit(b, id, valid);
      expect(response.statusCode, id).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    const visa = await methodOf(b, 'Visa 4242');
    const keyless = await edit(b, visa.id, { ...valid, expiry: '1031' }, null);
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });
});

describe('a bank account change needs a recent sign-in (wider-portal.md §3, issue 18 item 3)', () => {
  it('asks a session signed in more than 10 minutes ago to confirm before adding or removing a bank account', async () => {
    const b = await as('harbor-billing');
    const before = await wallet(b);
    const start = clock.now();
    try {
      clock.advance((STEP_UP_MINUTES + 1) * 60_000);
      const token = await tokenize(b, {
        type: 'bank',
        nameOnAccount: 'Harbor Coffee Co.',
        accountType: 'savings',
        routingNumber: '110000000',
        accountNumber: '000222222227',
      });
      const key = randomUUID();
      const asked = await save(b, token.token, key);
      expect(asked.statusCode, asked.body).toBe(403);
      expect(asked.json().error.code).toBe('STEP_UP_REQUIRED');
      expect(await wallet(b)).toEqual(before);
      // a card is not a bank account: saved without a step-up, then removed
      const card = await save(b, (await tokenize(b, testCard(TEST_CARDS.amex))).token);
      expect(card.statusCode, card.body).toBe(201);
      expect((await remove(b, card.json().id)).statusCode).toBe(200);

      // the same session proves it is the user; the same key then goes through
      expect((await post(b, STEP_UP_PATH, { password: DEMO_PASSWORD })).statusCode).toBe(200);
      const saved = await save(b, token.token, key);
      expect(saved.statusCode, saved.body).toBe(201);
      expect(await auditOf(saved.json().id)).toEqual(['payment_method.added']);

      clock.advance((STEP_UP_MINUTES + 1) * 60_000);
      const refused = await remove(b, saved.json().id);
      expect(refused.json().error?.code).toBe('STEP_UP_REQUIRED');
      expect((await wallet(b)).methods.map((m) => m.id)).toContain(saved.json().id);
      expect((await post(b, STEP_UP_PATH, { password: DEMO_PASSWORD })).statusCode).toBe(200);
      expect((await remove(b, saved.json().id)).statusCode).toBe(200);
      expect(await auditOf(saved.json().id)).toEqual(['payment_method.added', 'payment_method.deleted']);
    } finally {
      clock.set(start);
    }
  });
});

describe('deleting a method', () => {
  it('removes Checking 6789 (200 { id }, audit): gone from the wallet and the payment options; a replay answers the same', async () => {
    const b = await as('harbor-billing');
    const checking = await methodOf(b, 'Checking 6789');
    const key = randomUUID();
    const response = await remove(b, checking.id, key);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: checking.id });
    expect((await wallet(b)).methods.map((m) => m.id)).not.toContain(checking.id);
    expect((await paymentOptions(b)).methods.map((m) => m.id)).not.toContain(checking.id);
    // soft delete: the row stays for history
    const [row] = await database.db.select().from(paymentMethods).where(eq(paymentMethods.id, checking.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(await auditOf(checking.id)).toEqual(['payment_method.deleted']);

    const replay = await remove(b, checking.id, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ id: checking.id });
    const again = await remove(b, checking.id);
    expect(again.statusCode).toBe(404);
  });

  it('refuses riverbend’s Auto Pay Mastercard: 409 AUTOPAY_METHOD_NOT_DELETABLE (the roadblock)', async () => {
    const b = await as('riverbend-billing');
    const mastercard = await methodOf(b, 'Mastercard 4444');
    const response = await remove(b, mastercard.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('AUTOPAY_METHOD_NOT_DELETABLE');
    expect((await wallet(b)).methods.map((m) => m.id)).toContain(mastercard.id);
  });

  it('answers 404 for another account’s method and 400 without a key', async () => {
    const theirs = await methodOf(await as('riverbend-billing'), 'Mastercard 4444');
    const b = await as('harbor-billing');
    const response = await remove(b, theirs.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
    const visa = await methodOf(b, 'Visa 4242');
    const keyless = await remove(b, visa.id, null);
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect((await wallet(b)).methods.map((m) => m.id)).toContain(visa.id);
  });
});
