import { screen, waitFor, within } from '@testing-library/react';
import {
  ACCOUNTS_PATH,
  AUTOPAY_PATH,
  BILLING_SUMMARY_PATH,
  type BillingSummaryResponse,
  PAPERLESS_PATH,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { HARBOR_ACCOUNT } from '../../../test/accounts';
import { harborSummary } from '../../../test/billing';
import { apiError, type FakeApiOptions, jsonResponse, noContent, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { FAILED_PAYMENT_ID, harborStatus } from '../testing/autopay-fixtures';

type Routes = NonNullable<FakeApiOptions['routes']>;

function renderBillingHome(summary: BillingSummaryResponse | (() => Response), routes: Routes = {}) {
  return renderApp({
    path: '/billing',
    profile: testProfile('BILLING'),
    routes: {
      [`GET ${ACCOUNTS_PATH}`]: HARBOR_ACCOUNT,
      [`GET ${BILLING_SUMMARY_PATH}`]: typeof summary === 'function' ? summary : () => jsonResponse(summary),
      ...routes,
    },
  });
}

describe('failed Auto Pay draft on the billing home (issue 6)', () => {
  it('says the draft of $289.47 on Nov 15, 2026 did not go through, with the retry path', async () => {
    await renderBillingHome(harborSummary(), {
      [`GET ${AUTOPAY_PATH}`]: harborStatus({
        lastFailedDraft: { paymentId: FAILED_PAYMENT_ID, paymentDate: '2026-11-15', amountCents: 28_947 },
      }),
    });
    const banner = await screen.findByTestId('failed-draft-banner');
    expect(within(banner).getByRole('heading', { name: 'Your Auto Pay payment didn’t go through' })).toBeVisible();
    expect(banner).toHaveTextContent('The Auto Pay payment of $289.47 on Nov 15, 2026 did not go through.');
    expect(within(banner).getByRole('link', { name: 'Make a payment' })).toHaveAttribute(
      'href',
      '/billing/pay-bill?open=otp',
    );
  });

  it('shows no banner when the last draft went through, or when the status cannot load', async () => {
    await renderBillingHome(harborSummary(), { [`GET ${AUTOPAY_PATH}`]: harborStatus() });
    await screen.findByTestId('amount-due');
    expect(screen.queryByTestId('failed-draft-banner')).not.toBeInTheDocument();
  });
});

describe('billing settings card: Auto Pay and paperless (spec §2.4)', () => {
  it('shows the Auto Pay status with a link to its panel, and paperless off', async () => {
    await renderBillingHome(harborSummary({ autoPay: { enrolled: true, methodLabel: 'Checking 6789', debitDay: 3 } }));
    expect(await screen.findByTestId('settings-auto-pay-status')).toHaveTextContent(
      'Status: On · Checking 6789 · debits on the 3rd of each month',
    );
    expect(screen.getByRole('link', { name: 'Auto Pay' })).toHaveAttribute('href', '/billing/pay-bill?open=ap');
    expect(screen.getByTestId('settings-paperless-status')).toHaveTextContent('Status: Off');
  });

  it('enrols in paperless billing after a confirmation, and shows the new status', async () => {
    let paperless = false;
    const { user, fetchMock } = await renderBillingHome(() => jsonResponse(harborSummary({ paperless })), {
      [`PUT ${PAPERLESS_PATH}`]: () => {
        paperless = true;
        return noContent();
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Enroll in paperless billing' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Go paperless?' });
    await user.click(within(dialog).getByRole('button', { name: 'Enroll in paperless billing' }));
    expect(await screen.findByText('You’re enrolled in paperless billing.')).toBeInTheDocument();
    const [request] = fetchMock.requestsTo(PAPERLESS_PATH, 'PUT');
    expect(request?.body).toEqual({ enrolled: true });
    expect(request?.headers.get('Idempotency-Key')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('settings-paperless-status')).toHaveTextContent('Status: On'));
    expect(screen.getByRole('button', { name: 'Un-enroll from paperless billing' })).toBeInTheDocument();
  });

  it('un-enrols after a confirmation', async () => {
    const { user, fetchMock } = await renderBillingHome(harborSummary({ paperless: true }), {
      [`PUT ${PAPERLESS_PATH}`]: () => noContent(),
    });
    await user.click(await screen.findByRole('button', { name: 'Un-enroll from paperless billing' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Stop paperless billing?' });
    await user.click(within(dialog).getByRole('button', { name: 'Un-enroll from paperless billing' }));
    await waitFor(() => expect(fetchMock.requestsTo(PAPERLESS_PATH, 'PUT')).toHaveLength(1));
    expect(fetchMock.requestsTo(PAPERLESS_PATH, 'PUT')[0]?.body).toEqual({ enrolled: false });
  });

  it('shows "Unable to Enroll in Paperless Billing" in place when enrolling fails', async () => {
    const { user } = await renderBillingHome(harborSummary(), {
      [`PUT ${PAPERLESS_PATH}`]: () => apiError('PAPERLESS_ENROLLMENT_FAILED', 422),
    });
    await user.click(await screen.findByRole('button', { name: 'Enroll in paperless billing' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Enroll in paperless billing' }),
    );
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Unable to Enroll in Paperless Billing' })).toBeInTheDocument();
    expect(screen.getByTestId('settings-paperless-status')).toHaveTextContent('Status: Off');
  });
});
