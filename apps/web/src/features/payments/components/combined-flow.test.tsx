import { screen, within } from '@testing-library/react';
import {
  AUTOPAY_PATH,
  type AutoPayStatus,
  BILLING_SUMMARY_PATH,
  CHECKOUT_PATH,
  type CheckoutResponse,
  PAPERLESS_PATH,
  PAYMENT_OPTIONS_PATH,
  PAYMENTS_PATH,
  PCI_TOKENIZE_PATH,
  PCI_VERIFY_PATH,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { harborSummary } from '../../../test/billing';
import { type FakeApiOptions, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { vaultToken } from '../../../test/wallet';
import {
  autoPayStatus,
  checking,
  harborOptions,
  paymentResponse,
  receipt,
  VISA_ID,
  visa,
} from '../testing/payment-fixtures';

type Routes = NonNullable<FakeApiOptions['routes']>;

/** The checkout's answer: the payment's own answer and each part asked for (the server runs them: checkout.service). */
const checkoutAnswer = (
  outcome: CheckoutResponse['outcome'],
  parts: [CheckoutResponse['parts'][number]['part'], string | null][],
  payment = paymentResponse(),
): CheckoutResponse => ({
  outcome,
  parts: parts.map(([part, code]) => ({ part, state: code === null ? 'ok' : 'failed', code })),
  payment,
});
const NEW_VISA_ID = '6f1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e09';

async function renderPayment(status: AutoPayStatus | (() => Response) = autoPayStatus(), routes: Routes = {}) {
  const rendered = await renderApp({
    path: '/billing/pay-bill?open=otp',
    profile: testProfile('BILLING'),
    routes: {
      [`GET ${BILLING_SUMMARY_PATH}`]: () => jsonResponse(harborSummary()),
      [`GET ${PAYMENT_OPTIONS_PATH}`]: () => jsonResponse(harborOptions()),
      [`GET ${AUTOPAY_PATH}`]: typeof status === 'function' ? status : () => jsonResponse(status),
      [`POST ${PCI_VERIFY_PATH}`]: () => jsonResponse({ verified: true }),
      ...routes,
    },
  });
  await screen.findByRole('heading', { level: 3, name: 'Choose a payment amount' });
  return rendered;
}

type User = Awaited<ReturnType<typeof renderPayment>>['user'];

/** Amount due, the default Visa with its security code, today: up to the review step. */
async function reachReview(user: User) {
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Choose a payment method' });
  await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Choose a payment date' });
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Review your payment' });
}

async function acceptTerms(user: User) {
  await user.click(screen.getByRole('checkbox', { name: 'I accept the electronic payment terms' }));
  await user.click(screen.getByRole('checkbox', { name: 'I accept the terms of service' }));
}

describe('one-time payment with Auto Pay and paperless (spec §4 combined flows)', () => {
  it('offers Auto Pay with the method and paperless; Auto Pay needs both terms before paying', async () => {
    const { user, fetchMock } = await renderPayment();
    await reachReview(user);
    const offer = screen.getByRole('checkbox', { name: 'Also enroll in Auto Pay with this method' });
    expect(offer).not.toBeChecked();
    // Billed on the 10th: the first day the calendar allows is the 11th, first drafted on Dec 11, 2026.
    expect(offer).toHaveAccessibleDescription(
      'Your statement balance is paid with Visa 4242 on the 11th of each month, starting Dec 11, 2026. You get a $5.00 credit on every statement.',
    );
    expect(screen.getByRole('checkbox', { name: 'Also go paperless' })).not.toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'I accept the terms of service' })).not.toBeInTheDocument();

    await user.click(offer);
    await user.click(screen.getByRole('button', { name: 'Pay $289.47' }));
    expect(screen.getByRole('checkbox', { name: 'I accept the electronic payment terms' })).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: 'I accept the terms of service' })).toHaveAccessibleDescription(
      'Please accept the terms of service to enroll in Auto Pay.',
    );
    expect(fetchMock.requestsTo(PAYMENTS_PATH, 'POST')).toHaveLength(0);
  });

  it('pays with Auto Pay and paperless in one checkout, and lists each part: paid, enrolled, paperless failed', async () => {
    const { user, fetchMock } = await renderPayment(autoPayStatus(), {
      [`POST ${CHECKOUT_PATH}`]: () =>
        jsonResponse(
          checkoutAnswer('partial', [
            ['payment', null],
            ['autoPay', null],
            ['paperless', 'PAPERLESS_ENROLLMENT_FAILED'],
          ]),
        ),
    });
    await reachReview(user);
    await user.click(screen.getByRole('checkbox', { name: 'Also enroll in Auto Pay with this method' }));
    await acceptTerms(user);
    await user.click(screen.getByRole('checkbox', { name: 'Also go paperless' }));
    await user.click(screen.getByRole('button', { name: 'Pay $289.47' }));

    expect(await screen.findByRole('heading', { level: 3, name: 'Payment successful' })).toHaveFocus();
    const [sent] = fetchMock.requestsTo(CHECKOUT_PATH, 'POST');
    expect(sent?.body).toEqual({
      payment: { amountCents: 28_947, paymentDate: '2026-11-21', method: { paymentMethodId: VISA_ID } },
      autoPay: { services: ['core'], debitDay: 11, acceptElectronicPaymentTerms: true, acceptTermsOfService: true },
      paperless: true,
    });
    expect(sent?.headers.get('Idempotency-Key')).toBeTruthy();
    // one request: the browser no longer runs the parts itself
    expect(fetchMock.requestsTo(PAYMENTS_PATH, 'POST')).toHaveLength(0);
    expect(fetchMock.requestsTo(AUTOPAY_PATH, 'POST')).toHaveLength(0);
    expect(fetchMock.requestsTo(PAPERLESS_PATH, 'PUT')).toHaveLength(0);

    const summary = screen.getByTestId('combined-summary');
    expect(within(summary).getByRole('heading', { name: 'What we did' })).toBeInTheDocument();
    expect(screen.getByTestId('combined-outcome')).toHaveTextContent('Some of what you asked for didn’t go through.');
    expect(screen.getByTestId('combined-part-payment')).toHaveTextContent('Payment: Done');
    expect(screen.getByTestId('combined-part-autoPay')).toHaveTextContent(
      'Auto Pay: Enrolled, with payments on the 11th of each month',
    );
    const paperless = screen.getByTestId('combined-part-paperless');
    expect(paperless).toHaveTextContent('Paperless billing: Unable to Enroll in Paperless Billing');
    expect(paperless).toHaveTextContent('You can complete it in Settings.');
  });

  it('sends a new card to save with Auto Pay, and shows it saved and enrolled', async () => {
    let methods = [visa(), checking()];
    const { user, fetchMock } = await renderPayment(autoPayStatus(), {
      [`GET ${PAYMENT_OPTIONS_PATH}`]: () => jsonResponse(harborOptions({ methods })),
      [`POST ${PCI_TOKENIZE_PATH}`]: () => jsonResponse(vaultToken({ token: 'tok_new', lastFour: '1111' })),
      [`POST ${CHECKOUT_PATH}`]: () => {
        methods = [...methods, visa({ id: NEW_VISA_ID, label: 'Visa 1111', lastFour: '1111', isDefault: false })];
        return jsonResponse(
          checkoutAnswer(
            'success',
            [
              ['payment', null],
              ['saveMethod', null],
              ['autoPay', null],
            ],
            paymentResponse({
              payment: receipt({ methodLabel: 'Visa 1111', paymentMethodId: NEW_VISA_ID }),
              methodSaved: true,
            }),
          ),
        );
      },
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Add a card' }));
    await user.type(screen.getByRole('textbox', { name: 'Name on Card' }), 'Hannah Reyes');
    await user.type(screen.getByRole('textbox', { name: 'Card Number' }), '4111 1111 1111 1111');
    await user.type(screen.getByRole('textbox', { name: 'Expiration Date' }), '0829');
    await user.type(screen.getByRole('textbox', { name: 'ZIP Code' }), '02110');
    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Choose a payment date' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Review your payment' });
    await user.click(screen.getByRole('checkbox', { name: 'Also enroll in Auto Pay with this method' }));
    await acceptTerms(user);
    await user.click(screen.getByRole('button', { name: 'Pay $289.47' }));

    await screen.findByRole('heading', { level: 3, name: 'Payment successful' });
    expect(fetchMock.requestsTo(CHECKOUT_PATH, 'POST')[0]?.body).toMatchObject({
      payment: { method: { token: 'tok_new', save: true } },
      autoPay: { services: ['core'], debitDay: 11 },
    });
    expect(screen.getByTestId('combined-outcome')).toHaveTextContent('Everything you asked for went through.');
    expect(screen.getByTestId('combined-part-saveMethod')).toHaveTextContent(
      'Saving the payment method: Saved for future payments',
    );
  });

  it('shows a declined payment, Auto Pay not tried because of it, and paperless turned on', async () => {
    const { user } = await renderPayment(autoPayStatus(), {
      [`POST ${CHECKOUT_PATH}`]: () =>
        jsonResponse(
          checkoutAnswer(
            'partial',
            [
              ['payment', 'PAYMENT_DECLINED'],
              ['autoPay', 'PAYMENT_FAILED'],
              ['paperless', null],
            ],
            paymentResponse({ outcome: 'failure', payment: null, paymentError: 'PAYMENT_DECLINED' }),
          ),
        ),
    });
    await reachReview(user);
    await user.click(screen.getByRole('checkbox', { name: 'Also enroll in Auto Pay with this method' }));
    await acceptTerms(user);
    await user.click(screen.getByRole('checkbox', { name: 'Also go paperless' }));
    await user.click(screen.getByRole('button', { name: 'Pay $289.47' }));

    expect(await screen.findByRole('heading', { level: 3, name: 'Unable to Process Payment' })).toBeInTheDocument();
    expect(screen.getByTestId('combined-outcome')).toHaveTextContent('Some of what you asked for didn’t go through.');
    expect(screen.getByTestId('combined-part-payment')).toHaveTextContent('Payment: Unable to Process Payment');
    expect(screen.getByTestId('combined-part-autoPay')).toHaveTextContent('Auto Pay: Unable to Complete Enrollment');
    expect(screen.getByTestId('combined-part-autoPay')).toHaveTextContent(
      'We didn’t enroll you, because the payment didn’t go through.',
    );
    expect(screen.getByTestId('combined-part-paperless')).toHaveTextContent('Paperless billing: You’re enrolled');
  });

  it('calls a full failure a full failure', async () => {
    const { user } = await renderPayment(autoPayStatus(), {
      [`POST ${CHECKOUT_PATH}`]: () =>
        jsonResponse(
          checkoutAnswer(
            'failure',
            [
              ['payment', 'PAYMENT_DECLINED'],
              ['paperless', 'SERVICE_UNAVAILABLE'],
            ],
            paymentResponse({ outcome: 'failure', payment: null, paymentError: 'PAYMENT_DECLINED' }),
          ),
        ),
    });
    await reachReview(user);
    await user.click(screen.getByRole('checkbox', { name: 'Also go paperless' }));
    await user.click(screen.getByRole('button', { name: 'Pay $289.47' }));
    await screen.findByRole('heading', { level: 3, name: 'Unable to Process Payment' });
    expect(screen.getByTestId('combined-outcome')).toHaveTextContent('Nothing you asked for went through.');
  });

  it('offers nothing to an enrolled, paperless account, nor when the status cannot load', async () => {
    const enrolled = autoPayStatus({
      paperless: true,
      enrollments: [
        {
          scope: 'core',
          paymentMethodId: VISA_ID,
          methodLabel: 'Visa 4242',
          debitDay: 15,
          nextDraftDate: '2026-12-15',
          nextDraftAmountCents: 28_947,
          changesApplyAfter: null,
          cancellable: true,
        },
      ],
    });
    const { user } = await renderPayment(enrolled);
    await reachReview(user);
    expect(screen.queryByRole('group', { name: 'Save time on your next bills' })).not.toBeInTheDocument();
  });

  it('shows the summary in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    const { user } = await renderApp({
      path: '/billing/pay-bill?open=otp',
      profile: testProfile('BILLING'),
      routes: {
        [`GET ${BILLING_SUMMARY_PATH}`]: () => jsonResponse(harborSummary()),
        [`GET ${PAYMENT_OPTIONS_PATH}`]: () => jsonResponse(harborOptions()),
        [`GET ${AUTOPAY_PATH}`]: () => jsonResponse(autoPayStatus()),
        [`POST ${PCI_VERIFY_PATH}`]: () => jsonResponse({ verified: true }),
        [`POST ${CHECKOUT_PATH}`]: () =>
          jsonResponse(
            checkoutAnswer('partial', [
              ['payment', null],
              ['paperless', 'INTERNAL'],
            ]),
          ),
      },
    });
    await screen.findByRole('heading', { name: 'Elija el monto del pago' });
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: 'Elija un método de pago' });
    await user.type(screen.getByRole('textbox', { name: 'Código de seguridad' }), '123');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Pasarse también a la facturación sin papel' }));
    await user.click(screen.getByRole('button', { name: 'Pagar $289.47' }));
    await screen.findByRole('heading', { name: 'Lo que hicimos' });
    expect(screen.getByTestId('combined-outcome')).toHaveTextContent('Parte de lo que pidió no se completó.');
    expect(screen.getByTestId('combined-part-paperless')).toHaveTextContent(
      'Facturación sin papel: No se pudo inscribir en la facturación sin papel',
    );
  });
});
