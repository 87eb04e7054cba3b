import { randomUUID } from 'node:crypto';
import {
  IDEMPOTENCY_HEADER,
  type MakePaymentRequest,
  PAYMENT_OPTIONS_PATH,
  PAYMENTS_PATH,
  type PaymentOptions,
  PCI_TOKENIZE_PATH,
  type TokenizeRequest,
  type VaultToken,
} from '@vireo/shared';
import { expect } from 'vitest';
import type { Client } from './sign-in';

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
