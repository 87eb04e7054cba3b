import {
  PCI_ONLINE_BANKING_PATH,
  PCI_TOKENIZE_PATH,
  PCI_VERIFY_PATH,
  type TokenizeRequest,
  type VaultToken,
} from '@vireo/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type LogCapture, PROD_SECRETS } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { type Browser, browser, signIn } from '../../../test/sign-in';
import * as t from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { TEST_BANK, TEST_CARDS } from '../processor/test-instruments';
import { decryptSecret } from './vault';
import { loadVaultKeys } from './vault-keys';

// today is 2026-11-21 for every account (all are in US zones)
const clock = fixedClock('2026-11-21T15:00:00Z');
let database: TestDatabase;
let app: FastifyInstance;
let logs: LogCapture;
const sessions = new Map<string, Browser>();
let signIns = 0;
// the vault's card-testing limits (per account and address, card-testing.int.test.ts) are raised for this file's many
// operations; each test signs in afresh
beforeEach(() => sessions.clear());

async function as(username: string) {
  if (!sessions.has(username)) {
    const b = browser(app, { remoteAddress: `10.5.${++signIns % 250}.1` });
    await signIn(b, username);
    sessions.set(username, b);
  }
  return sessions.get(username) as Browser;
}

const post = async (username: string, url: string, payload: unknown) => {
  const b = await as(username);
  return b.request({ method: 'POST', url, headers: b.csrf(), payload: payload as Record<string, unknown> });
};

const card = (overrides: Partial<Extract<TokenizeRequest, { type: 'card' }>> = {}): TokenizeRequest => ({
  type: 'card',
  nameOnCard: 'Harbor Coffee Co.',
  cardNumber: TEST_CARDS.visa,
  expiry: '0829',
  securityCode: '123',
  zip: '97201',
  ...overrides,
});
const bank = (overrides: Partial<Extract<TokenizeRequest, { type: 'bank' }>> = {}): TokenizeRequest => ({
  type: 'bank',
  nameOnAccount: 'Harbor Coffee Co.',
  accountType: 'checking',
  routingNumber: TEST_BANK.routingNumber,
  accountNumber: TEST_BANK.approvedAccount,
  ...overrides,
});

async function accountIdOf(username: string) {
  const [row] = await database.db
    .select({ accountId: t.memberships.accountId })
    .from(t.memberships)
    .innerJoin(t.users, eq(t.users.id, t.memberships.userId))
    .where(eq(t.users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.accountId;
}

async function methodOf(username: string, type: 'card' | 'bank') {
  const [row] = await database.db
    .select()
    .from(t.paymentMethods)
    .where(and(eq(t.paymentMethods.accountId, await accountIdOf(username)), eq(t.paymentMethods.type, type)));
  if (!row) throw new Error(`no ${type} for ${username}`);
  return row;
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: clock.now() });
  ({ app, logs } = await buildTestApp(database, { clock, env: { VAULT_RATE_LIMIT_PER_WINDOW: '10000' } }));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('tokenizing a card', () => {
  it('returns an opaque token and display data only', async () => {
    const response = await post('harbor-billing', PCI_TOKENIZE_PATH, card({ cardNumber: '4242 4242 4242 4242' }));
    expect(response.statusCode, response.body).toBe(201);
    const token = response.json() as VaultToken;
    expect(token.token).toMatch(/^tok_[A-Za-z0-9_-]{24}$/);
    expect(token).toEqual({
      token: token.token,
      type: 'card',
      lastFour: '4242',
      brand: 'visa',
      funding: 'credit',
      expMonth: 8,
      expYear: 2029,
      zip: '97201',
      nameOnCard: 'Harbor Coffee Co.',
      bankAccountType: null,
      routingNumber: null,
    });
    expect(response.body).not.toContain(TEST_CARDS.visa);
  });

  it('stores the number encrypted only, and never the security code', async () => {
    const response = await post(
      'harbor-billing',
      PCI_TOKENIZE_PATH,
      card({ cardNumber: TEST_CARDS.amex, securityCode: '7391' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const { token } = response.json() as VaultToken;
    const [row] = await database.db.select().from(t.vaultEntries).where(eq(t.vaultEntries.token, token));
    if (!row) throw new Error('no vault row');
    expect(row.secret).toMatch(/^v1\.dev\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify(row)).not.toContain(TEST_CARDS.amex);
    expect(row.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.values(row)).not.toContain('7391');
    // no column anywhere is meant for a security code
    const columns = await database.db.execute(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and (column_name ilike '%cvv%' or column_name ilike '%security%' or column_name ilike '%cvc%')`);
    expect((columns as unknown as { rows: unknown[] }).rows).toEqual([]);
    // the number comes back only through the vault, with its key
    expect(await app.portal.services.vault.reveal(token)).toEqual({
      number: TEST_CARDS.amex,
      type: 'card',
      routingNumber: null,
    });
    const keys = loadVaultKeys(app.portal.config);
    expect(decryptSecret(keys, token, row.secret)).toBe(TEST_CARDS.amex);
    // the secret is bound to its token
    expect(() => decryptSecret(keys, 'tok_another', row.secret)).toThrow();
  });

  it('never writes a card number or security code to the logs', async () => {
    await post('harbor-billing', PCI_TOKENIZE_PATH, card({ cardNumber: TEST_CARDS.discover, securityCode: '864' }));
    await post('harbor-billing', PCI_TOKENIZE_PATH, card({ cardNumber: '4242424242424241', securityCode: '86' }));
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(logs.text()).not.toContain(TEST_CARDS.discover);
    expect(logs.text()).not.toContain('4242424242424241');
    expect(logs.text()).not.toContain('"864"');
  });

  it('marks the prepaid test card prepaid', async () => {
    const response = await post('harbor-billing', PCI_TOKENIZE_PATH, card({ cardNumber: TEST_CARDS.prepaid }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ funding: 'prepaid', brand: 'visa', lastFour: '5556' });
  });

  it('refuses a card whose security code check fails, and keeps nothing of it', async () => {
    const before = await database.db.select().from(t.vaultEntries);
    const response = await post('harbor-billing', PCI_TOKENIZE_PATH, card({ cardNumber: TEST_CARDS.incorrectCvc }));
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('SECURITY_CODE_MISMATCH');
    expect(await database.db.select().from(t.vaultEntries)).toHaveLength(before.length);
  });

  it('answers CARD_NOT_VERIFIED when the processor cannot check the security code', async () => {
    app.portal.services.processor.faults.set({ mode: 'error', count: 1, operations: ['verifySecurityCode'] });
    try {
      const response = await post('harbor-billing', PCI_TOKENIZE_PATH, card());
      expect(response.statusCode).toBe(422);
      expect(response.json().error.code).toBe('CARD_NOT_VERIFIED');
    } finally {
      app.portal.services.processor.faults.reset();
    }
  });

  it('tokenizes Mastercard, American Express and Discover', async () => {
    for (const [number, brand, code] of [
      [TEST_CARDS.mastercard, 'mc', '123'],
      [TEST_CARDS.amex, 'amex', '1234'],
      [TEST_CARDS.discover, 'discover', '123'],
    ] as const) {
      const response = await post(
        'harbor-billing',
        PCI_TOKENIZE_PATH,
        card({ cardNumber: number, securityCode: code }),
      );
      expect(response.statusCode, number).toBe(201);
      expect(response.json()).toMatchObject({ brand, lastFour: number.slice(-4) });
    }
  });

  it('is for users who may pay: a standard user gets 403', async () => {
    const response = await post('harbor-staff', PCI_TOKENIZE_PATH, card());
    expect(response.statusCode).toBe(403);
  });
});

describe('card validation (spec §5), every failure at once', () => {
  it.each([
    [
      'American Express with a 3-digit code',
      card({ cardNumber: TEST_CARDS.amex, securityCode: '123' }),
      [['securityCode', 'payments.card.securityCode.length']],
    ],
    [
      'Visa with a 4-digit code',
      card({ securityCode: '1234' }),
      [['securityCode', 'payments.card.securityCode.length']],
    ],
    ['a code with letters', card({ securityCode: '12a' }), [['securityCode', 'payments.card.securityCode.length']]],
    [
      'a number failing the Luhn check',
      card({ cardNumber: '4242424242424241' }),
      [['cardNumber', 'payments.card.number.invalid']],
    ],
    [
      'a brand not accepted (JCB)',
      card({ cardNumber: '3530111333300000' }),
      [['cardNumber', 'payments.card.number.invalid']],
    ],
    [
      'a name on the card with a tab in it',
      card({ nameOnCard: 'Harbor\tCoffee' }),
      [['nameOnCard', 'payments.holderName.controlCharacters']],
    ],
    [
      'a name on the account with a line break in it',
      bank({ nameOnAccount: 'Harbor Coffee\r\nCompany' }),
      [['nameOnAccount', 'payments.holderName.controlCharacters']],
    ],
    ['ZIP 1234', card({ zip: '1234' }), [['zip', 'payments.zip.invalid']]],
    ['ZIP with letters', card({ zip: '9720A' }), [['zip', 'payments.zip.invalid']]],
    ['an expired card', card({ expiry: '1026' }), [['expiry', 'payments.card.expiry.expired']]],
    ['an expiry more than 20 years ahead', card({ expiry: '0147' }), [['expiry', 'payments.card.expiry.tooFar']]],
    ['an expiry that is not MMYY', card({ expiry: '13/29' }), [['expiry', 'payments.card.expiry.invalid']]],
    [
      'everything wrong',
      card({ cardNumber: '1234', securityCode: '1', expiry: '1320', zip: '12' }),
      [
        ['cardNumber', 'payments.card.number.invalid'],
        ['securityCode', 'payments.card.securityCode.enrolment'],
        ['expiry', 'payments.card.expiry.invalid'],
        ['zip', 'payments.zip.invalid'],
      ],
    ],
    [
      'a routing number failing the ABA checksum',
      bank({ routingNumber: '110000001' }),
      [['routingNumber', 'payments.bank.routing.invalid']],
    ],
    [
      'a routing number of 8 digits',
      bank({ routingNumber: '11000000' }),
      [['routingNumber', 'payments.bank.routing.invalid']],
    ],
    [
      'an account number of 3 digits',
      bank({ accountNumber: '123' }),
      [['accountNumber', 'payments.bank.account.invalid']],
    ],
    [
      'a bank account with both wrong',
      bank({ routingNumber: '123456789', accountNumber: '12-34' }),
      [
        ['routingNumber', 'payments.bank.routing.invalid'],
        ['accountNumber', 'payments.bank.account.invalid'],
      ],
    ],
  ] as [string, TokenizeRequest, [string, string][]][])('refuses %s', async (_name, body, expected) => {
    const response = await post('harbor-billing', PCI_TOKENIZE_PATH, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.fields).toEqual(expected.map(([field, code]) => ({ path: `body.${field}`, code })));
  });

  it('accepts an expiry exactly 20 years ahead and one expiring this month', async () => {
    for (const expiry of ['1246', '1126']) {
      const response = await post('harbor-billing', PCI_TOKENIZE_PATH, card({ expiry }));
      expect(response.statusCode, expiry).toBe(201);
    }
  });
});

describe('a card number typed as a name (issue 14 item 6)', () => {
  const PANS = ['6011111111111117', '6011 1111 1111 1117', '6011-1111-1111-1117', 'Harbor 4242 4242 4242 4242'];
  const digitsOf = (text: string) => text.replace(/\D/g, '').slice(-16);

  it.each(PANS)(
    'refuses %j as the name on a card or an account, the bank name or user: 400, not kept, not echoed',
    async (pan) => {
      const before = await database.db.select({ id: t.vaultEntries.token }).from(t.vaultEntries);
      for (const [url, body, field] of [
        [PCI_TOKENIZE_PATH, card({ nameOnCard: pan }), 'nameOnCard'],
        [PCI_TOKENIZE_PATH, bank({ nameOnAccount: pan }), 'nameOnAccount'],
        [PCI_ONLINE_BANKING_PATH, { institution: pan, username: 'user_good', password: 'pass_good' }, 'institution'],
        [PCI_ONLINE_BANKING_PATH, { institution: 'Vireo Test Bank', username: pan, password: 'pass_good' }, 'username'],
      ] as const) {
        const response = await post('harbor-billing', url, body);
        expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
        expect(response.json().error).toMatchObject({
          code: 'VALIDATION_FAILED',
          fields: [{ path: `body.${field}`, code: 'text.cardNumberRefused' }],
        });
        expect(response.body).not.toContain(digitsOf(pan).slice(-8));
      }
      expect(await database.db.select({ id: t.vaultEntries.token }).from(t.vaultEntries)).toEqual(before);
      expect(logs.text()).not.toContain(digitsOf(pan));
    },
  );
});

describe('tokenizing a bank account', () => {
  it('stores the account number encrypted and returns the routing number and last four', async () => {
    const response = await post('harbor-billing', PCI_TOKENIZE_PATH, bank({ accountType: 'savings' }));
    expect(response.statusCode, response.body).toBe(201);
    const token = response.json() as VaultToken;
    expect(token).toMatchObject({
      type: 'bank',
      lastFour: '6789',
      brand: null,
      funding: null,
      bankAccountType: 'savings',
      routingNumber: TEST_BANK.routingNumber,
      nameOnCard: null,
    });
    const [row] = await database.db.select().from(t.vaultEntries).where(eq(t.vaultEntries.token, token.token));
    expect(JSON.stringify(row)).not.toContain(TEST_BANK.approvedAccount);
    expect(await app.portal.services.vault.reveal(token.token)).toEqual({
      number: TEST_BANK.approvedAccount,
      type: 'bank',
      routingNumber: TEST_BANK.routingNumber,
    });
  });
});

describe('tokens belong to one account', () => {
  it('describes a token to its own account only', async () => {
    const response = await post('harbor-billing', PCI_TOKENIZE_PATH, card());
    const { token } = response.json() as VaultToken;
    const { vault } = app.portal.services;
    expect(await vault.describe(await accountIdOf('harbor-billing'), token)).toMatchObject({ token, lastFour: '4242' });
    expect(await vault.describe(await accountIdOf('riverbend-billing'), token)).toBeNull();
    expect(await vault.describe(await accountIdOf('harbor-billing'), 'tok_unknown')).toBeNull();
  });

  it('seeds real vault entries behind every demo payment method', async () => {
    const methods = await database.db.select().from(t.paymentMethods);
    expect(methods.length).toBeGreaterThan(5);
    const { vault } = app.portal.services;
    for (const method of methods) {
      const described = await vault.describe(method.accountId, method.vaultToken);
      expect(described, method.vaultToken).toMatchObject({ type: method.type, lastFour: method.lastFour });
      const revealed = await vault.reveal(method.vaultToken);
      expect(revealed?.number.slice(-4)).toBe(method.lastFour);
    }
  });
});

describe('checking a saved card’s security code', () => {
  it('verifies the right length for the brand', async () => {
    const visa = await methodOf('harbor-billing', 'card');
    const response = await post('harbor-billing', PCI_VERIFY_PATH, { paymentMethodId: visa.id, securityCode: '321' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ verified: true });
  });

  it('refuses a code of the wrong length as a field error', async () => {
    const visa = await methodOf('harbor-billing', 'card');
    const response = await post('harbor-billing', PCI_VERIFY_PATH, { paymentMethodId: visa.id, securityCode: '4321' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual([
      { path: 'body.securityCode', code: 'payments.card.securityCode.length' },
    ]);
  });

  it('answers SECURITY_CODE_MISMATCH when the processor refuses the code', async () => {
    const accountId = await accountIdOf('harbor-billing');
    const stored = await app.portal.services.vault.store(database.db, accountId, {
      type: 'card',
      number: TEST_CARDS.incorrectCvc,
      brand: 'visa',
      funding: 'credit',
      expMonth: 8,
      expYear: 2029,
      zip: '97201',
      holderName: 'Harbor Coffee Co.',
    });
    const [method] = await database.db
      .insert(t.paymentMethods)
      .values({
        accountId,
        type: 'card',
        vaultToken: stored.token,
        lastFour: stored.lastFour,
        cardBrand: 'visa',
        cardFunding: 'credit',
        expMonth: 8,
        expYear: 2029,
        createdAt: clock.now(),
      })
      .returning();
    const response = await post('harbor-billing', PCI_VERIFY_PATH, {
      paymentMethodId: method?.id,
      securityCode: '123',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('SECURITY_CODE_MISMATCH');
  });

  it('answers 404 for another account’s card, a bank account and an unknown id', async () => {
    const riverbendCard = await methodOf('riverbend-billing', 'card');
    const harborBank = await methodOf('harbor-billing', 'bank');
    for (const paymentMethodId of [riverbendCard.id, harborBank.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await post('harbor-billing', PCI_VERIFY_PATH, { paymentMethodId, securityCode: '123' });
      expect(response.statusCode, paymentMethodId).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });
});

describe('online banking (Vireo Test Bank)', () => {
  it('signs in with the good pair and tokenizes the checking account it returns', async () => {
    const response = await post('harbor-billing', PCI_ONLINE_BANKING_PATH, {
      institution: 'Vireo Test Bank',
      username: 'user_good',
      password: 'pass_good',
    });
    expect(response.statusCode, response.body).toBe(201);
    const token = response.json() as VaultToken;
    expect(token).toMatchObject({
      type: 'bank',
      bankAccountType: 'checking',
      lastFour: '6789',
      routingNumber: TEST_BANK.routingNumber,
    });
    expect(response.body).not.toContain(TEST_BANK.approvedAccount);
    expect((await app.portal.services.vault.reveal(token.token))?.number).toBe(TEST_BANK.approvedAccount);
  });

  it.each([
    ['a wrong password', { institution: 'Vireo Test Bank', username: 'user_good', password: 'pass_bad' }],
    ['an unknown user', { institution: 'Vireo Test Bank', username: 'someone', password: 'pass_good' }],
    ['another bank', { institution: 'Other Bank', username: 'user_good', password: 'pass_good' }],
  ])('answers ONLINE_BANKING_UNAVAILABLE for %s', async (_name, body) => {
    const response = await post('harbor-billing', PCI_ONLINE_BANKING_PATH, body);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('ONLINE_BANKING_UNAVAILABLE');
  });
});

describe('the vault key', () => {
  it('is required in production', async () => {
    const { VAULT_KEY: _omitted, ...withoutVaultKey } = PROD_SECRETS;
    await expect(buildTestApp(database, { clock, env: { PORTAL_ENV: 'prod', ...withoutVaultKey } })).rejects.toThrow(
      /VAULT_KEY/,
    );
  });
});
