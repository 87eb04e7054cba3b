import { screen, waitFor, within } from '@testing-library/react';
import { LOGIN_EDGE_PATH, SESSION_PROFILE_PATH } from '@vireo/shared';
import { describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../../lib/browser-navigation';
import { SIGNED_OUT_NOTICE_STORAGE_KEY } from '../../../lib/client-storage';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { apiError, type FakeHandler, jsonResponse, setCookie, testProfile } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const UID = 'int-7Hq2';
const DETAILS_PATH = `/api/pub/sbnetloginedge/interaction/${UID}`;
const LOGIN_PATH = `/api/pub/sbnetloginedge/interaction/${UID}/login`;
const DETAILS = { uid: UID, username: null, csrfToken: 'interaction-csrf-123' };

function renderSignIn(options: { login?: FakeHandler; details?: object | Response; path?: string } = {}) {
  return renderApp({
    path: options.path ?? `/login?interaction=${UID}`,
    routes: {
      [`GET ${DETAILS_PATH}`]: options.details ?? DETAILS,
      [`POST ${LOGIN_PATH}`]: options.login ?? (() => jsonResponse({ redirectTo: '/oidc/auth/resume-1' })),
    },
  });
}

const assign = () => vi.mocked(browserNavigation.assign);

describe('sign-in screen', () => {
  it('signs in: posts the credentials with the interaction’s CSRF token and follows redirectTo', async () => {
    const { user, fetchMock } = await renderSignIn();

    await user.type(await screen.findByLabelText('Username'), '  harbor-owner ');
    await user.type(screen.getByLabelText('Password'), 'Vireo-Demo-2026');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(assign()).toHaveBeenCalledWith('/oidc/auth/resume-1'));
    const [request] = fetchMock.requestsTo(LOGIN_PATH, 'POST');
    expect(request?.headers.get('X-CSRF-Token')).toBe('interaction-csrf-123');
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(request?.body).toEqual({ username: 'harbor-owner', password: 'Vireo-Demo-2026', rememberMe: true });
  });

  it('submits with the Enter key', async () => {
    const { user, fetchMock } = await renderSignIn();
    await user.type(await screen.findByLabelText('Username'), 'harbor-owner');
    await user.type(screen.getByLabelText('Password'), 'Vireo-Demo-2026{Enter}');
    await waitFor(() => expect(fetchMock.requestsTo(LOGIN_PATH, 'POST')).toHaveLength(1));
  });

  it('prefills a remembered username and keeps Remember me ticked', async () => {
    await renderSignIn({ details: { ...DETAILS, username: 'harbor-admin' } });
    expect(await screen.findByLabelText('Username')).toHaveValue('harbor-admin');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it.each([
    ['INVALID_CREDENTIALS', 401],
    ['UNAUTHENTICATED', 401],
    ['ACCOUNT_LOCKED_SOMEDAY', 401],
  ])('shows one message for %s, focuses it and clears the password', async (code, status) => {
    const { user } = await renderSignIn({ login: () => apiError(code, status) });

    await user.type(await screen.findByLabelText('Username'), 'nobody');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('The username or password you entered is incorrect.');
    expect(summary).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByLabelText('Username')).toHaveValue('nobody');
    expect(assign()).not.toHaveBeenCalled();
  });

  it('goes to account recovery when the password must be reset (403 PASSWORD_RESET_REQUIRED, wider-portal.md §1)', async () => {
    const { user } = await renderSignIn({ login: () => apiError('PASSWORD_RESET_REQUIRED', 403) });
    await user.type(await screen.findByLabelText('Username'), 'lakeside-manager');
    await user.type(screen.getByLabelText('Password'), 'Vireo-Demo-2026');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(assign()).toHaveBeenCalledWith('/account-recovery?password-reset-required=true'));
    expect(assign()).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says to wait after too many attempts (429 RATE_LIMITED)', async () => {
    const { user } = await renderSignIn({ login: () => apiError('RATE_LIMITED', 429) });
    await user.type(await screen.findByLabelText('Username'), 'harbor-owner');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Wait a minute and try again.');
  });

  it('validates empty fields without calling the server, with linked messages', async () => {
    const { user, fetchMock } = await renderSignIn();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));

    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(within(summary).getByRole('link', { name: 'Enter your username.' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Enter your password.' })).toBeInTheDocument();

    const username = screen.getByLabelText('Username');
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('Enter your username.');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Enter your password.');
    expect(fetchMock.requestsTo(LOGIN_PATH)).toHaveLength(0);

    // The summary's link takes the keyboard to the field.
    await user.click(within(summary).getByRole('link', { name: 'Enter your password.' }));
    expect(screen.getByLabelText('Password')).toHaveFocus();

    // A username of spaces is empty too; fixing one field clears its message.
    await user.type(username, '   ');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid'));
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock.requestsTo(LOGIN_PATH)).toHaveLength(0);
  });

  it('refuses a card number typed as the username, in its own words, without calling the server (issue 14 item 6)', async () => {
    const { user, fetchMock } = await renderSignIn();
    await user.type(await screen.findByLabelText('Username'), '6011 1111 1111 1117');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
        expect.stringContaining('For your security, don’t enter a card number here.'),
      ),
    );
    // the summary links to the field with the field's own message, not "required"
    expect(within(screen.getByRole('alert')).getByRole('link')).toHaveTextContent(
      'For your security, don’t enter a card number here.',
    );
    expect(fetchMock.requestsTo(LOGIN_PATH)).toHaveLength(0);
  });

  it('maps server validation errors to the fields', async () => {
    const { user } = await renderSignIn({
      login: () =>
        jsonResponse(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'bad',
              fields: [{ path: 'body.password', code: 'too_small' }],
            },
          },
          400,
        ),
    });
    await user.type(await screen.findByLabelText('Username'), 'harbor-owner');
    await user.type(screen.getByLabelText('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('link', { name: 'Enter your password.' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');
  });

  it('restarts the sign-in when the interaction has expired', async () => {
    await renderSignIn({ details: apiError('NOT_FOUND', 404) });
    await waitFor(() => expect(assign()).toHaveBeenCalledWith(LOGIN_EDGE_PATH));
  });

  it('links to account recovery and account creation', async () => {
    await renderSignIn();
    expect(await screen.findByRole('link', { name: 'Forgot username?' })).toHaveAttribute(
      'href',
      '/account-recovery?password-reset=false',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/account-recovery?password-reset=true',
    );
    expect(screen.getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/create-account');
  });

  it('is in Spanish for a Spanish visitor', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderSignIn();
    expect(await screen.findByLabelText('Nombre de usuario')).toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Recordarme' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });
});

describe('/login without an interaction', () => {
  it('goes to the login edge, carrying targetUrl', async () => {
    await renderApp({ path: '/login?targetUrl=%2Fbilling%2Fpay-bill%3Fopen%3Dotp' });
    await waitFor(() =>
      expect(assign()).toHaveBeenCalledWith(`${LOGIN_EDGE_PATH}?targetUrl=%2Fbilling%2Fpay-bill%3Fopen%3Dotp`),
    );
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
  });

  it('goes to the login edge without a target when there is none, and never to another site', async () => {
    await renderApp({ path: '/login' });
    await waitFor(() => expect(assign()).toHaveBeenCalledWith(LOGIN_EDGE_PATH));

    assign().mockClear();
    await renderApp({ path: '/login?targetUrl=https%3A%2F%2Fevil.example%2F' });
    await waitFor(() => expect(assign()).toHaveBeenCalledWith(`${LOGIN_EDGE_PATH}?targetUrl=%2Faccount-summary`));
  });

  it('remembers loggedOut=true, and the form says "You have signed out." once', async () => {
    const first = await renderApp({ path: '/login?loggedOut=true' });
    await waitFor(() => expect(assign()).toHaveBeenCalledWith(LOGIN_EDGE_PATH));
    expect(window.sessionStorage.getItem(SIGNED_OUT_NOTICE_STORAGE_KEY)).toBe('1');
    first.unmount();

    const second = await renderSignIn();
    expect(await screen.findByText('You have signed out.')).toHaveAttribute('role', 'status');
    expect(window.sessionStorage.getItem(SIGNED_OUT_NOTICE_STORAGE_KEY)).toBeNull();
    second.unmount();

    await renderSignIn();
    await screen.findByLabelText('Username');
    expect(screen.queryByText('You have signed out.')).not.toBeInTheDocument();
  });
});

describe('/login and / with a live session (spec §2.1: login redirects to the root)', () => {
  it('a signed-in user on /login goes to the root and on to the account summary, without the form or the login edge', async () => {
    const { router } = await renderApp({ path: '/login', profile: testProfile('PRIMARY') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-summary'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Summary' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).not.toBeInTheDocument();
    expect(assign()).not.toHaveBeenCalled();
  });

  it('a signed-in user on / goes to the account summary, not a page asking to sign in', async () => {
    const { router } = await renderApp({ path: '/', profile: testProfile('PRIMARY') });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-summary'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Summary' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sign in to your account' })).not.toBeInTheDocument();
  });

  it('a visitor on / sees the landing page with the way in', async () => {
    const { router } = await renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(router.state.location.pathname).toBe('/');
  });

  it('a sign-in in progress (an interaction id) shows the form even with a live session', async () => {
    await renderApp({
      path: `/login?interaction=${UID}`,
      profile: testProfile('PRIMARY'),
      routes: { [`GET ${DETAILS_PATH}`]: DETAILS },
    });
    expect(await screen.findByLabelText('Username')).toBeInTheDocument();
    expect(assign()).not.toHaveBeenCalled();
  });

  it('a stale session hint (the profile answers 401) does not block a new sign-in, nor hide the landing page', async () => {
    setCookie('session', '1');
    const first = await renderApp({ path: '/login?targetUrl=%2Fbilling' });
    await waitFor(() => expect(assign()).toHaveBeenCalledWith(`${LOGIN_EDGE_PATH}?targetUrl=%2Fbilling`));
    first.unmount();

    setCookie('session', '1');
    const { router, fetchMock } = await renderApp({ path: '/' });
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(fetchMock.requestsTo(SESSION_PROFILE_PATH).length).toBeGreaterThan(0);
  });

  it('a profile that cannot be read (503) still shows the landing page and starts the sign-in', async () => {
    const unavailable = { [`GET ${SESSION_PROFILE_PATH}`]: () => apiError('SERVICE_UNAVAILABLE', 503) };
    setCookie('session', '1');
    const first = await renderApp({ path: '/', routes: unavailable });
    expect(await screen.findByRole('heading', { name: 'Sign in to your account' })).toBeInTheDocument();
    first.unmount();

    setCookie('session', '1');
    await renderApp({ path: '/login', routes: unavailable });
    await waitFor(() => expect(assign()).toHaveBeenCalledWith(LOGIN_EDGE_PATH));
  });
});
