import { screen, within } from '@testing-library/react';
import { AUDIT_LOG_PATH } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRequest, jsonResponse } from '../../../test/fake-api';
import {
  DRAFT_FAILED,
  GUEST_LINK,
  LATER_AREA,
  logPage,
  PAYMENT,
  renderAuditLog,
  SAM,
} from '../testing/audit-log-fixtures';

const LIST = `GET ${AUDIT_LOG_PATH}`;

const rowsOf = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('the audit log page (wider-portal.md §4)', () => {
  it('shows who, what, the target, when, from where and the result in words, never a code', async () => {
    await renderAuditLog({ [LIST]: logPage([PAYMENT, GUEST_LINK, DRAFT_FAILED, LATER_AREA]) });
    await screen.findByRole('table', { name: 'Changes, newest first' });
    const [payment, guest, draft, later] = rowsOf();
    expect(payment).toHaveTextContent('Hannah ReyesPrimary');
    expect(payment).toHaveTextContent('Payment submittedPayments');
    expect(payment).toHaveTextContent('Visa ending 4242 · $125.00');
    expect(payment).toHaveTextContent('Nov 21, 2026');
    expect(payment).toHaveTextContent('203.0.113.0 · Chrome 131 on macOS');
    expect(payment).toHaveTextContent('Succeeded');
    expect(guest).toHaveTextContent('Guest');
    expect(guest).toHaveTextContent('Quick Pay opened');
    expect(guest).toHaveTextContent('None');
    expect(draft).toHaveTextContent('Vireo');
    expect(draft).toHaveTextContent('Payment failed');
    expect(draft).toHaveTextContent('Checking 6789 · $289.47');
    expect(draft).toHaveTextContent('Not recorded');
    expect(draft).toHaveTextContent('Failed');
    // an action of a later area reads as words, with its area
    expect(later).toHaveTextContent('Other changeAccount');
    expect(screen.getByRole('table')).not.toHaveTextContent(/payment\.|quick_pay|voice\.|9c1d2e3f/);
  });

  it('says a bank account in Spanish, and leaves a person named as they are', async () => {
    await renderAuditLog({ [LIST]: logPage([PAYMENT, DRAFT_FAILED]) }, 'es');
    await screen.findByRole('table');
    const [payment, draft] = rowsOf();
    expect(draft).toHaveTextContent('Cuenta corriente 6789');
    expect(draft).not.toHaveTextContent('Checking');
    expect(payment).toHaveTextContent('Hannah Reyes');
  });

  it('filters by user, area and dates, pages with the keyset pager, and exports what it shows', async () => {
    const requests: FakeRequest[] = [];
    const { user } = await renderAuditLog({
      [LIST]: (request) => {
        requests.push(request);
        const params = new URLSearchParams(request.search);
        return jsonResponse(
          params.get('cursor') ? logPage([DRAFT_FAILED], null, 'newer-1') : logPage([PAYMENT], 'older-1'),
        );
      },
    });
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'User' }), 'Sam Ortiz (Admin)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Area' }), 'Payment methods');
    await user.type(screen.getByRole('textbox', { name: 'From' }), '11/01/26');
    await user.type(screen.getByRole('textbox', { name: 'To' }), '11/21/26');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await expect.poll(() => requests.at(-1)?.search).toBe(`?actor=${SAM.id}&area=wallet&from=2026-11-01&to=2026-11-21`);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `${AUDIT_LOG_PATH}/export?actor=${SAM.id}&area=wallet&from=2026-11-01&to=2026-11-21&lang=en`,
    );
    await user.click(await screen.findByRole('button', { name: 'Older' }));
    await expect.poll(() => requests.at(-1)?.search).toContain('cursor=older-1');
    await within(screen.getByRole('table')).findByText('Vireo');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    // the unfiltered first page is the one already read (cached): the page and its export are unfiltered again
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
      'href',
      `${AUDIT_LOG_PATH}/export?lang=en`,
    );
    expect(screen.getByRole('combobox', { name: 'User' })).toHaveValue('');
    expect(await screen.findByText('Hannah Reyes')).toBeInTheDocument();
  });

  it('refuses a reversed date range on its field, without asking the server', async () => {
    const requests: FakeRequest[] = [];
    const { user } = await renderAuditLog({
      [LIST]: (request) => {
        requests.push(request);
        return jsonResponse(logPage([PAYMENT]));
      },
    });
    await screen.findByRole('table');
    await user.type(screen.getByRole('textbox', { name: 'From' }), '11/21/26');
    await user.type(screen.getByRole('textbox', { name: 'To' }), '11/01/26');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    const to = screen.getByRole('textbox', { name: 'To' });
    expect(to).toHaveAccessibleDescription(/The end date must be on or after the start date/);
    expect(requests).toHaveLength(1);
  });

  it('says when there is nothing to show', async () => {
    await renderAuditLog({ [LIST]: logPage([]) });
    expect(await screen.findByRole('heading', { name: 'No changes to show' })).toBeInTheDocument();
  });

  it('offers a retry when the log fails to load', async () => {
    await renderAuditLog({ [LIST]: () => apiError('INTERNAL', 500) });
    expect(await screen.findByRole('heading', { name: 'We couldn’t load the audit log' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });
});
