import { screen, waitFor, within } from '@testing-library/react';
import { BILLING_SUMMARY_PATH, PAYMENT_OPTIONS_PATH, type PaymentOptions } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { harborSummary } from '../../../test/billing';
import { apiError, type FakeApiOptions, jsonResponse, noContent, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { scheduledPaymentPath } from '../api/update-scheduled-payment';
import {
  CHECKING_ID,
  checking,
  harborOptions,
  LOCKED_ID,
  SCHEDULED_ID,
  scheduledPayment,
  visa,
} from '../testing/payment-fixtures';

type Routes = NonNullable<FakeApiOptions['routes']>;

const PATH = scheduledPaymentPath(SCHEDULED_ID);

function withScheduled(overrides: Partial<PaymentOptions> = {}) {
  return harborOptions({
    scheduled: [
      scheduledPayment(),
      scheduledPayment({
        id: LOCKED_ID,
        amountCents: 2_000,
        paymentDate: '2026-11-22',
        methodLabel: 'Checking 6789',
        paymentMethodId: CHECKING_ID,
        confirmationNumber: 'VB-200101',
        editable: false,
      }),
    ],
    ...overrides,
  });
}

async function renderScheduled(options: () => PaymentOptions, routes: Routes = {}) {
  const rendered = await renderApp({
    path: '/billing/pay-bill?open=fdp',
    profile: testProfile('BILLING'),
    routes: {
      [`GET ${BILLING_SUMMARY_PATH}`]: () => jsonResponse(harborSummary()),
      [`GET ${PAYMENT_OPTIONS_PATH}`]: () => jsonResponse(options()),
      ...routes,
    },
  });
  expect(await screen.findByRole('button', { name: 'Scheduled payments' })).toHaveAttribute('aria-expanded', 'true');
  return rendered;
}

async function item(name: string) {
  const heading = await screen.findByRole('heading', { level: 3, name });
  const element = heading.closest('li');
  if (!element) throw new Error(`no list item for ${name}`);
  return element;
}

describe('scheduled payments (spec §2.4 manage scheduled payments)', () => {
  it('lists each payment with its amount, method, debit date and confirmation number', async () => {
    await renderScheduled(() => withScheduled());
    expect(await screen.findByText('2 of 2 scheduled payments')).toBeInTheDocument();
    const first = await item('$50.00 on Dec 5, 2026');
    expect(first).toHaveTextContent('Amount$50.00');
    expect(first).toHaveTextContent('Payment methodVisa 4242');
    expect(first).toHaveTextContent('Debit dateDec 5, 2026');
    expect(first).toHaveTextContent('Confirmation numberVB-200100');
    expect(within(first).getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Cancel payment' })).toBeInTheDocument();

    const locked = await item('$20.00 on Nov 22, 2026');
    expect(locked).toHaveTextContent('Payment methodChecking 6789');
    expect(locked).toHaveTextContent('This payment can no longer be changed or cancelled');
    expect(within(locked).queryByRole('button')).not.toBeInTheDocument();
  });

  it('says when there is none', async () => {
    await renderScheduled(() => harborOptions());
    expect(await screen.findByText('You have no scheduled payments.')).toBeInTheDocument();
    expect(screen.getByText('0 of 2 scheduled payments')).toBeInTheDocument();
  });

  it('edits the amount, date and method with an Idempotency-Key', async () => {
    let options = withScheduled();
    const { user, fetchMock } = await renderScheduled(() => options, {
      [`PUT ${PATH}`]: () => {
        options = harborOptions({
          scheduled: [
            scheduledPayment({ amountCents: 7_500, paymentDate: '2026-12-12', methodLabel: 'Checking 6789' }),
          ],
        });
        return jsonResponse({ ok: true });
      },
    });
    const first = await item('$50.00 on Dec 5, 2026');
    await user.click(within(first).getByRole('button', { name: 'Edit' }));
    const form = within(first).getByRole('form', { name: 'Edit scheduled payment' });
    const amount = within(form).getByRole('textbox', { name: 'Amount' });
    expect(amount).toHaveValue('50.00');
    await user.clear(amount);
    await user.type(amount, '0.10');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(amount).toHaveAccessibleDescription('Please enter a payment amount between $1.00 and $25,000.00.');
    await user.clear(amount);
    await user.type(amount, '75');
    const date = within(form).getByRole('textbox', { name: 'Payment date' });
    await user.clear(date);
    await user.type(date, '11/21/26');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(date).toHaveAccessibleDescription(
      expect.stringContaining('Please choose a date after today for a scheduled payment.'),
    );
    await user.clear(date);
    await user.type(date, '12/12/26');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Payment method' }), 'Checking 6789');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your scheduled payment was updated.')).toBeInTheDocument();
    const [request] = fetchMock.requestsTo(PATH, 'PUT');
    expect(request?.body).toEqual({ amountCents: 7_500, paymentDate: '2026-12-12', paymentMethodId: CHECKING_ID });
    expect(request?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByRole('heading', { name: '$75.00 on Dec 12, 2026' })).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.requestsTo(BILLING_SUMMARY_PATH).length).toBeGreaterThan(1));
  });

  it('says a payment past its cut-off can no longer be changed when the server refuses the edit', async () => {
    const { user } = await renderScheduled(() => withScheduled(), {
      [`PUT ${PATH}`]: () => apiError('PAYMENT_NOT_EDITABLE', 409),
    });
    const first = await item('$50.00 on Dec 5, 2026');
    await user.click(within(first).getByRole('button', { name: 'Edit' }));
    await user.click(within(first).getByRole('button', { name: 'Save changes' }));
    const alert = await within(first).findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to Update Payment' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('can no longer be changed');
  });

  it('discards an edit and gives focus back to Edit', async () => {
    const { user, fetchMock } = await renderScheduled(() => withScheduled());
    const first = await item('$50.00 on Dec 5, 2026');
    await user.click(within(first).getByRole('button', { name: 'Edit' }));
    await user.click(within(first).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(within(first).getByRole('button', { name: 'Edit' })).toHaveFocus());
    expect(fetchMock.requestsTo(PATH, 'PUT')).toHaveLength(0);
  });

  it('cancels after a confirmation, with an Idempotency-Key', async () => {
    let options = withScheduled();
    const { user, fetchMock } = await renderScheduled(() => options, {
      [`DELETE ${PATH}`]: () => {
        options = harborOptions({ scheduled: [] });
        return noContent();
      },
    });
    const first = await item('$50.00 on Dec 5, 2026');
    const cancel = within(first).getByRole('button', { name: 'Cancel payment' });
    await user.click(cancel);
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this scheduled payment?' });
    expect(dialog).toHaveTextContent('Your payment of $50.00 on Dec 5, 2026 with Visa 4242 won’t be made.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep payment' }));
    await waitFor(() => expect(cancel).toHaveFocus());
    expect(fetchMock.requestsTo(PATH, 'DELETE')).toHaveLength(0);

    await user.click(cancel);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel payment' }));
    expect(await screen.findByText('Your scheduled payment was cancelled.')).toBeInTheDocument();
    expect(await screen.findByText('You have no scheduled payments.')).toBeInTheDocument();
    // the Cancel button is gone with its payment: focus goes to the count, not to the page
    await waitFor(() => expect(screen.getByText('0 of 2 scheduled payments')).toHaveFocus());
    const [request] = fetchMock.requestsTo(PATH, 'DELETE');
    expect(request?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows "Unable to Cancel Payment" when the cancellation fails', async () => {
    const { user } = await renderScheduled(() => withScheduled(), {
      [`DELETE ${PATH}`]: () => apiError('INTERNAL', 500),
    });
    const first = await item('$50.00 on Dec 5, 2026');
    await user.click(within(first).getByRole('button', { name: 'Cancel payment' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel payment' }));
    const alert = await within(first).findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to Cancel Payment' })).toBeInTheDocument();
  });

  it('only offers saved methods that can be used', async () => {
    const { user } = await renderScheduled(() =>
      withScheduled({ methods: [visa(), checking({ allowed: false })], restriction: 'bank' }),
    );
    const first = await item('$50.00 on Dec 5, 2026');
    await user.click(within(first).getByRole('button', { name: 'Edit' }));
    const select = within(first).getByRole('combobox', { name: 'Payment method' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Visa 4242']);
  });

  it('reads in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderApp({
      path: '/billing/pay-bill?open=fdp',
      profile: testProfile('BILLING'),
      routes: {
        [`GET ${BILLING_SUMMARY_PATH}`]: () => jsonResponse(harborSummary()),
        [`GET ${PAYMENT_OPTIONS_PATH}`]: () => jsonResponse(withScheduled()),
      },
    });
    expect(await screen.findByText('2 de 2 pagos programados')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Editar' })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Cancelar pago' })).toBeInTheDocument();
  });
});
