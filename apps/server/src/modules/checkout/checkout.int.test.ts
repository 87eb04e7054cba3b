import { randomUUID } from 'node:crypto';
import {
  AUTOPAY_PATH,
  type AutoPayStatus,
  CHECKOUT_PATH,
  type CheckoutRequest,
  type CheckoutResponse,
  IDEMPOTENCY_HEADER,
} from '@vireo/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentOptions, submitPayment } from '../../../test/payments';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { accounts, auditEvents, payments } from '../../db/schema';

const portal = signedInApp();

function checkout(b: Browser, body: CheckoutRequest | Record<string, unknown>, key: string = randomUUID()) {
  return b.request({
    method: 'POST',
    url: CHECKOUT_PATH,
    headers: { ...b.csrf(), [IDEMPOTENCY_HEADER]: key },
    payload: body,
  });
}

async function status(b: Browser): Promise<AutoPayStatus> {
  const answer = await b.request({ url: AUTOPAY_PATH });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

describe('checkout: pay, enrol in Auto Pay and go paperless as one request (spec §4 combined flows)', () => {
  it('refuses Auto Pay without both terms accepted, before any money moves', async () => {
    const b = await portal.as('harbor-billing');
    const visa = (await paymentOptions(b)).methods.find((method) => method.label === 'Visa 4242');
    const refused = await checkout(b, {
      payment: { amountCents: 1_000, paymentDate: '2026-11-21', method: { paymentMethodId: visa?.id } },
      autoPay: { services: ['core'], debitDay: 31, acceptElectronicPaymentTerms: false, acceptTermsOfService: true },
      paperless: false,
    });
    expect(refused.statusCode).toBe(400);
    const account = (await paymentOptions(b)).scheduled.length;
    expect(account).toBe(0);
  });

  it('pays Harbor’s $289.47 with the Visa, enrols it in Auto Pay on day 31 and turns paperless on, once', async () => {
    const b = await portal.as('harbor-billing');
    const options = await paymentOptions(b);
    const visa = options.methods.find((method) => method.label === 'Visa 4242');
    if (!visa) throw new Error('no Visa 4242');
    const request: CheckoutRequest = {
      payment: {
        amountCents: options.amountDueCents,
        paymentDate: options.today,
        method: { paymentMethodId: visa.id },
      },
      autoPay: { services: ['core'], debitDay: 31, acceptElectronicPaymentTerms: true, acceptTermsOfService: true },
      paperless: true,
    };
    const db = portal.database().db;
    const harbor = (await db.select().from(accounts).where(eq(accounts.companyName, 'Harbor Coffee Co.')))[0];
    if (!harbor) throw new Error('no Harbor');
    const paymentsOf = async () => (await db.select().from(payments).where(eq(payments.accountId, harbor.id))).length;
    const before = await paymentsOf();
    const key = randomUUID();
    const answer = await checkout(b, request, key);
    expect(answer.statusCode, answer.body).toBe(200);
    const body: CheckoutResponse = answer.json();
    expect(body.outcome).toBe('success');
    expect(body.parts).toEqual([
      { part: 'payment', state: 'ok', code: null },
      { part: 'autoPay', state: 'ok', code: null },
      { part: 'paperless', state: 'ok', code: null },
    ]);
    expect(body.payment.payment).toMatchObject({ amountCents: 28_947, methodLabel: 'Visa 4242' });
    expect(await status(b)).toMatchObject({
      paperless: true,
      enrollments: [expect.objectContaining({ scope: 'core', debitDay: 31 })],
    });

    // the same request again (a lost answer retried): the same answer, nothing done twice
    const again = await checkout(b, request, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(body);
    // and the payment alone with that key is the same payment, not a second one
    const plain = await submitPayment(b, request.payment, key);
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toEqual(body.payment);
    expect(await paymentsOf()).toBe(before + 1);
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.accountId, harbor.id));
    expect(audit.filter((entry) => entry.action === 'autopay.enrolled')).toHaveLength(1);
    expect(audit.filter((entry) => entry.action === 'paperless.enrolled')).toHaveLength(1);
  });

  it('is refused to a STANDARD user (spec §6: billing.pay)', async () => {
    const b = await portal.as('harbor-staff');
    const answer = await checkout(b, {
      payment: { amountCents: 1_000, paymentDate: '2026-11-21', method: { paymentMethodId: randomUUID() } },
      autoPay: null,
      paperless: true,
    });
    expect(answer.statusCode).toBe(403);
  });
});
