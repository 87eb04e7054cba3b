import { screen, waitFor, within } from '@testing-library/react';
import {
  MOBILE_BILLING_PATH,
  MOBILE_PAYMENT_OPTIONS_PATH,
  MOBILE_PAYMENTS_PATH,
  PCI_TOKENIZE_PATH,
  PCI_VERIFY_PATH,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeApiOptions, jsonResponse, setCookie, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import {
  MASTERCARD_ID,
  mobilePaymentResponse,
  mobileReceipt,
  mobileRoutes,
  PRO_ID,
  riverbendPaymentOptions,
  SE_ID,
} from '../testing/mobile-fixtures';

type Routes = NonNullable<FakeApiOptions['routes']>;

async function renderPayment(search = '', routes: Routes = {}) {
  const rendered = await renderApp({
    path: `/billing/mobile/pay${search}`,
    profile: testProfile('BILLING'),
    routes: mobileRoutes({ [`POST ${PCI_VERIFY_PATH}`]: () => jsonResponse({ verified: true }), ...routes }),
  });
  await screen.findByRole('heading', { level: 3, name: 'Choose a payment amount' });
  return rendered;
}

type User = Awaited<ReturnType<typeof renderPayment>>['user'];

/** The rows of the device effect table: label, before, after. */
function effectRows() {
  const table = screen.getByRole('table', { name: /^Effect on your next bill/ });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

/** From the amount step: the default Mastercard with its security code, then the review. */
async function reachReview(user: User) {
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('heading', { name: 'Choose a payment method' })).toHaveFocus();
  expect(screen.getByText('Step 2 of 3')).toBeInTheDocument();
  await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await screen.findByRole('heading', { name: 'Review your payment' });
  expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
}

describe('mobile payment: amount (spec §2.4, §5)', () => {
  it('offers the balance due, each device’s payoff and extra payment, and another amount', async () => {
    await renderPayment();
    expect(screen.getByRole('heading', { level: 1, name: 'Make a Mobile Payment' })).toBeInTheDocument();
    expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
    const amountOf = (name: string) => screen.getByRole('radio', { name }).closest('label')?.textContent;
    expect(screen.getByRole('radio', { name: /Balance due/ })).toBeChecked();
    expect(amountOf('Balance due $350.72')).toContain('$350.72');
    expect(amountOf('Pay off Vireo Phone Pro 256 GB $843.75')).toContain('$843.75');
    expect(amountOf('Pay off Vireo Phone SE $275.50')).toContain('$275.50');
    expect(screen.getByRole('radio', { name: 'Extra payment toward Vireo Phone Pro 256 GB' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Extra payment toward Vireo Phone SE' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Other amount' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: /Effect on your next bill/ })).not.toBeInTheDocument();
  });

  it('refuses another amount above the mobile balance with the range of the payment options', async () => {
    const { user, fetchMock } = await renderPayment();
    await user.click(screen.getByRole('radio', { name: 'Other amount' }));
    const field = screen.getByRole('textbox', { name: 'Enter amount' });
    expect(field).toHaveAccessibleDescription('In dollars, from $1.00 to $350.72.');
    await user.type(field, '400');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a payment amount between $1.00 and $350.72.'),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Choose a payment amount' })).toBeInTheDocument();
    expect(fetchMock.requestsTo(MOBILE_PAYMENTS_PATH)).toHaveLength(0);
  });

  it('bounds an extra device payment by what is left on the device, and shows its effect as it is typed', async () => {
    const { user } = await renderPayment(`?device=${PRO_ID}&kind=extra`);
    expect(screen.getByRole('radio', { name: 'Extra payment toward Vireo Phone Pro 256 GB' })).toBeChecked();
    const field = screen.getByRole('textbox', { name: 'Extra payment amount' });
    await user.type(field, '900');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a payment amount between $1.00 and $843.75.'),
    );
    await user.clear(field);
    await user.type(field, '100');
    expect(effectRows()).toEqual([
      ['Remaining balance', '$843.75', '$743.75'],
      ['Next instalment', '$31.25', '$31.25'],
      ['Payments left', '27', '24'],
    ]);
  });
});

describe('mobile payment: nothing due on the mobile balance (issue 14)', () => {
  const paidUp = {
    [`GET ${MOBILE_PAYMENT_OPTIONS_PATH}`]: () =>
      jsonResponse(riverbendPaymentOptions({ balanceCents: 0, minCents: 0, maxCents: 0 })),
  };

  it('preselects no device payoff from a $0.00 balance: nothing is chosen until the user picks', async () => {
    const { user, fetchMock } = await renderPayment('', paidUp);
    expect(screen.getByText('Nothing is due on your mobile balance.')).toBeVisible();
    const payoff = screen.getByRole('radio', { name: 'Pay off Vireo Phone Pro 256 GB $843.75' });
    const amounts = screen.getByRole('group', { name: 'Payment amount' });
    expect(within(amounts).getAllByRole('radio')).toHaveLength(4);
    for (const radio of within(amounts).getAllByRole('radio')) expect(radio).not.toBeChecked();
    expect(screen.queryByRole('table', { name: /Effect on your next bill/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(amounts).toHaveAccessibleDescription('Choose what you’d like to pay.');
    expect(screen.getByRole('heading', { name: 'Choose a payment amount' })).toBeInTheDocument();
    expect(fetchMock.requestsTo(MOBILE_PAYMENTS_PATH)).toHaveLength(0);

    // a payoff only when the user picks it
    await user.click(payoff);
    expect(payoff).toBeChecked();
    expect(screen.getByRole('table', { name: /Effect on your next bill/ })).toBeInTheDocument();
  });

  it('still starts on the device a link of the mobile home asked for', async () => {
    await renderPayment(`?device=${SE_ID}&kind=payoff`, paidUp);
    expect(screen.getByRole('radio', { name: 'Pay off Vireo Phone SE $275.50' })).toBeChecked();
  });

  it('offers the service instead of a payment to a business without mobile lines', async () => {
    await renderApp({
      path: '/billing/mobile/pay',
      profile: testProfile('BILLING'),
      routes: mobileRoutes({
        [`GET ${MOBILE_BILLING_PATH}`]: () => jsonResponse({ hasMobileService: false }),
        [`GET ${MOBILE_PAYMENT_OPTIONS_PATH}`]: () => apiError('NO_MOBILE_SERVICE', 404),
      }),
    });
    expect(await screen.findByRole('heading', { name: 'You don’t have Vireo Business Mobile yet' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('mobile payment: device payoff (issue 7)', () => {
  it('shows the effect on the next bill before paying, then posts the payoff with an Idempotency-Key', async () => {
    setCookie('vb_csrf', 'csrf-riverbend');
    const { user, fetchMock } = await renderPayment(`?device=${SE_ID}&kind=payoff`, {
      [`POST ${MOBILE_PAYMENTS_PATH}`]: () =>
        jsonResponse(mobilePaymentResponse({ payment: mobileReceipt({ amountCents: 27_550 }) })),
    });
    expect(screen.getByRole('radio', { name: /Pay off Vireo Phone SE/ })).toBeChecked();
    expect(screen.getByRole('table', { name: 'Effect on your next bill: Vireo Phone SE' })).toBeInTheDocument();
    expect(effectRows()).toEqual([
      ['Remaining balance', '$275.50', '$0.00'],
      ['Next instalment', '$14.50', '$0.00'],
      ['Payments left', '19', '0'],
    ]);

    await reachReview(user);
    const review = screen.getByRole('form', { name: 'Review your payment' });
    expect(review).toHaveTextContent('Payment forPayoff of Vireo Phone SE');
    expect(review).toHaveTextContent('Amount$275.50');
    expect(review).toHaveTextContent('Payment methodMastercard 4444');
    expect(effectRows()[1]).toEqual(['Next instalment', '$14.50', '$0.00']);
    expect(fetchMock.requestsTo(MOBILE_PAYMENTS_PATH)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Pay $275.50' }));
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toHaveFocus();
    const [payment] = fetchMock.requestsTo(MOBILE_PAYMENTS_PATH, 'POST');
    expect(payment?.body).toEqual({
      target: { kind: 'devicePayoff', deviceId: SE_ID },
      amountCents: 27_550,
      method: { paymentMethodId: MASTERCARD_ID },
    });
    expect(payment?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(payment?.headers.get('X-CSRF-Token')).toBe('csrf-riverbend');
    const receipt = screen.getByTestId('payment-receipt');
    expect(receipt).toHaveTextContent('Confirmation numberVB-500300');
    expect(receipt).toHaveTextContent('Payment forPayoff of Vireo Phone SE');
    expect(
      screen.getByText('Vireo Phone SE is paid off: its instalments won’t be billed anymore.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Mobile Billing' })).toHaveAttribute('href', '/billing/mobile');
  });
});

describe('mobile payment: method and result (spec §8)', () => {
  it('pays with a new card through the card vault, without online banking', async () => {
    const { user, fetchMock } = await renderPayment('', {
      [`POST ${PCI_TOKENIZE_PATH}`]: () =>
        jsonResponse({
          token: 'tok_mobile',
          type: 'card',
          lastFour: '4242',
          brand: 'visa',
          funding: 'credit',
          expMonth: 8,
          expYear: 2029,
          zip: '32801',
          nameOnCard: 'Rosa Diaz',
          bankAccountType: null,
          routingNumber: null,
        }),
      [`POST ${MOBILE_PAYMENTS_PATH}`]: () =>
        jsonResponse(
          mobilePaymentResponse({ payment: mobileReceipt({ methodLabel: 'Visa 4242' }), methodSaved: true }),
        ),
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Add a card' }));
    expect(screen.getByRole('radio', { name: 'Add a bank account' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Sign in to your bank' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name on Card' }), 'Rosa Diaz');
    await user.type(screen.getByRole('textbox', { name: 'Card Number' }), '4242 4242 4242 4242');
    await user.type(screen.getByRole('textbox', { name: 'Expiration Date' }), '0829');
    await user.type(screen.getByRole('textbox', { name: 'ZIP Code' }), '32801');
    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Review your payment' });
    await user.click(screen.getByRole('button', { name: 'Pay $350.72' }));
    await screen.findByRole('heading', { name: 'Payment successful' });
    const [payment] = fetchMock.requestsTo(MOBILE_PAYMENTS_PATH, 'POST');
    expect(payment?.body).toEqual({
      target: { kind: 'balance' },
      amountCents: 35_072,
      method: { token: 'tok_mobile', save: true },
    });
    expect(JSON.stringify(payment?.body)).not.toContain('4242424242424242');
    expect(fetchMock.requestsTo(PCI_TOKENIZE_PATH, 'POST')).toHaveLength(1);
  });

  it('shows "Unable to Process Mobile Payment" with the reason when the payment is declined; Try again keeps the amount', async () => {
    const { user } = await renderPayment('', {
      [`POST ${MOBILE_PAYMENTS_PATH}`]: () =>
        jsonResponse(mobilePaymentResponse({ outcome: 'failure', payment: null, paymentError: 'PAYMENT_DECLINED' })),
    });
    await reachReview(user);
    await user.click(screen.getByRole('button', { name: 'Pay $350.72' }));
    const failure = await screen.findByTestId('payment-failure');
    expect(within(failure).getByRole('heading', { name: 'Unable to Process Mobile Payment' })).toHaveFocus();
    expect(failure).toHaveTextContent(
      'Your payment couldn’t be processed. Try a different payment method, or contact your financial institution.',
    );
    expect(failure).toHaveTextContent('No payment was made.');
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Choose a payment method' })).toHaveFocus();
    await user.click(screen.getByRole('radio', { name: 'Checking 6789' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('button', { name: 'Pay $350.72' })).toBeInTheDocument();
  });

  it('shows the same title when mobile billing is down, with its own reason', async () => {
    const { user } = await renderPayment('', {
      [`POST ${MOBILE_PAYMENTS_PATH}`]: () => apiError('MOBILE_BILLING_UNAVAILABLE', 503),
    });
    await reachReview(user);
    await user.click(screen.getByRole('button', { name: 'Pay $350.72' }));
    const failure = await screen.findByTestId('payment-failure');
    expect(within(failure).getByRole('heading', { name: 'Unable to Process Mobile Payment' })).toBeInTheDocument();
    await waitFor(() =>
      expect(failure).toHaveTextContent('Mobile billing isn’t available right now, and your payment wasn’t made.'),
    );
  });
});
