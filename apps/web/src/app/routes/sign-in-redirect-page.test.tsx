import { screen, waitFor } from '@testing-library/react';
import { LOGIN_EDGE_PATH, POST_LOGIN_REDIRECT_MS, VALUE_ADDED_SERVICES_PATH } from '@vireo/shared';
import { describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../lib/browser-navigation';
import { MEMBER_DETAILS_STORAGE_KEY, VAS_STORAGE_KEY } from '../../lib/client-storage';
import { apiError, testProfile } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const VAS_RESPONSE = {
  displayServicesBanner: true,
  serviceActivationUri: '/services/activate',
  services: [
    { serviceId: 'INTERNET', rateCode: 'R1', redirectUri: { sbpp: '/services/internet' } },
    { serviceId: 'MANAGE_USERS', rateCode: 'R2', redirectUri: { sbpp: '/manage-users' } },
    { serviceId: 'CLOUD_BACKUP', rateCode: 'R3', redirectUri: { sbpp: 'https://backup.example/sso' } },
    { serviceId: 'NOT_A_REAL_ID', rateCode: 'R4', redirectUri: { sbpp: '/x' } },
  ],
};

function renderRedirect(targetUrl: string | null, options: Parameters<typeof renderApp>[0] = {}) {
  const query = targetUrl === null ? '' : `?${new URLSearchParams({ targetUrl })}`;
  return renderApp({
    path: `/sign-in-redirect${query}`,
    profile: testProfile('PRIMARY'),
    routes: { [`GET ${VALUE_ADDED_SERVICES_PATH}`]: VAS_RESPONSE },
    ...options,
  });
}

describe('sign-in redirect (spec §2.3 / §4)', () => {
  it('stores the known value-added services and the member details, then goes to the target after 100 ms', async () => {
    const setTimeoutSpy = vi.spyOn(window, 'setTimeout');
    const { router } = await renderRedirect('/billing/pay-bill?open=otp');

    expect(await screen.findByRole('status')).toHaveTextContent('Signing you in…');
    await waitFor(() => expect(router.state.location.href).toBe('/billing/pay-bill?open=otp'));

    expect(setTimeoutSpy).toHaveBeenCalledWith(expect.any(Function), POST_LOGIN_REDIRECT_MS);
    expect(JSON.parse(window.sessionStorage.getItem(VAS_STORAGE_KEY) ?? 'null')).toEqual({
      displayServicesBanner: true,
      serviceActivationUri: '/services/activate',
      services: [
        { serviceId: 'INTERNET', rateCode: 'R1', redirectUri: { sbpp: '/services/internet' }, internal: true },
        {
          serviceId: 'CLOUD_BACKUP',
          rateCode: 'R3',
          redirectUri: { sbpp: 'https://backup.example/sso' },
          internal: false,
        },
      ],
    });
    expect(JSON.parse(window.sessionStorage.getItem(MEMBER_DETAILS_STORAGE_KEY) ?? 'null')).toEqual({
      firstName: 'Hannah',
      lastName: 'Reyes',
      contactEmail: 'hannah@harbor.example',
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pay Bill' })).toBeInTheDocument();
  });

  it('loads the services and the profile once, and stores them before it leaves', async () => {
    const { router, fetchMock } = await renderRedirect('/billing');
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
    expect(window.sessionStorage.getItem(MEMBER_DETAILS_STORAGE_KEY)).not.toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, POST_LOGIN_REDIRECT_MS * 2));
    expect(fetchMock.requestsTo(VALUE_ADDED_SERVICES_PATH)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/billing');
  });

  it('goes to /account-summary without a target', async () => {
    const { router } = await renderRedirect(null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-summary'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Summary' })).toBeInTheDocument();
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example',
    'javascript:alert(1)',
    '/api/pub/session/v1/logout',
    '/sign-in-redirect',
  ])('sends a hostile or looping target (%s) to /account-summary', async (target) => {
    const { router } = await renderRedirect(target);
    await waitFor(() => expect(router.state.location.pathname).toBe('/account-summary'));
    expect(browserNavigation.assign).not.toHaveBeenCalled();
  });

  it('switches to the language saved for the user', async () => {
    await renderRedirect('/billing', { profile: testProfile('PRIMARY', { language: 'es' }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Facturación' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
  });

  it('still signs in when the value-added services cannot be loaded', async () => {
    const { router } = await renderRedirect('/billing', {
      routes: { [`GET ${VALUE_ADDED_SERVICES_PATH}`]: apiError('SERVICE_UNAVAILABLE', 503) },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/billing'));
    expect(window.sessionStorage.getItem(VAS_STORAGE_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(MEMBER_DETAILS_STORAGE_KEY)).not.toBeNull();
  });

  it('starts the sign-in again when there is no session after all', async () => {
    await renderRedirect('/billing', { profile: null });
    await waitFor(() =>
      expect(browserNavigation.assign).toHaveBeenCalledWith(`${LOGIN_EDGE_PATH}?targetUrl=%2Fbilling`),
    );
  });
});
