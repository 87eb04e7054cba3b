import { screen, within } from '@testing-library/react';
import {
  ACCOUNTS_PATH,
  ACTIVITY_PATH,
  AUTOPAY_PATH,
  BILLING_SUMMARY_PATH,
  CHARGES_PATH,
  MOBILE_BILLING_PATH,
  MOBILE_DEVICES_PATH,
  MOBILE_ORDERS_PATH,
  MOBILE_PAYMENT_OPTIONS_PATH,
  MOBILE_TRANSACTIONS_PATH,
  PAYMENT_HISTORY_PATH,
  PAYMENT_METHODS_PATH,
  STATEMENTS_PATH,
  SUBSCRIPTIONS_PATH,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { HARBOR_ACCOUNT } from '../../../test/accounts';
import { harborStatement, harborSummary } from '../../../test/billing';
import { apiError, type FakeApiOptions, jsonResponse, TEST_PORTAL_CONFIG, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const SUPPRESSED = () => apiError('BILLING_SUPPRESSED', 403);
/** The portal configuration names the enterprise site; a test address proves the link follows it. */
const ENTERPRISE_BILLING_URL = 'https://billing.enterprise.test/summit';
const CONFIG = { ...TEST_PORTAL_CONFIG, enterpriseBillingUrl: ENTERPRISE_BILLING_URL };

/** Summit Logistics (demo-data.md): an enterprise account, every billing API answers BILLING_SUPPRESSED. */
const SUMMIT_ROUTES: FakeApiOptions['routes'] = {
  [`GET ${ACCOUNTS_PATH}`]: { ...HARBOR_ACCOUNT, companyName: 'Summit Logistics' },
  [`GET ${BILLING_SUMMARY_PATH}`]: SUPPRESSED,
  [`GET ${STATEMENTS_PATH}`]: SUPPRESSED,
  [`GET ${STATEMENTS_PATH}/st-1`]: SUPPRESSED,
  [`GET ${ACTIVITY_PATH}`]: SUPPRESSED,
  [`GET ${PAYMENT_HISTORY_PATH}`]: SUPPRESSED,
  [`GET ${CHARGES_PATH}`]: SUPPRESSED,
  [`GET ${PAYMENT_METHODS_PATH}`]: SUPPRESSED,
  [`GET ${MOBILE_BILLING_PATH}`]: SUPPRESSED,
  [`GET ${MOBILE_DEVICES_PATH}`]: SUPPRESSED,
  [`GET ${MOBILE_ORDERS_PATH}`]: SUPPRESSED,
  [`GET ${MOBILE_PAYMENT_OPTIONS_PATH}`]: SUPPRESSED,
  [`GET ${MOBILE_TRANSACTIONS_PATH}`]: SUPPRESSED,
  [`GET ${SUBSCRIPTIONS_PATH}`]: SUPPRESSED,
};

/** The role refusal (spec §6), which an enterprise owner must never be shown (issue 14). */
const ROLE_REFUSAL = 'Your user role doesn’t include billing. Ask your account owner or an administrator for access.';

describe('enterprise accounts (BILLING_SUPPRESSED)', () => {
  it.each([
    '/billing',
    '/billing/pay-bill?open=bd',
    '/billing/view-statements',
    '/billing/view-statements/st-1',
    '/billing/account-activity',
    '/billing/account-activity?tab=charges',
    '/billing/payment-history',
    // issue 14: these told the enterprise owner that their role lacked billing
    '/billing/bill-pay-options',
    '/billing/mobile',
    '/billing/mobile/pay',
    '/billing/mobile/transactions',
    '/billing/mobile/orders/f4d5e6f7-a8b9-4ca3-9d24-e5f6a7b8c901',
    '/billing/streaming',
  ])('%s shows the enterprise-billing-moved landing page', async (path) => {
    await renderApp({
      path,
      config: CONFIG,
      profile: testProfile('PRIMARY', { isEnterprise: true }),
      routes: SUMMIT_ROUTES,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your billing has moved' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Go to Enterprise Billing' })).toHaveAttribute(
      'href',
      ENTERPRISE_BILLING_URL,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(ROLE_REFUSAL);
    await expectNoAxeViolations();
  });

  it('names the enterprise billing site, not the role, wherever a billing API answers BILLING_SUPPRESSED', async () => {
    // a profile read before the account moved to enterprise billing: the screen renders, its API refuses
    await renderApp({
      path: '/billing/bill-pay-options',
      config: CONFIG,
      profile: testProfile('PRIMARY'),
      routes: SUMMIT_ROUTES,
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Billing for enterprise accounts is handled on the Vireo Enterprise Billing site.');
    expect(alert).not.toHaveTextContent(ROLE_REFUSAL);
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows the landing page in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderApp({ path: '/billing', config: CONFIG, profile: testProfile('PRIMARY'), routes: SUMMIT_ROUTES });
    expect(await screen.findByRole('heading', { level: 1, name: 'Su facturación se trasladó' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ir a Enterprise Billing' })).toHaveAttribute(
      'href',
      ENTERPRISE_BILLING_URL,
    );
  });

  it('shows the moved notice instead of the status card on the account summary', async () => {
    await renderApp({
      path: '/account-summary',
      config: CONFIG,
      profile: testProfile('PRIMARY'),
      routes: SUMMIT_ROUTES,
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Your billing has moved' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Enterprise Billing' })).toHaveAttribute(
      'href',
      ENTERPRISE_BILLING_URL,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Account Summary' })).toBeInTheDocument();
    expect(await screen.findByText('Summit Logistics')).toBeInTheDocument();
    expect(screen.queryByTestId('billing-status-card')).not.toBeInTheDocument();
  });
});

describe('pay bill (spec §2.2 open=)', () => {
  const routes: FakeApiOptions['routes'] = {
    [`GET ${BILLING_SUMMARY_PATH}`]: harborSummary(),
    [`GET ${STATEMENTS_PATH}/st-2026-11`]: harborStatement(),
  };

  it('opens the bill details of the latest statement with open=bd', async () => {
    await renderApp({ path: '/billing/pay-bill?open=bd', profile: testProfile('BILLING'), routes });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay Bill' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bill details' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Make a one-time payment' })).toHaveAttribute('aria-expanded', 'false');
    expect(await screen.findByTestId('statement-total')).toHaveTextContent('$289.47');
    expect(screen.getByRole('link', { name: 'View the full statement' })).toHaveAttribute(
      'href',
      '/billing/view-statements/st-2026-11',
    );
  });

  it('keeps the bill details closed without open=bd, and opens them on demand', async () => {
    const { user, fetchMock } = await renderApp({ path: '/billing/pay-bill', profile: testProfile('BILLING'), routes });
    const details = await screen.findByRole('button', { name: 'Bill details' });
    expect(details).toHaveAttribute('aria-expanded', 'false');
    expect(fetchMock.requestsTo(`${STATEMENTS_PATH}/st-2026-11`)).toHaveLength(0);
    await user.click(details);
    expect(await screen.findByTestId('statement-total')).toHaveTextContent('$289.47');
  });

  it('opens the Auto Pay panel with open=ap, and only it loads the Auto Pay status', async () => {
    const { fetchMock } = await renderApp({
      path: '/billing/pay-bill?open=ap',
      profile: testProfile('BILLING'),
      routes,
    });
    const autoPay = await screen.findByRole('button', { name: 'Auto Pay' });
    expect(autoPay).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(autoPay.getAttribute('aria-controls') ?? '');
    // Nothing answers the Auto Pay status here: the panel says so in place (spec §8), the page keeps working.
    const alert = await within(panel as HTMLElement).findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Auto Pay Unavailable' })).toBeInTheDocument();
    expect(fetchMock.requestsTo(AUTOPAY_PATH, 'GET')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Make a one-time payment' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows "Bill Details Unavailable" in the panel when the statement fails', async () => {
    await renderApp({
      path: '/billing/pay-bill?open=bd',
      profile: testProfile('BILLING'),
      routes: {
        [`GET ${BILLING_SUMMARY_PATH}`]: () => jsonResponse(harborSummary()),
        [`GET ${STATEMENTS_PATH}/st-2026-11`]: () => apiError('INTERNAL', 500),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Bill Details Unavailable' })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Pay Bill' })).toBeInTheDocument();
  });
});
