import { randomUUID } from 'node:crypto';
import {
  addDays,
  dateInZone,
  IDEMPOTENCY_HEADER,
  type MakePaymentRequest,
  PAYMENT_OPTIONS_PATH,
  PAYMENTS_PATH,
  type PaymentOptions,
  PCI_TOKENIZE_PATH,
  startOfDayInZone,
  type TokenizeRequest,
  type VaultToken,
} from '@vireo/shared';
import { expect } from 'vitest';
import { CLOCK_PATH } from '../src/modules/clock/clock.routes';
import { type Client, signIn } from './sign-in';

/** A card of demo-data.md's test instruments, as the add-card form sends it to the vault. */
export function testCard(number: string, overrides: Partial<TokenizeRequest> = {}): TokenizeRequest {
  return {
    type: 'card',
    nameOnCard: 'Hannah Reyes',
    cardNumber: number,
    expiry: '0830',
    securityCode: number.replace(/\s/g, '').startsWith('37') ? '1234' : '123',
    zip: '02110',
    ...overrides,
  } as TokenizeRequest;
}

/**
 * The `n`th of a series of distinct, Luhn-valid Visa numbers the simulated processor approves (any valid card other
 * than demo-data.md's special ones): one wallet holds each card once (issue 14), so filling one needs many cards.
 */
export function distinctVisa(n: number): string {
  const body = `4111${String(n).padStart(11, '0')}`;
  const sum = [...body].reverse().reduce((total, char, index) => {
    const digit = Number(char) * (index % 2 === 0 ? 2 : 1);
    return total + (digit > 9 ? digit - 9 : digit);
  }, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

export async function tokenize(b: Client, request: TokenizeRequest): Promise<VaultToken> {
  const response = await b.request({ method: 'POST', url: PCI_TOKENIZE_PATH, headers: b.csrf(), payload: request });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export async function paymentOptions(b: Client): Promise<PaymentOptions> {
  const response = await b.request({ url: PAYMENT_OPTIONS_PATH });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** POST a payment with an Idempotency-Key (a new one unless given). */
export function submitPayment<B extends Client>(
  b: B,
  body: MakePaymentRequest | Record<string, unknown>,
  key: string = randomUUID(),
) {
  return b.request({
    method: 'POST',
    url: PAYMENTS_PATH,
    headers: { ...b.csrf(), [IDEMPOTENCY_HEADER]: key },
    payload: body,
  });
}

/**
 * A test that pays "today" against a server on the real clock and then runs for long, or moves the billing clock,
 * must not see the day change under it: its resends would carry yesterday's date (payments.date.outOfRange; a CI run
 * that began at 23:22 in New York crossed midnight half-way). When less than `needMs` of the day is left in any of
 * `timeZones`, this moves the billing clock five minutes past that midnight and looks again; a move ends the idle
 * session, so `username` signs in anew. Returns the number of moves.
 */
export async function clearOfMidnight(
  b: Client,
  username: string,
  needMs: number,
  timeZones: readonly string[] = ['America/New_York'],
): Promise<number> {
  for (let moves = 0; ; moves++) {
    const state = await b.request({ url: CLOCK_PATH });
    expect(state.statusCode, state.body).toBe(200);
    const now = new Date((state.json() as { now: string }).now);
    const left = Math.min(
      ...timeZones.map((zone) => startOfDayInZone(addDays(dateInZone(now, zone), 1), zone).getTime() - now.getTime()),
    );
    if (left >= needMs) return moves;
    const moved = await b.request({
      method: 'POST',
      url: CLOCK_PATH,
      headers: b.csrf(),
      payload: { advance: `${Math.ceil(left / 1000) + 300}s` },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await signIn(b, username);
  }
}
