import { act, screen, waitFor, within } from '@testing-library/react';
import { MOBILE_TRANSACTIONS_PATH } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { apiError, type FakeApiOptions, type FakeRequest, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { transactionsPage } from '../testing/mobile-fixtures';

function params(request: FakeRequest | undefined): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request?.search ?? ''));
}

/** Answers the page of the asked tab; `older-1` is the second page. */
const byType = (request: FakeRequest) => {
  const { type, cursor } = params(request);
  const tab = type === 'payments' || type === 'refunds' ? type : 'all';
  return jsonResponse(
    cursor === 'older-1' ? transactionsPage(tab, { previousCursor: 'newer-1' }) : transactionsPage(tab),
  );
};

function renderTransactions(search = '', routes: NonNullable<FakeApiOptions['routes']> = {}) {
  return renderApp({
    path: `/billing/mobile/transactions${search}`,
    profile: testProfile('BILLING'),
    routes: { [`GET ${MOBILE_TRANSACTIONS_PATH}`]: byType, ...routes },
  });
}

function cellsOf(row: HTMLElement): (string | null | undefined)[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.lastChild?.textContent);
}

describe('mobile transactions (spec §2.4: tabs All, Payments, Refunds)', () => {
  it('shows every transaction under All, with the six columns', async () => {
    const { fetchMock } = await renderTransactions();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mobile Transactions' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mobile Billing' })).not.toHaveAttribute('aria-current');
    const tabs = screen.getByRole('tablist', { name: 'Transaction types' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => [tab.textContent, tab.getAttribute('aria-selected')]),
    ).toEqual([
      ['All', 'true'],
      ['Payments', 'false'],
      ['Refunds', 'false'],
    ]);
    const table = await screen.findByRole('table', { name: 'All, newest first' });
    expect(screen.getByRole('tabpanel', { name: 'All' })).toContainElement(table);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Date', 'Description', 'Method', 'Reference', 'Status', 'Amount']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => cellsOf(row))).toEqual([
      ['Nov 6, 2026', 'Mobile balance', 'Mastercard 4444', 'VB-500101', 'Successful', '$225.75'],
      ['Oct 15, 2026', 'Device payment: Vireo Phone SE', 'Checking 6789', 'VB-500077', 'Pending', '$50.00'],
      ['Sep 22, 2026', 'Refund: Car charger (1)', 'Mastercard 4444', 'MO-240903', 'Successful', '$21.29'],
    ]);
    expect(params(fetchMock.requestsTo(MOBILE_TRANSACTIONS_PATH)[0])).toEqual({ type: 'all' });
  });

  it('filters by tab: the request carries type=payments, then type=refunds, and the address keeps the tab', async () => {
    const { user, fetchMock, router } = await renderTransactions();
    await screen.findByRole('table', { name: 'All, newest first' });
    await user.click(screen.getByRole('tab', { name: 'Payments' }));
    const payments = await screen.findByRole('table', { name: 'Payments, newest first' });
    expect(within(payments).getAllByRole('row')).toHaveLength(3);
    expect(params(fetchMock.requestsTo(MOBILE_TRANSACTIONS_PATH).at(-1))).toEqual({ type: 'payments' });
    expect(router.state.location.search).toEqual({ type: 'payments' });
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');

    await user.click(screen.getByRole('tab', { name: 'Refunds' }));
    const refunds = await screen.findByRole('table', { name: 'Refunds, newest first' });
    expect(within(refunds).getAllByRole('row')).toHaveLength(2);
    expect(params(fetchMock.requestsTo(MOBILE_TRANSACTIONS_PATH).at(-1))).toEqual({ type: 'refunds' });
    expect(router.state.location.search).toEqual({ type: 'refunds' });

    await user.click(screen.getByRole('tab', { name: 'All' }));
    await screen.findByRole('table', { name: 'All, newest first' });
    expect(router.state.location.search).toEqual({});
  });

  it('moves between the tabs with the arrow keys, Home and End, each loading its list', async () => {
    const { user, fetchMock } = await renderTransactions();
    await screen.findByRole('table', { name: 'All, newest first' });
    // The selected tab comes right after the way back in the tab order.
    act(() => screen.getByRole('link', { name: 'Mobile Billing' }).focus());
    await user.tab();
    expect(screen.getByRole('tab', { name: 'All' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Payments' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(params(fetchMock.requestsTo(MOBILE_TRANSACTIONS_PATH).at(-1)).type).toBe('payments'));
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Refunds' })).toHaveFocus();
    await screen.findByRole('table', { name: 'Refunds, newest first' });
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'All' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Refunds' })).toHaveFocus();
    // Only the selected tab is in the tab order: Tab leaves the tab list for the panel.
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'Refunds' })).toContainElement(document.activeElement as HTMLElement);
  });

  it('opens on the tab the address names, and says when a tab is empty', async () => {
    const { fetchMock } = await renderTransactions('?type=refunds', {
      [`GET ${MOBILE_TRANSACTIONS_PATH}`]: () => jsonResponse({ items: [], nextCursor: null, previousCursor: null }),
    });
    expect(await screen.findByText('No refunds yet.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Refunds' })).toHaveAttribute('aria-selected', 'true');
    expect(params(fetchMock.requestsTo(MOBILE_TRANSACTIONS_PATH)[0])).toEqual({ type: 'refunds' });
  });

  it('pages older and newer with the keyset cursors, keeping the tab', async () => {
    const { user, fetchMock } = await renderTransactions('?type=payments', {
      [`GET ${MOBILE_TRANSACTIONS_PATH}`]: (request) =>
        jsonResponse(
          params(request).cursor === 'older-1'
            ? transactionsPage('payments', { previousCursor: 'newer-1' })
            : transactionsPage('payments', { nextCursor: 'older-1' }),
        ),
    });
    const pager = await screen.findByRole('navigation', { name: 'Transaction pages' });
    await user.click(within(pager).getByRole('button', { name: 'Older' }));
    await waitFor(() =>
      expect(params(fetchMock.requestsTo(MOBILE_TRANSACTIONS_PATH).at(-1))).toEqual({
        type: 'payments',
        cursor: 'older-1',
      }),
    );
    await waitFor(() =>
      expect(within(pager).getByRole('button', { name: 'Newer' })).not.toHaveAttribute('aria-disabled'),
    );
    await user.click(within(pager).getByRole('button', { name: 'Newer' }));
    await waitFor(() => expect(params(fetchMock.requestsTo(MOBILE_TRANSACTIONS_PATH).at(-1)).cursor).toBe('newer-1'));
  });

  it('shows "Unable to Load Transactions" when the list fails, and Try again reloads it', async () => {
    let calls = 0;
    const { user } = await renderTransactions('', {
      [`GET ${MOBILE_TRANSACTIONS_PATH}`]: (request) => {
        calls += 1;
        return calls === 1 ? apiError('INTERNAL', 500) : byType(request);
      },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to Load Transactions' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('We couldn’t load your mobile transactions right now.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'All, newest first' })).toBeInTheDocument();
  });

  it('speaks Spanish: Todas, Pagos, Reembolsos', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderTransactions();
    expect(await screen.findByRole('heading', { level: 1, name: 'Transacciones móviles' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Todas', 'Pagos', 'Reembolsos']);
    const table = await screen.findByRole('table', { name: 'Todas, de la más reciente a la más antigua' });
    expect(within(table).getByText('Reembolso: Car charger (1)')).toBeInTheDocument();
    expect(within(table).getAllByText('Completado')).toHaveLength(2);
  });
});
