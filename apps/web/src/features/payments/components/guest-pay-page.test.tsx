import { screen, waitFor, within } from '@testing-library/react';
import {
  CSRF_PATH,
  PCI_QUICK_PAY_TOKENIZE_PATH,
  QUICK_PAY_LOOKUP_PATH,
  QUICK_PAY_PAYMENTS_PATH,
  type QuickPayLookupResponse,
  type QuickPayPaymentResponse,
  type VaultToken,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { apiError, type FakeRequest, jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const QUICK_PAY_TOKEN = 'QpTokenAbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const HARBOR: QuickPayLookupResponse = {
  quickPayToken: QUICK_PAY_TOKEN,
  expiresAt: '2026-11-27T16:50:00.000Z',
  company: 'Ha*** Co*** Co***',
  amountDueCents: 28_947,
  dueDate: '2026-12-07',
  pastDueCents: 0,
  minCents: 100,
  maxCents: 2_500_000,
  restriction: 'none',
  today: '2026-11-27',
};
const VISA: VaultToken = {
  token: 'vt_guest_visa',
  type: 'card',
  lastFour: '4242',
  brand: 'visa',
  funding: 'credit',
  expMonth: 8,
  expYear: 2029,
  zip: '04101',
  nameOnCard: 'Pat Doe',
  bankAccountType: null,
  routingNumber: null,
};
const PAID: QuickPayPaymentResponse = {
  outcome: 'success',
  receipt: {
    confirmationNumber: 'VB2026112700042',
    amountCents: 28_947,
    methodLabel: 'Visa 4242',
    paymentDate: '2026-11-27',
    status: 'successful',
    entryDate: '2026-11-27T16:31:00.000Z',
    emailedTo: 'pat@bookkeepers.example',
  },
  paymentError: null,
};

function renderQuickPay(handlers: { lookup?: (r: FakeRequest) => Response; pay?: (r: FakeRequest) => Response } = {}) {
  return renderApp({
    path: '/wg/pay-bill',
    routes: {
      [`GET ${CSRF_PATH}`]: { csrfToken: 'visitor-token' },
      [`POST ${QUICK_PAY_LOOKUP_PATH}`]: handlers.lookup ?? (() => jsonResponse(HARBOR)),
      [`POST ${PCI_QUICK_PAY_TOKENIZE_PATH}`]: () => jsonResponse(VISA, 201),
      [`POST ${QUICK_PAY_PAYMENTS_PATH}`]: handlers.pay ?? (() => jsonResponse(PAID)),
    },
  });
}

type User = Awaited<ReturnType<typeof renderQuickPay>>['user'];

async function findBill(user: User) {
  await user.type(await screen.findByRole('textbox', { name: 'Account number' }), '8260 1700 8001 2345');
  await user.type(screen.getByRole('textbox', { name: 'Service address ZIP code' }), '04101');
  await user.click(screen.getByRole('button', { name: 'Find my bill' }));
}

async function payAmountDueByCard(user: User) {
  await findBill(user);
  await user.click(await screen.findByRole('button', { name: 'Continue' }));
  await user.type(await screen.findByRole('textbox', { name: 'Name on Card' }), 'Pat Doe');
  await user.type(screen.getByRole('textbox', { name: 'Card Number' }), '4242 4242 4242 4242');
  await user.type(screen.getByRole('textbox', { name: 'Expiration Date' }), '0829');
  await user.type(screen.getByRole('textbox', { name: 'ZIP Code' }), '04101');
  await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123');
  await user.type(screen.getByRole('textbox', { name: 'E-mail for your receipt' }), 'Pat@Bookkeepers.example');
  await user.click(screen.getByRole('button', { name: 'Pay $289.47' }));
}

describe('Quick Pay (/wg/pay-bill, issue 17 item 6)', () => {
  it('finds the bill by account number and ZIP, shows only the masked company and amounts, and pays it by card', async () => {
    const { user, fetchMock } = await renderQuickPay();
    expect(await screen.findByRole('heading', { level: 1, name: 'Quick Pay' })).toBeInTheDocument();
    await expectNoAxeViolations();
    await findBill(user);
    expect(await screen.findByRole('heading', { level: 2, name: 'Bill for Ha*** Co*** Co***' })).toBeInTheDocument();
    expect(screen.getByText('Amount due: $289.47, by Dec 7, 2026.')).toBeInTheDocument();
    expect(fetchMock.requestsTo(QUICK_PAY_LOOKUP_PATH)[0]?.body).toEqual({
      billingAccount: '8260170080012345',
      zip: '04101',
    });
    expect(screen.getByRole('radio', { name: /Amount due/ })).toBeChecked();
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // a guest has no wallet: a new card or bank account only
    expect(await screen.findByRole('radio', { name: 'Debit or credit card' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: /Visa 4242/ })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Name on Card' }), 'Pat Doe');
    await user.type(screen.getByRole('textbox', { name: 'Card Number' }), '4242 4242 4242 4242');
    await user.type(screen.getByRole('textbox', { name: 'Expiration Date' }), '0829');
    await user.type(screen.getByRole('textbox', { name: 'ZIP Code' }), '04101');
    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123');
    await user.type(screen.getByRole('textbox', { name: 'E-mail for your receipt' }), 'Pat@Bookkeepers.example');
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Pay $289.47' }));

    const title = await screen.findByRole('heading', { name: 'Payment successful' });
    await waitFor(() => expect(title).toHaveFocus());
    const receipt = screen.getByTestId('payment-receipt');
    expect(within(receipt).getByText('VB2026112700042')).toBeInTheDocument();
    expect(within(receipt).getByText('Visa 4242')).toBeInTheDocument();
    expect(screen.getByText('A receipt was sent to pat@bookkeepers.example.')).toBeInTheDocument();
    // the card went to the vault's guest door with the Quick Pay token; the payment carries the vault token only
    expect(fetchMock.requestsTo(PCI_QUICK_PAY_TOKENIZE_PATH)[0]?.body).toMatchObject({
      type: 'card',
      cardNumber: '4242424242424242',
      quickPayToken: QUICK_PAY_TOKEN,
    });
    const [payment] = fetchMock.requestsTo(QUICK_PAY_PAYMENTS_PATH);
    expect(payment?.body).toEqual({
      quickPayToken: QUICK_PAY_TOKEN,
      amountCents: 28_947,
      methodToken: 'vt_guest_visa',
      email: 'pat@bookkeepers.example',
      language: 'en',
    });
    expect(payment?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    await expectNoAxeViolations();
  });

  it('gives one answer for wrong details, and says when the address looked up too many bills', async () => {
    let answer = apiError('QUICK_PAY_NOT_FOUND', 404);
    const { user } = await renderQuickPay({ lookup: () => answer.clone() });
    await findBill(user);
    expect(await screen.findByRole('heading', { name: 'Those details don’t match a bill' })).toBeInTheDocument();
    answer = apiError('RATE_LIMITED', 429);
    await user.click(screen.getByRole('button', { name: 'Find my bill' }));
    expect(await screen.findByRole('heading', { name: 'Please wait a few minutes' })).toBeInTheDocument();
  });

  it('sends the same payment again under the same key when the answer was lost, without a second tokenization', async () => {
    let lost = true;
    const { user, fetchMock } = await renderQuickPay({
      pay: () => (lost ? apiError('SERVICE_UNAVAILABLE', 503) : jsonResponse(PAID)),
    });
    await payAmountDueByCard(user);
    expect(await screen.findByRole('heading', { name: 'We couldn’t confirm your payment' })).toBeInTheDocument();
    lost = false;
    await user.click(screen.getByRole('button', { name: 'Pay $289.47' }));
    expect(await screen.findByRole('heading', { name: 'Payment successful' })).toBeInTheDocument();
    const payments = fetchMock.requestsTo(QUICK_PAY_PAYMENTS_PATH);
    expect(payments).toHaveLength(2);
    expect(payments[1]?.headers.get('Idempotency-Key')).toBe(payments[0]?.headers.get('Idempotency-Key'));
    expect(fetchMock.requestsTo(PCI_QUICK_PAY_TOKENIZE_PATH)).toHaveLength(1);
  });

  it('shows a decline with its reason and lets the guest try again', async () => {
    const { user } = await renderQuickPay({
      pay: () => jsonResponse({ outcome: 'failure', receipt: null, paymentError: 'PAYMENT_DECLINED' }),
    });
    await payAmountDueByCard(user);
    expect(await screen.findByTestId('payment-failure')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Card Number' })).toBeInTheDocument();
  });

  it('goes back to the lookup when the Quick Pay session ran out', async () => {
    const { user } = await renderQuickPay({ pay: () => apiError('QUICK_PAY_SESSION_EXPIRED', 410) });
    await payAmountDueByCard(user);
    expect(await screen.findByText(/Quick Pay forgets your bill after 20 minutes/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Account number' })).toHaveValue('');
  });

  it('says nothing is due, not a negative amount, when the account has a credit', async () => {
    const { user } = await renderQuickPay({ lookup: () => jsonResponse({ ...HARBOR, amountDueCents: -3_734 }) });
    await findBill(user);
    expect(
      await screen.findByText('Nothing is due: the account has a credit of $37.34. You can still pay ahead.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Amount due/ })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Other amount' })).toBeChecked();
  });

  it('reads in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    const { user } = await renderQuickPay();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pago rápido' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Número de cuenta' }), '8260170080012345');
    await user.type(screen.getByRole('textbox', { name: 'Código postal de la dirección de servicio' }), '04101');
    await user.click(screen.getByRole('button', { name: 'Buscar mi factura' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Factura de Ha*** Co*** Co***' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});
