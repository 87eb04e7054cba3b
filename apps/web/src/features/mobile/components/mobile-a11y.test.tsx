import { screen, within } from '@testing-library/react';
import {
  MOBILE_BILLING_PATH,
  MOBILE_DEVICES_PATH,
  MOBILE_PAYMENTS_PATH,
  MOBILE_TRANSACTIONS_PATH,
  PCI_VERIFY_PATH,
  SUBSCRIPTION_CANCEL_PATH,
  SUBSCRIPTIONS_PATH,
} from '@vireo/shared';
import { describe, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { apiError, type FakeApiOptions, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { mobileOrderPath } from '../api/get-mobile-order';
import {
  mobilePaymentResponse,
  mobileRoutes,
  ORDER_ID,
  riverbendBilling,
  riverbendOrder,
  SE_ID,
  SUBSCRIPTION_ID,
  streamMax,
  transactionsPage,
} from '../testing/mobile-fixtures';

function render(path: string, routes: NonNullable<FakeApiOptions['routes']> = {}) {
  return renderApp({ path, profile: testProfile('BILLING'), routes: mobileRoutes(routes) });
}

describe('mobile screens pass axe (WCAG 2.2 AA, structure)', () => {
  it.each(['en', 'es'])('the mobile billing home, past due, with its quick-pay dialog (%s)', async (locale) => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    const { user } = await render('/billing/mobile', {
      [`GET ${MOBILE_BILLING_PATH}`]: () =>
        jsonResponse(
          riverbendBilling({ state: 'hotlined', daysPastDue: 33, pastDueCents: 22_575, nonPayInterruption: true }),
        ),
    });
    await screen.findByTestId('mobile-delinquency');
    await screen.findAllByTestId('mobile-device');
    const quickPay = await screen.findByRole('button', {
      name: locale === 'en' ? 'Pay balance now' : 'Pagar el saldo ahora',
    });
    await expectNoAxeViolations();
    await user.click(quickPay);
    await screen.findByRole('alertdialog');
    await expectNoAxeViolations();
  });

  it('the mobile billing home with its failures in place', async () => {
    await render('/billing/mobile', { [`GET ${MOBILE_DEVICES_PATH}`]: () => apiError('INTERNAL', 500) });
    await screen.findByRole('heading', { name: 'Device Payments Unavailable' });
    await expectNoAxeViolations();
  });

  it('every step of a device payoff, its effect and its receipt', async () => {
    const { user } = await render(`/billing/mobile/pay?device=${SE_ID}&kind=payoff`, {
      [`POST ${PCI_VERIFY_PATH}`]: () => jsonResponse({ verified: true }),
      [`POST ${MOBILE_PAYMENTS_PATH}`]: () => jsonResponse(mobilePaymentResponse()),
    });
    await screen.findByRole('table', { name: 'Effect on your next bill: Vireo Phone SE' });
    await expectNoAxeViolations();
    await user.click(screen.getByRole('radio', { name: 'Extra payment toward Vireo Phone SE' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByText('Please enter a valid payment amount.');
    await expectNoAxeViolations();
    await user.click(screen.getByRole('radio', { name: /Pay off Vireo Phone SE/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Choose a payment method' });
    await expectNoAxeViolations();
    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { name: 'Review your payment' });
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Pay $275.50' }));
    await screen.findByTestId('payment-receipt');
    await expectNoAxeViolations();
  });

  it('a declined mobile payment', async () => {
    const { user } = await render('/billing/mobile/pay', {
      [`POST ${MOBILE_PAYMENTS_PATH}`]: () =>
        jsonResponse(mobilePaymentResponse({ outcome: 'failure', payment: null, paymentError: 'PAYMENT_DECLINED' })),
    });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('radio', { name: 'Checking 6789' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Pay $350.72' }));
    await screen.findByTestId('payment-failure');
    await expectNoAxeViolations();
  });

  it('the transactions with their tabs and pager', async () => {
    await render('/billing/mobile/transactions', {
      [`GET ${MOBILE_TRANSACTIONS_PATH}`]: () => jsonResponse(transactionsPage('all', { nextCursor: 'older-1' })),
    });
    await screen.findByRole('navigation', { name: 'Transaction pages' });
    await expectNoAxeViolations();
  });

  it('the order details', async () => {
    await render(`/billing/mobile/orders/${ORDER_ID}`, {
      [`GET ${mobileOrderPath(ORDER_ID)}`]: () => jsonResponse(riverbendOrder()),
    });
    await screen.findByTestId('order-totals');
    await expectNoAxeViolations();
  });

  it('the streaming subscriptions, the cancel dialog and a failed cancellation', async () => {
    const { user } = await render('/billing/streaming', {
      [`GET ${SUBSCRIPTIONS_PATH}`]: () => jsonResponse({ subscriptions: [streamMax()] }),
      [`POST ${SUBSCRIPTION_CANCEL_PATH.replace(':subscriptionId', SUBSCRIPTION_ID)}`]: () => apiError('INTERNAL', 500),
    });
    const item = await screen.findByRole('article', { name: 'StreamMax Premium' });
    await expectNoAxeViolations();
    await user.click(within(item).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('alertdialog');
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await within(item).findByRole('alert');
    await expectNoAxeViolations();
  });
});
