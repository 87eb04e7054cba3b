import { screen, waitFor, within } from '@testing-library/react';
import { ACTIVITY_PATH, CHARGES_PATH, PAYMENT_HISTORY_PATH } from '@vireo/shared';
import { describe, expect, it, vi } from 'vitest';
import { fileSaver } from '../../../lib/browser-files';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { activityPage, chargesPage, paymentsPage } from '../../../test/billing';
import { apiError, type FakeApiOptions, type FakeRequest, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

function renderHistory(path: string, routes: FakeApiOptions['routes'] = {}) {
  return renderApp({ path, profile: testProfile('BILLING'), routes });
}

function params(request: FakeRequest | undefined): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request?.search ?? ''));
}

describe('payment history (spec §3)', () => {
  it('shows the columns and the status words, in an accessible table', async () => {
    await renderHistory('/billing/payment-history', { [`GET ${PAYMENT_HISTORY_PATH}`]: paymentsPage() });
    const table = await screen.findByRole('table', { name: 'Payments, newest first' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => [header.textContent, header.getAttribute('scope')]);
    expect(headers).toEqual([
      ['Payment Date', 'col'],
      ['Status', 'col'],
      ['Amount', 'col'],
      ['Method', 'col'],
      ['Channel', 'col'],
      ['Confirmation', 'col'],
    ]);
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.lastChild?.textContent),
    ).toEqual(['Oct 25, 2026', 'Successful', '$250.00', 'Visa 4242', 'Online', 'VB-100234']);
    expect(second).toHaveTextContent('Pending');
    expect(second).toHaveTextContent('Auto Pay');
  });

  it('lists a scheduled payment first, as Scheduled on the date it will run (issue 14)', async () => {
    const page = paymentsPage();
    const scheduled = {
      id: 'p-0',
      paymentDate: '2026-12-01',
      status: 'scheduled',
      amountCents: 23_947,
      methodLabel: 'Visa 4242',
      channel: 'online',
      confirmationNumber: 'VB-100400',
    } as const;
    await renderHistory('/billing/payment-history', {
      [`GET ${PAYMENT_HISTORY_PATH}`]: { ...page, items: [scheduled, ...page.items] },
    });
    const table = await screen.findByRole('table', { name: 'Payments, newest first' });
    const [first] = within(table).getAllByRole('row').slice(1);
    expect(
      within(first as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.lastChild?.textContent),
    ).toEqual(['Dec 1, 2026', 'Scheduled', '$239.47', 'Visa 4242', 'Online', 'VB-100400']);
  });

  it('offers a payment when there are none yet, and only then (issue 16 item 4: an empty state offers the next step)', async () => {
    const empty = { items: [], nextCursor: null, previousCursor: null };
    await renderHistory('/billing/payment-history', { [`GET ${PAYMENT_HISTORY_PATH}`]: empty });
    expect(await screen.findByText('You haven’t made any payments yet.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Make a payment' })).toHaveAttribute('href', '/billing/pay-bill?open=otp');
  });

  it('offers no payment when a date filter matches nothing', async () => {
    const empty = { items: [], nextCursor: null, previousCursor: null };
    await renderHistory('/billing/payment-history?from=2026-01-01&to=2026-01-31', {
      [`GET ${PAYMENT_HISTORY_PATH}`]: empty,
    });
    expect(await screen.findByText('Nothing matches these dates. Try a wider range or clear the dates.')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Make a payment' })).not.toBeInTheDocument();
  });

  it('says Completado and En Proceso in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderHistory('/billing/payment-history', { [`GET ${PAYMENT_HISTORY_PATH}`]: paymentsPage() });
    const table = await screen.findByRole('table', { name: 'Pagos, del más reciente al más antiguo' });
    expect(within(table).getByText('Completado')).toBeInTheDocument();
    expect(within(table).getByText('En Proceso')).toBeInTheDocument();
    expect(within(table).getByText('25 oct 2026')).toBeInTheDocument();
    expect(within(table).getByText('$250.00')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Fecha de pago' })).toBeInTheDocument();
  });

  it('pages forward and back with the cursors, keeping the filter', async () => {
    const { user, fetchMock } = await renderHistory('/billing/payment-history?from=2026-01-01&to=2026-12-31', {
      [`GET ${PAYMENT_HISTORY_PATH}`]: (request) =>
        jsonResponse(
          params(request).cursor === 'older-1'
            ? paymentsPage({ previousCursor: 'newer-1' })
            : paymentsPage({ nextCursor: 'older-1' }),
        ),
    });
    const pager = await screen.findByRole('navigation', { name: 'Payment pages' });
    expect(params(fetchMock.requestsTo(PAYMENT_HISTORY_PATH)[0])).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    await user.click(within(pager).getByRole('button', { name: 'Older' }));
    await waitFor(() =>
      expect(params(fetchMock.requestsTo(PAYMENT_HISTORY_PATH).at(-1))).toEqual({
        from: '2026-01-01',
        to: '2026-12-31',
        cursor: 'older-1',
      }),
    );
    await waitFor(() =>
      expect(within(pager).getByRole('button', { name: 'Newer' })).not.toHaveAttribute('aria-disabled'),
    );
    await user.click(within(pager).getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(params(fetchMock.requestsTo(PAYMENT_HISTORY_PATH).at(-1)).cursor).toBe('newer-1'));
  });

  it('shows "Activity Unavailable" in place when the list fails, and Try again reloads it', async () => {
    let fail = true;
    const { user } = await renderHistory('/billing/payment-history', {
      [`GET ${PAYMENT_HISTORY_PATH}`]: () => (fail ? apiError('INTERNAL', 500) : jsonResponse(paymentsPage())),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Activity Unavailable' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('We couldn’t load your payment history');
    // The filter and the download still work.
    expect(screen.getByRole('group', { name: 'Filter by date' })).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('VB-100234')).toBeInTheDocument();
  });
});

describe('date filter', () => {
  async function openFilter() {
    const result = await renderHistory('/billing/payment-history', {
      [`GET ${PAYMENT_HISTORY_PATH}`]: paymentsPage(),
      [`GET ${PAYMENT_HISTORY_PATH}/export`]: () => new Response('date,amount\n2026-10-25,250.00\n'),
    });
    await screen.findByText('VB-100234');
    return result;
  }

  it('rejects a date that is not real, tied to its field, and focuses it', async () => {
    const { user, fetchMock } = await openFilter();
    const from = screen.getByRole('textbox', { name: 'From' });
    await user.type(from, '02/30/2026');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription('MM/DD/YY Enter a real date as MM/DD/YY, for example 03/31/26.');
    expect(from).toHaveFocus();
    expect(fetchMock.requestsTo(PAYMENT_HISTORY_PATH)).toHaveLength(1);
  });

  it('rejects From after To', async () => {
    const { user } = await openFilter();
    await user.type(screen.getByRole('textbox', { name: 'From' }), '03/02/2026');
    const to = screen.getByRole('textbox', { name: 'To' });
    await user.type(to, '03/01/2026');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('MM/DD/YY The “To” date must be on or after the “From” date.');
    expect(screen.getByRole('textbox', { name: 'From' })).not.toHaveAttribute('aria-invalid');
  });

  it('applies a valid range to the list and to Download CSV, and clears it', async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => undefined);
    const { user, fetchMock, router } = await openFilter();
    await user.type(screen.getByRole('textbox', { name: 'From' }), '01/15/2026');
    await user.type(screen.getByRole('textbox', { name: 'To' }), '3/1/2026');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(params(fetchMock.requestsTo(PAYMENT_HISTORY_PATH).at(-1))).toEqual({
        from: '2026-01-15',
        to: '2026-03-01',
      }),
    );
    expect(router.state.location.search).toEqual({ from: '2026-01-15', to: '2026-03-01' });
    // The fields now show the applied dates in the language's one format (as the payment date: MM/DD/YY).
    expect(screen.getByRole('textbox', { name: 'To' })).toHaveValue('03/01/26');

    const csv = screen.getByRole('link', { name: 'Download CSV' });
    expect(csv).toHaveAttribute('href', `${PAYMENT_HISTORY_PATH}/export?from=2026-01-15&to=2026-03-01&lang=en`);
    await user.click(csv);
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[1]).toBe('vireo-payment-history-2026-01-15_to_2026-03-01.csv');

    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `${PAYMENT_HISTORY_PATH}/export?lang=en`,
    );
  });

  it('reads DD/MM/AA in Spanish (the payment date’s format), with translated errors', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    const { user, fetchMock } = await renderHistory('/billing/payment-history', {
      [`GET ${PAYMENT_HISTORY_PATH}`]: paymentsPage(),
    });
    await screen.findByText('VB-100234');
    const from = screen.getByRole('textbox', { name: 'Desde' });
    await user.type(from, '31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(from).toHaveAccessibleDescription(
      'DD/MM/AA Escriba una fecha real con el formato DD/MM/AA, por ejemplo 31/03/26.',
    );
    await user.clear(from);
    await user.type(from, '31/01/26');
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() =>
      expect(params(fetchMock.requestsTo(PAYMENT_HISTORY_PATH).at(-1))).toEqual({ from: '2026-01-31' }),
    );
    expect(from).toHaveValue('31/01/26');
  });

  it('shows "Activity Unavailable" when the CSV download fails, and saves nothing', async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => undefined);
    const { user } = await renderHistory('/billing/payment-history', {
      [`GET ${PAYMENT_HISTORY_PATH}`]: paymentsPage(),
      [`GET ${PAYMENT_HISTORY_PATH}/export`]: () => apiError('SERVICE_UNAVAILABLE', 503),
    });
    await screen.findByText('VB-100234');
    await user.click(screen.getByRole('link', { name: 'Download CSV' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Activity Unavailable');
    expect(alert).toHaveTextContent('We couldn’t download the CSV file.');
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByText('VB-100234')).toBeInTheDocument();
  });
});

describe('account activity and recent charges', () => {
  it('shows the activity timeline with links to statements', async () => {
    await renderHistory('/billing/account-activity', { [`GET ${ACTIVITY_PATH}`]: activityPage() });
    const timeline = await screen.findByRole('list', { name: 'Account activity, newest first' });
    const items = within(timeline).getAllByRole('listitem');
    // a statement's entry is named by its type; the engine's English description is not shown
    expect(items[0]).toHaveTextContent(/^Nov 10, 2026 · Statement\$289\.47View statement/);
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'View statement' })).toHaveAttribute(
      'href',
      '/billing/view-statements/st-2026-11',
    );
    expect(items[1]).toHaveTextContent('Oct 25, 2026 · Payment-$250.00');
    expect(screen.getByRole('link', { name: 'Account Activity' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Recent Charges' })).not.toHaveAttribute('aria-current');
  });

  it('shows recent charges at ?tab=charges with Date, Description, Date Posted, Amount', async () => {
    const { fetchMock } = await renderHistory('/billing/account-activity?tab=charges', {
      [`GET ${CHARGES_PATH}`]: chargesPage(),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Recent Charges' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Recent charges, newest first' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Date', 'Description', 'Date Posted', 'Amount']);
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.lastChild?.textContent),
    ).toEqual(['Oct 21, 2026', 'Installation', 'Oct 22, 2026', '$40.00']);
    expect(screen.getByRole('link', { name: 'Recent Charges' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Account Activity' })).not.toHaveAttribute('aria-current');
    expect(fetchMock.requestsTo(ACTIVITY_PATH)).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `${CHARGES_PATH}/export?lang=en`,
    );
  });

  it.each([
    ['/billing/account-activity', ACTIVITY_PATH, 'We couldn’t load your account activity'],
    ['/billing/account-activity?tab=charges', CHARGES_PATH, 'We couldn’t load your recent charges'],
  ])('%s shows "Activity Unavailable" when its list fails', async (path, apiPath, body) => {
    await renderHistory(path, { [`GET ${apiPath}`]: () => apiError('INTERNAL', 500) });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Activity Unavailable' })).toBeInTheDocument();
    expect(alert).toHaveTextContent(body);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
