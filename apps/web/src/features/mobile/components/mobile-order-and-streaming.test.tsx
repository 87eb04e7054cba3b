import { screen, waitFor, within } from '@testing-library/react';
import { SUBSCRIPTION_CANCEL_PATH, SUBSCRIPTIONS_PATH } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeApiOptions, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { mobileOrderPath } from '../api/get-mobile-order';
import { cancelledStreamMax, ORDER_ID, riverbendOrder, SUBSCRIPTION_ID, streamMax } from '../testing/mobile-fixtures';

type Routes = NonNullable<FakeApiOptions['routes']>;

function renderOrder(routes: Routes) {
  return renderApp({ path: `/billing/mobile/orders/${ORDER_ID}`, profile: testProfile('BILLING'), routes });
}

/** term → definition of a description list. */
function definitions(list: HTMLElement): Record<string, string | null | undefined> {
  return Object.fromEntries(
    within(list)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
}

describe('mobile order details (spec §2.4)', () => {
  it('shows the order, its items with the financed note, and its totals', async () => {
    await renderOrder({ [`GET ${mobileOrderPath(ORDER_ID)}`]: () => jsonResponse(riverbendOrder()) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order MO-240903' })).toBeInTheDocument();
    expect(definitions(screen.getByTestId('order-facts'))).toEqual({
      'Order number': 'MO-240903',
      'Order date': 'Jun 1, 2026',
      Status: 'Delivered',
      'Ship to': 'Riverbend Auto Repair, 88 River Bend Dr, Orlando, FL 32801',
    });
    const table = screen.getByRole('table', { name: '3 items in this order' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.lastChild?.textContent),
      );
    expect(rows).toEqual([
      ['Vireo Phone SEFinanced: paid in monthly device instalments, not with this order.', '1', '$348.00', '$348.00'],
      ['Car charger', '2', '$19.99', '$39.98'],
      ['Screen protector', '1', '$14.99', '$14.99'],
    ]);
    expect(definitions(screen.getByTestId('order-totals'))).toEqual({
      Subtotal: '$54.97',
      Tax: '$3.56',
      Shipping: '$9.95',
      'Order total': '$68.48',
    });
  });

  it('shows "Order Info Unavailable" when the order fails, and Try again reloads it', async () => {
    let calls = 0;
    const { user } = await renderOrder({
      [`GET ${mobileOrderPath(ORDER_ID)}`]: () => {
        calls += 1;
        return calls === 1 ? apiError('INTERNAL', 500) : jsonResponse(riverbendOrder());
      },
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Order Info Unavailable' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Order Details' })).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order MO-240903' })).toBeInTheDocument();
  });

  it('says an unknown order cannot be found, without a retry', async () => {
    await renderOrder({ [`GET ${mobileOrderPath(ORDER_ID)}`]: () => apiError('NOT_FOUND', 404) });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Order Info Unavailable' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('We couldn’t find this order.');
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
  });
});

function renderStreaming(routes: Routes) {
  return renderApp({ path: '/billing/streaming', profile: testProfile('BILLING'), routes });
}

const cancelPath = SUBSCRIPTION_CANCEL_PATH.replace(':subscriptionId', SUBSCRIPTION_ID);

describe('streaming subscriptions (spec §2.4)', () => {
  it('shows each subscription with its price, next charge and charges', async () => {
    await renderStreaming({ [`GET ${SUBSCRIPTIONS_PATH}`]: () => jsonResponse({ subscriptions: [streamMax()] }) });
    const item = await screen.findByRole('article', { name: 'StreamMax Premium' });
    expect(within(item).getByTestId('subscription-status')).toHaveTextContent('Active');
    expect(definitions(item)).toEqual({
      Provider: 'StreamMax',
      Price: '$15.99 a month',
      Started: 'Sep 20, 2026',
      'Next charge': 'Dec 5, 2026',
    });
    const charges = within(item).getByRole('table', { name: 'StreamMax Premium charges, newest first' });
    expect(within(charges).getAllByRole('row')).toHaveLength(3);
    expect(within(charges).getByRole('link', { name: 'View statement of Nov 5, 2026' })).toHaveAttribute(
      'href',
      '/billing/view-statements/28b9c0d1-e2f3-4a47-9b68-c9d0e1f2a301',
    );
  });

  it('cancels after confirmation, posting to the cancel path, then shows it cancelled with no next charge', async () => {
    let cancelled = false;
    const { user, fetchMock } = await renderStreaming({
      [`GET ${SUBSCRIPTIONS_PATH}`]: () =>
        jsonResponse({ subscriptions: [cancelled ? cancelledStreamMax() : streamMax()] }),
      [`POST ${cancelPath}`]: () => {
        cancelled = true;
        return jsonResponse(cancelledStreamMax());
      },
    });
    const item = await screen.findByRole('article', { name: 'StreamMax Premium' });
    await user.click(within(item).getByRole('button', { name: 'Cancel subscription' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Cancel StreamMax Premium?' });
    expect(dialog).toHaveTextContent(
      'StreamMax Premium ($15.99 a month) won’t be charged on your next statement or any later one.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(fetchMock.requestsTo(cancelPath)).toHaveLength(0);

    await user.click(within(item).getByRole('button', { name: 'Cancel subscription' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Cancel StreamMax Premium?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() => expect(within(item).getByTestId('subscription-status')).toHaveTextContent('Cancelled'));
    const [request] = fetchMock.requestsTo(cancelPath, 'POST');
    expect(request?.body).toEqual({});
    expect(request?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('status')).toHaveTextContent('StreamMax Premium is cancelled.');
    expect(definitions(item)).toEqual({
      Provider: 'StreamMax',
      Price: '$15.99 a month',
      Started: 'Sep 20, 2026',
      Cancelled: 'Nov 21, 2026',
    });
    expect(item).toHaveTextContent('This subscription won’t be charged on any later statement.');
    expect(within(item).queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
    await waitFor(() => expect(within(item).getByRole('heading', { name: 'StreamMax Premium' })).toHaveFocus());
  });

  it('shows "Unable to Cancel Subscription" when the cancellation fails, and keeps it active', async () => {
    const { user } = await renderStreaming({
      [`GET ${SUBSCRIPTIONS_PATH}`]: () => jsonResponse({ subscriptions: [streamMax()] }),
      [`POST ${cancelPath}`]: () => apiError('VALIDATION_FAILED', 400),
    });
    const item = await screen.findByRole('article', { name: 'StreamMax Premium' });
    await user.click(within(item).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    const alert = await within(item).findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to Cancel Subscription' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('We couldn’t cancel this subscription right now, and it’s still active.');
    expect(within(item).getByTestId('subscription-status')).toHaveTextContent('Active');
    expect(within(item).getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
  });

  it('shows "Streaming Subscriptions Unavailable" when they cannot load', async () => {
    await renderStreaming({ [`GET ${SUBSCRIPTIONS_PATH}`]: () => apiError('INTERNAL', 500) });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Streaming Subscriptions Unavailable' })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
