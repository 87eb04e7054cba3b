import { screen, waitFor, within } from '@testing-library/react';
import { PAYMENT_METHODS_PATH, PCI_TOKENIZE_PATH, type VaultToken, type Wallet } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { apiError, type FakeApiOptions, jsonResponse, noContent, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import {
  CHECKING_ID,
  harborWallet,
  SOON_ID,
  VISA_ID,
  vaultToken,
  walletChecking,
  walletExpired,
  walletSoon,
  walletVisa,
} from '../../../test/wallet';
import { paymentMethodPath } from '../api/update-payment-method';

type Routes = NonNullable<FakeApiOptions['routes']>;

/** The vault's token for the Visa 1111 these tests add. */
const newVisaToken = (overrides: Partial<VaultToken> = {}) =>
  vaultToken({ token: 'tok_new_1111', lastFour: '1111', ...overrides });

async function renderWallet(wallet: Wallet | (() => Response) = harborWallet(), routes: Routes = {}) {
  const rendered = await renderApp({
    path: '/billing/bill-pay-options',
    profile: testProfile('BILLING'),
    routes: {
      [`GET ${PAYMENT_METHODS_PATH}`]: typeof wallet === 'function' ? wallet : () => jsonResponse(wallet),
      ...routes,
    },
  });
  await screen.findByRole('heading', { level: 1, name: 'Bill Pay Options' });
  return rendered;
}

/** The wallet page in a language (the heading differs). */
async function renderWalletIn(locale: string, routes: Routes) {
  const rendered = await renderApp({
    path: '/billing/bill-pay-options',
    profile: testProfile('BILLING'),
    routes: { [`GET ${PAYMENT_METHODS_PATH}`]: () => jsonResponse(harborWallet()), ...routes },
  });
  await screen.findByRole('heading', {
    level: 1,
    name: locale === 'es' ? 'Opciones de pago de factura' : 'Bill Pay Options',
  });
  return rendered;
}

type User = Awaited<ReturnType<typeof renderWallet>>['user'];

async function fillCard(user: User, number = '4111 1111 1111 1111') {
  await user.type(await screen.findByRole('textbox', { name: 'Name on Card' }), 'Hannah Reyes');
  await user.type(screen.getByRole('textbox', { name: 'Card Number' }), number);
  await user.type(screen.getByRole('textbox', { name: 'Expiration Date' }), '0829');
  await user.type(screen.getByRole('textbox', { name: 'ZIP Code' }), '02110');
  await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123');
}

async function item(name: string): Promise<HTMLElement> {
  const heading = await screen.findByRole('heading', { level: 3, name });
  const li = heading.closest('li');
  if (!li) throw new Error(`no item for ${name}`);
  return li;
}

describe('wallet list (spec §2.4 saved payment methods)', () => {
  it('lists each method with its brand, last four, expiry and status badges', async () => {
    await renderWallet(
      harborWallet({
        methods: [
          walletVisa({ autoPayScopes: ['core'] }),
          walletExpired(),
          walletSoon(),
          walletChecking({ allowed: false }),
        ],
        restriction: 'bank',
      }),
    );
    expect(await screen.findByTestId('wallet-count')).toHaveTextContent('4 saved payment methods (up to 10)');
    const visa = await item('Visa 4242');
    expect(within(visa).getByRole('list', { name: 'Status of Visa 4242' })).toHaveTextContent('Used for Auto Pay');
    expect(visa).toHaveTextContent('Credit card');
    expect(visa).toHaveTextContent('4242');
    expect(visa).toHaveTextContent('08/29');
    expect(visa).toHaveTextContent('Hannah Reyes');
    const expired = await item('Mastercard 4444');
    expect(within(expired.querySelector('ul') as HTMLElement).getByText('Expired')).toBeVisible();
    expect(await item('Discover 1117')).toHaveTextContent('Expiring soon');
    const checking = await item('Checking 6789');
    expect(checking).toHaveTextContent('Unavailable');
    expect(checking).toHaveTextContent('Checking account');
    expect(within(checking).queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(within(visa).getByRole('button', { name: 'Edit' })).toHaveAccessibleDescription('Visa 4242');
    expect(screen.getByText(/Bank account payments aren’t accepted for this account/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a bank account' })).not.toBeInTheDocument();
  });

  it('shows "Payment Methods Unavailable" when the wallet cannot load, and Try again loads it', async () => {
    let fail = true;
    const { user } = await renderWallet(() => (fail ? apiError('INTERNAL', 500) : jsonResponse(harborWallet())));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Payment Methods Unavailable' })).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Visa 4242' })).toBeInTheDocument();
  });

  it('shows the page in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderApp({
      path: '/billing/bill-pay-options',
      profile: testProfile('BILLING'),
      routes: { [`GET ${PAYMENT_METHODS_PATH}`]: harborWallet({ methods: [walletVisa({ autoPayScopes: ['core'] })] }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Opciones de pago de factura' })).toBeInTheDocument();
    expect(await screen.findByText('Se usa para el Pago automático')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agregar una tarjeta' })).toBeInTheDocument();
  });
});

describe('adding a payment method', () => {
  it('sends the card to the vault only, saves the token and lists the new card', async () => {
    let methods = [walletVisa()];
    const { user, fetchMock } = await renderWallet(() => jsonResponse(harborWallet({ methods })), {
      [`POST ${PCI_TOKENIZE_PATH}`]: () => jsonResponse(newVisaToken()),
      [`POST ${PAYMENT_METHODS_PATH}`]: () => {
        methods = [...methods, walletVisa({ id: CHECKING_ID, label: 'Visa 1111', lastFour: '1111', isDefault: false })];
        return jsonResponse(methods.at(-1), 201);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Add a card' }));
    // the form's code arrives with the click at the latest (fetched in the background once the list is shown)
    expect(await screen.findByRole('heading', { level: 2, name: 'Add a card' })).toHaveFocus();
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(await screen.findByText('Visa 1111 was added to your payment methods.')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 3, name: 'Visa 1111' })).toBeInTheDocument();
    const [save] = fetchMock.requestsTo(PAYMENT_METHODS_PATH, 'POST');
    expect(save?.body).toEqual({ token: 'tok_new_1111' });
    expect(save?.headers.get('Idempotency-Key')).toBeTruthy();
    expect(fetchMock.requestsTo(PCI_TOKENIZE_PATH, 'POST')[0]?.body).toMatchObject({ cardNumber: '4111111111111111' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a card' })).toHaveFocus());
  });

  it('says a prepaid card cannot be saved, without saving it', async () => {
    const { user, fetchMock } = await renderWallet(harborWallet(), {
      [`POST ${PCI_TOKENIZE_PATH}`]: () => jsonResponse(newVisaToken({ funding: 'prepaid', token: 'tok_prepaid' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Add a card' }));
    await fillCard(user, '4000056655665556');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to Add Payment Method' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Prepaid and gift cards can’t be saved or used for Auto Pay.');
    expect(fetchMock.requestsTo(PAYMENT_METHODS_PATH, 'POST')).toHaveLength(0);
  });

  it.each([
    ['WALLET_FULL', 409, 'Unable to Add Payment Method', 'You can save up to 10 payment methods.'],
    ['PREPAID_NOT_SAVED', 422, 'Unable to Add Payment Method', 'Prepaid and gift cards can’t be saved'],
    ['PAYMENT_METHOD_UNAVAILABLE', 422, 'Payment Method Unavailable', 'This account can’t use this type'],
    ['CONFLICT', 409, 'Unable to Add Payment Method', 'We couldn’t add this payment method right now.'],
  ])('shows %s from the wallet as its message', async (code, status, title, body) => {
    const { user } = await renderWallet(harborWallet(), {
      [`POST ${PCI_TOKENIZE_PATH}`]: () => jsonResponse(newVisaToken()),
      [`POST ${PAYMENT_METHODS_PATH}`]: () => apiError(code, status),
    });
    await user.click(await screen.findByRole('button', { name: 'Add a card' }));
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: title })).toBeInTheDocument();
    expect(alert).toHaveTextContent(body);
  });

  // issue 14 item 11: declines in a row slow, then pause, the account's card attempts (the vault answers 429)
  it.each([
    ['CARD_ATTEMPTS_SLOWED', 'please wait a few minutes before you try again'],
    ['CARD_ATTEMPTS_PAUSED', 'adding cards and paying are paused for 30 minutes'],
  ])('shows %s from the card vault as its message', async (code, body) => {
    const { user, fetchMock } = await renderWallet(harborWallet(), {
      [`POST ${PCI_TOKENIZE_PATH}`]: () => apiError(code, 429),
    });
    await user.click(await screen.findByRole('button', { name: 'Add a card' }));
    await fillCard(user);
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Too Many Declined Attempts' })).toBeInTheDocument();
    expect(alert).toHaveTextContent(body);
    expect(fetchMock.requestsTo(PAYMENT_METHODS_PATH, 'POST')).toHaveLength(0);
  });

  it.each([
    ['en', 'Unable to Add Payment Method', 'Checking 6789 is already in your saved payment methods.'],
    ['es', 'No se puede agregar el método de pago', 'Cuenta corriente 6789 ya está en sus métodos de pago guardados.'],
  ])('refuses a second Checking 6789 naming the saved one (issue 14), in %s', async (locale, title, body) => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    const duplicate = {
      error: {
        code: 'PAYMENT_METHOD_DUPLICATE',
        message: 'test',
        details: { methodId: '5e1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e02', method: 'Checking 6789' },
      },
    };
    const { user } = await renderWalletIn(locale, {
      [`POST ${PCI_TOKENIZE_PATH}`]: () =>
        jsonResponse(
          newVisaToken({
            token: 'tok_bank',
            type: 'bank',
            lastFour: '6789',
            brand: null,
            funding: null,
            expMonth: null,
            expYear: null,
            nameOnCard: null,
            bankAccountType: 'checking',
            routingNumber: '110000000',
          }),
        ),
      [`POST ${PAYMENT_METHODS_PATH}`]: () => jsonResponse(duplicate, 409),
    });
    await user.click(
      await screen.findByRole('button', {
        name: locale === 'es' ? 'Agregar una cuenta bancaria' : 'Add a bank account',
      }),
    );
    await user.type(
      screen.getByRole('textbox', { name: locale === 'es' ? 'Nombre en la cuenta' : 'Name on Account' }),
      'Harbor',
    );
    await user.type(
      screen.getByRole('textbox', { name: locale === 'es' ? 'Número de ruta bancaria' : 'Routing Number' }),
      '110000000',
    );
    await user.type(
      screen.getByRole('textbox', { name: locale === 'es' ? 'Número de cuenta' : 'Account Number' }),
      '000123456789',
    );
    await user.click(
      screen.getByRole('button', { name: locale === 'es' ? 'Guardar cuenta bancaria' : 'Save bank account' }),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: title })).toBeInTheDocument();
    expect(alert).toHaveTextContent(body);
  });

  it('adds a bank account', async () => {
    const { user, fetchMock } = await renderWallet(harborWallet({ methods: [] }), {
      [`POST ${PCI_TOKENIZE_PATH}`]: () =>
        jsonResponse(
          newVisaToken({
            token: 'tok_bank',
            type: 'bank',
            lastFour: '4321',
            brand: null,
            funding: null,
            expMonth: null,
            expYear: null,
            nameOnCard: null,
            bankAccountType: 'savings',
            routingNumber: '011000015',
          }),
        ),
      [`POST ${PAYMENT_METHODS_PATH}`]: () => noContent(),
    });
    expect(await screen.findByTestId('wallet-count')).toHaveTextContent('No saved payment methods');
    await user.click(await screen.findByRole('button', { name: 'Add a bank account' }));
    await user.type(screen.getByRole('textbox', { name: 'Name on Account' }), 'Harbor Coffee Co.');
    await user.click(screen.getByRole('radio', { name: 'Savings' }));
    await user.type(screen.getByRole('textbox', { name: 'Routing Number' }), '011000015');
    await user.type(screen.getByRole('textbox', { name: 'Account Number' }), '987654321');
    await user.click(screen.getByRole('button', { name: 'Save bank account' }));
    expect(await screen.findByText('Savings 4321 was added to your payment methods.')).toBeInTheDocument();
    expect(fetchMock.requestsTo(PAYMENT_METHODS_PATH, 'POST')[0]?.body).toEqual({ token: 'tok_bank' });
  });

  it('says the wallet is full and keeps the add buttons from opening', async () => {
    const methods = Array.from({ length: 10 }, (_, index) =>
      walletVisa({
        id: `5e1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4f${String(index).padStart(2, '0')}`,
        label: `Visa ${1000 + index}`,
        lastFour: String(1000 + index),
      }),
    );
    const { user } = await renderWallet(harborWallet({ methods }));
    const add = await screen.findByRole('button', { name: 'Add a card' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription(expect.stringContaining('You can save up to 10 payment methods.'));
    await user.click(add);
    expect(screen.queryByRole('textbox', { name: 'Card Number' })).not.toBeInTheDocument();
  });
});

describe('editing a card (spec §3, §5)', () => {
  it('requires a changed expiration date, then sends the new name, expiry and ZIP', async () => {
    const { user, fetchMock } = await renderWallet(harborWallet(), {
      [`PATCH ${paymentMethodPath(VISA_ID)}`]: () => noContent(),
    });
    await user.click(within(await item('Visa 4242')).getByRole('button', { name: 'Edit' }));
    const expiry = screen.getByRole('textbox', { name: 'Expiration Date' });
    expect(expiry).toHaveValue('0829');
    expect(screen.getByRole('textbox', { name: 'Name on Card' })).toHaveValue('Hannah Reyes');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(expiry).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid expiration date.'));
    expect(expiry).toHaveFocus();
    expect(fetchMock.requestsTo(paymentMethodPath(VISA_ID), 'PATCH')).toHaveLength(0);

    await user.clear(expiry);
    await user.type(expiry, '1031');
    await user.clear(screen.getByRole('textbox', { name: 'ZIP Code' }));
    await user.type(screen.getByRole('textbox', { name: 'ZIP Code' }), '02111');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Visa 4242 was updated.')).toBeInTheDocument();
    const [patch] = fetchMock.requestsTo(paymentMethodPath(VISA_ID), 'PATCH');
    expect(patch?.body).toEqual({ nameOnCard: 'Hannah Reyes', expiry: '1031', zip: '02111' });
    expect(patch?.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('refuses a name with a tab pasted into it, in its own words, without calling the wallet', async () => {
    const { user, fetchMock } = await renderWallet(harborWallet(), {
      [`PATCH ${paymentMethodPath(VISA_ID)}`]: () => noContent(),
    });
    await user.click(within(await item('Visa 4242')).getByRole('button', { name: 'Edit' }));
    const name = screen.getByRole('textbox', { name: 'Name on Card' });
    await user.clear(name);
    await user.click(name);
    await user.paste('Hannah\tReyes');
    await user.clear(screen.getByRole('textbox', { name: 'Expiration Date' }));
    await user.type(screen.getByRole('textbox', { name: 'Expiration Date' }), '1031');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining('Please enter the name on one line, without tabs or line breaks.'),
    );
    expect(name).toHaveFocus();
    expect(fetchMock.requestsTo(paymentMethodPath(VISA_ID), 'PATCH')).toHaveLength(0);
  });

  it('refuses a card number typed as the name, in its own words, without calling the wallet (issue 14 item 6)', async () => {
    const { user, fetchMock } = await renderWallet(harborWallet(), {
      [`PATCH ${paymentMethodPath(VISA_ID)}`]: () => noContent(),
    });
    await user.click(within(await item('Visa 4242')).getByRole('button', { name: 'Edit' }));
    const name = screen.getByRole('textbox', { name: 'Name on Card' });
    await user.clear(name);
    await user.type(name, '6011-1111-1111-1117');
    await user.clear(screen.getByRole('textbox', { name: 'Expiration Date' }));
    await user.type(screen.getByRole('textbox', { name: 'Expiration Date' }), '1031');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining('For your security, don’t enter a card number here.'),
    );
    expect(name).toHaveFocus();
    expect(fetchMock.requestsTo(paymentMethodPath(VISA_ID), 'PATCH')).toHaveLength(0);
  });

  it('shows the server’s field message for an unchanged expiry', async () => {
    const { user } = await renderWallet(harborWallet({ methods: [walletSoon()] }), {
      [`PATCH ${paymentMethodPath(SOON_ID)}`]: () =>
        jsonResponse(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'test',
              fields: [{ path: 'body.expiry', code: 'payments.card.expiry.unchanged' }],
            },
          },
          400,
        ),
    });
    await user.click(within(await item('Discover 1117')).getByRole('button', { name: 'Edit' }));
    const expiry = screen.getByRole('textbox', { name: 'Expiration Date' });
    await user.clear(expiry);
    await user.type(expiry, '0130');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(expiry).toHaveAccessibleDescription(expect.stringContaining('Please enter a valid expiration date.')),
    );
  });
});

describe('page-level messages of the card edit (issue 14: above the fields)', () => {
  /** `first` comes before `second` in the page. */
  const precedes = (first: Node, second: Node) =>
    Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

  it('shows the error summary and a failure above the fields, not below their errors', async () => {
    const { user } = await renderWallet(harborWallet(), {
      [`PATCH ${paymentMethodPath(VISA_ID)}`]: () => apiError('SERVICE_UNAVAILABLE', 503),
    });
    await user.click(within(await item('Visa 4242')).getByRole('button', { name: 'Edit' }));
    const name = screen.getByRole('textbox', { name: 'Name on Card' });
    await user.clear(screen.getByRole('textbox', { name: 'ZIP Code' }));
    await user.type(screen.getByRole('textbox', { name: 'ZIP Code' }), '123');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const summary = await screen.findByText('Please correct the following errors.');
    expect(precedes(summary, name)).toBe(true);

    await user.clear(screen.getByRole('textbox', { name: 'ZIP Code' }));
    await user.type(screen.getByRole('textbox', { name: 'ZIP Code' }), '04101');
    await user.clear(screen.getByRole('textbox', { name: 'Expiration Date' }));
    await user.type(screen.getByRole('textbox', { name: 'Expiration Date' }), '1031');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const failure = await screen.findByRole('heading', { name: 'Unable to Update Payment Method' });
    expect(precedes(failure, name)).toBe(true);
  });
});

describe('deleting a method (spec §5, §8)', () => {
  it('deletes after a confirmation', async () => {
    let methods = [walletVisa(), walletChecking()];
    const { user, fetchMock } = await renderWallet(() => jsonResponse(harborWallet({ methods })), {
      [`DELETE ${paymentMethodPath(CHECKING_ID)}`]: () => {
        methods = [walletVisa()];
        return noContent();
      },
    });
    await user.click(within(await item('Checking 6789')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Checking 6789?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Checking 6789 was deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Checking 6789' })).not.toBeInTheDocument());
    // focus does not go down with the deleted item: it lands on the count, which stays
    await waitFor(() => expect(screen.getByTestId('wallet-count')).toHaveFocus());
    expect(
      fetchMock.requestsTo(paymentMethodPath(CHECKING_ID), 'DELETE')[0]?.headers.get('Idempotency-Key'),
    ).toBeTruthy();
  });

  it('shows the roadblock for the current Auto Pay method, with the way to change it', async () => {
    const { user, fetchMock } = await renderWallet(
      harborWallet({ methods: [walletVisa({ autoPayScopes: ['core'] })] }),
    );
    await user.click(within(await item('Visa 4242')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unable to Delete Payment Method' });
    expect(dialog).toHaveTextContent('Visa 4242 is your current Auto Pay payment method, so it can’t be deleted.');
    expect(within(dialog).getByRole('link', { name: 'Change Auto Pay method' })).toHaveAttribute(
      'href',
      '/billing/pay-bill?open=ap',
    );
    expect(fetchMock.requestsTo(paymentMethodPath(VISA_ID), 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('shows the roadblock when the server answers AUTOPAY_METHOD_NOT_DELETABLE', async () => {
    const { user } = await renderWallet(harborWallet(), {
      [`DELETE ${paymentMethodPath(VISA_ID)}`]: () => apiError('AUTOPAY_METHOD_NOT_DELETABLE', 409),
    });
    await user.click(within(await item('Visa 4242')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete Visa 4242?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByRole('alertdialog', { name: 'Unable to Delete Payment Method' })).toBeInTheDocument();
  });

  // issue 14: a scheduled payment charged a card deleted from the wallet
  const SCHEDULED_ON_VISA = {
    id: '9c1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e09',
    paymentDate: '2026-12-01',
    amountCents: 23_947,
    status: 'scheduled',
  } as const;

  it('shows the roadblock for a method a scheduled payment will charge, listing its date and amount', async () => {
    const { user, fetchMock } = await renderWallet(
      harborWallet({ methods: [walletVisa({ upcomingPayments: [SCHEDULED_ON_VISA] }), walletChecking()] }),
    );
    await user.click(within(await item('Visa 4242')).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unable to Delete Payment Method' });
    expect(dialog).toHaveTextContent('A payment still to come uses Visa 4242, so it can’t be deleted.');
    expect(within(dialog).getByTestId('roadblock-payments')).toHaveTextContent('$239.47 scheduled for Dec 1, 2026');
    expect(within(dialog).getByRole('link', { name: 'View scheduled payments' })).toHaveAttribute(
      'href',
      '/billing/pay-bill?open=fdp',
    );
    expect(within(dialog).queryByRole('link', { name: 'Change Auto Pay method' })).not.toBeInTheDocument();
    expect(fetchMock.requestsTo(paymentMethodPath(VISA_ID), 'DELETE')).toHaveLength(0);
  });

  it('lists Auto Pay and the payments to come together, in Spanish too', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    const { user } = await renderApp({
      path: '/billing/bill-pay-options',
      profile: testProfile('BILLING'),
      routes: {
        [`GET ${PAYMENT_METHODS_PATH}`]: harborWallet({
          methods: [
            walletVisa({
              autoPayScopes: ['core'],
              upcomingPayments: [
                SCHEDULED_ON_VISA,
                { ...SCHEDULED_ON_VISA, id: '9c1c2d3e-4a5b-4c6d-8e7f-0a1b2c3d4e0a', status: 'processing' },
              ],
            }),
          ],
        }),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Opciones de pago de factura' });
    await user.click(within(await item('Visa 4242')).getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Visa 4242 es su método de pago actual del Pago automático');
    expect(dialog).toHaveTextContent('Hay pagos pendientes de realizarse que usan Visa 4242');
    const items = within(within(dialog).getByTestId('roadblock-payments')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '$239.47 programado para el 1 dic 2026',
      '$239.47 del 1 dic 2026, en proceso ahora',
    ]);
    expect(within(dialog).getByRole('link', { name: 'Cambiar método de Pago automático' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Ver pagos programados' })).toBeInTheDocument();
  });

  it('shows the roadblock with the uses when the server answers PAYMENT_METHOD_IN_USE', async () => {
    let deleted = false;
    const { user } = await renderWallet(
      () =>
        jsonResponse(
          harborWallet({
            methods: [walletVisa({ upcomingPayments: deleted ? [SCHEDULED_ON_VISA] : [] }), walletChecking()],
          }),
        ),
      {
        [`DELETE ${paymentMethodPath(VISA_ID)}`]: () => {
          deleted = true;
          return apiError('PAYMENT_METHOD_IN_USE', 409);
        },
      },
    );
    await user.click(within(await item('Visa 4242')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Delete Visa 4242?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    const dialog = await screen.findByRole('alertdialog', { name: 'Unable to Delete Payment Method' });
    await waitFor(() =>
      expect(within(dialog).getByTestId('roadblock-payments')).toHaveTextContent('$239.47 scheduled for Dec 1, 2026'),
    );
  });

  it('shows "Unable to Delete Payment Method" in place for any other failure', async () => {
    const { user } = await renderWallet(harborWallet(), {
      [`DELETE ${paymentMethodPath(CHECKING_ID)}`]: () => apiError('CONFLICT', 409),
    });
    await user.click(within(await item('Checking 6789')).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to Delete Payment Method' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('We couldn’t delete this payment method right now.');
  });
});
