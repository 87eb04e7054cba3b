import { screen, waitFor, within } from '@testing-library/react';
import {
  BILLING_SUMMARY_PATH,
  PAYMENT_OPTIONS_PATH,
  PAYMENTS_PATH,
  type PaymentOptions,
  PCI_ONLINE_BANKING_PATH,
  PCI_TOKENIZE_PATH,
  PCI_VERIFY_PATH,
} from '@vireo/shared';
import { describe, expect, it, vi } from 'vitest';
import { browserPrint } from '../../../lib/browser-files';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { harborSummary } from '../../../test/billing';
import { apiError, type FakeApiOptions, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { vaultToken } from '../../../test/wallet';
import {
  checking,
  expiredMastercard,
  harborOptions,
  paymentResponse,
  receipt,
  soonDiscover,
  VISA_ID,
  visa,
} from '../testing/payment-fixtures';

type Routes = NonNullable<FakeApiOptions['routes']>;

async function renderPayment(options: PaymentOptions | (() => Response) = harborOptions(), routes: Routes = {}) {
  const rendered = await renderApp({
    path: '/billing/pay-bill?open=otp',
    profile: testProfile('BILLING'),
    routes: {
      [`GET ${BILLING_SUMMARY_PATH}`]: () => jsonResponse(harborSummary()),
      [`GET ${PAYMENT_OPTIONS_PATH}`]: typeof options === 'function' ? options : () => jsonResponse(options),
      [`POST ${PCI_VERIFY_PATH}`]: () => jsonResponse({ verified: true }),
      ...routes,
    },
  });
  await screen.findByRole('heading', { level: 3, name: 'Choose a payment amount' });
  return rendered;
}

type User = Awaited<ReturnType<typeof renderPayment>>['user'];

async function chooseOtherAmount(user: User, text: string) {
  await user.click(screen.getByRole('radio', { name: 'Other amount' }));
  await user.type(screen.getByRole('textbox', { name: 'Enter amount' }), text);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

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

describe('one-time payment: amount (spec §5)', () => {
  it('offers the amount due and other amount, and says "Step 1 of 4"', async () => {
    await renderPayment();
    expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Amount due/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Amount due/ }).closest('label')).toHaveTextContent('$289.47');
    expect(screen.queryByRole('radio', { name: /Past-due amount/ })).not.toBeInTheDocument();
  });

  it('offers the past-due amount when there is one', async () => {
    await renderPayment(harborOptions({ amountDueCents: 61_210, pastDueCents: 41_210 }));
    expect(screen.getByRole('radio', { name: /Past-due amount/ }).closest('label')).toHaveTextContent('$412.10');
  });

  it('refuses $0.50 with the range of the payment options, and text that is no amount', async () => {
    const { user } = await renderPayment();
    await chooseOtherAmount(user, '0.50');
    const field = screen.getByRole('textbox', { name: 'Enter amount' });
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a payment amount between $1.00 and $25,000.00.'),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    await user.clear(field);
    await user.type(field, '12.345');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid payment amount.'));
  });

  it('asks to confirm $300.00 on $289.47 due; Cancel stays, Confirm amount goes on', async () => {
    const { user } = await renderPayment();
    await chooseOtherAmount(user, '300.00');
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm your payment amount' });
    expect(dialog).toHaveTextContent('You’re paying $300.00, which is more than your amount due of $289.47.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continue' })).toHaveFocus());
    expect(screen.getByRole('heading', { name: 'Choose a payment amount' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm amount' }));
    const heading = await screen.findByRole('heading', { name: 'Choose a payment method' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
  });
});

describe('one-time payment: method', () => {
  it('shows an expired card disabled, an expiring card, and the add choices', async () => {
    const { user } = await renderPayment(harborOptions({ methods: [visa(), expiredMastercard(), checking()] }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Choose a payment method' });
    const expired = screen.getByRole('radio', { name: 'Mastercard 4444' });
    expect(expired).toBeDisabled();
    expect(expired).toHaveAccessibleDescription(expect.stringContaining('Expired'));
    expect(screen.getByRole('radio', { name: 'Visa 4242' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Checking 6789' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Add a card' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Add a bank account' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Sign in to your bank' })).toBeInTheDocument();
  });

  it('refuses an American Express security code of 3 digits and a ZIP of 4, without calling the vault', async () => {
    const { user, fetchMock } = await renderPayment();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Add a card' }));
    await user.type(screen.getByRole('textbox', { name: 'Name on Card' }), 'Hannah Reyes');
    await user.type(screen.getByRole('textbox', { name: 'Card Number' }), '3782 822463 10005');
    await user.type(screen.getByRole('textbox', { name: 'Expiration Date' }), '0829');
    await user.type(screen.getByRole('textbox', { name: 'ZIP Code' }), '1234');
    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('textbox', { name: 'ZIP Code' })).toHaveAccessibleDescription(
      'Please enter a valid 5-digit ZIP code.',
    );
    expect(screen.getByRole('textbox', { name: 'Security Code' })).toHaveAccessibleDescription(
      expect.stringContaining('Please enter a valid security code of 4 numeric characters.'),
    );
    expect(screen.getByRole('textbox', { name: 'ZIP Code' })).toHaveFocus();
    // issue 14: the page-level message sits above the fields, not below their errors
    const summary = screen.getByText('Please correct the following errors.');
    expect(
      summary.compareDocumentPosition(screen.getByRole('textbox', { name: 'Name on Card' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(fetchMock.requestsTo(PCI_TOKENIZE_PATH)).toHaveLength(0);
  });

  it('refuses a name on the account with a tab pasted into it, without calling the vault', async () => {
    const { user, fetchMock } = await renderPayment();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Add a bank account' }));
    await user.click(screen.getByRole('textbox', { name: 'Name on Account' }));
    await user.paste('Harbor\tCoffee');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const name = screen.getByRole('textbox', { name: 'Name on Account' });
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining('Please enter the name on one line, without tabs or line breaks.'),
    );
    expect(name).toHaveFocus();
    expect(fetchMock.requestsTo(PCI_TOKENIZE_PATH)).toHaveLength(0);
  });

  it('refuses a card number typed as the name on the card, without calling the vault (issue 14 item 6)', async () => {
    const { user, fetchMock } = await renderPayment();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Add a card' }));
    await user.type(screen.getByRole('textbox', { name: 'Name on Card' }), '6011 1111 1111 1117');
    await user.type(screen.getByRole('textbox', { name: 'Card Number' }), '4242 4242 4242 4242');
    await user.type(screen.getByRole('textbox', { name: 'Expiration Date' }), '0829');
    await user.type(screen.getByRole('textbox', { name: 'ZIP Code' }), '97201');
    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const name = screen.getByRole('textbox', { name: 'Name on Card' });
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining('For your security, don’t enter a card number here.'),
    );
    expect(name).toHaveFocus();
    expect(fetchMock.requestsTo(PCI_TOKENIZE_PATH)).toHaveLength(0);
  });

  it('sends a new card to the vault only, then pays with its token', async () => {
    const { user, fetchMock } = await renderPayment(harborOptions(), {
      [`POST ${PCI_TOKENIZE_PATH}`]: () => jsonResponse(vaultToken({ token: 'tok_new', lastFour: '1111' })),
      [`POST ${PAYMENTS_PATH}`]: () =>
        jsonResponse(paymentResponse({ payment: receipt({ methodLabel: 'Visa 1111' }), methodSaved: true })),
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Add a card' }));
    expect(screen.getByRole('checkbox', { name: 'Save this payment method for future use' })).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Name on Card' }), 'Hannah Reyes');
    await user.type(screen.getByRole('textbox', { name: 'Card Number' }), '4242 4242 4242 4242');
    await user.type(screen.getByRole('textbox', { name: 'Expiration Date' }), '08/29');
    await user.type(screen.getByRole('textbox', { name: 'ZIP Code' }), '02110');
    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Choose a payment date' });
    const [tokenize] = fetchMock.requestsTo(PCI_TOKENIZE_PATH, 'POST');
    expect(tokenize?.body).toEqual({
      type: 'card',
      nameOnCard: 'Hannah Reyes',
      cardNumber: '4242424242424242',
      expiry: '0829',
      securityCode: '123',
      zip: '02110',
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Review your payment' });
    await user.click(screen.getByRole('button', { name: 'Pay $289.47' }));
    await screen.findByRole('heading', { name: 'Payment successful' });
    const [payment] = fetchMock.requestsTo(PAYMENTS_PATH, 'POST');
    expect(payment?.body).toEqual({
      amountCents: 28_947,
      paymentDate: '2026-11-21',
      method: { token: 'tok_new', save: true },
    });
    expect(JSON.stringify(payment?.body)).not.toContain('4242424242424242');
    expect(screen.getByText('Visa 1111 was saved for future payments.')).toBeInTheDocument();
  });

  it('says a prepaid card cannot be saved, with the box off and disabled', async () => {
    const { user, fetchMock } = await renderPayment(harborOptions(), {
      [`POST ${PCI_TOKENIZE_PATH}`]: () => jsonResponse(vaultToken({ token: 'tok_prepaid', funding: 'prepaid' })),
      [`POST ${PAYMENTS_PATH}`]: () => jsonResponse(paymentResponse()),
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Add a card' }));
    await user.type(screen.getByRole('textbox', { name: 'Name on Card' }), 'Hannah Reyes');
    await user.type(screen.getByRole('textbox', { name: 'Card Number' }), '4000056655665556');
    await user.type(screen.getByRole('textbox', { name: 'Expiration Date' }), '0829');
    await user.type(screen.getByRole('textbox', { name: 'ZIP Code' }), '02110');
    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const box = await screen.findByRole('checkbox', { name: 'Save this payment method for future use' });
    await waitFor(() => expect(box).toBeDisabled());
    expect(box).not.toBeChecked();
    expect(box).toHaveAccessibleDescription(
      'This is a prepaid card. It can pay this bill, but it can’t be saved for future use.',
    );
    expect(screen.queryByRole('textbox', { name: 'Card Number' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Choose a payment date' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Pay $289.47' }));
    await screen.findByRole('heading', { name: 'Payment successful' });
    expect(fetchMock.requestsTo(PAYMENTS_PATH, 'POST')[0]?.body).toMatchObject({
      method: { token: 'tok_prepaid', save: false },
    });
  });

  it('refuses a wrong security code of a saved card with "Unable to Complete Request"', async () => {
    const { user, fetchMock } = await renderPayment(harborOptions(), {
      [`POST ${PCI_VERIFY_PATH}`]: () => apiError('SECURITY_CODE_MISMATCH', 422),
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByRole('textbox', { name: 'Security Code' }), '999');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to Complete Request' })).toBeInTheDocument();
    expect(fetchMock.requestsTo(PCI_VERIFY_PATH, 'POST')[0]?.body).toEqual({
      paymentMethodId: VISA_ID,
      securityCode: '999',
    });
    expect(screen.getByRole('heading', { name: 'Choose a payment method' })).toBeInTheDocument();
  });

  it('asks before using a card that expires soon', async () => {
    const { user } = await renderPayment(harborOptions({ methods: [soonDiscover(), checking()] }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Discover 1117' }));
    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'This card expires soon' });
    await user.click(within(dialog).getByRole('button', { name: 'Use this card' }));
    await screen.findByRole('heading', { name: 'Choose a payment date' });
  });

  it('card restricted: saved cards are not accepted and no card can be added', async () => {
    const { user } = await renderPayment(
      harborOptions({ restriction: 'card', methods: [visa({ allowed: false }), checking()] }),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Choose a payment method' });
    expect(screen.getByText(/Card payments aren’t accepted for this account/)).toBeInTheDocument();
    const card = screen.getByRole('radio', { name: 'Visa 4242' });
    expect(card).toBeDisabled();
    expect(card).toHaveAccessibleDescription(expect.stringContaining('Not accepted for this account'));
    expect(screen.getByRole('radio', { name: 'Checking 6789' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Add a card' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Add a bank account' })).toBeInTheDocument();
  });

  it('bank restricted: no bank account can be added or signed in to', async () => {
    const { user } = await renderPayment(harborOptions({ restriction: 'bank', methods: [visa()] }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Choose a payment method' });
    expect(screen.getByRole('radio', { name: 'Add a card' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Add a bank account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Sign in to your bank' })).not.toBeInTheDocument();
  });

  it('both restricted: "Payment Method Unavailable" and no way on', async () => {
    const { user } = await renderPayment(
      harborOptions({ restriction: 'both', methods: [visa({ allowed: false }), checking({ allowed: false })] }),
    );
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Payment Method Unavailable' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Add a card' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /now with/ })).not.toBeInTheDocument();
  });

  it('refuses a card number typed as the bank’s name or the bank user, without calling the bank (issue 14 item 6)', async () => {
    const { user, fetchMock } = await renderPayment();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Sign in to your bank' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByRole('textbox', { name: 'Bank name' }), '6011 1111 1111 1117');
    await user.type(screen.getByRole('textbox', { name: 'Username' }), '4242-4242-4242-4242');
    await user.type(screen.getByLabelText('Password'), 'pass_good');
    await user.click(screen.getByRole('button', { name: 'Sign in to bank' }));
    for (const name of ['Bank name', 'Username']) {
      expect(screen.getByRole('textbox', { name })).toHaveAccessibleDescription(
        expect.stringContaining('For your security, don’t enter a card number here.'),
      );
    }
    expect(screen.getByRole('textbox', { name: 'Bank name' })).toHaveFocus();
    expect(fetchMock.requestsTo(PCI_ONLINE_BANKING_PATH)).toHaveLength(0);
  });

  it('online bank login paused after declines in a row says so (issue 14 item 11)', async () => {
    const { user } = await renderPayment(harborOptions(), {
      [`POST ${PCI_ONLINE_BANKING_PATH}`]: () => apiError('CARD_ATTEMPTS_PAUSED', 429),
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Sign in to your bank' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByRole('textbox', { name: 'Bank name' }), 'Vireo Test Bank');
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'user_good');
    await user.type(screen.getByLabelText('Password'), 'pass_good');
    await user.click(screen.getByRole('button', { name: 'Sign in to bank' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Too Many Declined Attempts' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('paused for 30 minutes');
  });

  it('online bank login is a 5-step flow; a failure offers to enter the bank by hand or add a card', async () => {
    const { user, fetchMock } = await renderPayment(harborOptions(), {
      [`POST ${PCI_ONLINE_BANKING_PATH}`]: () => apiError('ONLINE_BANKING_UNAVAILABLE', 422),
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Sign in to your bank' }));
    expect(screen.getByText('Step 2 of 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to your bank' })).toHaveFocus();
    expect(screen.getByText('Step 3 of 5')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Bank name' }), 'Vireo Test Bank');
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'user_bad');
    await user.type(screen.getByLabelText('Password'), 'pass_bad');
    await user.click(screen.getByRole('button', { name: 'Sign in to bank' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to Connect to Online Banking' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('enter your bank account information manually, or add a card');
    expect(fetchMock.requestsTo(PCI_ONLINE_BANKING_PATH, 'POST')[0]?.body).toEqual({
      institution: 'Vireo Test Bank',
      username: 'user_bad',
      password: 'pass_bad',
    });
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(within(alert).getByRole('button', { name: 'Add a card' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Enter bank info manually' }));
    await screen.findByRole('heading', { name: 'Choose a payment method' });
    expect(screen.getByRole('radio', { name: 'Add a bank account' })).toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Routing Number' })).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 4')).toBeInTheDocument();
  });

  it('pays from the bank account online banking returns', async () => {
    const { user, fetchMock } = await renderPayment(harborOptions(), {
      [`POST ${PCI_ONLINE_BANKING_PATH}`]: () =>
        jsonResponse(
          vaultToken({
            token: 'tok_bank',
            type: 'bank',
            lastFour: '6789',
            brand: null,
            funding: null,
            expMonth: null,
            expYear: null,
            bankAccountType: 'checking',
            routingNumber: '110000000',
          }),
        ),
      [`POST ${PAYMENTS_PATH}`]: () =>
        jsonResponse(paymentResponse({ payment: receipt({ status: 'pending', methodLabel: 'Checking 6789' }) })),
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Sign in to your bank' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByRole('textbox', { name: 'Bank name' }), 'Vireo Test Bank');
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'user_good');
    await user.type(screen.getByLabelText('Password'), 'pass_good');
    await user.click(screen.getByRole('button', { name: 'Sign in to bank' }));
    await screen.findByRole('heading', { name: 'Choose a payment date' });
    expect(screen.getByText('Step 4 of 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Review your payment' });
    expect(screen.getByText('Step 5 of 5')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $289.47' }));
    await screen.findByRole('heading', { name: 'Payment received' });
    expect(screen.getByTestId('payment-receipt')).toHaveTextContent('StatusPending');
    expect(fetchMock.requestsTo(PAYMENTS_PATH, 'POST')[0]?.body).toMatchObject({
      method: { token: 'tok_bank', save: true },
    });
  });
});

describe('one-time payment: date (spec §5)', () => {
  async function reachDate(user: User) {
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Checking 6789' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Choose a payment date' });
    return screen.getByRole('textbox', { name: 'Payment date' });
  }

  it('starts on today and refuses a date that is not MM/DD/YY or outside the window', async () => {
    const { user } = await renderPayment();
    const field = await reachDate(user);
    expect(field).toHaveValue('11/21/26');
    await user.clear(field);
    await user.type(field, '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid date as MM/DD/YY.'));
    await user.clear(field);
    await user.type(field, '02/01/27');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Please choose a date from Nov 21, 2026 to Jan 20, 2027.'),
    );
  });

  it('past the cut-off, refuses tomorrow with the spec sentence and disables it in the calendar', async () => {
    const { user } = await renderPayment(harborOptions({ tomorrowBlocked: true }));
    const field = await reachDate(user);
    await user.clear(field);
    await user.type(field, '11/22/26');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(
        'You’re past the cut-off time to schedule a payment for tomorrow. Please choose today or a later date.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Choose a date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a payment date' });
    expect(within(dialog).getByRole('button', { name: 'Sunday, November 22, 2026' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('picks a date with the keyboard in the calendar, and gives focus back', async () => {
    const { user } = await renderPayment();
    const field = await reachDate(user);
    const calendarButton = screen.getByRole('button', { name: 'Choose a date' });
    await user.click(calendarButton);
    const dialog = await screen.findByRole('dialog', { name: 'Choose a payment date' });
    expect(within(dialog).getByRole('grid', { name: 'November 2026' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Saturday, November 21, 2026' })).toHaveFocus(),
    );
    await user.keyboard('{ArrowDown}{ArrowRight}');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Sunday, November 29, 2026' })).toHaveFocus(),
    );
    await user.keyboard('{PageDown}');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Tuesday, December 29, 2026' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(field).toHaveValue('12/29/26');
    await waitFor(() => expect(calendarButton).toHaveFocus());
  });

  it('forces today with the reason when the balance is past due', async () => {
    const { user } = await renderPayment(harborOptions({ todayOnlyReason: 'past_due', pastDueCents: 10_000 }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Checking 6789' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const field = await screen.findByRole('textbox', { name: 'Payment date' });
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveValue('11/21/26');
    expect(field).toHaveAccessibleDescription(
      'Your account has a past-due balance, so this payment must be made today.',
    );
    expect(screen.queryByRole('button', { name: 'Choose a date' })).not.toBeInTheDocument();
  });

  it('refuses a future date when two payments are already scheduled', async () => {
    const { user } = await renderPayment(
      harborOptions({
        scheduled: [
          { ...scheduled(), id: '7a1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e0a' },
          { ...scheduled(), id: '7a1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e0b' },
        ],
      }),
    );
    const field = await reachDate(user);
    await user.clear(field);
    await user.type(field, '12/10/26');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining(
        'You already have 2 scheduled payments, the most allowed. Pay today, or cancel a scheduled payment first.',
      ),
    );
  });

  it('refuses a date after the chosen card expires', async () => {
    const { user } = await renderPayment(harborOptions({ methods: [visa({ expMonth: 12, expYear: 2026 })] }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByRole('textbox', { name: 'Security Code' }), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const field = await screen.findByRole('textbox', { name: 'Payment date' });
    await user.clear(field);
    await user.type(field, '01/05/27');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(field).toHaveAccessibleDescription(expect.stringContaining('This card expires before the payment date.'));
  });
});

function scheduled() {
  return {
    id: '7a1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e01',
    amountCents: 5_000,
    paymentDate: '2026-12-05',
    methodLabel: 'Visa 4242',
    paymentMethodId: VISA_ID,
    confirmationNumber: 'VB-200100',
    editable: true,
  };
}

describe('one-time payment: review and result (spec §4 combined flows)', () => {
  it('a double click on Pay makes one request with an Idempotency-Key; the receipt prints', async () => {
    let resolvePayment: (response: Response) => void = () => undefined;
    const { user, fetchMock } = await renderPayment(harborOptions(), {
      [`POST ${PAYMENTS_PATH}`]: () => new Promise<Response>((resolve) => (resolvePayment = resolve)),
    });
    await reachReview(user);
    const review = screen.getByRole('form', { name: 'Review your payment' });
    expect(review).toHaveTextContent('Amount$289.47');
    expect(review).toHaveTextContent('Payment methodVisa 4242');
    expect(review).toHaveTextContent('Payment dateNov 21, 2026 (today)');
    expect(review).toHaveTextContent('Receipt e-mailhannah@harbor.example');
    const pay = screen.getByRole('button', { name: 'Pay $289.47' });
    await user.dblClick(pay);
    await user.click(pay);
    expect(pay).toHaveAttribute('aria-disabled', 'true');
    expect(fetchMock.requestsTo(PAYMENTS_PATH, 'POST')).toHaveLength(1);
    const [request] = fetchMock.requestsTo(PAYMENTS_PATH, 'POST');
    expect(request?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(request?.body).toEqual({
      amountCents: 28_947,
      paymentDate: '2026-11-21',
      method: { paymentMethodId: VISA_ID },
    });
    const summaryCalls = fetchMock.requestsTo(BILLING_SUMMARY_PATH).length;
    resolvePayment(jsonResponse(paymentResponse()));

    const heading = await screen.findByRole('heading', { name: 'Payment successful' });
    expect(heading).toHaveFocus();
    const receiptList = screen.getByTestId('payment-receipt');
    expect(receiptList).toHaveTextContent('Confirmation numberVB-300200');
    expect(receiptList).toHaveTextContent('Amount$289.47');
    expect(receiptList).toHaveTextContent('Payment methodVisa 4242');
    expect(receiptList).toHaveTextContent('Payment dateNov 21, 2026');
    expect(receiptList).toHaveTextContent('StatusSuccessful');
    expect(screen.getByText('A receipt was sent to hannah@harbor.example.')).toBeInTheDocument();
    // The amount due and the lists refresh after a payment.
    await waitFor(() => expect(fetchMock.requestsTo(BILLING_SUMMARY_PATH).length).toBeGreaterThan(summaryCalls));
    await waitFor(() => expect(fetchMock.requestsTo(PAYMENT_OPTIONS_PATH).length).toBeGreaterThan(1));

    const print = vi.spyOn(browserPrint, 'print').mockImplementation(() => undefined);
    await user.click(screen.getByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back to Billing' })).toHaveAttribute('href', '/billing');
  });

  it('retries a payment whose outcome is unknown with the same key, and the next payment gets a new one', async () => {
    let calls = 0;
    const { user, fetchMock } = await renderPayment(harborOptions(), {
      [`POST ${PAYMENTS_PATH}`]: () => {
        calls += 1;
        return calls === 1 ? apiError('SERVICE_UNAVAILABLE', 503) : jsonResponse(paymentResponse());
      },
    });
    await reachReview(user);
    await user.click(screen.getByRole('button', { name: 'Pay $289.47' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'We Couldn’t Confirm Your Payment' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay $289.47' }));
    await screen.findByRole('heading', { name: 'Payment successful' });
    const keys = fetchMock.requestsTo(PAYMENTS_PATH, 'POST').map((request) => request.headers.get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);

    await user.click(screen.getByRole('button', { name: 'Make another payment' }));
    await screen.findByRole('heading', { name: 'Choose a payment amount' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Choose a payment method' });
    // A new payment checks the card's security code again.
    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Choose a payment date' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Pay $289.47' }));
    await waitFor(() => expect(fetchMock.requestsTo(PAYMENTS_PATH, 'POST')).toHaveLength(3));
    expect(fetchMock.requestsTo(PAYMENTS_PATH, 'POST')[2]?.headers.get('Idempotency-Key')).not.toBe(keys[0]);
  });

  it('says a future-dated payment is scheduled for its date, and its button says Schedule, not Pay', async () => {
    const { user } = await renderPayment(harborOptions(), {
      [`POST ${PAYMENTS_PATH}`]: () =>
        jsonResponse(paymentResponse({ payment: receipt({ status: 'scheduled', paymentDate: '2026-12-10' }) })),
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByRole('textbox', { name: 'Security Code' }), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const field = await screen.findByRole('textbox', { name: 'Payment date' });
    await user.clear(field);
    await user.type(field, '12/10/26');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Review your payment' });
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Schedule $289.47 for Dec 10, 2026' }));
    await screen.findByRole('heading', { name: 'Payment scheduled' });
    expect(screen.getByText('Your payment of $289.47 is scheduled for Dec 10, 2026.')).toBeInTheDocument();
    expect(screen.getByTestId('payment-receipt')).toHaveTextContent('StatusScheduled');
  });

  it.each([
    ['PAYMENT_METHOD_NOT_SAVED', /Your payment was made, but we couldn’t save Visa 1111 for future use/],
    [
      'PAYMENT_METHOD_DUPLICATE',
      /Your payment was made\. Visa 1111 is already in your saved payment methods, so it wasn’t saved a second time\./,
    ],
  ])('partial failure %s: the payment is made, and says why the method was not saved', async (saveError, text) => {
    const { user } = await renderPayment(harborOptions(), {
      [`POST ${PCI_TOKENIZE_PATH}`]: () => jsonResponse(vaultToken({ token: 'tok_new', lastFour: '1111' })),
      [`POST ${PAYMENTS_PATH}`]: () =>
        jsonResponse(
          paymentResponse({
            outcome: 'partial',
            payment: receipt({ methodLabel: 'Visa 1111' }),
            methodSaved: false,
            saveError,
          }),
        ),
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Add a card' }));
    await user.type(screen.getByRole('textbox', { name: 'Name on Card' }), 'Hannah Reyes');
    await user.type(screen.getByRole('textbox', { name: 'Card Number' }), '4111111111111111');
    await user.type(screen.getByRole('textbox', { name: 'Expiration Date' }), '0829');
    await user.type(screen.getByRole('textbox', { name: 'ZIP Code' }), '02110');
    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Pay $289.47' }));
    await screen.findByRole('heading', { name: 'Payment successful' });
    expect(screen.getByRole('heading', { name: 'Payment method not saved' })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('a declined payment whose new card was saved is a failure that says the card was saved', async () => {
    const { user } = await renderPayment(harborOptions(), {
      [`POST ${PCI_TOKENIZE_PATH}`]: () => jsonResponse(vaultToken({ token: 'tok_new', lastFour: '0002' })),
      [`POST ${PAYMENTS_PATH}`]: () =>
        jsonResponse(
          paymentResponse({
            outcome: 'partial',
            payment: receipt({ methodLabel: 'Visa 0002', status: 'failed', emailedTo: null }),
            paymentError: 'PAYMENT_DECLINED',
            methodSaved: true,
          }),
        ),
    });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Add a card' }));
    await user.type(screen.getByRole('textbox', { name: 'Name on Card' }), 'Hannah Reyes');
    await user.type(screen.getByRole('textbox', { name: 'Card Number' }), '4000000000000002');
    await user.type(screen.getByRole('textbox', { name: 'Expiration Date' }), '0829');
    await user.type(screen.getByRole('textbox', { name: 'ZIP Code' }), '02110');
    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Pay $289.47' }));
    const failure = await screen.findByTestId('payment-failure');
    expect(within(failure).getByRole('heading', { name: 'Unable to Process Payment' })).toHaveFocus();
    expect(failure).toHaveTextContent('No payment was made.');
    expect(failure).toHaveTextContent('Visa 0002 was saved for future payments.');
    expect(screen.queryByTestId('payment-receipt')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Payment received' })).not.toBeInTheDocument();
  });

  // issue 14 item 11: after declines in a row the server slows, then pauses, the account's payments (429)
  it.each([
    ['CARD_ATTEMPTS_SLOWED', /please wait a few minutes before you try again/],
    ['CARD_ATTEMPTS_PAUSED', /adding cards and paying are paused for 30 minutes/],
  ])('a payment refused with %s says why and when to try again', async (code, body) => {
    const { user } = await renderPayment(harborOptions(), {
      [`POST ${PAYMENTS_PATH}`]: () => apiError(code, 429),
    });
    await reachReview(user);
    await user.click(screen.getByRole('button', { name: 'Pay $289.47' }));
    const failure = await screen.findByTestId('payment-failure');
    expect(within(failure).getByRole('heading', { name: 'Too Many Declined Attempts' })).toHaveFocus();
    expect(failure).toHaveTextContent(body);
  });

  it.each([
    [
      'PAYMENT_DECLINED',
      'Unable to Process Payment',
      /try a different payment method, or contact your financial institution/i,
    ],
    ['SECURITY_CODE_MISMATCH', 'Unable to Complete Request', /security code didn’t match/],
    ['CARD_EXPIRED', 'Card Expired', /This card has expired/],
    ['BILL_PAY_UNAVAILABLE', 'Bill Pay Unavailable', /can’t take payments online right now/],
    ['PAYMENT_METHOD_UNAVAILABLE', 'Payment Method Unavailable', /pay at one of our stores/],
    ['CARD_NOT_VERIFIED', 'We Couldn’t Verify This Card', /Check the card details/],
  ])('full failure %s answered in the body shows "%s" and a way to try again', async (code, title, body) => {
    const { user } = await renderPayment(harborOptions(), {
      [`POST ${PAYMENTS_PATH}`]: () =>
        jsonResponse(paymentResponse({ outcome: 'failure', payment: null, paymentError: code })),
    });
    await reachReview(user);
    await user.click(screen.getByRole('button', { name: 'Pay $289.47' }));
    const failure = await screen.findByTestId('payment-failure');
    const heading = within(failure).getByRole('heading', { name: title });
    expect(heading).toHaveFocus();
    expect(failure).toHaveTextContent(body);
    if (code === 'BILL_PAY_UNAVAILABLE') {
      // The processor was down: the server's reconciler decides, so the page promises nothing.
      expect(failure).not.toHaveTextContent('No payment was made.');
    } else {
      expect(failure).toHaveTextContent('No payment was made.');
    }
    expect(within(failure).getByRole('link', { name: 'Back to Billing' })).toHaveAttribute('href', '/billing');
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { name: 'Choose a payment method' });
    await user.click(screen.getByRole('radio', { name: 'Checking 6789' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    // The amount is kept.
    expect(await screen.findByRole('button', { name: 'Pay $289.47' })).toBeInTheDocument();
  });

  it.each([
    ['BILL_PAY_UNAVAILABLE', 503, 'Bill Pay Unavailable'],
    ['PAYMENT_DECLINED', 422, 'Unable to Process Payment'],
    ['SCHEDULE_LIMIT_REACHED', 409, 'Unable to Schedule Payment'],
  ])('full failure %s answered as an error shows "%s"', async (code, status, title) => {
    const { user } = await renderPayment(harborOptions(), {
      [`POST ${PAYMENTS_PATH}`]: () => apiError(code, status),
    });
    await reachReview(user);
    await user.click(screen.getByRole('button', { name: 'Pay $289.47' }));
    const failure = await screen.findByTestId('payment-failure');
    expect(within(failure).getByRole('heading', { name: title })).toBeInTheDocument();
  });
});

describe('quick pay (spec §2.4 quick-pay confirm)', () => {
  it('pays the amount due today with the default method after one confirmation', async () => {
    const { user, fetchMock } = await renderPayment(harborOptions(), {
      [`POST ${PAYMENTS_PATH}`]: () => jsonResponse(paymentResponse()),
    });
    const button = screen.getByRole('button', { name: 'Pay $289.47 now with Visa 4242' });
    await user.click(button);
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm your payment' });
    expect(dialog).toHaveTextContent('Pay $289.47 today (Nov 21, 2026) with Visa 4242?');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
    expect(fetchMock.requestsTo(PAYMENTS_PATH, 'POST')).toHaveLength(0);

    await user.click(button);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Pay $289.47' }));
    await screen.findByRole('heading', { name: 'Payment successful' });
    const [request] = fetchMock.requestsTo(PAYMENTS_PATH, 'POST');
    expect(request?.body).toEqual({
      amountCents: 28_947,
      paymentDate: '2026-11-21',
      method: { paymentMethodId: VISA_ID },
    });
    expect(request?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('is not offered without an amount due or a usable saved method', async () => {
    await renderPayment(harborOptions({ methods: [expiredMastercard()] }));
    expect(screen.queryByRole('button', { name: /now with/ })).not.toBeInTheDocument();
  });
});

describe('one-time payment: loading the options', () => {
  it('shows "Payment Info Unavailable" with Try again when the options fail', async () => {
    let fail = true;
    const { user } = await renderApp({
      path: '/billing/pay-bill?open=otp',
      profile: testProfile('BILLING'),
      routes: {
        [`GET ${BILLING_SUMMARY_PATH}`]: () => jsonResponse(harborSummary()),
        [`GET ${PAYMENT_OPTIONS_PATH}`]: () => (fail ? apiError('INTERNAL', 500) : jsonResponse(harborOptions())),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Payment Info Unavailable' })).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Choose a payment amount' })).toBeInTheDocument();
  });

  it('shows the forbidden message without Try again on a 403', async () => {
    await renderApp({
      path: '/billing/pay-bill?open=otp',
      profile: testProfile('BILLING'),
      routes: {
        [`GET ${BILLING_SUMMARY_PATH}`]: () => jsonResponse(harborSummary()),
        [`GET ${PAYMENT_OPTIONS_PATH}`]: () => apiError('FORBIDDEN', 403),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your user role doesn’t include billing.');
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});

describe('one-time payment in Spanish', () => {
  it('reads and shows the payment date as DD/MM/AA, the format of the history filters (issue 14)', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    const { user } = await renderApp({
      path: '/billing/pay-bill?open=otp',
      profile: testProfile('BILLING'),
      routes: {
        [`GET ${BILLING_SUMMARY_PATH}`]: () => jsonResponse(harborSummary()),
        [`GET ${PAYMENT_OPTIONS_PATH}`]: () => jsonResponse(harborOptions()),
      },
    });
    await screen.findByRole('heading', { name: 'Elija el monto del pago' });
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(await screen.findByRole('radio', { name: 'Cuenta corriente 6789' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    const field = await screen.findByRole('textbox', { name: 'Fecha del pago' });
    expect(field).toHaveValue('21/11/26');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('DD/MM/AA, del 21 nov 2026 al 20 ene 2027.'));
    await user.clear(field);
    await user.type(field, '12/10/26');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    // 12/10/26 is October 12 in Spanish: before today, so outside the window
    expect(field).toHaveAccessibleDescription(expect.stringContaining('21 nov 2026'));
    await user.clear(field);
    await user.type(field, '10/12/26');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: 'Revise su pago' });
    expect(screen.getByRole('button', { name: /^Programar \$289\.47 para el 10 dic 2026$/ })).toBeInTheDocument();
  });

  it('shows the steps and the result page in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    const { user } = await renderApp({
      path: '/billing/pay-bill?open=otp',
      profile: testProfile('BILLING'),
      routes: {
        [`GET ${BILLING_SUMMARY_PATH}`]: () => jsonResponse(harborSummary()),
        [`GET ${PAYMENT_OPTIONS_PATH}`]: () => jsonResponse(harborOptions()),
        [`POST ${PCI_VERIFY_PATH}`]: () => jsonResponse({ verified: true }),
        [`POST ${PAYMENTS_PATH}`]: () =>
          jsonResponse(paymentResponse({ payment: receipt({ status: 'pending', methodLabel: 'Checking 6789' }) })),
      },
    });
    await screen.findByRole('heading', { name: 'Elija el monto del pago' });
    expect(screen.getByText('Paso 1 de 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(await screen.findByRole('radio', { name: 'Cuenta corriente 6789' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: 'Elija la fecha del pago' });
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByRole('heading', { name: 'Revise su pago' });
    await user.click(screen.getByRole('button', { name: 'Pagar $289.47' }));
    await screen.findByRole('heading', { name: 'Pago recibido' });
    const receiptList = screen.getByTestId('payment-receipt');
    expect(receiptList).toHaveTextContent('Número de confirmaciónVB-300200');
    expect(receiptList).toHaveTextContent('Método de pagoCuenta corriente 6789');
    expect(receiptList).toHaveTextContent('EstadoEn Proceso');
    expect(screen.getByText('Se envió un recibo a hannah@harbor.example.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir recibo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Facturación' })).toBeInTheDocument();
  });

  it('shows Completado and a failure title in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    let outcome: 'success' | 'failure' = 'failure';
    const { user } = await renderApp({
      path: '/billing/pay-bill?open=otp',
      profile: testProfile('BILLING'),
      routes: {
        [`GET ${BILLING_SUMMARY_PATH}`]: () => jsonResponse(harborSummary()),
        [`GET ${PAYMENT_OPTIONS_PATH}`]: () => jsonResponse(harborOptions()),
        [`POST ${PCI_VERIFY_PATH}`]: () => jsonResponse({ verified: true }),
        [`POST ${PAYMENTS_PATH}`]: () =>
          jsonResponse(
            outcome === 'failure'
              ? paymentResponse({ outcome: 'failure', payment: null, paymentError: 'PAYMENT_DECLINED' })
              : paymentResponse(),
          ),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Pagar $289.47 ahora con Visa 4242' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Pagar $289.47' }));
    expect(await screen.findByRole('heading', { name: 'No se puede procesar el pago' })).toBeInTheDocument();
    outcome = 'success';
    await user.click(screen.getByRole('button', { name: 'Intentar de nuevo' }));
    await screen.findByRole('heading', { name: 'Elija un método de pago' });
    await user.type(screen.getByRole('textbox', { name: 'Código de seguridad' }), '123');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    await user.click(await screen.findByRole('button', { name: 'Pagar $289.47' }));
    await screen.findByRole('heading', { name: 'Pago completado' });
    expect(screen.getByTestId('payment-receipt')).toHaveTextContent('EstadoCompletado');
  });
});
