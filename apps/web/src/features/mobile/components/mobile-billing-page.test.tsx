import { screen, waitFor, within } from '@testing-library/react';
import {
  ACCOUNTS_PATH,
  BILLING_SUMMARY_PATH,
  isNonPayInterruption,
  MOBILE_BILLING_PATH,
  MOBILE_DEVICES_PATH,
  MOBILE_ORDERS_PATH,
  MOBILE_PAYMENTS_PATH,
  MOBILE_TRANSACTIONS_PATH,
  type MobileLineState,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { HARBOR_ACCOUNT } from '../../../test/accounts';
import { harborSummary } from '../../../test/billing';
import { apiError, type FakeApiOptions, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import {
  MASTERCARD_ID,
  mobilePaymentResponse,
  mobileRoutes,
  ORDER_ID,
  PRO_ID,
  riverbendBilling,
  SE_ID,
} from '../testing/mobile-fixtures';

function renderMobileHome(routes: NonNullable<FakeApiOptions['routes']> = {}) {
  return renderApp({ path: '/billing/mobile', profile: testProfile('BILLING'), routes: mobileRoutes(routes) });
}

function cellsOf(row: HTMLElement): (string | null | undefined)[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.lastChild?.textContent);
}

describe('mobile billing home (spec §2.4, issue 7)', () => {
  it('shows the mobile balance, its due date, the next bill estimate and mobile Auto Pay', async () => {
    await renderMobileHome();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mobile Billing' })).toBeInTheDocument();
    expect(await screen.findByTestId('mobile-balance')).toHaveTextContent('$350.72');
    expect(screen.getByTestId('mobile-due-date')).toHaveTextContent('Due Nov 26, 2026');
    expect(screen.getByTestId('mobile-next-bill')).toHaveTextContent('$225.75');
    expect(screen.getByText('Mobile plans and device instalments, before taxes.')).toBeInTheDocument();
    expect(screen.getByTestId('mobile-auto-pay-status')).toHaveTextContent(
      'Status: On · Mastercard 4444 · debits on the 20th of each month',
    );
    expect(screen.queryByTestId('mobile-delinquency')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Make a payment' })).toHaveAttribute('href', '/billing/mobile/pay');
    expect(screen.getByRole('link', { name: 'Transactions' })).toHaveAttribute('href', '/billing/mobile/transactions');
    expect(screen.getByRole('link', { name: 'Streaming subscriptions' })).toHaveAttribute('href', '/billing/streaming');
  });

  it('lists the 4 lines with their formatted numbers, plans and statuses', async () => {
    await renderMobileHome({
      [`GET ${MOBILE_BILLING_PATH}`]: () =>
        jsonResponse(
          riverbendBilling({
            lines: riverbendBilling().lines.map((line, index) =>
              index === 3 ? { ...line, status: 'hotlined' } : line,
            ),
          }),
        ),
    });
    const table = await screen.findByRole('table', { name: '4 lines on this account' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => cellsOf(row))).toEqual([
      ['Owner', '(407) 555-0141', 'Business Mobile Unlimited', 'Active'],
      ['Service desk', '(407) 555-0142', 'Business Mobile Unlimited', 'Active'],
      ['Tow truck', '(407) 555-0143', 'Business Mobile Unlimited', 'Active'],
      ['Parts runner', '(407) 555-0144', 'Business Mobile Unlimited', 'Hotlined'],
    ]);
  });

  it('shows both devices with their instalment, remaining balance, payments left and payoff, and links to pay them', async () => {
    await renderMobileHome();
    const pro = await screen.findByRole('article', { name: 'Vireo Phone Pro 256 GB' });
    expect(pro).toHaveTextContent('Owner line · (407) 555-0141');
    const figures = (article: HTMLElement) =>
      Object.fromEntries(
        within(article)
          .getAllByRole('term')
          .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
      );
    expect(figures(pro)).toEqual({
      'Monthly instalment': '$31.25',
      'Remaining balance': '$843.75',
      'Payments left': '27',
      'Payoff amount': '$843.75',
    });
    const se = screen.getByRole('article', { name: 'Vireo Phone SE' });
    expect(figures(se)).toEqual({
      'Monthly instalment': '$14.50',
      'Remaining balance': '$275.50',
      'Payments left': '19',
      'Payoff amount': '$275.50',
    });
    expect(within(se).getByRole('link', { name: 'Pay off device: Vireo Phone SE' })).toHaveAttribute(
      'href',
      `/billing/mobile/pay?device=${SE_ID}&kind=payoff`,
    );
    expect(within(pro).getByRole('link', { name: 'Make an extra payment: Vireo Phone Pro 256 GB' })).toHaveAttribute(
      'href',
      `/billing/mobile/pay?device=${PRO_ID}&kind=extra`,
    );
  });

  it('lists the orders, each linking to its details', async () => {
    await renderMobileHome();
    const table = await screen.findByRole('table', { name: 'Mobile orders, newest first' });
    const [first] = within(table).getAllByRole('row').slice(1);
    expect(cellsOf(first as HTMLElement)).toEqual(['MO-240903', 'Jun 1, 2026', 'Delivered', '$68.48']);
    expect(within(table).getByRole('link', { name: 'MO-240903' })).toHaveAttribute(
      'href',
      `/billing/mobile/orders/${ORDER_ID}`,
    );
  });

  it('says the lines are on the account’s Auto Pay when the core enrolment pays them (issue 14: one truth)', async () => {
    await renderMobileHome({
      [`GET ${MOBILE_BILLING_PATH}`]: () =>
        jsonResponse(
          riverbendBilling({
            autoPay: { enrolled: true, scope: 'core', methodLabel: 'Mastercard 4444', debitDay: 20 },
          }),
        ),
    });
    const card = await screen.findByRole('region', { name: 'Mobile Auto Pay' });
    expect(within(card).getByTestId('mobile-auto-pay-status')).toHaveTextContent(
      'Status: On · Mastercard 4444 · debits on the 20th of each month',
    );
    expect(card).toHaveTextContent('Your mobile charges are paid with your account’s Auto Pay.');
    expect(card).not.toHaveTextContent('Mobile service requires Auto Pay');
    expect(within(card).queryByRole('link', { name: 'Enroll in Auto Pay' })).not.toBeInTheDocument();
  });

  it('asks a user without mobile Auto Pay to enroll (spec §4: mobile service requires it)', async () => {
    await renderMobileHome({
      [`GET ${MOBILE_BILLING_PATH}`]: () =>
        jsonResponse(
          riverbendBilling({ autoPay: { enrolled: false, scope: null, methodLabel: null, debitDay: null } }),
        ),
    });
    const status = await screen.findByTestId('mobile-auto-pay-status');
    expect(status).toHaveTextContent('Mobile service requires Auto Pay with a card.');
    expect(within(status).getByRole('link', { name: 'Enroll in Auto Pay' })).toHaveAttribute(
      'href',
      '/billing/pay-bill?open=ap',
    );
  });
});

describe('no mobile service (issue 14): an empty state with an offer, not an error', () => {
  it('offers Vireo Business Mobile to a business without mobile lines, with no alert and no retry', async () => {
    await renderMobileHome({ [`GET ${MOBILE_BILLING_PATH}`]: () => jsonResponse({ hasMobileService: false }) });
    const offer = await screen.findByTestId('no-mobile-service');
    expect(within(offer).getByRole('heading', { name: 'You don’t have Vireo Business Mobile yet' })).toBeVisible();
    expect(within(offer).getByRole('link', { name: 'Learn about Vireo Business Mobile' })).toHaveAttribute(
      'href',
      '/buy',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Unable to Load Mobile Billing Info')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('says it in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderMobileHome({ [`GET ${MOBILE_BILLING_PATH}`]: () => jsonResponse({ hasMobileService: false }) });
    expect(await screen.findByRole('heading', { name: 'Todavía no tiene Vireo Business Mobile' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Conozca Vireo Business Mobile' })).toHaveAttribute('href', '/buy');
  });

  it('offers it on the transactions page too, where the API answers NO_MOBILE_SERVICE', async () => {
    await renderApp({
      path: '/billing/mobile/transactions',
      profile: testProfile('BILLING'),
      routes: mobileRoutes({ [`GET ${MOBILE_TRANSACTIONS_PATH}`]: () => apiError('NO_MOBILE_SERVICE', 404) }),
    });
    expect(await screen.findByRole('heading', { name: 'You don’t have Vireo Business Mobile yet' })).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('mobile delinquency (spec §4)', () => {
  const INTERRUPTION = 'This is a non-pay interruption: service is restored 1-2 hours after your payment.';
  it.each<[MobileLineState, number, string, string]>([
    [
      'past_due',
      12,
      'Your mobile balance is past due',
      'Your payment is 12 days late. Pay the past-due amount to keep your mobile service on.',
    ],
    [
      'hotlined',
      33,
      'Mobile service interrupted',
      'Your mobile lines are hotlined for non-payment: they can only call customer service.',
    ],
    [
      'temporarily_disconnected',
      50,
      'Mobile service temporarily disconnected',
      'Your mobile lines are temporarily disconnected for non-payment: they can’t make or receive calls, texts or data.',
    ],
    [
      'disconnected',
      95,
      'Mobile service disconnected',
      'Your mobile lines are disconnected for non-payment. Paying the past-due amount doesn’t reconnect them: contact us to restore service.',
    ],
  ])('%s (%i days) says "%s"', async (state, days, title, body) => {
    await renderMobileHome({
      [`GET ${MOBILE_BILLING_PATH}`]: () =>
        jsonResponse(
          riverbendBilling({
            state,
            daysPastDue: days,
            pastDueCents: 12_500,
            nonPayInterruption: isNonPayInterruption(state),
          }),
        ),
    });
    const block = await screen.findByTestId('mobile-delinquency');
    expect(within(block).getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    expect(within(block).getByTestId('mobile-past-due')).toHaveTextContent('$125.00');
    expect(block).toHaveTextContent(body);
    if (isNonPayInterruption(state)) expect(block).toHaveTextContent(INTERRUPTION);
    else expect(block).not.toHaveTextContent(INTERRUPTION);
  });

  it('says by when service is back once a payment cleared what was past due', async () => {
    await renderMobileHome({
      [`GET ${MOBILE_BILLING_PATH}`]: () =>
        jsonResponse(
          riverbendBilling({
            state: 'hotlined',
            daysPastDue: 33,
            nonPayInterruption: true,
            restoreBy: '2026-11-21T16:30:00.000Z',
          }),
        ),
    });
    const note = await screen.findByTestId('mobile-restore-by');
    const time = new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date('2026-11-21T16:30:00.000Z'));
    expect(note).toHaveTextContent(`Thank you for your payment. Your mobile service will be back by ${time}.`);
  });
});

describe('mobile billing failures (spec §8)', () => {
  it('shows "Unable to Load Mobile Billing Info" when mobile billing is down, and Try again reloads it', async () => {
    let calls = 0;
    const { user } = await renderMobileHome({
      [`GET ${MOBILE_BILLING_PATH}`]: () => {
        calls += 1;
        return calls === 1 ? apiError('MOBILE_BILLING_UNAVAILABLE', 503) : jsonResponse(riverbendBilling());
      },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to Load Mobile Billing Info' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('Mobile billing isn’t available right now. Please try again in a few minutes.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('mobile-balance')).toHaveTextContent('$350.72');
  });

  it('says it in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderMobileHome({ [`GET ${MOBILE_BILLING_PATH}`]: () => apiError('MOBILE_BILLING_UNAVAILABLE', 503) });
    expect(
      await screen.findByRole('heading', { name: 'No se pudo cargar la información de facturación móvil' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Facturación móvil' })).toBeInTheDocument();
  });

  it('shows "Device Payments Unavailable" in the devices card while the lines and orders still show', async () => {
    await renderMobileHome({ [`GET ${MOBILE_DEVICES_PATH}`]: () => apiError('INTERNAL', 500) });
    const card = await screen.findByTestId('mobile-devices-card');
    expect(await within(card).findByRole('heading', { name: 'Device Payments Unavailable' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: '4 lines on this account' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'MO-240903' })).toBeInTheDocument();
    expect(screen.getByTestId('mobile-balance')).toHaveTextContent('$350.72');
  });

  it('shows "Order Info Unavailable" in the orders card when the orders fail', async () => {
    await renderMobileHome({ [`GET ${MOBILE_ORDERS_PATH}`]: () => apiError('INTERNAL', 500) });
    expect(await screen.findByRole('heading', { name: 'Order Info Unavailable' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Vireo Phone SE' })).toBeInTheDocument();
  });
});

describe('mobile quick pay (spec §2.4)', () => {
  it('pays the mobile balance with the default method after one confirmation, and shows the new balance', async () => {
    let paid = false;
    const { user, fetchMock } = await renderMobileHome({
      [`GET ${MOBILE_BILLING_PATH}`]: () => jsonResponse(riverbendBilling(paid ? { balanceCents: 0 } : {})),
      [`POST ${MOBILE_PAYMENTS_PATH}`]: () => {
        paid = true;
        return jsonResponse(mobilePaymentResponse());
      },
    });
    const quickPay = await screen.findByRole('region', { name: 'Quick pay' });
    expect(quickPay).toHaveTextContent('Pay your mobile balance of $350.72 today with Mastercard 4444.');
    await user.click(within(quickPay).getByRole('button', { name: 'Pay balance now' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Confirm your payment' });
    expect(dialog).toHaveTextContent('Pay $350.72 today (Nov 21, 2026) with Mastercard 4444?');
    expect(fetchMock.requestsTo(MOBILE_PAYMENTS_PATH, 'POST')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Pay $350.72' }));

    // The result takes focus once the confirmation dialog has closed (it renders a moment before, behind the dialog).
    const success = await screen.findByRole('heading', { name: 'Payment successful' });
    await waitFor(() => expect(success).toHaveFocus());
    const [payment] = fetchMock.requestsTo(MOBILE_PAYMENTS_PATH, 'POST');
    expect(payment?.body).toEqual({
      target: { kind: 'balance' },
      amountCents: 35_072,
      method: { paymentMethodId: MASTERCARD_ID },
    });
    expect(payment?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByTestId('payment-receipt')).toHaveTextContent('Payment forMobile balance');
    await waitFor(() => expect(screen.getByTestId('mobile-balance')).toHaveTextContent('$0.00'));
  });
});

describe('billing home and settings card links (issue 7)', () => {
  function renderBillingHome(hasMobile: boolean) {
    return renderApp({
      path: '/billing',
      profile: testProfile('BILLING'),
      routes: {
        [`GET ${ACCOUNTS_PATH}`]: HARBOR_ACCOUNT,
        [`GET ${BILLING_SUMMARY_PATH}`]: () => jsonResponse(harborSummary({ hasMobile })),
      },
    });
  }

  it('links to mobile billing when the account has mobile lines, and to the streaming subscriptions', async () => {
    await renderBillingHome(true);
    const card = await screen.findByTestId('mobile-billing-card');
    expect(within(card).getByRole('heading', { name: 'Mobile billing' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'View mobile billing' })).toHaveAttribute('href', '/billing/mobile');
    expect(screen.getByRole('link', { name: 'Streaming subscriptions' })).toHaveAttribute('href', '/billing/streaming');
  });

  it('has no mobile billing card without mobile lines', async () => {
    await renderBillingHome(false);
    await screen.findByTestId('amount-due');
    expect(screen.queryByTestId('mobile-billing-card')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Streaming subscriptions' })).toBeInTheDocument();
  });
});
