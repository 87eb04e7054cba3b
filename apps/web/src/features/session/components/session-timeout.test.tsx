import { act, screen, waitFor } from '@testing-library/react';
import { LOGOUT_PATH, PING_PATH } from '@vireo/shared';
import { describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../../../lib/browser-navigation';
import { MEMBER_DETAILS_STORAGE_KEY, VAS_STORAGE_KEY } from '../../../lib/client-storage';
import { jsonResponse, noContent, setCookie, stubApi } from '../../../test/fake-api';
import { manualClock } from '../../../test/manual-clock';
import { renderWithProviders } from '../../../test/render-with-providers';
import { SessionTimeout } from './session-timeout';

const PING_RESPONSE = { idleTimeoutSeconds: 900, expiresAt: '2026-11-21T20:00:00.000Z' };

async function setup() {
  setCookie('vb_csrf', 'csrf-from-cookie');
  const fetchMock = stubApi({
    routes: { [`POST ${PING_PATH}`]: () => jsonResponse(PING_RESPONSE), [`POST ${LOGOUT_PATH}`]: () => noContent() },
  });
  const clock = manualClock();
  const rendered = await renderWithProviders(<SessionTimeout clock={clock} />);
  const advance = (ms: number) => act(() => clock.advance(ms));
  return { ...rendered, fetchMock, advance };
}

describe('session timeout dialog', () => {
  it('appears after 780 s without activity as an alert dialog with focus on Stay signed in', async () => {
    const { advance } = await setup();
    advance(779_000);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    advance(1_000);
    const dialog = await screen.findByRole('alertdialog', { name: 'Your session is about to end' });
    expect(dialog).toHaveAccessibleDescription(/we’ll sign you out because you haven’t been active/);
    expect(dialog).toHaveTextContent('Time left: 2:00');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stay signed in' })).toHaveFocus());
  });

  it('keeps focus inside the dialog and cannot be dismissed with Escape', async () => {
    const { advance, user } = await setup();
    advance(780_000);
    const stay = await screen.findByRole('button', { name: 'Stay signed in' });
    await waitFor(() => expect(stay).toHaveFocus());

    await user.tab();
    expect(screen.getByRole('button', { name: 'Sign out' })).toHaveFocus();
    await user.tab();
    expect(stay).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('shows the countdown every second but announces it only at 60, 30 and 10 seconds', async () => {
    const { advance } = await setup();
    advance(780_000);
    const dialog = await screen.findByRole('alertdialog');
    const live = dialog.querySelector('[aria-live="polite"]');
    expect(live).toHaveTextContent('');

    advance(59_000);
    expect(dialog).toHaveTextContent('Time left: 1:01');
    expect(live).toHaveTextContent('');
    advance(1_000);
    expect(dialog).toHaveTextContent('Time left: 1:00');
    expect(live).toHaveTextContent('60 seconds left before you’re signed out');
    advance(20_000);
    expect(live).toHaveTextContent('60 seconds left before you’re signed out');
    advance(10_000);
    expect(live).toHaveTextContent('30 seconds left before you’re signed out');
  });

  it('Stay signed in pings (with the CSRF header) and closes the dialog', async () => {
    const { advance, user, fetchMock } = await setup();
    advance(790_000);
    await user.click(await screen.findByRole('button', { name: 'Stay signed in' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const pings = fetchMock.requestsTo(PING_PATH, 'POST');
    expect(pings).toHaveLength(1);
    expect(pings[0]?.headers.get('X-CSRF-Token')).toBe('csrf-from-cookie');
    expect(fetchMock.requestsTo(LOGOUT_PATH)).toHaveLength(0);
  });

  it('signs out by itself when the countdown ends', async () => {
    window.sessionStorage.setItem(VAS_STORAGE_KEY, '{}');
    window.sessionStorage.setItem(MEMBER_DETAILS_STORAGE_KEY, '{}');
    const { advance, fetchMock } = await setup();
    advance(780_000);
    await screen.findByRole('alertdialog');
    advance(120_000);

    await waitFor(() => expect(browserNavigation.assign).toHaveBeenCalledWith('/login?loggedOut=true'));
    const logout = fetchMock.requestsTo(LOGOUT_PATH, 'POST');
    expect(logout).toHaveLength(1);
    expect(logout[0]?.headers.get('X-CSRF-Token')).toBe('csrf-from-cookie');
    expect(window.sessionStorage.getItem(VAS_STORAGE_KEY)).toBeNull();
    expect(window.sessionStorage.getItem(MEMBER_DETAILS_STORAGE_KEY)).toBeNull();
  });

  it('Sign out in the dialog signs out at once', async () => {
    const { advance, user, fetchMock } = await setup();
    advance(780_000);
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(browserNavigation.assign).toHaveBeenCalledWith('/login?loggedOut=true'));
    expect(fetchMock.requestsTo(LOGOUT_PATH, 'POST')).toHaveLength(1);
  });

  it('keeps the session alive with a ping every 30 s while the user is active', async () => {
    const { advance, fetchMock } = await setup();
    advance(5_000);
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    });
    advance(25_000);
    await waitFor(() => expect(fetchMock.requestsTo(PING_PATH, 'POST')).toHaveLength(1));
    advance(30_000);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(fetchMock.requestsTo(PING_PATH, 'POST')).toHaveLength(1);
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    advance(30_000);
    await waitFor(() => expect(fetchMock.requestsTo(PING_PATH, 'POST')).toHaveLength(2));
    vi.mocked(browserNavigation.assign).mockClear();
  });
});
