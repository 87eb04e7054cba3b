import { AppError, AUTOPAY_PATH, type CheckoutRequest, type MakePaymentResponse, PAYMENTS_PATH } from '@vireo/shared';
import { describe, expect, it, vi } from 'vitest';
import { accountStub } from '../../../test/stubs';
import { createCheckoutService } from './checkout.service';

const actor = { userId: 'user-1', accountId: accountStub.harbor().id };
const key = { userId: actor.userId, key: 'intent-1', method: 'POST', path: '/api/pub/billing/v1/checkout', body: {} };
const VISA_ID = '11111111-1111-4111-8111-111111111111';
const NEW_ID = '22222222-2222-4222-8222-222222222222';

const receipt = (paymentMethodId: string | null) => ({
  id: '33333333-3333-4333-8333-333333333333',
  confirmationNumber: 'VB-1',
  amountCents: 28_947,
  methodLabel: 'Visa 4242',
  paymentMethodId,
  paymentDate: '2026-11-21',
  status: 'successful' as const,
  channel: 'online' as const,
  entryDate: '2026-11-21T15:00:00.000Z',
  emailedTo: null,
});
const paidWith = (paymentMethodId: string | null, save: Partial<MakePaymentResponse> = {}): MakePaymentResponse => ({
  outcome: 'success',
  payment: receipt(paymentMethodId),
  paymentError: null,
  methodSaved: null,
  saveError: null,
  ...save,
});
const DECLINED: MakePaymentResponse = {
  outcome: 'failure',
  payment: null,
  paymentError: 'PAYMENT_DECLINED',
  methodSaved: null,
  saveError: null,
};
const enrolment = (parts: { part: string; result: string }[]) => ({ status: 200, body: { outcome: 'success', parts } });

const withSaved = (extras: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  payment: { amountCents: 28_947, paymentDate: '2026-11-21', method: { paymentMethodId: VISA_ID } },
  autoPay: null,
  paperless: false,
  ...extras,
});
const withNewCard = (extras: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  ...withSaved(extras),
  payment: { amountCents: 28_947, paymentDate: '2026-11-21', method: { token: 'tok_new', save: true } },
});
const AUTO_PAY = {
  services: ['core' as const],
  debitDay: 5,
  acceptElectronicPaymentTerms: true as const,
  acceptTermsOfService: true as const,
};

/** The combined flow over fakes of the payments and Auto Pay services (checkout.int.test.ts runs it for real). */
function setup(payment: MakePaymentResponse | Error = paidWith(VISA_ID)) {
  const payments = {
    makePayment: vi.fn(async () => {
      if (payment instanceof Error) throw payment;
      return { status: 200, body: payment };
    }),
  };
  const autopay = {
    enroll: vi.fn(async () =>
      enrolment([
        { part: 'core', result: 'ok' },
        { part: 'paperless', result: 'skipped' },
      ]),
    ),
    setPaperless: vi.fn(async () => ({}) as never),
  };
  const sut = createCheckoutService({ payments, autopay: autopay as never });
  const run = async (request: CheckoutRequest) => (await sut.checkout(actor, request, key)).body;
  return { run, payments, autopay };
}

describe('checkout: spec §4 combined flows, each part on its own', () => {
  it('pays under the request’s key exactly as PAYMENTS_PATH takes it, so a plain retry is the same payment', async () => {
    const { run, payments } = setup();
    const request = withSaved();
    expect(await run(request)).toMatchObject({
      outcome: 'success',
      parts: [{ part: 'payment', state: 'ok', code: null }],
    });
    expect(payments.makePayment).toHaveBeenCalledWith(actor, request.payment, {
      ...key,
      path: PAYMENTS_PATH,
      body: request.payment,
    });
  });

  it('enrols Auto Pay with the saved method under <key>:autopay, paperless with it', async () => {
    const { run, autopay } = setup();
    autopay.enroll.mockResolvedValueOnce(
      enrolment([
        { part: 'core', result: 'ok' },
        { part: 'paperless', result: 'ok' },
      ]),
    );
    expect(await run(withSaved({ autoPay: AUTO_PAY, paperless: true }))).toMatchObject({
      outcome: 'success',
      parts: [
        { part: 'payment', state: 'ok' },
        { part: 'autoPay', state: 'ok' },
        { part: 'paperless', state: 'ok' },
      ],
    });
    const body = { services: ['core'], paymentMethodId: VISA_ID, debitDay: 5, paperless: true };
    expect(autopay.enroll).toHaveBeenCalledWith(actor, body, {
      ...key,
      key: 'intent-1:autopay',
      path: AUTOPAY_PATH,
      body: { ...body, acceptElectronicPaymentTerms: true, acceptTermsOfService: true },
    });
    expect(autopay.setPaperless).not.toHaveBeenCalled();
  });

  it('enrols with the card this payment saved (its id from the receipt)', async () => {
    const { run, autopay } = setup(paidWith(NEW_ID, { methodSaved: true }));
    expect(await run(withNewCard({ autoPay: AUTO_PAY }))).toMatchObject({
      outcome: 'success',
      parts: [
        { part: 'payment', state: 'ok' },
        { part: 'saveMethod', state: 'ok' },
        { part: 'autoPay', state: 'ok' },
      ],
    });
    expect(autopay.enroll).toHaveBeenCalledWith(
      actor,
      expect.objectContaining({ paymentMethodId: NEW_ID }),
      expect.anything(),
    );
  });

  it('a declined payment enrols nothing (PAYMENT_FAILED) but paperless still goes on: partial', async () => {
    const { run, autopay } = setup(DECLINED);
    expect(await run(withSaved({ autoPay: AUTO_PAY, paperless: true }))).toMatchObject({
      outcome: 'partial',
      parts: [
        { part: 'payment', state: 'failed', code: 'PAYMENT_DECLINED' },
        { part: 'autoPay', state: 'failed', code: 'PAYMENT_FAILED' },
        { part: 'paperless', state: 'ok' },
      ],
    });
    expect(autopay.enroll).not.toHaveBeenCalled();
    expect(autopay.setPaperless).toHaveBeenCalledWith(actor, true);
  });

  it('a card that could not be saved is paid with but not enrolled (METHOD_NOT_SAVED)', async () => {
    const { run, autopay } = setup(
      paidWith(null, { outcome: 'partial', methodSaved: false, saveError: 'WALLET_FULL' }),
    );
    expect(await run(withNewCard({ autoPay: AUTO_PAY }))).toMatchObject({
      outcome: 'partial',
      parts: [
        { part: 'payment', state: 'ok' },
        { part: 'saveMethod', state: 'failed', code: 'WALLET_FULL' },
        { part: 'autoPay', state: 'failed', code: 'METHOD_NOT_SAVED' },
      ],
    });
    expect(autopay.enroll).not.toHaveBeenCalled();
  });

  it('an enrolment refused names its code, and paperless is then tried on its own', async () => {
    const { run, autopay } = setup();
    autopay.enroll.mockRejectedValueOnce(new AppError('AUTOPAY_INELIGIBLE', 'no'));
    autopay.setPaperless.mockRejectedValueOnce(new AppError('SERVICE_UNAVAILABLE', 'billing system'));
    expect(await run(withSaved({ autoPay: AUTO_PAY, paperless: true }))).toMatchObject({
      outcome: 'partial',
      parts: [
        { part: 'payment', state: 'ok' },
        { part: 'autoPay', state: 'failed', code: 'AUTOPAY_INELIGIBLE' },
        { part: 'paperless', state: 'failed', code: 'SERVICE_UNAVAILABLE' },
      ],
    });
  });

  it('a service of the enrolment that failed fails the Auto Pay part with its result', async () => {
    const { run, autopay } = setup();
    autopay.enroll.mockResolvedValueOnce(
      enrolment([
        { part: 'core', result: 'AUTOPAY_ENROLLMENT_FAILED' },
        { part: 'paperless', result: 'skipped' },
      ]),
    );
    expect(await run(withSaved({ autoPay: AUTO_PAY }))).toMatchObject({
      outcome: 'partial',
      parts: [
        { part: 'payment', state: 'ok' },
        { part: 'autoPay', state: 'failed', code: 'AUTOPAY_ENROLLMENT_FAILED' },
      ],
    });
  });

  it('a payment refused outright, or whose outcome is unknown, answers as PAYMENTS_PATH does: nothing else runs', async () => {
    const { run, autopay } = setup(new AppError('BILL_PAY_UNAVAILABLE', 'processor silent'));
    await expect(run(withSaved({ autoPay: AUTO_PAY, paperless: true }))).rejects.toMatchObject({
      code: 'BILL_PAY_UNAVAILABLE',
    });
    expect(autopay.enroll).not.toHaveBeenCalled();
    expect(autopay.setPaperless).not.toHaveBeenCalled();
  });
});
