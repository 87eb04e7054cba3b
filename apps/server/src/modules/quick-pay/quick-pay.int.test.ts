import { randomUUID } from 'node:crypto';
import {
  IDEMPOTENCY_HEADER,
  PCI_QUICK_PAY_TOKENIZE_PATH,
  QUICK_PAY_LOOKUP_PATH,
  QUICK_PAY_PAYMENTS_PATH,
  QUICK_PAY_SESSION_MINUTES,
  type QuickPayLookupResponse,
  type TokenizeRequest,
} from '@vireo/shared';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testCard } from '../../../test/payments';
import { type Browser, post } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { accounts, auditEvents, outboxEmails, paymentMethods, payments } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { TEST_BANK, TEST_CARDS } from '../processor/test-instruments';

/**
 * Quick Pay (issue 17 item 6, wider-portal.md §1 `/wg/pay-bill`) through the API, as a guest without a sign-in:
 * Harbor Coffee Co.'s bill (demo-data.md: $289.47, account 8260 1700 1001 1234, service ZIP 04101) looked up, a new
 * card or bank account tokenized at the card vault's guest door, paid exactly once, the receipt e-mailed to the
 * address typed in the page's language; one answer and one timing for a wrong ZIP and an unknown account; 5 lookups
 * per 10 minutes per client address; a session that expires after 20 minutes.
 */
const START = '2026-11-21T15:00:00Z';
const clock = fixedClock(START);
const portal = signedInApp({ clock });

const HARBOR = { billingAccount: '8260 1700 1001 1234', zip: '04101' };
const BOOKKEEPER = 'books@harbor-bookkeeping.example';

async function lookup(b: Browser, body: unknown = HARBOR): Promise<QuickPayLookupResponse> {
  const answer = await post(b, QUICK_PAY_LOOKUP_PATH, body);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function tokenize(b: Browser, quickPayToken: string, method: TokenizeRequest) {
  const answer = await post(b, PCI_QUICK_PAY_TOKENIZE_PATH, { ...method, quickPayToken });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as { token: string; lastFour: string };
}

const BANK: TokenizeRequest = {
  type: 'bank',
  nameOnAccount: 'Harbor Bookkeeping LLC',
  accountType: 'checking',
  routingNumber: TEST_BANK.routingNumber,
  accountNumber: TEST_BANK.approvedAccount,
};

function pay(b: Browser, body: Record<string, unknown>, key: string = randomUUID()) {
  return post(b, QUICK_PAY_PAYMENTS_PATH, body, { [IDEMPOTENCY_HEADER]: key });
}

async function mailsTo(to: string) {
  return portal
    .database()
    .db.select()
    .from(outboxEmails)
    .where(eq(outboxEmails.toAddress, to))
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id));
}

async function guestPayments(accountNumber: string) {
  const [account] = await portal
    .database()
    .db.select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.accountNumber, accountNumber));
  return portal
    .database()
    .db.select()
    .from(payments)
    .where(and(eq(payments.accountId, account?.id ?? ''), isNull(payments.enteredByUserId)));
}

describe('Quick Pay: Harbor Coffee Co. paid by a guest', () => {
  it('looks the bill up with the company masked and nothing else of the account', async () => {
    const found = await lookup(await portal.visitor());
    expect(found).toMatchObject({
      company: 'Ha*** Co*** Co***',
      amountDueCents: 28_947,
      pastDueCents: 0,
      minCents: 100,
      maxCents: 2_500_000,
      restriction: 'none',
      today: '2026-11-21',
    });
    expect(found.dueDate).toMatch(/^2026-12-\d\d$/);
    expect(found.quickPayToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(found.expiresAt).getTime() - Date.parse(START)).toBe(QUICK_PAY_SESSION_MINUTES * 60_000);
    expect(JSON.stringify(found)).not.toMatch(/Harbor|Commercial|4242|6789|harbor-owner/);
  });

  it('pays the whole bill with a new card: receipt, English e-mail to the typed address, never saved', async () => {
    const b = await portal.visitor();
    const { quickPayToken } = await lookup(b);
    const walletBefore = await portal.database().db.select().from(paymentMethods);
    const card = await tokenize(b, quickPayToken, testCard(TEST_CARDS.mastercard));
    expect(card.lastFour).toBe('4444');
    const answer = await pay(b, {
      quickPayToken,
      amountCents: 28_947,
      methodToken: card.token,
      email: 'Books@Harbor-Bookkeeping.example',
      language: 'en',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { outcome, receipt, paymentError } = answer.json();
    expect({ outcome, paymentError }).toEqual({ outcome: 'success', paymentError: null });
    expect(receipt).toMatchObject({
      amountCents: 28_947,
      methodLabel: 'Mastercard 4444',
      paymentDate: '2026-11-21',
      status: 'successful',
      emailedTo: BOOKKEEPER,
    });
    expect(receipt.confirmationNumber).toMatch(/^VB\d{10}$/);
    expect(Object.keys(receipt).sort()).toEqual(
      ['amountCents', 'confirmationNumber', 'emailedTo', 'entryDate', 'methodLabel', 'paymentDate', 'status'].sort(),
    );
    // the wallet is as it was; the payment is a guest's, with its receipt address
    expect(await portal.database().db.select().from(paymentMethods)).toEqual(walletBefore);
    const [row] = (await guestPayments('8260170010011234')).filter(
      (p) => p.confirmationNumber === receipt.confirmationNumber,
    );
    expect(row).toMatchObject({
      status: 'successful',
      paymentMethodId: null,
      channel: 'online',
      guestEmail: BOOKKEEPER,
      guestLanguage: 'en',
    });
    const [mail] = await mailsTo(BOOKKEEPER);
    expect(mail).toMatchObject({ kind: 'receipt', language: 'en' });
    expect(mail?.subject).toContain(receipt.confirmationNumber);
    expect(mail?.body).toContain('$289.47');
    expect(mail?.body).toContain('Mastercard 4444');
    expect(mail?.html).toContain(receipt.confirmationNumber);
    // the audit log names the payer a guest (wider-portal.md §4)
    const audit = await portal
      .database()
      .db.select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, row?.id ?? ''));
    expect(audit.map((entry) => [entry.action, entry.actorUserId, entry.data.actor])).toEqual(
      expect.arrayContaining([
        ['payment.submitted', null, 'guest'],
        ['payment.successful', null, 'guest'],
      ]),
    );
  });

  it('pays with a new bank account, pending until it settles, the receipt e-mailed in Spanish', async () => {
    const b = await portal.visitor();
    const { quickPayToken } = await lookup(b);
    const bank = await tokenize(b, quickPayToken, BANK);
    const email = 'contabilidad@harbor-bookkeeping.example';
    const answer = await pay(b, { quickPayToken, amountCents: 5_000, methodToken: bank.token, email, language: 'es' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      outcome: 'success',
      receipt: { amountCents: 5_000, methodLabel: 'Checking 6789', status: 'pending', emailedTo: email },
    });
    const [mail] = await mailsTo(email);
    expect(mail).toMatchObject({ kind: 'receipt', language: 'es' });
    expect(mail?.subject).toContain('pago recibido');
    expect(mail?.body).toContain('Gracias por su pago');
    expect(mail?.body).toContain('Monto: $50.00');
    expect(mail?.body).toContain('Fecha de pago: 21 nov 2026');
  });

  it('pays once for one Idempotency-Key, replayed the same even after a new lookup', async () => {
    const b = await portal.visitor();
    const { quickPayToken } = await lookup(b);
    const card = await tokenize(b, quickPayToken, testCard(TEST_CARDS.discover));
    const body = {
      quickPayToken,
      amountCents: 1_234,
      methodToken: card.token,
      email: 'once@harbor-bookkeeping.example',
      language: 'en',
    };
    const key = randomUUID();
    const first = await pay(b, body, key);
    const second = await pay(b, body, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    // the same payment asked for again with a new session's token: still the same payment
    const again = await lookup(await portal.visitor());
    const third = await pay(b, { ...body, quickPayToken: again.quickPayToken }, key);
    expect(third.json()).toEqual(first.json());
    const paid = (await guestPayments('8260170010011234')).filter((p) => p.amountCents === 1_234);
    expect(paid).toHaveLength(1);
    expect(await mailsTo('once@harbor-bookkeeping.example')).toHaveLength(1);
    // another payment under the same key is refused
    const other = await pay(b, { ...body, amountCents: 1_235 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // and a payment without a key is refused before anything
    const keyless = await post(b, QUICK_PAY_PAYMENTS_PATH, body);
    expect(keyless.statusCode).toBe(400);
    expect(keyless.json().error.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
  });

  it('tells a declined card and makes no receipt', async () => {
    const b = await portal.visitor();
    const { quickPayToken } = await lookup(b);
    const card = await tokenize(b, quickPayToken, testCard(TEST_CARDS.declined));
    const email = 'declined@harbor-bookkeeping.example';
    const answer = await pay(b, { quickPayToken, amountCents: 2_000, methodToken: card.token, email, language: 'en' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ outcome: 'failure', receipt: null, paymentError: 'PAYMENT_DECLINED' });
    expect(await mailsTo(email)).toHaveLength(0);
  });
});

describe('Quick Pay refusals', () => {
  it('never pays with the saved wallet: a saved method’s token is no token of this payment', async () => {
    const b = await portal.visitor();
    const { quickPayToken } = await lookup(b);
    const [saved] = await portal.database().db.select().from(paymentMethods).limit(1);
    const answer = await pay(b, {
      quickPayToken,
      amountCents: 1_000,
      methodToken: saved?.vaultToken,
      email: BOOKKEEPER,
      language: 'en',
    });
    expect(answer.statusCode, answer.body).toBe(404);
  });

  it('keeps the signed-in payment bounds: at least $1.00, at most $25,000.00', async () => {
    const b = await portal.visitor();
    const { quickPayToken } = await lookup(b);
    const card = await tokenize(b, quickPayToken, testCard(TEST_CARDS.visa));
    for (const amountCents of [99, 2_500_001]) {
      const answer = await pay(b, {
        quickPayToken,
        amountCents,
        methodToken: card.token,
        email: BOOKKEEPER,
        language: 'en',
      });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().error.fields).toEqual([{ path: 'body.amountCents', code: 'payments.amount.range' }]);
    }
  });

  it('answers an enterprise account BILLING_SUPPRESSED and a card-restricted one by its restriction', async () => {
    const summit = await post(await portal.visitor(), QUICK_PAY_LOOKUP_PATH, {
      billingAccount: '8260170060061122',
      zip: '80202',
    });
    expect(summit.statusCode).toBe(403);
    expect(summit.json().error.code).toBe('BILLING_SUPPRESSED');
    const b = await portal.visitor();
    const maple = await lookup(b, { billingAccount: '8260170040043456', zip: '05401' });
    expect(maple).toMatchObject({ company: 'Ma*** St*** Ba***', restriction: 'card' });
    const card = await tokenize(b, maple.quickPayToken, testCard(TEST_CARDS.visa));
    const refused = await pay(b, {
      quickPayToken: maple.quickPayToken,
      amountCents: 1_000,
      methodToken: card.token,
      email: BOOKKEEPER,
      language: 'en',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.code).toBe('PAYMENT_METHOD_UNAVAILABLE');
  });

  it('refuses card data anywhere but the vault', async () => {
    const b = await portal.visitor();
    const { quickPayToken } = await lookup(b);
    const answer = await pay(b, { quickPayToken, cardNumber: TEST_CARDS.visa, amountCents: 100 });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.code).toBe('CARD_DATA_REFUSED');
  });

  it(`ends a session ${QUICK_PAY_SESSION_MINUTES} minutes after the lookup: no tokenizing, no paying`, async () => {
    const b = await portal.visitor();
    const { quickPayToken } = await lookup(b);
    const card = await tokenize(b, quickPayToken, testCard(TEST_CARDS.visa));
    clock.advance(QUICK_PAY_SESSION_MINUTES * 60_000);
    try {
      const late = await pay(b, {
        quickPayToken,
        amountCents: 1_000,
        methodToken: card.token,
        email: BOOKKEEPER,
        language: 'en',
      });
      expect(late.statusCode).toBe(410);
      expect(late.json().error.code).toBe('QUICK_PAY_SESSION_EXPIRED');
      const vault = await post(b, PCI_QUICK_PAY_TOKENIZE_PATH, { ...testCard(TEST_CARDS.visa), quickPayToken });
      expect(vault.statusCode).toBe(410);
      expect(vault.json().error.code).toBe('QUICK_PAY_SESSION_EXPIRED');
      const unknown = await pay(b, {
        quickPayToken: 'A'.repeat(43),
        amountCents: 1_000,
        methodToken: card.token,
        email: BOOKKEEPER,
        language: 'en',
      });
      expect(unknown.json().error.code).toBe('QUICK_PAY_SESSION_EXPIRED');
    } finally {
      clock.set(START);
    }
  });

  it('gives one answer for a wrong ZIP and an unknown account', async () => {
    const b = await portal.visitor();
    const answers = new Set<string>();
    for (const body of [
      { ...HARBOR, zip: '04102' },
      { ...HARBOR, billingAccount: '8260170010019999' },
    ]) {
      const answer = await post(b, QUICK_PAY_LOOKUP_PATH, body);
      answers.add(`${answer.statusCode} ${JSON.stringify({ ...answer.json().error, requestId: undefined })}`);
    }
    expect(answers).toEqual(
      new Set([
        `404 ${JSON.stringify({ code: 'QUICK_PAY_NOT_FOUND', message: 'no account with this number and ZIP' })}`,
      ]),
    );
  });

  it('allows 5 lookups per 10 minutes from one client address, then 429', async () => {
    const b = await portal.visitor('10.79.0.1');
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++)
      statuses.push((await post(b, QUICK_PAY_LOOKUP_PATH, { ...HARBOR, zip: '00000' })).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
    // another address is not held back
    expect((await post(await portal.visitor(), QUICK_PAY_LOOKUP_PATH, HARBOR)).statusCode).toBe(200);
  });
});

describe('enumeration (issue 17: one answer and one timing, medians within 25 ms)', () => {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length / 2;
    return ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  };

  it('Quick Pay: a real account with a wrong ZIP and an account that does not exist', async () => {
    const times = { known: [] as number[], unknown: [] as number[] };
    const bodies = new Set<string>();
    for (let i = 0; i < 16; i++) {
      for (const [side, body] of [
        ['known', { billingAccount: '8260170050057890', zip: '00000' }],
        ['unknown', { billingAccount: '8260170050050000', zip: '00000' }],
      ] as const) {
        const b = await portal.visitor();
        const started = performance.now();
        const answer = await post(b, QUICK_PAY_LOOKUP_PATH, body);
        times[side].push(performance.now() - started);
        bodies.add(`${answer.statusCode} ${JSON.stringify({ ...answer.json().error, requestId: undefined })}`);
      }
    }
    const figures = { knownMs: median(times.known), unknownMs: median(times.unknown) };
    console.info('quick-pay lookup refusal medians', figures);
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toMatch(/^404 .*QUICK_PAY_NOT_FOUND/);
    expect(Math.abs(figures.knownMs - figures.unknownMs), JSON.stringify(figures)).toBeLessThanOrEqual(25);
  });
});
