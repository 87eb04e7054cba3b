import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { VOICE_LINES_PATH } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { apiError, type FakeRequest, jsonResponse } from '../../../test/fake-api';
import { DAIRY, FAX, FRONT, harborLines, LUCIA, page, renderVoicemail } from '../testing/voice-fixtures';

const LINES = `GET ${VOICE_LINES_PATH}`;
const FRONT_MESSAGES = `/api/pub/voice/v1/lines/${FRONT}/messages`;
const messagePath = (id: string) => `/api/pub/voice/v1/messages/${id}`;
const boxOf = (request: FakeRequest) => new URLSearchParams(request.search).get('box');

describe('the voicemail page (wider-portal.md §6)', () => {
  it('opens the line with new messages, lists them with caller, time and length, every box counted, axe-clean', async () => {
    await renderVoicemail({
      [LINES]: harborLines(),
      [`GET ${FRONT_MESSAGES}`]: (request) =>
        jsonResponse(boxOf(request) === 'new' ? page([DAIRY, LUCIA, FAX]) : page([])),
    });
    const lines = await screen.findByRole('navigation', { name: 'Phone lines' });
    const front = within(lines).getByRole('button', { name: /Front counter/ });
    expect(front).toHaveAttribute('aria-pressed', 'true');
    expect(front).toHaveTextContent('(207) 555-0101');
    expect(front).toHaveTextContent('3 new messages');
    expect(within(lines).getByRole('button', { name: /Office/ })).toHaveTextContent('No new messages');
    expect(await screen.findByRole('button', { name: 'New (3)' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Saved (2)' })).toHaveAttribute('aria-pressed', 'false');
    const dairy = screen.getByRole('article', { name: 'Voicemail: CASCO BAY DAIRY' });
    expect(dairy).toHaveTextContent('(207) 555-0148');
    expect(dairy).toHaveTextContent('Length 0:14');
    expect(dairy).toHaveTextContent('Hi, this is Maria from Casco Bay Dairy.');
    const fax = screen.getByRole('article', { name: 'Fax message: BAYSIDE PAPER' });
    expect(within(fax).getByRole('link', { name: 'View the fax (PDF)' })).toHaveAttribute(
      'href',
      `/api/pub/phoneedge/v2/phone/messages/${FAX.id}/media`,
    );
    expect(within(dairy).getByRole('link', { name: 'Download' })).toHaveAttribute(
      'href',
      `/api/pub/phoneedge/v2/phone/messages/${DAIRY.id}/media?download=true`,
    );
    await expectNoAxeViolations();
  });

  it('marks a new voicemail heard when it starts playing, and keeps it (and its player) where it is', async () => {
    const { api } = await renderVoicemail({
      [LINES]: harborLines(),
      [`GET ${FRONT_MESSAGES}`]: jsonResponse(page([DAIRY, LUCIA])),
      [`PATCH ${messagePath(DAIRY.id)}`]: jsonResponse({ ...DAIRY, box: 'saved' }),
    });
    const dairy = await screen.findByRole('article', { name: 'Voicemail: CASCO BAY DAIRY' });
    expect(within(dairy).getByText('New')).toBeInTheDocument();
    const player = dairy.querySelector('audio') as HTMLAudioElement;
    expect(player).toHaveAttribute('src', `/api/pub/phoneedge/v2/phone/messages/${DAIRY.id}/media`);
    expect(player).toHaveAttribute('aria-label', 'Voicemail from CASCO BAY DAIRY');
    fireEvent.play(player);
    await waitFor(() => expect(within(dairy).queryByText('New')).toBeNull());
    expect(api.requestsTo(messagePath(DAIRY.id), 'PATCH').map((r) => r.body)).toEqual([{ heard: true }]);
    // the same element plays on: the list was not read again
    expect(dairy.querySelector('audio')).toBe(player);
    expect(screen.getByRole('button', { name: 'New (2)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saved (3)' })).toBeInTheDocument();
    expect(api.requestsTo(FRONT_MESSAGES, 'GET')).toHaveLength(1);
    // playing again changes nothing more
    fireEvent.play(player);
    expect(api.requestsTo(messagePath(DAIRY.id), 'PATCH')).toHaveLength(1);
  });

  it('deletes by keyboard: the message leaves the box, the result is announced, focus goes to the list', async () => {
    let deleted = false;
    const { api, user } = await renderVoicemail({
      [LINES]: harborLines(),
      [`GET ${FRONT_MESSAGES}`]: (request) =>
        jsonResponse(
          boxOf(request) === 'deleted'
            ? page([{ ...DAIRY, box: 'deleted', purgeAt: '2026-12-21T15:00:00.000Z' }], {
                new: 1,
                saved: 2,
                deleted: 1,
              })
            : page(deleted ? [LUCIA] : [DAIRY, LUCIA], deleted ? { new: 1, saved: 2, deleted: 1 } : undefined),
        ),
      [`PATCH ${messagePath(DAIRY.id)}`]: () => {
        deleted = true;
        return jsonResponse({ ...DAIRY, box: 'deleted', purgeAt: '2026-12-21T15:00:00.000Z' });
      },
    });
    const dairy = await screen.findByRole('article', { name: 'Voicemail: CASCO BAY DAIRY' });
    within(dairy).getByRole('button', { name: 'Delete' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Moved to Deleted. You can restore it for 30 days.');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Voicemail: CASCO BAY DAIRY' })).toBeNull());
    expect(screen.getByRole('heading', { level: 2, name: 'Front counter · (207) 555-0101' })).toHaveFocus();
    expect(api.requestsTo(messagePath(DAIRY.id), 'PATCH').map((r) => r.body)).toEqual([{ deleted: true }]);
    await user.click(screen.getByRole('button', { name: 'Deleted (1)' }));
    const inDeleted = await screen.findByRole('article', { name: 'Voicemail: CASCO BAY DAIRY' });
    expect(inDeleted).toHaveTextContent('Removed for good on Dec 21, 2026');
    expect(within(inDeleted).getByRole('button', { name: 'Restore' })).toBeInTheDocument();
    expect(inDeleted.querySelector('audio')).toBeNull();
  });

  it('in Spanish: the transcript in Spanish, an English one marked as translated, the original a press away', async () => {
    const { user } = await renderVoicemail(
      { [LINES]: harborLines(), [`GET ${FRONT_MESSAGES}`]: jsonResponse(page([DAIRY, LUCIA])) },
      'es',
    );
    const dairy = await screen.findByRole('article', { name: 'Mensaje de voz: CASCO BAY DAIRY' });
    expect(within(dairy).getByText('Hola, soy Maria de Casco Bay Dairy.')).toHaveAttribute('lang', 'es');
    expect(dairy).toHaveTextContent('Traducido del inglés.');
    await user.click(within(dairy).getByRole('button', { name: 'Ver el original' }));
    expect(within(dairy).getByText('Hi, this is Maria from Casco Bay Dairy.')).toHaveAttribute('lang', 'en');
    const lucia = screen.getByRole('article', { name: 'Mensaje de voz: FERNANDEZ LUCIA' });
    expect(within(lucia).queryByRole('button', { name: 'Ver el original' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Nuevos (3)' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('keeps standing when the voice platform fails: counts unknown, the mailbox offers to try again', async () => {
    let fail = true;
    const { user } = await renderVoicemail({
      [LINES]: harborLines([{ unreadCount: null }, { unreadCount: null }]),
      [`GET ${FRONT_MESSAGES}`]: () => (fail ? apiError('SERVICE_UNAVAILABLE', 503) : jsonResponse(page([DAIRY]))),
    });
    const lines = await screen.findByRole('navigation', { name: 'Phone lines' });
    expect(within(lines).getAllByText('New messages can’t be counted right now')).toHaveLength(2);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We can’t reach your voice service right now');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Voicemail: CASCO BAY DAIRY' })).toBeInTheDocument();
  });
});
