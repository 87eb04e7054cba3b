import { screen } from '@testing-library/react';
import {
  CSRF_PATH,
  PCI_QUICK_PAY_TOKENIZE_PATH,
  QUICK_PAY_LINK_PATH,
  QUICK_PAY_LOOKUP_PATH,
  QUICK_PAY_PAYMENTS_PATH,
  type QuickPayLinkResponse,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { apiError, type FakeRequest, jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const LINK = 'PayLinkAbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
const OPENED: QuickPayLinkResponse = {
  quickPayToken: 'QpTokenAbCdEfGhIjKlMnOpQrStUvWxYz0123456789',
  expiresAt: '2026-11-27T16:50:00.000Z',
  company: 'Ha*** Co*** Co***',
  amountDueCents: 28_947,
  dueDate: '2026-12-07',
  pastDueCents: 0,
  minCents: 100,
  maxCents: 2_500_000,
  restriction: 'none',
  today: '2026-11-27',
  payLink: { capLeftCents: 5_000, usesLeft: 2, expiresAt: '2026-12-04T15:00:00.000Z', note: 'November bill' },
};

function renderLink(handlers: { open?: (r: FakeRequest) => Response; pay?: (r: FakeRequest) => Response } = {}) {
  return renderApp({
    path: `/wg/pay-bill?link=${LINK}`,
    routes: {
      [`GET ${CSRF_PATH}`]: { csrfToken: 'visitor-token' },
      [`POST ${QUICK_PAY_LINK_PATH}`]: handlers.open ?? (() => jsonResponse(OPENED)),
      [`POST ${QUICK_PAY_LOOKUP_PATH}`]: () => apiError('QUICK_PAY_NOT_FOUND', 404),
      [`POST ${PCI_QUICK_PAY_TOKENIZE_PATH}`]: () =>
        jsonResponse(
          {
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
          },
          201,
        ),
      [`POST ${QUICK_PAY_PAYMENTS_PATH}`]: handlers.pay ?? (() => apiError('PAY_LINK_REVOKED', 410)),
    },
  });
}

describe('a pay link opens Quick Pay (/wg/pay-bill?link=…, issue 17 item 7)', () => {
  it('opens the bill with the account filled in, what the link allows, and amounts bounded by its cap', async () => {
    const { user, fetchMock } = await renderLink();
    expect(await screen.findByRole('heading', { level: 2, name: 'Bill for Ha*** Co*** Co***' })).toBeInTheDocument();
    expect(fetchMock.requestsTo(QUICK_PAY_LINK_PATH)).toHaveLength(1);
    expect(fetchMock.requestsTo(QUICK_PAY_LINK_PATH)[0]?.body).toEqual({ link: LINK });
    expect(
      screen.getByText(
        'Through this pay link you can pay up to $50.00 (2 payments left), until Dec 4, 2026. Note: November bill',
      ),
    ).toBeInTheDocument();
    // no account number or ZIP is asked for
    expect(screen.queryByRole('textbox', { name: 'Account number' })).not.toBeInTheDocument();
    await expectNoAxeViolations();
    // the amount due ($289.47) is over the link's $50.00: refused on the page, before any card is asked for
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByText('Please enter a payment amount between $1.00 and $50.00.', { exact: false }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Card Number' })).not.toBeInTheDocument();
  });

  it('says why a link cannot pay: unknown, expired, revoked, used up; and offers the lookup instead', async () => {
    const cases = [
      ['PAY_LINK_UNKNOWN', 404, 'This pay link doesn’t work'],
      ['PAY_LINK_EXPIRED', 410, 'This pay link has expired'],
      ['PAY_LINK_REVOKED', 410, 'This pay link was cancelled'],
      ['PAY_LINK_USED', 410, 'This pay link has been used'],
    ] as const;
    for (const [code, status, title] of cases) {
      const { user, unmount } = await renderLink({ open: () => apiError(code, status) });
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
      if (code === 'PAY_LINK_REVOKED') {
        await expectNoAxeViolations();
        await user.click(screen.getByRole('button', { name: 'Pay with the account number instead' }));
        expect(await screen.findByRole('textbox', { name: 'Account number' })).toBeInTheDocument();
      }
      unmount();
    }
  });

  it('refuses at paying when the link was revoked meanwhile, with nothing charged', async () => {
    const { user } = await renderLink();
    await user.click(await screen.findByRole('radio', { name: 'Other amount' }));
    await user.type(screen.getByRole('textbox', { name: 'Enter amount' }), '50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(await screen.findByRole('textbox', { name: 'Name on Card' }), 'Pat Doe');
    await user.type(screen.getByRole('textbox', { name: 'Card Number' }), '4242 4242 4242 4242');
    await user.type(screen.getByRole('textbox', { name: 'Expiration Date' }), '0829');
    await user.type(screen.getByRole('textbox', { name: 'ZIP Code' }), '04101');
    await user.type(screen.getByRole('textbox', { name: 'Security Code' }), '123');
    await user.type(screen.getByRole('textbox', { name: 'E-mail for your receipt' }), 'pat@bookkeepers.example');
    await user.click(screen.getByRole('button', { name: 'Pay $50.00' }));
    expect(await screen.findByRole('heading', { name: 'This pay link was cancelled' })).toBeInTheDocument();
    expect(screen.getByText(/Nothing was charged/)).toBeInTheDocument();
  });

  it('reads in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderLink();
    expect(await screen.findByRole('heading', { level: 2, name: 'Factura de Ha*** Co*** Co***' })).toBeInTheDocument();
    expect(screen.getByText(/Con este enlace de pago puede pagar hasta/)).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});
