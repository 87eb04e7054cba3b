import { act, screen, waitFor, within } from '@testing-library/react';
import {
  ACCOUNTS_PATH,
  defaultFlags,
  FLAGS_PATH,
  LANGUAGE_PATH,
  LOGIN_EDGE_PATH,
  LOGOUT_PATH,
  type PortalRole,
  SESSION_PROFILE_PATH,
} from '@vireo/shared';
import { describe, expect, it, vi } from 'vitest';
import { accountInfoQueryOptions } from '../../features/account/api/get-account-info';
import { browserNavigation } from '../../lib/browser-navigation';
import { MEMBER_DETAILS_STORAGE_KEY, VAS_STORAGE_KEY } from '../../lib/client-storage';
import { HARBOR_ACCOUNT } from '../../test/accounts';
import { apiError, type FakeApiOptions, jsonResponse, noContent, setCookie, testProfile } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

function renderSignedIn(role: PortalRole = 'PRIMARY', options: FakeApiOptions & { path?: string } = {}) {
  setCookie('vb_csrf', 'csrf-cookie-value');
  return renderApp({
    path: '/account-summary',
    profile: testProfile(role),
    ...options,
    routes: {
      [`GET ${ACCOUNTS_PATH}`]: HARBOR_ACCOUNT,
      [`POST ${LOGOUT_PATH}`]: () => noContent(),
      [`PUT ${LANGUAGE_PATH}`]: () => noContent(),
      ...options.routes,
    },
  });
}

async function tabNames(): Promise<string[]> {
  // The side menu and the mobile footer show the same tabs; take the first navigation.
  const [nav] = await screen.findAllByRole('navigation', { name: 'Account menu' });
  if (!nav) throw new Error('no account navigation');
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('account summary', () => {
  it('greets the user by first name and shows the company and account number', async () => {
    await renderSignedIn();
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Summary' })).toBeInTheDocument();
    expect(await screen.findByText('Welcome, Hannah')).toBeInTheDocument();
    expect(await screen.findByText('Harbor Coffee Co.')).toBeInTheDocument();
    expect(screen.getByText('8260123456789012')).toBeInTheDocument();
  });
});

describe('navigation tabs', () => {
  it('shows harbor-owner (PRIMARY) Account Summary, Billing, Services, Profile & Settings; Users while user preferences are off', async () => {
    await renderSignedIn('PRIMARY', { flags: { userPreferences: false } });
    expect(await tabNames()).toEqual(['Account Summary', 'Billing', 'Services', 'Profile & Settings', 'Users']);
  });

  it('moves Users out of the tabs when user preferences are on', async () => {
    await renderSignedIn('PRIMARY', { flags: { userPreferences: true } });
    expect(await tabNames()).toEqual(['Account Summary', 'Billing', 'Services', 'Profile & Settings']);
  });

  it('shows harbor-staff (STANDARD) no Billing and no Users', async () => {
    await renderSignedIn('STANDARD', { flags: { userPreferences: false } });
    expect(await tabNames()).toEqual(['Account Summary', 'Services', 'Profile & Settings']);
  });

  it('marks the current page and appears in both the side menu and the mobile footer', async () => {
    await renderSignedIn();
    const navs = await screen.findAllByRole('navigation', { name: 'Account menu' });
    expect(navs).toHaveLength(2);
    const [sideMenu, mobileFooter] = navs as [HTMLElement, HTMLElement];
    expect(within(sideMenu).getByRole('link', { name: 'Account Summary' })).toHaveAttribute('aria-current', 'page');
    // the mobile footer's short labels (five tabs fit 390 px without wrapping)
    expect(within(mobileFooter).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    for (const nav of navs) {
      expect(within(nav).getByRole('link', { name: 'Billing' })).not.toHaveAttribute('aria-current');
      // the tab icons are decorative: the label alone names each link
      const icons = nav.querySelectorAll('svg');
      expect(icons.length).toBe(within(nav).getAllByRole('link').length);
      for (const icon of icons) expect(icon).toHaveAttribute('aria-hidden', 'true');
    }
  });

  it('shows no navigation to visitors or in focused flows', async () => {
    await renderApp({ path: '/' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('navigation', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('reloads the page’s data when the user navigates to the address already shown', async () => {
    const { user, fetchMock } = await renderSignedIn();
    await screen.findByText('Harbor Coffee Co.');
    expect(fetchMock.requestsTo(ACCOUNTS_PATH)).toHaveLength(1);

    const [nav] = await screen.findAllByRole('navigation', { name: 'Account menu' });
    await user.click(within(nav as HTMLElement).getByRole('link', { name: 'Account Summary' }));
    await waitFor(() => expect(fetchMock.requestsTo(ACCOUNTS_PATH)).toHaveLength(2));
  });
});

describe('sign out', () => {
  it('posts logout with the CSRF token, forgets the user and goes to /login?loggedOut=true', async () => {
    window.sessionStorage.setItem(VAS_STORAGE_KEY, '{"services":[]}');
    window.sessionStorage.setItem(MEMBER_DETAILS_STORAGE_KEY, '{"firstName":"Hannah"}');
    const { user, fetchMock, queryClient } = await renderSignedIn();

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(browserNavigation.assign).toHaveBeenCalledWith('/login?loggedOut=true'));
    const [request] = fetchMock.requestsTo(LOGOUT_PATH, 'POST');
    expect(request?.headers.get('X-CSRF-Token')).toBe('csrf-cookie-value');
    expect(window.sessionStorage.getItem(VAS_STORAGE_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(MEMBER_DETAILS_STORAGE_KEY)).toBeNull();
    expect(document.cookie).not.toMatch(/(^|; )session=1/);
    expect(queryClient.getQueryData([...['account'], 'info'])).toBeUndefined();
  });

  it('is not turned into a login-edge redirect by a query that refetches after sign-out and gets 401', async () => {
    let signedOut = false;
    const { user, fetchMock, queryClient } = await renderSignedIn('PRIMARY', {
      routes: {
        [`GET ${ACCOUNTS_PATH}`]: () => (signedOut ? apiError('UNAUTHENTICATED', 401) : jsonResponse(HARBOR_ACCOUNT)),
        [`POST ${LOGOUT_PATH}`]: () => {
          signedOut = true;
          return noContent();
        },
      },
    });
    await screen.findByText('Harbor Coffee Co.');
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(browserNavigation.assign).toHaveBeenCalledWith('/login?loggedOut=true'));
    // Forgetting the user clears the query cache and a mounted page asks again (seen in Chromium): the server says 401
    // while the browser is already on its way to /login?loggedOut=true.
    await expect(queryClient.fetchQuery(accountInfoQueryOptions())).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(fetchMock.requestsTo(ACCOUNTS_PATH).length).toBeGreaterThan(1);
    expect(vi.mocked(browserNavigation.assign).mock.calls).toEqual([['/login?loggedOut=true']]);
  });

  it('still forgets the user when the logout call fails', async () => {
    window.sessionStorage.setItem(VAS_STORAGE_KEY, '{}');
    const { user } = await renderSignedIn('PRIMARY', {
      routes: { [`POST ${LOGOUT_PATH}`]: () => apiError('SERVICE_UNAVAILABLE', 503) },
    });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(browserNavigation.assign).toHaveBeenCalledWith('/login?loggedOut=true'));
    expect(window.sessionStorage.getItem(VAS_STORAGE_KEY)).toBeNull();
  });
});

describe('language switch when signed in', () => {
  it('also saves the language on the server', async () => {
    const { user, fetchMock } = await renderSignedIn();
    await screen.findByText('Harbor Coffee Co.');
    // the footer's switch (the header has one from 768 px)
    await user.click(within(screen.getByRole('contentinfo')).getByRole('radio', { name: 'Español' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Resumen de la cuenta' })).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.requestsTo(LANGUAGE_PATH, 'PUT')).toHaveLength(1));
    const [request] = fetchMock.requestsTo(LANGUAGE_PATH, 'PUT');
    expect(request?.body).toEqual({ language: 'es' });
    expect(request?.headers.get('X-CSRF-Token')).toBe('csrf-cookie-value');
  });

  it('does not call the server for a visitor', async () => {
    const { user, fetchMock } = await renderApp({ path: '/' });
    await screen.findByRole('heading', { level: 1 });
    // the footer's switch (the header has one from 768 px)
    await user.click(within(screen.getByRole('contentinfo')).getByRole('radio', { name: 'Español' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('es'));
    expect(fetchMock.requestsTo(LANGUAGE_PATH)).toHaveLength(0);
  });
});

describe('session-wide API failures (spec §4 / §8)', () => {
  it('401 IN_MAINTENANCE signs the user out on the client and shows /maintenance', async () => {
    window.sessionStorage.setItem(VAS_STORAGE_KEY, '{}');
    window.sessionStorage.setItem(MEMBER_DETAILS_STORAGE_KEY, '{}');
    const { router } = await renderSignedIn('PRIMARY', {
      routes: { [`GET ${ACCOUNTS_PATH}`]: () => apiError('IN_MAINTENANCE', 401) },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'We’ll be back soon' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/maintenance');
    expect(window.sessionStorage.getItem(VAS_STORAGE_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(MEMBER_DETAILS_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument());
    expect(browserNavigation.assign).not.toHaveBeenCalled();
  });

  it('401 IN_MAINTENANCE on the profile itself also lands on /maintenance', async () => {
    const { router } = await renderSignedIn('PRIMARY', {
      routes: { [`GET ${SESSION_PROFILE_PATH}`]: () => apiError('IN_MAINTENANCE', 401) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'We’ll be back soon' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/maintenance');
  });

  it('401 UNAUTHENTICATED on a guarded page goes back to the login edge, returning here', async () => {
    await renderSignedIn('PRIMARY', {
      path: '/account-summary?tab=1',
      routes: { [`GET ${ACCOUNTS_PATH}`]: () => apiError('UNAUTHENTICATED', 401) },
    });
    await waitFor(() =>
      expect(browserNavigation.assign).toHaveBeenCalledWith(
        `${LOGIN_EDGE_PATH}?targetUrl=%2Faccount-summary%3Ftab%3D1`,
      ),
    );
    expect(browserNavigation.assign).toHaveBeenCalledTimes(1);
  });

  it('a visitor’s profile probe never calls the server without the session hint', async () => {
    const { fetchMock } = await renderApp({ path: '/' });
    await screen.findByRole('heading', { level: 1 });
    expect(fetchMock.requestsTo(SESSION_PROFILE_PATH)).toHaveLength(0);
  });
});

describe('header variants (spec §2.4)', () => {
  it('shows a back link on support pages with a back button', async () => {
    const { user, router } = await renderApp({ path: '/support' });
    await screen.findByRole('heading', { level: 1, name: 'Support' });
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await act(() => router.navigate({ to: '/support/category/$categoryId', params: { categoryId: 'internet' } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Internet' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/support'));
  });

  it('shows the buy-flow header, whose logo is not a link, and no side navigation', async () => {
    await renderSignedIn('PRIMARY', { path: '/buy' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Shop Services' })).toBeInTheDocument();
    const banner = screen.getByRole('banner');
    expect(banner).toHaveAttribute('data-header-variant', 'buyFlow');
    expect(within(banner).getByText('Secure checkout')).toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Vireo Business' })).not.toBeInTheDocument();
    expect(within(banner).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it('uses the light theme on the maintenance page', async () => {
    await renderApp({ path: '/maintenance' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('banner')).toHaveAttribute('data-header-theme', 'light');
  });

  it('shows the title of a screen that a later issue builds, what it will hold and where to go meanwhile, in Spanish too', async () => {
    window.localStorage.setItem('vireo.locale', 'es');
    // issue 22 made every community page real; the internet services page is still to come
    await renderSignedIn('PRIMARY', { path: '/internetservices' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Servicios de internet' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Aquí verá sus servicios de internet, TV y teléfono y los equipos de su negocio, y podrá cambiar su plan.',
      ),
    ).toBeInTheDocument();
    const meanwhile = screen.getByRole('region', { name: 'Mientras preparamos esta página' });
    expect(within(meanwhile).getByRole('link', { name: '(800) 555-0123' })).toHaveAttribute('href', 'tel:+18005550123');
    expect(within(meanwhile).getByRole('link', { name: 'Ir al resumen de su cuenta' })).toHaveAttribute(
      'href',
      '/account-summary',
    );
    expect(within(meanwhile).getByRole('link', { name: 'Ir a Facturación' })).toHaveAttribute('href', '/billing');
    expect(screen.queryByText(/aún no está disponible/)).not.toBeInTheDocument();
  });
});

describe('loading indicator (spec §4)', () => {
  it('is on while a navigation waits for its guard, and off once the page is there', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { router } = await renderApp({
      path: '/',
      profile: testProfile(),
      routes: {
        [`GET ${FLAGS_PATH}`]: async () => {
          await gate;
          return jsonResponse(defaultFlags('dev'));
        },
      },
    });
    await screen.findByRole('heading', { level: 1 });
    const indicator = screen.getByTestId('loading-indicator');
    expect(indicator).toHaveAttribute('data-visible', 'false');
    // hidden, its bar does not move (an endless animation under opacity 0 still costs a redraw every frame)
    const bar = () => indicator.firstElementChild?.className ?? '';
    expect(bar()).not.toContain('animate-loading-bar');

    // The security-suite guard needs the flags, which have not arrived yet.
    await act(async () => {
      void router.navigate({ to: '/security-suite' });
    });
    await waitFor(() => expect(indicator).toHaveAttribute('data-visible', 'true'));
    expect(bar()).toContain('motion-safe:animate-loading-bar');
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');

    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Security Suite' })).toBeInTheDocument();
    // /security-suite keeps the indicator after navigating until the page says it is ready; this one is.
    await waitFor(() => expect(indicator).toHaveAttribute('data-visible', 'false'));
    expect(bar()).not.toContain('animate-loading-bar');
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
  });
});
