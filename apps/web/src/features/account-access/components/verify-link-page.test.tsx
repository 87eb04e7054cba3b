import { screen, waitFor } from '@testing-library/react';
import {
  CSRF_PATH,
  LINK_RENEW_PATH,
  LINK_RESET_PASSWORD_PATH,
  LINK_STATUS_PATH,
  LINK_VERIFY_PATH,
  type LinkStatusResponse,
  PASSWORD_CHECK_PATH,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { apiError, jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const TOKEN = 'k3Vq9xZ0aBcDeFgHiJkLmNoPqRsTuVwXyZ012345678';

function renderLink(status: LinkStatusResponse, routes: Record<string, unknown> = {}, token = TOKEN) {
  return renderApp({
    path: `/verify-link?token=${token}`,
    routes: {
      [`GET ${CSRF_PATH}`]: { csrfToken: 'visitor-token' },
      [`POST ${LINK_STATUS_PATH}`]: status,
      [`POST ${PASSWORD_CHECK_PATH}`]: { acceptable: true, problems: [], score: 4, warning: null },
      ...(routes as Record<string, object>),
    },
  });
}

describe('e-mailed links (/verify-link, issue 17 item 3)', () => {
  it('asks before it acts: a verification is confirmed only when the button is pressed', async () => {
    const { user, fetchMock } = await renderLink(
      { state: 'valid', purpose: 'verify_email', username: 'oakivy-owner' },
      { [`POST ${LINK_VERIFY_PATH}`]: { purpose: 'verify_email', username: 'oakivy-owner' } },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your e-mail address' })).toBeInTheDocument();
    expect(screen.getByText(/finish creating the sign-in oakivy-owner/)).toBeInTheDocument();
    expect(fetchMock.requestsTo(LINK_STATUS_PATH)[0]?.body).toEqual({ token: TOKEN });
    expect(fetchMock.requestsTo(LINK_VERIFY_PATH)).toHaveLength(0);
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Confirm e-mail address' }));
    const done = await screen.findByRole('heading', { level: 1, name: 'You’re all set' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Your account is ready. Sign in as oakivy-owner.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(fetchMock.requestsTo(LINK_VERIFY_PATH)).toHaveLength(1);
  });

  it('secures the account from a security notice’s “This wasn’t me”, only when the button is pressed', async () => {
    const { user, fetchMock } = await renderLink(
      { state: 'valid', purpose: 'not_me', username: 'pinecrest-owner' },
      { [`POST ${LINK_VERIFY_PATH}`]: { purpose: 'not_me', username: 'pinecrest-owner' } },
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This wasn’t me: secure your account' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Every session of pinecrest-owner ends, passkeys added in the last 24 hours are removed, and a new password is needed to sign in.',
      ),
    ).toBeInTheDocument();
    expect(fetchMock.requestsTo(LINK_VERIFY_PATH)).toHaveLength(0);
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Secure my account' }));
    const done = await screen.findByRole('heading', { level: 1, name: 'Your account is secured' });
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent('Every session of pinecrest-owner has ended.');
    expect(screen.getByRole('link', { name: 'Reset my password' })).toHaveAttribute(
      'href',
      '/account-recovery?password-reset-required=true',
    );
    expect(fetchMock.requestsTo(LINK_VERIFY_PATH)[0]?.body).toEqual({ token: TOKEN });
    await expectNoAxeViolations();
  });

  it('says so when securing the account failed, and the button stays', async () => {
    const { user, fetchMock } = await renderLink(
      { state: 'valid', purpose: 'not_me', username: 'pinecrest-owner' },
      { [`POST ${LINK_VERIFY_PATH}`]: apiError('INTERNAL', 500) },
    );
    await user.click(await screen.findByRole('button', { name: 'Secure my account' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Secure my account' })).toBeInTheDocument();
    expect(fetchMock.requestsTo(LINK_VERIFY_PATH)).toHaveLength(1);
  });

  it('reads “This wasn’t me” in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderLink({ state: 'valid', purpose: 'not_me', username: 'pinecrest-owner' });
    expect(await screen.findByRole('heading', { level: 1, name: 'No fui yo: proteja su cuenta' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proteger mi cuenta' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it.each([
    [
      'expired',
      'email_change',
      'This link has expired',
      'To change your contact e-mail, sign in and start again from Profile & Settings. We’ll send a new link to the new address.',
    ],
    [
      'used',
      'not_me',
      'This link has already been used',
      'If you still think someone else is using your account, reset your password now: that ends every session.',
    ],
    [
      'used',
      'verify_email',
      'This link has already been used',
      'Each link works once, and this one has done its job. Sign in to continue.',
    ],
  ] as const)(
    'says an %s %s link is not renewed from itself, and where to go instead',
    async (state, purpose, title, body) => {
      await renderLink({ state, purpose, username: null });
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText(body)).toBeInTheDocument();
      // the server sends no new link for these: none is offered
      expect(screen.queryByRole('button', { name: 'Send me a new link' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
      await expectNoAxeViolations();
    },
  );

  it('offers a new registration link when the unused one expired', async () => {
    await renderLink({ state: 'expired', purpose: 'verify_email', username: null });
    expect(await screen.findByRole('button', { name: 'Send me a new link' })).toBeInTheDocument();
  });

  it.each([
    ['expired', 'This link has expired'],
    ['used', 'This link has already been used'],
  ] as const)('says a reset link is %s and sends a new one to the same address', async (state, title) => {
    const { user, fetchMock } = await renderLink(
      { state, purpose: 'password_reset', username: null },
      { [`POST ${LINK_RENEW_PATH}`]: jsonResponse({ sentTo: 'iris@oakandivy.example' }, 202) },
    );
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('iris@oakandivy.example');
    expect(fetchMock.requestsTo(LINK_RENEW_PATH)[0]?.body).toEqual({ token: TOKEN, language: 'en' });
  });

  it('refuses an address that holds no token without asking the server', async () => {
    const { fetchMock } = await renderLink({ state: 'unknown', purpose: null, username: null }, {}, 'abc');
    expect(await screen.findByRole('heading', { level: 1, name: 'This link doesn’t work' })).toBeInTheDocument();
    expect(fetchMock.requestsTo(LINK_STATUS_PATH)).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Forgot your username or password?' })).toHaveAttribute(
      'href',
      '/account-recovery?password-reset=false',
    );
  });

  it('takes a reset link on to the reset form, whose new password ends the link', async () => {
    const { user, router, fetchMock } = await renderLink(
      { state: 'valid', purpose: 'password_reset', username: 'harbor-admin' },
      { [`POST ${LINK_RESET_PASSWORD_PATH}`]: { username: 'harbor-admin' } },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(router.state.location.href).toBe('/account-recovery?password-reset=true');
    expect(screen.getByText('Choose a new password for harbor-admin.')).toBeInTheDocument();
    await expectNoAxeViolations();
    const password = screen.getByLabelText('New password');
    await user.type(password, 'harbor-admin is me');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Your password can’t contain your username.'));
    expect(fetchMock.requestsTo(LINK_RESET_PASSWORD_PATH)).toHaveLength(0);
    await user.clear(password);
    await user.type(password, 'espresso harbor tide lamp');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your password is changed' })).toBeInTheDocument();
    expect(fetchMock.requestsTo(LINK_RESET_PASSWORD_PATH)[0]?.body).toEqual({
      token: TOKEN,
      password: 'espresso harbor tide lamp',
    });
    // the token is forgotten: the form's address now asks for a new link
    await router.navigate({ to: '/create-account' });
    await router.navigate({ to: '/account-recovery', search: { 'password-reset': true } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
  });

  it('offers a new reset link when the link ran out while the form was open', async () => {
    const { user } = await renderLink(
      { state: 'valid', purpose: 'password_reset', username: 'harbor-admin' },
      { [`POST ${LINK_RESET_PASSWORD_PATH}`]: apiError('LINK_EXPIRED', 410) },
    );
    await user.type(await screen.findByLabelText('New password'), 'espresso harbor tide lamp');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'This reset link no longer works' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'I forgot my password' })).toBeChecked();
  });

  it('reads in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderLink({ state: 'expired', purpose: 'password_reset', username: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Este enlace venció' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviarme un enlace nuevo' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});
