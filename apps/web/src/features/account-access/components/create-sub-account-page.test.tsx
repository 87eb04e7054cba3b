import { screen, waitFor } from '@testing-library/react';
import {
  CSRF_PATH,
  LINK_ACCEPT_INVITATION_PATH,
  LINK_STATUS_PATH,
  type LinkStatusResponse,
  PASSWORD_CHECK_PATH,
} from '@vireo/shared';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { browserNavigation } from '../../../lib/browser-navigation';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { apiError, type FakeRequest, jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const TOKEN = 'Inv1tat10nT0kenAbCdEfGhIjKlMnOpQrStUvWxYz01';

function renderInvitation(status: LinkStatusResponse, accept: (request: FakeRequest) => Response) {
  vi.spyOn(browserNavigation, 'assign').mockImplementation(() => undefined);
  return renderApp({
    path: `/create-sub-account?token=${TOKEN}`,
    routes: {
      [`GET ${CSRF_PATH}`]: { csrfToken: 'visitor-token' },
      [`POST ${LINK_STATUS_PATH}`]: status,
      [`POST ${PASSWORD_CHECK_PATH}`]: { acceptable: true, problems: [], score: 3, warning: null },
      [`POST ${LINK_ACCEPT_INVITATION_PATH}`]: accept,
    },
  });
}

const VALID: LinkStatusResponse = { state: 'valid', purpose: 'invitation', username: null };

describe('accepting an invitation (/create-sub-account, issue 17 item 3)', () => {
  it('takes a username and a password, then lands signed in on the account summary', async () => {
    const { user, fetchMock } = await renderInvitation(VALID, () => jsonResponse({ username: 'sam.ortiz' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Accept your invitation' })).toBeInTheDocument();
    await expectNoAxeViolations();
    await user.type(screen.getByLabelText('Username'), 'Sam.Ortiz');
    await user.type(screen.getByLabelText('Password'), 'sam.ortiz rules');
    await user.click(screen.getByRole('button', { name: 'Create my sign-in' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Your password can’t contain your username.'),
    );
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'cortado ledger maple');
    expect(await screen.findByText('Strength: good')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create my sign-in' }));
    await waitFor(() => expect(browserNavigation.assign).toHaveBeenCalledWith('/account-summary'));
    expect(fetchMock.requestsTo(LINK_ACCEPT_INVITATION_PATH)[0]?.body).toEqual({
      token: TOKEN,
      username: 'sam.ortiz',
      password: 'cortado ledger maple',
    });
  });

  it('puts a taken username on its field', async () => {
    const { user } = await renderInvitation(VALID, () => apiError('USERNAME_TAKEN', 409));
    await user.type(await screen.findByLabelText('Username'), 'harbor-owner');
    await user.type(screen.getByLabelText('Password'), 'cortado ledger maple');
    await user.click(screen.getByRole('button', { name: 'Create my sign-in' }));
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveFocus());
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
      expect.stringContaining('That username is taken. Choose another.'),
    );
    expect(browserNavigation.assign).not.toHaveBeenCalled();
  });

  it('sends the holder of an expired invitation to whoever invited them: an invitation is not renewed by its holder', async () => {
    await renderInvitation({ state: 'expired', purpose: 'invitation', username: null }, () => jsonResponse({}));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link has expired' })).toBeInTheDocument();
    expect(screen.getByText(/Ask the person who invited you to send a new invitation/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send me a new link' })).not.toBeInTheDocument();
  });

  it('refuses a reset link used as an invitation', async () => {
    await renderInvitation({ state: 'valid', purpose: 'password_reset', username: 'harbor-admin' }, () =>
      jsonResponse({}),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'This link doesn’t work' })).toBeInTheDocument();
  });

  it('reads in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderInvitation(VALID, () => jsonResponse({}));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acepte su invitación' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});
