import { screen, waitFor, within } from '@testing-library/react';
import {
  MAILBOX_EMAILS_PATH,
  MAILBOX_TEXTS_PATH,
  type MailboxEmail,
  type MailboxText,
  mailboxEmailHtmlPath,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { apiError, type FakeRequest, jsonResponse, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const RECEIPT: MailboxEmail = {
  id: '0c5f8a52-1b7e-4a57-9a53-3f1de1a0b001',
  to: 'harbor-billing@harborcoffee.example',
  kind: 'receipt',
  language: 'en',
  subject: 'Payment received: VB1234567890',
  text: `We received your payment of $10.37.\nSee it in your history: ${window.location.origin}/billing/payment-history\nQuestions? https://help.vireo.example/billing.`,
  createdAt: '2026-11-21T15:30:00.000Z',
  sentAt: '2026-11-21T15:30:02.000Z',
};
const NOTICE: MailboxEmail = {
  id: '0c5f8a52-1b7e-4a57-9a53-3f1de1a0b002',
  to: 'harbor-owner@harborcoffee.example',
  kind: 'payment-not-made',
  language: 'es',
  subject: 'No se realizó su pago',
  text: 'El método de pago se eliminó.',
  createdAt: '2026-11-20T12:00:00.000Z',
  sentAt: null,
};
const OLDER: MailboxEmail = {
  id: '0c5f8a52-1b7e-4a57-9a53-3f1de1a0b003',
  to: 'harbor-billing@harborcoffee.example',
  kind: 'receipt',
  language: 'en',
  subject: 'Payment scheduled: VB0000000001',
  text: 'Scheduled.',
  createdAt: '2026-11-02T09:00:00.000Z',
  sentAt: '2026-11-02T09:00:01.000Z',
};
const HELD: MailboxText = {
  id: '0c5f8a52-1b7e-4a57-9a53-3f1de1a0c001',
  to: '+16175550142',
  kind: 'outage',
  language: 'en',
  body: 'Vireo: service is back in your area.\nDetails: https://status.vireo.example/x',
  security: false,
  createdAt: '2026-11-21T03:00:00.000Z',
  sendAfter: '2026-11-21T13:00:00.000Z',
};
const CODE: MailboxText = {
  id: '0c5f8a52-1b7e-4a57-9a53-3f1de1a0c002',
  to: '+16175550142',
  kind: 'sign-in-code',
  language: 'en',
  body: 'Vireo: your code is 482913.',
  security: true,
  createdAt: '2026-11-21T02:00:00.000Z',
  sendAfter: '2026-11-21T02:00:00.000Z',
};

function query(request: FakeRequest): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(request.search));
}

const page = <T,>(items: T[], nextCursor: string | null = null) => ({ items, nextCursor, previousCursor: null });

/** Newest first: the first page, then (cursor `older-1`) the older one; `to` keeps the messages to that address. */
function emails(request: FakeRequest) {
  const { cursor, to } = query(request);
  const keep = (items: MailboxEmail[]) => items.filter((item) => !to || item.to === to);
  return jsonResponse(cursor === 'older-1' ? page(keep([OLDER])) : page(keep([RECEIPT, NOTICE]), 'older-1'));
}

function renderMailbox(routes: Record<string, unknown> = {}, profile = null as ReturnType<typeof testProfile> | null) {
  return renderApp({
    path: '/dev/mailbox',
    profile,
    routes: {
      [`GET ${MAILBOX_EMAILS_PATH}`]: emails,
      [`GET ${MAILBOX_TEXTS_PATH}`]: page([HELD, CODE]),
      ...(routes as Record<string, object>),
    },
  });
}

describe('the mailbox (/dev/mailbox, issue 17 item 1)', () => {
  it('lists the e-mail newest first: subject, recipient, kind, language, time and status, with no axe violation', async () => {
    await renderMailbox();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mailbox' })).toBeInTheDocument();
    expect(screen.getByText(/outside production only/)).toBeInTheDocument();
    const tabs = screen.getByRole('tablist', { name: 'Kinds of message' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => [tab.textContent, tab.getAttribute('aria-selected')]),
    ).toEqual([
      ['E-mail', 'true'],
      ['Text messages', 'false'],
    ]);
    const panel = screen.getByRole('tabpanel', { name: 'E-mail' });
    expect(await within(panel).findByRole('status')).toHaveTextContent('2 e-mails, newest first');
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('button').textContent)).toEqual([
      '▶Payment received: VB1234567890',
      '▶No se realizó su pago',
    ]);
    const terms = (item: HTMLElement) =>
      within(item)
        .getAllByRole('definition')
        .map((value) => value.textContent);
    expect(terms(items[0] as HTMLElement)).toEqual([
      'harbor-billing@harborcoffee.example',
      'receipt',
      'English',
      expect.stringMatching(/^Nov 21, \d{1,2}:\d{2}\s[AP]M$/),
      expect.stringMatching(/^Sent Nov 21, \d{1,2}:\d{2}\s[AP]M$/),
    ]);
    expect(terms(items[1] as HTMLElement)).toEqual([
      'harbor-owner@harborcoffee.example',
      'payment-not-made',
      'Español',
      expect.stringMatching(/^Nov 20, /),
      'In the outbox',
    ]);
    // collapsed: the text is not shown
    expect(within(items[0] as HTMLElement).getByRole('button')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/We received your payment/)).not.toBeVisible();
    await expectNoAxeViolations();
  });

  it('opens a message: its text with the links clickable (this portal’s in the same tab) and its HTML version', async () => {
    const { user } = await renderMailbox();
    const toggle = await screen.findByRole('button', { name: 'Payment received: VB1234567890' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const body = document.getElementById(toggle.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(body).toBeVisible();
    expect(body).toHaveTextContent('We received your payment of $10.37.');
    const own = within(body).getByRole('link', { name: `${window.location.origin}/billing/payment-history` });
    expect(own).toHaveAttribute('href', `${window.location.origin}/billing/payment-history`);
    expect(own).not.toHaveAttribute('target');
    // the sentence's full stop stays out of the address; another site opens in a new tab, without this one
    const other = within(body).getByRole('link', { name: 'https://help.vireo.example/billing (opens in a new tab)' });
    expect(other).toHaveAttribute('href', 'https://help.vireo.example/billing');
    expect(other).toHaveAttribute('target', '_blank');
    expect(other).toHaveAttribute('rel', 'noopener noreferrer');
    const html = within(body).getByRole('link', { name: 'View HTML version (opens in a new tab)' });
    expect(html).toHaveAttribute('href', mailboxEmailHtmlPath(RECEIPT.id));
    expect(html).toHaveAttribute('target', '_blank');
    await expectNoAxeViolations();

    // by keyboard: Enter closes it again
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(body).not.toBeVisible();
  });

  it('shows older messages below the ones shown (keyset cursor), focus on the first of them', async () => {
    const { user, fetchMock } = await renderMailbox();
    const older = await screen.findByRole('button', { name: 'Show older' });
    await user.click(older);
    const olderToggle = await screen.findByRole('button', { name: 'Payment scheduled: VB0000000001' });
    await waitFor(() => expect(olderToggle).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('3 e-mails, newest first');
    expect(within(screen.getByRole('tabpanel')).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Payment received: VB1234567890' })).toBeInTheDocument();
    // the last page has no older cursor
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
    expect(fetchMock.requestsTo(MAILBOX_EMAILS_PATH).map(query)).toEqual([{}, { cursor: 'older-1' }]);
  });

  it('filters by recipient (`to`), and shows every recipient again', async () => {
    const { user, fetchMock } = await renderMailbox();
    await screen.findByRole('button', { name: 'No se realizó su pago' });
    const field = screen.getByRole('textbox', { name: 'Recipient' });
    expect(field).toHaveAccessibleDescription(/exactly as the message was sent to it/);
    await user.type(field, ' harbor-billing@harborcoffee.example {Enter}');
    expect(await screen.findByText('1 e-mail to harbor-billing@harborcoffee.example, newest first')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'No se realizó su pago' })).toBeNull();
    expect(fetchMock.requestsTo(MAILBOX_EMAILS_PATH).at(-1)?.search).toBe('?to=harbor-billing%40harborcoffee.example');

    await user.clear(field);
    await user.type(field, 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No e-mail to nobody@example.com.')).toBeVisible();
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Show every recipient' }));
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    expect(await screen.findByText('2 e-mails, newest first')).toBeVisible();
  });

  it('has the text messages in their own tab: first line as subject, held ones and security notices marked', async () => {
    const { user } = await renderMailbox();
    const emailTab = await screen.findByRole('tab', { name: 'E-mail' });
    await screen.findByRole('button', { name: 'No se realizó su pago' });
    // arrow keys move between the tabs and select
    emailTab.focus();
    await user.keyboard('{ArrowRight}');
    const textsTab = screen.getByRole('tab', { name: 'Text messages' });
    expect(textsTab).toHaveFocus();
    expect(textsTab).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel', { name: 'Text messages' });
    expect(await within(panel).findByRole('status')).toHaveTextContent('2 text messages, newest first');
    const [held, code] = within(panel).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(held).getByRole('button', { name: 'Vireo: service is back in your area.' })).toBeInTheDocument();
    expect(within(held).getAllByRole('definition').at(-1)).toHaveTextContent(/^Held until Nov 21, .* \(quiet hours\)$/);
    expect(within(code).getAllByRole('definition').at(-1)).toHaveTextContent('Sent at once');
    expect(within(code).getByText('Security notice')).toBeVisible();
    expect(within(held).queryByText('Security notice')).toBeNull();
    // a text message has no HTML version
    await user.click(within(held).getByRole('button'));
    expect(within(held).getByRole('link', { name: /status\.vireo\.example/ })).toBeVisible();
    expect(within(held).queryByRole('link', { name: /HTML/ })).toBeNull();
    await expectNoAxeViolations();
  });

  it('says so when there is nothing yet, in each tab', async () => {
    const { user } = await renderMailbox({
      [`GET ${MAILBOX_EMAILS_PATH}`]: page([]),
      [`GET ${MAILBOX_TEXTS_PATH}`]: page([]),
    });
    expect(await screen.findByText(/^No e-mail yet\./)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Text messages' }));
    expect(await screen.findByText(/^No text messages yet\./)).toBeVisible();
    await expectNoAxeViolations();
  });

  it('shows a failure with Try again, which loads the list', async () => {
    let calls = 0;
    const { user } = await renderMailbox({
      [`GET ${MAILBOX_EMAILS_PATH}`]: (request: FakeRequest) =>
        ++calls === 1 ? apiError('INTERNAL', 500) : emails(request),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Mailbox unavailable' })).toBeInTheDocument();
    await expectNoAxeViolations();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Payment received: VB1234567890' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks again on Refresh, keeping the list shown meanwhile', async () => {
    let newest: MailboxEmail[] = [RECEIPT];
    const { user } = await renderMailbox({ [`GET ${MAILBOX_EMAILS_PATH}`]: () => jsonResponse(page(newest)) });
    await screen.findByText('1 e-mail, newest first');
    newest = [{ ...OLDER, id: '0c5f8a52-1b7e-4a57-9a53-3f1de1a0b009', subject: 'Just sent' }, RECEIPT];
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('button', { name: 'Just sent' })).toBeInTheDocument();
    expect(screen.getByText('2 e-mails, newest first')).toBeVisible();
  });

  it('works for a signed-in user too, and in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderMailbox({}, testProfile('BILLING'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Buzón' })).toBeInTheDocument();
    expect(await screen.findByText('2 correos electrónicos, del más reciente al más antiguo')).toBeVisible();
    const [first] = within(screen.getByRole('tabpanel')).getAllByRole('listitem') as [HTMLElement];
    expect(within(first).getAllByRole('definition').at(-1)).toHaveTextContent(/^Enviado el 21 nov/);
    expect(screen.getByRole('tab', { name: 'Mensajes de texto' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});
