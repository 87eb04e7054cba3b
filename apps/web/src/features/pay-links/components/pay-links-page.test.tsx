import { screen, waitFor, within } from '@testing-library/react';
import { PAY_LINKS_PATH, type PayLink } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { apiError, type FakeRequest, jsonResponse } from '../../../test/fake-api';
import { payLinkRevokePath } from '../api/pay-links-api';
import { ACTIVE, EXPIRED, page, payLink, REVOKED, renderPayLinks, USED } from '../testing/pay-links-fixtures';

const LIST = `GET ${PAY_LINKS_PATH}`;
const CREATE = `POST ${PAY_LINKS_PATH}`;
const URL_ONCE = 'https://portal.vireo.example/wg/pay-bill?link=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';

function itemOf(name: string | RegExp): HTMLElement {
  const li = screen.getByRole('heading', { level: 3, name }).closest('li');
  if (!li) throw new Error(`no item ${String(name)}`);
  return li;
}

const fieldErrors = (fields: { path: string; code: string }[]) =>
  jsonResponse({ error: { code: 'VALIDATION_FAILED', message: 'bad (test)', fields } }, 400);

describe('pay links list (wider-portal.md §1)', () => {
  it('lists each link with its cap, paid so far, uses, expiry, note, creator and status in words; Revoke on active ones only', async () => {
    await renderPayLinks({ [LIST]: page([ACTIVE, USED, EXPIRED, REVOKED]) });
    const list = await screen.findByRole('list', { name: 'Your pay links' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);

    const active = itemOf('Up to $150.00');
    expect(active).toHaveTextContent('Status: Active');
    expect(active).toHaveTextContent('Paid so far$50.00');
    expect(active).toHaveTextContent('1 of 3 used');
    expect(active).toHaveTextContent('Expires onDec 5, 2026');
    expect(active).toHaveTextContent('NoteOctober invoice');
    expect(active).toHaveTextContent('Created Nov 21, 2026 by Hannah Reyes');
    expect(within(active).getByRole('button', { name: 'Revoke' })).toHaveAccessibleDescription(
      'Up to $150.00 Created Nov 21, 2026 by Hannah Reyes',
    );

    const used = itemOf('Up to $200.00');
    expect(used).toHaveTextContent('Status: Used');
    expect(used).toHaveTextContent('1 of 1 used');
    expect(used).toHaveTextContent('by a former user');
    expect(used).not.toHaveTextContent('Note');
    const expired = itemOf('Up to $75.00');
    expect(expired).toHaveTextContent('Status: Expired');
    expect(expired).toHaveTextContent('Expired onOct 8, 2026');
    const revoked = itemOf('Up to $99.00');
    expect(revoked).toHaveTextContent('Status: Revoked');
    expect(revoked).toHaveTextContent('Revoked onSep 2, 2026');
    for (const item of [used, expired, revoked]) {
      expect(within(item).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    }
  });

  it('shows "No pay links yet" with a Create a pay link button that takes the user to the form', async () => {
    const { user } = await renderPayLinks({ [LIST]: page([]) });
    expect(await screen.findByRole('heading', { level: 3, name: 'No pay links yet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create a pay link' }));
    expect(screen.getByRole('textbox', { name: 'Amount cap' })).toHaveFocus();
  });

  it('says the list could not load, and Try again loads it', async () => {
    let fail = true;
    const { user } = await renderPayLinks({
      [LIST]: () => (fail ? apiError('INTERNAL', 500) : jsonResponse(page([ACTIVE]))),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Pay links unavailable' })).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Up to $150.00' })).toBeInTheDocument();
  });

  it('shows a loading skeleton with a status until the list arrives', async () => {
    let answer: (response: Response) => void = () => undefined;
    await renderPayLinks({ [LIST]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    expect(screen.getByText('Loading your pay links…')).toHaveAttribute('role', 'status');
    answer(jsonResponse(page([ACTIVE])));
    expect(await screen.findByRole('heading', { level: 3, name: 'Up to $150.00' })).toBeInTheDocument();
    expect(screen.queryByText('Loading your pay links…')).not.toBeInTheDocument();
  });

  it('pages with Older and Newer (keyset cursors)', async () => {
    const older = payLink({ id: '7d3c9a52-1b7e-4a57-9a53-3f1de1a0a0ff', capCents: 1_234 });
    const { user, api } = await renderPayLinks({
      [LIST]: (request: FakeRequest) =>
        new URLSearchParams(request.search).get('cursor') === 'older-1'
          ? jsonResponse(page([older], null, 'newer-1'))
          : jsonResponse(page([ACTIVE], 'older-1')),
    });
    await screen.findByRole('heading', { level: 3, name: 'Up to $150.00' });
    const pager = screen.getByRole('navigation', { name: 'Pay link pages' });
    expect(within(pager).getByRole('button', { name: 'Newer' })).toHaveAttribute('aria-disabled', 'true');
    await user.click(within(pager).getByRole('button', { name: 'Older' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Up to $12.34' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: 'Up to $150.00' })).not.toBeInTheDocument();
    expect(api.requestsTo(PAY_LINKS_PATH, 'GET').map((request) => request.search)).toEqual(['', '?cursor=older-1']);
  });
});

describe('revoking a pay link', () => {
  it('asks first; Keep link changes nothing; Revoke link revokes it, the row says Revoked and focus lands on it', async () => {
    let revoked = false;
    const { user, api } = await renderPayLinks({
      [LIST]: () =>
        jsonResponse(page([revoked ? { ...ACTIVE, status: 'revoked', revokedAt: REVOKED.revokedAt } : ACTIVE])),
      [`POST ${payLinkRevokePath(ACTIVE.id)}`]: () => {
        revoked = true;
        return jsonResponse({ ...ACTIVE, status: 'revoked', revokedAt: '2026-11-22T10:00:00.000Z' });
      },
    });
    await screen.findByRole('heading', { level: 3, name: 'Up to $150.00' });
    await user.click(within(itemOf('Up to $150.00')).getByRole('button', { name: 'Revoke' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke this pay link?' });
    expect(dialog).toHaveTextContent('The link for up to $150.00 will stop working right away.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep link' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.requestsTo(payLinkRevokePath(ACTIVE.id))).toHaveLength(0);
    expect(itemOf('Up to $150.00')).toHaveTextContent('Status: Active');

    await user.click(within(itemOf('Up to $150.00')).getByRole('button', { name: 'Revoke' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke link' }));
    await waitFor(() => expect(itemOf('Up to $150.00')).toHaveTextContent('Status: Revoked'));
    expect(api.requestsTo(payLinkRevokePath(ACTIVE.id), 'POST')).toHaveLength(1);
    expect(within(itemOf('Up to $150.00')).queryByRole('button', { name: 'Revoke' })).not.toBeInTheDocument();
    expect(screen.getByText('The pay link for up to $150.00 was revoked.')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(screen.getByRole('heading', { level: 3, name: 'Up to $150.00' })).toHaveFocus());
  });

  it('says so in the row when the revoke fails', async () => {
    const { user } = await renderPayLinks({
      [LIST]: page([ACTIVE]),
      [`POST ${payLinkRevokePath(ACTIVE.id)}`]: () => apiError('INTERNAL', 500),
    });
    await user.click(within(await screen.findByRole('listitem')).getByRole('button', { name: 'Revoke' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Revoke link' }));
    const alert = await within(itemOf('Up to $150.00')).findByRole('alert');
    expect(alert).toHaveTextContent('We couldn’t revoke this pay link');
    expect(itemOf('Up to $150.00')).toHaveTextContent('Status: Active');
  });
});

describe('creating a pay link', () => {
  it('sends the cap in cents, shows the address once with Copy link, and refreshes the list', async () => {
    const made = payLink({ id: '7d3c9a52-1b7e-4a57-9a53-3f1de1a0a0aa', capCents: 125_050, paidCents: 0, usesCount: 0 });
    let created = false;
    const { user, api } = await renderPayLinks({
      [LIST]: () => jsonResponse(page(created ? [made, ACTIVE] : [ACTIVE])),
      [CREATE]: () => {
        created = true;
        return jsonResponse({ payLink: made, url: URL_ONCE }, 201);
      },
    });
    await screen.findByRole('heading', { level: 3, name: 'Up to $150.00' });
    await user.type(screen.getByRole('textbox', { name: 'Amount cap' }), '$1,250.50');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Expires after' }), '14 days');
    const uses = screen.getByRole('textbox', { name: 'Number of payments' });
    await user.clear(uses);
    await user.type(uses, '3');
    await user.type(screen.getByRole('textbox', { name: 'Note (optional)' }), '  October invoice ');
    await user.click(screen.getByRole('button', { name: 'Create link' }));

    const heading = await screen.findByRole('heading', { level: 2, name: 'Your pay link is ready' });
    expect(heading).toHaveFocus();
    expect(api.requestsTo(PAY_LINKS_PATH, 'POST').map((request) => request.body)).toEqual([
      { capCents: 125_050, expiresInDays: 14, usesAllowed: 3, note: 'October invoice' },
    ]);
    expect(screen.getByText('It can pay up to $1,250.50 in 3 payments for the next 14 days.')).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Pay link' });
    expect(field).toHaveValue(URL_ONCE);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveAccessibleDescription(/we won’t show this link again/);

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(URL_ONCE);
    expect(screen.getByText('Copied: the link is on your clipboard.')).toHaveAttribute('role', 'status');

    // the list reads the new link
    expect(await screen.findByRole('heading', { level: 3, name: 'Up to $1,250.50' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create another pay link' }));
    expect(screen.queryByDisplayValue(URL_ONCE)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(URL_ONCE);
    const cap = screen.getByRole('textbox', { name: 'Amount cap' });
    await waitFor(() => expect(cap).toHaveFocus());
    expect(cap).toHaveValue('');
  });

  it('leaves an empty note out of the request and sends the defaults (7 days, one payment)', async () => {
    const { user, api } = await renderPayLinks({
      [LIST]: page([]),
      [CREATE]: () => jsonResponse({ payLink: ACTIVE, url: URL_ONCE }, 201),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Amount cap' }), '100');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await screen.findByRole('heading', { name: 'Your pay link is ready' });
    expect(api.requestsTo(PAY_LINKS_PATH, 'POST')[0]?.body).toEqual({
      capCents: 10_000,
      expiresInDays: 7,
      usesAllowed: 1,
    });
  });

  it('checks each field with its own message, linked to the field, and sends nothing until they pass', async () => {
    const { user, api } = await renderPayLinks({ [LIST]: page([ACTIVE]) });
    await screen.findByRole('heading', { level: 3, name: 'Up to $150.00' });
    const cap = screen.getByRole('textbox', { name: 'Amount cap' });
    const uses = screen.getByRole('textbox', { name: 'Number of payments' });
    const note = screen.getByRole('textbox', { name: 'Note (optional)' });
    expect(cap).toHaveAccessibleDescription('The most the link can pay in all, in dollars: from $1.00 to $25,000.00.');
    const submit = screen.getByRole('button', { name: 'Create link' });

    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct');
    expect(cap).toHaveFocus();
    expect(cap).toHaveAttribute('aria-invalid', 'true');
    expect(cap).toHaveAccessibleDescription(/Enter the most the link can pay, from \$1\.00 to \$25,000\.00\./);

    await user.type(cap, '12.345');
    await user.click(submit);
    expect(cap).toHaveAccessibleDescription(/Enter an amount in dollars and cents, such as 150\.00\./);

    await user.clear(cap);
    await user.type(cap, '25000.01');
    await user.clear(uses);
    await user.type(uses, '11');
    await user.click(note);
    await user.paste('x'.repeat(201));
    await user.click(submit);
    expect(cap).toHaveAccessibleDescription(/Enter an amount from \$1\.00 to \$25,000\.00\./);
    expect(uses).toHaveAccessibleDescription(/Enter a whole number of payments from 1 to 10\./);
    expect(note).toHaveAccessibleDescription(/Use 200 characters or fewer\. This note has 201\./);

    await user.clear(note);
    await user.type(note, 'Pay with 4111 1111 1111 1111');
    await user.clear(cap);
    await user.type(cap, '50');
    await user.clear(uses);
    await user.type(uses, '2');
    await user.click(submit);
    expect(note).toHaveFocus();
    expect(note).toHaveAccessibleDescription(/don’t enter a card number here/);
    expect(cap).not.toHaveAttribute('aria-invalid');
    expect(api.requestsTo(PAY_LINKS_PATH, 'POST')).toHaveLength(0);
  });

  it('shows the server’s field errors on their fields: a card number refused in the note', async () => {
    const { user } = await renderPayLinks({
      [LIST]: page([]),
      [CREATE]: () => fieldErrors([{ path: 'body.note', code: 'text.cardNumberRefused' }]),
    });
    await user.type(await screen.findByRole('textbox', { name: 'Amount cap' }), '80');
    const note = screen.getByRole('textbox', { name: 'Note (optional)' });
    await user.type(note, 'Invoice 12');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(note).toHaveAttribute('aria-invalid', 'true'));
    expect(note).toHaveAccessibleDescription(/don’t enter a card number here/);
    expect(note).toHaveFocus();
    expect(screen.queryByRole('heading', { name: 'We couldn’t create the pay link' })).not.toBeInTheDocument();
  });

  it('puts a server range error on the cap field', async () => {
    const { user } = await renderPayLinks({
      [LIST]: page([]),
      [CREATE]: () => fieldErrors([{ path: 'body.capCents', code: 'too_big' }]),
    });
    const cap = await screen.findByRole('textbox', { name: 'Amount cap' });
    await user.type(cap, '80');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(cap).toHaveAccessibleDescription(/Enter an amount from \$1\.00 to \$25,000\.00\./));
  });

  it('says why above the fields when the server fails, and keeps what was typed', async () => {
    const { user } = await renderPayLinks({ [LIST]: page([]), [CREATE]: () => apiError('INTERNAL', 500) });
    const cap = await screen.findByRole('textbox', { name: 'Amount cap' });
    await user.type(cap, '80');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByRole('heading', { level: 3, name: 'We couldn’t create the pay link' }),
    ).toBeInTheDocument();
    expect(alert).toHaveTextContent('Check your pay links before you try again');
    expect(cap).toHaveValue('80');
  });
});

describe('pay links in Spanish', () => {
  it('shows the list, statuses and form in Spanish with Spanish money and dates', async () => {
    const { user } = await renderPayLinks({ [LIST]: page([ACTIVE, USED, EXPIRED, REVOKED] as PayLink[]) }, 'es');
    expect(await screen.findByRole('heading', { level: 3, name: 'Hasta $150.00' })).toBeInTheDocument();
    const active = itemOf('Hasta $150.00');
    expect(active).toHaveTextContent('Estado: Activo');
    expect(active).toHaveTextContent('1 de 3 usados');
    expect(active).toHaveTextContent('Creado el 21 nov 2026 por Hannah Reyes');
    expect(itemOf('Hasta $200.00')).toHaveTextContent('Estado: Usado');
    expect(itemOf('Hasta $75.00')).toHaveTextContent('Estado: Vencido');
    expect(itemOf('Hasta $99.00')).toHaveTextContent('Estado: Revocado');
    expect(screen.getByRole('heading', { level: 2, name: 'Crear un enlace de pago' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Crear enlace' }));
    expect(screen.getByRole('textbox', { name: 'Monto máximo' })).toHaveAccessibleDescription(
      /Ingrese lo máximo que puede pagar el enlace, de \$1\.00 a \$25,000\.00\./,
    );
    expect(screen.getByRole('combobox', { name: 'Vence después de' })).toHaveDisplayValue('7 días');
  });
});
