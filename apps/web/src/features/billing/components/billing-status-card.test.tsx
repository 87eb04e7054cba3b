import { screen, waitFor, within } from '@testing-library/react';
import {
  ACCOUNTS_PATH,
  BILLING_SUMMARY_PATH,
  type BillingSummaryResponse,
  DELINQUENCY_SCHEDULE_PATH,
  type PortalRole,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { HARBOR_ACCOUNT } from '../../../test/accounts';
import { harborSummary, pinecrestSummary } from '../../../test/billing';
import { apiError, type FakeApiOptions, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

function renderBilling(
  summary: BillingSummaryResponse | Response,
  options: FakeApiOptions & { path?: string; role?: PortalRole } = {},
) {
  const { role = 'BILLING', path = '/billing', routes, ...rest } = options;
  return renderApp({
    path,
    profile: testProfile(role),
    ...rest,
    routes: {
      [`GET ${ACCOUNTS_PATH}`]: HARBOR_ACCOUNT,
      [`GET ${BILLING_SUMMARY_PATH}`]: summary instanceof Response ? summary : () => jsonResponse(summary),
      ...routes,
    },
  });
}

async function statusCard() {
  return screen.findByTestId('billing-status-card');
}

describe('billing status card (spec §2.4)', () => {
  it('shows harbor-billing $289.47 with its due date, Auto Pay and paperless off, and nothing past due', async () => {
    const { fetchMock } = await renderBilling(harborSummary());
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    const card = await statusCard();
    expect(await within(card).findByTestId('amount-due')).toHaveTextContent('$289.47');
    expect(within(card).getByTestId('due-date')).toHaveTextContent('Due Dec 1, 2026');
    expect(within(card).getByTestId('auto-pay-status')).toHaveTextContent('Off');
    expect(within(card).getByTestId('paperless-status')).toHaveTextContent('Off');
    expect(within(card).queryByTestId('past-due')).not.toBeInTheDocument();
    expect(fetchMock.requestsTo(DELINQUENCY_SCHEDULE_PATH)).toHaveLength(0);
  });

  it('shows Auto Pay with its method and debit day, paperless on, and pending payments', async () => {
    await renderBilling(
      harborSummary({
        autoPay: { enrolled: true, methodLabel: 'Mastercard 4444', debitDay: 22 },
        paperless: true,
        pendingPaymentCents: 5_000,
      }),
    );
    const card = await statusCard();
    expect(await within(card).findByTestId('auto-pay-status')).toHaveTextContent(
      'On · Mastercard 4444 · debits on the 22nd of each month',
    );
    expect(within(card).getByTestId('paperless-status')).toHaveTextContent('On');
    expect(within(card).getByTestId('pending-payments')).toHaveTextContent('$50.00');
  });

  it.each([
    [30, 'Service interruption warning', /more than 30 days past due/],
    [43, 'Service suspension warning', /about to be suspended/],
    [50, 'Restore service', /Pay the past-due amount to restore service; core service is restored within minutes/],
    [76, 'Account disconnected: return your equipment', /return your equipment/],
  ] as const)('says what delinquency code %i means', async (code, title, body) => {
    await renderBilling(pinecrestSummary({ delinquencyCode: code }), { flags: { softDisconnect: false } });
    const pastDue = await screen.findByTestId('past-due');
    expect(within(pastDue).getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    expect(pastDue).toHaveTextContent(body);
    expect(pastDue).toHaveTextContent('Past-due amount$412.10');
  });

  it('says "past due" without a code in the first 29 days', async () => {
    await renderBilling(pinecrestSummary({ delinquencyCode: null, delinquencyState: 'past_due', daysPastDue: 5 }));
    const pastDue = await screen.findByTestId('past-due');
    expect(within(pastDue).getByRole('heading', { name: 'Your payment is past due' })).toBeInTheDocument();
  });

  it('says in the headline how many days Pinecrest is past due (issue 14: "Past due 47 days")', async () => {
    await renderBilling(pinecrestSummary());
    const card = await statusCard();
    expect(await within(card).findByTestId('days-past-due')).toHaveTextContent('Past due 47 days');
  });

  it('says "Past due 1 day" in the singular, in Spanish too', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderBilling(pinecrestSummary({ delinquencyCode: null, delinquencyState: 'past_due', daysPastDue: 1 }));
    expect(await screen.findByTestId('days-past-due')).toHaveTextContent('Atrasado 1 día');
  });

  it('shows no days past due on a balance that is not late', async () => {
    await renderBilling(harborSummary());
    const card = await statusCard();
    await within(card).findByTestId('amount-due');
    expect(within(card).queryByTestId('days-past-due')).not.toBeInTheDocument();
  });

  describe('soft-disconnect date (spec §7.1)', () => {
    it('asks for it when the past due exceeds pending payments and the flag is on, and shows it', async () => {
      const { fetchMock } = await renderBilling(pinecrestSummary({ pendingPaymentCents: 10_000 }), {
        flags: { softDisconnect: true },
        routes: { [`GET ${DELINQUENCY_SCHEDULE_PATH}`]: { softDisconnectDate: '2026-12-30' } },
      });
      expect(await screen.findByTestId('past-due-action')).toHaveTextContent(
        'To avoid an interruption of your services, pay $312.10 by Dec 30, 2026.',
      );
      expect(fetchMock.requestsTo(DELINQUENCY_SCHEDULE_PATH)).toHaveLength(1);
    });

    it('does not ask with the flag off, and shows the amount alone', async () => {
      const { fetchMock } = await renderBilling(pinecrestSummary(), {
        flags: { softDisconnect: false },
        routes: { [`GET ${DELINQUENCY_SCHEDULE_PATH}`]: { softDisconnectDate: '2026-12-30' } },
      });
      expect(await screen.findByTestId('past-due-action')).toHaveTextContent(
        'To avoid an interruption of your services, pay $412.10 now.',
      );
      expect(fetchMock.requestsTo(DELINQUENCY_SCHEDULE_PATH)).toHaveLength(0);
    });

    it('does not ask when pending payments cover the past due', async () => {
      const { fetchMock } = await renderBilling(pinecrestSummary({ pendingPaymentCents: 41_210 }), {
        flags: { softDisconnect: true },
        routes: { [`GET ${DELINQUENCY_SCHEDULE_PATH}`]: { softDisconnectDate: '2026-12-30' } },
      });
      const pastDue = await screen.findByTestId('past-due');
      expect(pastDue).toHaveTextContent('Service suspension warning');
      expect(screen.queryByTestId('past-due-action')).not.toBeInTheDocument();
      expect(screen.getByTestId('pending-payments')).toHaveTextContent('$412.10');
      expect(fetchMock.requestsTo(DELINQUENCY_SCHEDULE_PATH)).toHaveLength(0);
    });

    it('swallows an error and shows the amount alone', async () => {
      const { fetchMock } = await renderBilling(pinecrestSummary(), {
        flags: { softDisconnect: true },
        routes: { [`GET ${DELINQUENCY_SCHEDULE_PATH}`]: () => apiError('INTERNAL', 500) },
      });
      await waitFor(() => expect(fetchMock.requestsTo(DELINQUENCY_SCHEDULE_PATH)).toHaveLength(1));
      expect(await screen.findByTestId('past-due-action')).toHaveTextContent('pay $412.10 now.');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('swallows a date that does not parse and shows the amount alone', async () => {
      await renderBilling(pinecrestSummary(), {
        flags: { softDisconnect: true },
        routes: { [`GET ${DELINQUENCY_SCHEDULE_PATH}`]: { softDisconnectDate: '2026-13-45' } },
      });
      expect(await screen.findByTestId('past-due-action')).toHaveTextContent('pay $412.10 now.');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('tells a soft-disconnected account (50) since when its service is interrupted', async () => {
      await renderBilling(pinecrestSummary({ delinquencyCode: 50, pastDueCents: 65_500 }), {
        flags: { softDisconnect: true },
        routes: { [`GET ${DELINQUENCY_SCHEDULE_PATH}`]: { softDisconnectDate: '2026-10-01' } },
      });
      expect(await screen.findByTestId('past-due-action')).toHaveTextContent(
        'Your services have been interrupted since Oct 1, 2026. Pay $655.00 to restore them.',
      );
    });
  });

  it('shows "Unable to Load Billing Info" in place when the summary fails, and Try again loads it', async () => {
    let fail = true;
    const { user } = await renderBilling(harborSummary(), {
      routes: {
        [`GET ${BILLING_SUMMARY_PATH}`]: () => (fail ? apiError('INTERNAL', 500) : jsonResponse(harborSummary())),
      },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to Load Billing Info' })).toBeInTheDocument();
    // The rest of the page keeps working.
    expect(screen.getByRole('heading', { name: 'Billing settings' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Payment Methods' })).toHaveAttribute('href', '/billing/bill-pay-options');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('amount-due')).toHaveTextContent('$289.47');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the account summary card to billing users, below the greeting', async () => {
    await renderBilling(harborSummary(), { path: '/account-summary' });
    expect(await screen.findByText('Welcome, Hannah')).toBeInTheDocument();
    const card = await statusCard();
    expect(await within(card).findByTestId('amount-due')).toHaveTextContent('$289.47');
    expect(within(card).getByRole('link', { name: 'Go to Billing' })).toHaveAttribute('href', '/billing');
  });

  // issue 14: scheduled payments were invisible outside the pay panel
  const ONE_SCHEDULED = { count: 1, nextDate: '2026-12-01', nextAmountCents: 23_947, totalCents: 23_947 };

  it('shows a scheduled payment beside the amount due on the billing home, with the way to it', async () => {
    await renderBilling(harborSummary({ scheduledPayments: ONE_SCHEDULED }));
    const card = await statusCard();
    const scheduled = await within(card).findByTestId('scheduled-payments');
    expect(scheduled).toHaveTextContent('$239.47 scheduled for Dec 1, 2026');
    expect(within(scheduled).getByRole('link', { name: 'View scheduled payments' })).toHaveAttribute(
      'href',
      '/billing/pay-bill?open=fdp',
    );
  });

  it('shows two scheduled payments with their total and the next one', async () => {
    await renderBilling(
      harborSummary({
        scheduledPayments: { count: 2, nextDate: '2026-11-28', nextAmountCents: 5_000, totalCents: 28_947 },
      }),
    );
    expect(await within(await statusCard()).findByTestId('scheduled-payments')).toHaveTextContent(
      '2 payments scheduled, $289.47 in all; the next, $50.00, on Nov 28, 2026',
    );
  });

  it('shows the scheduled payment on the account summary too, and in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderBilling(harborSummary({ scheduledPayments: ONE_SCHEDULED }), { path: '/account-summary' });
    const card = await statusCard();
    const scheduled = await within(card).findByTestId('scheduled-payments');
    expect(scheduled).toHaveTextContent('$239.47 programado para el 1 dic 2026');
    expect(within(card).getByRole('link', { name: 'Ver pagos programados' })).toBeInTheDocument();
  });

  it('says nothing of scheduled payments when there are none', async () => {
    await renderBilling(harborSummary());
    const card = await statusCard();
    await within(card).findByTestId('amount-due');
    expect(within(card).queryByTestId('scheduled-payments')).not.toBeInTheDocument();
  });

  it('shows no billing card to harbor-staff (STANDARD) and never asks for the summary', async () => {
    const { fetchMock } = await renderBilling(harborSummary(), { path: '/account-summary', role: 'STANDARD' });
    expect(await screen.findByText('Harbor Coffee Co.')).toBeInTheDocument();
    expect(screen.queryByTestId('billing-status-card')).not.toBeInTheDocument();
    expect(fetchMock.requestsTo(BILLING_SUMMARY_PATH)).toHaveLength(0);
  });
});

describe('billing home', () => {
  it('links the settings card to Auto Pay and Payment Methods, and the history pages', async () => {
    await renderBilling(harborSummary());
    await screen.findByTestId('amount-due');
    expect(screen.getByRole('link', { name: 'Auto Pay' })).toHaveAttribute('href', '/billing/pay-bill?open=ap');
    expect(screen.getByRole('link', { name: 'Payment Methods' })).toHaveAttribute('href', '/billing/bill-pay-options');
    expect(screen.getByRole('link', { name: 'Statements' })).toHaveAttribute('href', '/billing/view-statements');
    expect(screen.getByRole('link', { name: 'Account Activity' })).toHaveAttribute('href', '/billing/account-activity');
    expect(screen.getByRole('link', { name: 'Payment History' })).toHaveAttribute('href', '/billing/payment-history');
    expect(screen.getByRole('link', { name: 'Recent Charges' })).toHaveAttribute(
      'href',
      '/billing/account-activity?tab=charges',
    );
    expect(screen.getByRole('link', { name: 'View statement' })).toHaveAttribute(
      'href',
      '/billing/view-statements/st-2026-11',
    );
    expect(screen.getByRole('link', { name: 'View bill details' })).toHaveAttribute(
      'href',
      '/billing/pay-bill?open=bd',
    );
  });

  it.each([
    ['News and information', /compares each charge with last month/],
    ['Billing disclosures', /due 21 days after your statement date/],
  ])('opens the %s dialog, and Escape closes it and gives focus back', async (name, text) => {
    const { user } = await renderBilling(harborSummary());
    const button = await screen.findByRole('button', { name });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name });
    expect(dialog).toHaveTextContent(text);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('closes a dialog with its Close button', async () => {
    const { user } = await renderBilling(harborSummary());
    await user.click(await screen.findByRole('button', { name: 'Billing disclosures' }));
    const dialog = await screen.findByRole('dialog', { name: 'Billing disclosures' });
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
