import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  COOKIES,
  SUPPORT_ATTACHMENT_MAX_BYTES,
  SUPPORT_ATTACHMENTS_PATH,
  SUPPORT_TICKET_CONTEXT_PATH,
  SUPPORT_TICKET_STATUS_PATH,
  SUPPORT_TICKETS_PATH,
  type SupportTicket,
} from '@vireo/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { type FakeRequest, jsonResponse, setCookie, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const TICKET: SupportTicket = {
  number: 'VB-1000042',
  topic: 'internet',
  subject: 'Modem light blinking',
  status: 'received',
  createdAt: '2026-11-21T15:00:00.000Z',
  updatedAt: '2026-11-21T15:00:00.000Z',
  attachments: [],
  withContext: false,
  supportCode: null,
};

const refusal = (code: string, status: number, field: string) =>
  jsonResponse({ error: { code, message: 'refused (test)', fields: [{ path: 'body', code: field }] } }, status);

/** The attachments route: a file named `program.png` is refused by its content, any other taken. */
function attachments({ search }: FakeRequest) {
  const name = new URLSearchParams(search).get('name') ?? '';
  return name === 'program.png'
    ? refusal('UNSUPPORTED_MEDIA_TYPE', 415, 'attachment.notAllowed')
    : jsonResponse({ id: '0b0e0c0a-0000-4000-8000-000000000001', name, mediaType: 'image/png', sizeBytes: 2048 }, 201);
}

const file = (name: string, size = 2048) => new File([new Uint8Array(size)], name, { type: 'image/png' });

async function fillVisitor(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Dana Visitor');
  await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'dana@example.com');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Topic' }), 'internet');
  await user.type(screen.getByRole('textbox', { name: /^Subject/ }), 'Modem light blinking');
  await user.type(screen.getByRole('textbox', { name: /^Message/ }), 'It blinks orange since 6 a.m.');
}

describe('support forms (issue 21 item 4)', () => {
  // a visitor's requests carry the anti-forgery pair (lib/visitor-request.ts): the cookie is there already
  beforeEach(() => setCookie(COOKIES.csrf, 'visitor-token'));

  it('asks a visitor for a name and an address first, and focuses the first field in error', async () => {
    const user = userEvent.setup();
    await renderApp({ path: '/support/forms' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Support Forms' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveFocus();
    expect(screen.getByText('Choose the topic closest to your question.')).toBeInTheDocument();
    expect(screen.getByText('Enter the e-mail address we should answer.')).toBeInTheDocument();
    // a visitor is not offered the service's context, and has no ticket list
    expect(screen.queryByRole('checkbox', { name: 'Include my service details' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your tickets' })).not.toBeInTheDocument();
    await expectNoAxeViolations(document.body);
  });

  it('names a refused file with its reason, spares the upload of one too big, and keeps what was typed', async () => {
    const user = userEvent.setup();
    const { fetchMock: api } = await renderApp({
      path: '/support/forms',
      routes: { [`POST ${SUPPORT_ATTACHMENTS_PATH}`]: attachments },
    });
    await screen.findByRole('heading', { level: 1, name: 'Support Forms' });
    await fillVisitor(user);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    if (!input) throw new Error('no file input');
    fireEvent.change(input, {
      target: { files: [file('modem.png'), file('program.png'), file('huge.png', SUPPORT_ATTACHMENT_MAX_BYTES + 1)] },
    });
    expect(
      await screen.findByText(
        'program.png wasn’t attached: its content isn’t a PDF, PNG or JPEG file, whatever its name says.',
        { selector: 'span' },
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('huge.png wasn’t attached: it’s larger than 5 MB.', { selector: 'span' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Remove modem.png' })).toBeInTheDocument();
    // the big one never left the browser; the other two were sent as their bytes
    expect(
      api.requestsTo(SUPPORT_ATTACHMENTS_PATH, 'POST').map((r) => new URLSearchParams(r.search).get('name')),
    ).toEqual(['modem.png', 'program.png']);
    expect(api.requestsTo(SUPPORT_ATTACHMENTS_PATH, 'POST')[0]?.headers.get('Content-Type')).toBe(
      'application/octet-stream',
    );
    expect(screen.getByRole('textbox', { name: /^Message/ })).toHaveValue('It blinks orange since 6 a.m.');
    await expectNoAxeViolations(document.body);
  });

  it('shows the server’s refusal of a card number at the message, the draft kept; then sends with the file', async () => {
    const user = userEvent.setup();
    let sent = 0;
    const { fetchMock: api } = await renderApp({
      path: '/support/forms',
      routes: {
        [`POST ${SUPPORT_ATTACHMENTS_PATH}`]: attachments,
        [`POST ${SUPPORT_TICKETS_PATH}`]: () => {
          sent += 1;
          return sent === 1
            ? jsonResponse(
                {
                  error: {
                    code: 'VALIDATION_FAILED',
                    message: 'x',
                    fields: [{ path: 'body.message', code: 'text.cardNumberRefused' }],
                  },
                },
                400,
              )
            : jsonResponse({ ticket: TICKET, email: 'dana@example.com', statusToken: 'tok.123.abc' }, 201);
        },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Support Forms' });
    await fillVisitor(user);
    const input = document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [file('modem.png')] } });
    await screen.findByRole('button', { name: 'Remove modem.png' });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const message = screen.getByRole('textbox', { name: /^Message/ });
    await waitFor(() => expect(message).toHaveFocus());
    expect(message).toHaveAccessibleDescription(/don’t enter a card number here/);
    expect(message).toHaveValue('It blinks orange since 6 a.m.');

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const heading = await screen.findByRole('heading', { name: 'Message sent: ticket VB-1000042' });
    expect(heading).toHaveFocus();
    expect(screen.getByRole('link', { name: /Check this ticket’s status/ })).toHaveAttribute(
      'href',
      '/support/forms?token=tok.123.abc',
    );
    const body = api.requestsTo(SUPPORT_TICKETS_PATH, 'POST')[1]?.body;
    expect(body).toEqual({
      topic: 'internet',
      subject: 'Modem light blinking',
      message: 'It blinks orange since 6 a.m.',
      attachmentIds: ['0b0e0c0a-0000-4000-8000-000000000001'],
      lang: 'en',
      name: 'Dana Visitor',
      email: 'dana@example.com',
    });
  });

  it('takes the support code an error message gave (issue 23 item 4): prefilled from the link, checked, sent in its canonical form', async () => {
    const user = userEvent.setup();
    const { fetchMock: api } = await renderApp({
      path: '/support/forms?supportCode=k7qm2xpa',
      routes: {
        [`POST ${SUPPORT_TICKETS_PATH}`]: jsonResponse(
          { ticket: { ...TICKET, supportCode: 'K7QM-2XPA' }, email: 'dana@example.com', statusToken: 'tok.1.a' },
          201,
        ),
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Support Forms' });
    const code = screen.getByRole('textbox', { name: 'Support code (optional)' });
    expect(code).toHaveValue('K7QM-2XPA');
    await fillVisitor(user);
    await user.clear(code);
    await user.type(code, 'K7QM-2XPU');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(code).toHaveFocus();
    expect(code).toHaveAccessibleDescription(/Enter the code as the error message shows it/);
    expect(api.requestsTo(SUPPORT_TICKETS_PATH, 'POST')).toHaveLength(0);
    await user.clear(code);
    await user.type(code, 'k7qm 2xpa');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByRole('heading', { name: 'Message sent: ticket VB-1000042' });
    expect(api.requestsTo(SUPPORT_TICKETS_PATH, 'POST')[0]?.body).toMatchObject({ supportCode: 'K7QM-2XPA' });
    expect(screen.getByText('K7QM-2XPA')).toBeInTheDocument();
    await expectNoAxeViolations(document.body);
  });

  it('offers a signed-in user the consent with what it shares, and lists their tickets with their status', async () => {
    const user = userEvent.setup();
    const { fetchMock: api } = await renderApp({
      path: '/support/forms',
      profile: testProfile('STANDARD'),
      routes: {
        [`GET ${SUPPORT_TICKETS_PATH}`]: {
          items: [{ ...TICKET, number: 'VB-1000007', subject: 'Bill question', status: 'in_progress' }],
          nextCursor: null,
        },
        [`GET ${SUPPORT_TICKET_CONTEXT_PATH}`]: {
          services: [{ key: 'INTERNET', plans: ['Business Internet 300'] }],
          equipment: [{ deviceType: 'modem', model: 'Vireo XB8', nickname: 'Front modem', status: 'offline' }],
          outages: [],
          lastSpeedTest: null,
          traceIds: ['5f0c7a52-7d2e-4c1b-9d61-1f9a1c2b3d4e'],
        },
      },
    });
    expect(
      await screen.findByText('We’ll answer at hannah@harbor.example, the address on your profile.'),
    ).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Your name' })).not.toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'Your tickets' });
    expect(await within(list).findByText('Bill question')).toBeInTheDocument();
    expect(within(list).getByText('In progress')).toBeInTheDocument();

    expect(api.requestsTo(SUPPORT_TICKET_CONTEXT_PATH)).toHaveLength(0);
    await user.click(screen.getByRole('checkbox', { name: 'Include my service details' }));
    expect(await screen.findByText('Business Internet 300')).toBeInTheDocument();
    expect(screen.getByText('Front modem: offline')).toBeInTheDocument();
    expect(screen.getByText('No outage at your locations')).toBeInTheDocument();
    await expectNoAxeViolations(document.body);
  });

  it('begins with the topic and subject a link gives (troubleshooting), an unknown topic left to choose', async () => {
    await renderApp({ path: '/support/forms?topic=internet&subject=Modem%20still%20offline' });
    expect(await screen.findByRole('combobox', { name: 'Topic' })).toHaveValue('internet');
    expect(screen.getByRole('textbox', { name: /^Subject/ })).toHaveValue('Modem still offline');
  });

  it('leaves a topic it does not know to be chosen', async () => {
    await renderApp({ path: '/support/forms?topic=nonsense' });
    expect(await screen.findByRole('combobox', { name: 'Topic' })).toHaveValue('');
  });

  it('says when a visitor’s status link has expired', async () => {
    await renderApp({
      path: '/support/forms?token=old',
      routes: {
        [`POST ${SUPPORT_TICKET_STATUS_PATH}`]: jsonResponse({ error: { code: 'LINK_EXPIRED', message: 'x' } }, 410),
      },
    });
    expect(await screen.findByRole('heading', { name: 'This status link has expired' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Status links work for 90 days.');
  });

  it('shows the ticket a visitor’s status link names', async () => {
    await renderApp({
      path: '/support/forms?token=good',
      routes: {
        [`POST ${SUPPORT_TICKET_STATUS_PATH}`]: ({ body }: FakeRequest) =>
          (body as { token: string }).token === 'good'
            ? jsonResponse({ ...TICKET, status: 'waiting_for_customer' })
            : jsonResponse({ error: { code: 'LINK_EXPIRED', message: 'x' } }, 410),
      },
    });
    expect(await screen.findByRole('heading', { name: 'Modem light blinking' })).toBeInTheDocument();
    expect(screen.getByText('Waiting for you')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send message' })).not.toBeInTheDocument();
  });
});
