import { screen, waitFor, within } from '@testing-library/react';
import {
  type Locale,
  PASSKEYS_PATH,
  PASSWORD_CHANGE_PATH,
  SESSIONS_END_OTHERS_PATH,
  SESSIONS_PATH,
  type SignedInSession,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { apiError, type FakeHandler, jsonResponse, stubApi, testProfile } from '../../../test/fake-api';
import { InLocale } from '../../../test/in-locale';
import { renderWithProviders } from '../../../test/render-with-providers';
import { SecuritySection } from './security-section';

const THIS: SignedInSession = {
  id: '0b0e6f0a-1111-4a4e-9a51-000000000001',
  browser: 'Firefox 133',
  os: 'Windows',
  place: { kind: 'local' },
  createdAt: '2026-11-21T15:00:00.000Z',
  lastSeenAt: '2026-11-21T15:30:00.000Z',
  current: true,
};
const CHROME: SignedInSession = {
  ...THIS,
  id: '0b0e6f0a-1111-4a4e-9a51-000000000002',
  browser: 'Chrome 131',
  os: 'macOS',
  place: { kind: 'address', prefix: '198.51.100.0' },
  current: false,
};
const SAFARI: SignedInSession = {
  ...CHROME,
  id: '0b0e6f0a-1111-4a4e-9a51-000000000003',
  browser: 'Safari 18',
  os: 'iOS',
};

/** A fake server of the sessions: ending one or the others takes them out of the list. */
function sessionsServer(initial: SignedInSession[] = [THIS, CHROME, SAFARI]) {
  let sessions = initial;
  const routes: Record<string, FakeHandler> = {
    [`GET ${SESSIONS_PATH}`]: () => jsonResponse({ sessions }),
    [`GET ${PASSKEYS_PATH}`]: () => jsonResponse({ passkeys: [], max: 10 }),
    [`POST ${SESSIONS_END_OTHERS_PATH}`]: () => {
      const ended = sessions.filter((s) => !s.current).length;
      sessions = sessions.filter((s) => s.current);
      return jsonResponse({ sessionsEnded: ended });
    },
    [`POST ${SESSIONS_PATH}/${CHROME.id}/end`]: () => {
      sessions = sessions.filter((s) => s.id !== CHROME.id);
      return jsonResponse({ sessionsEnded: 1 });
    },
  };
  return routes;
}

async function renderSecurity(routes: Record<string, FakeHandler>, locale: Locale = 'en') {
  const api = stubApi({ profile: testProfile('PRIMARY'), routes });
  const rendered = await renderWithProviders(
    <InLocale locale={locale}>
      <SecuritySection />
    </InLocale>,
  );
  await screen.findByRole('heading', { level: 2, name: locale === 'es' ? 'Seguridad' : 'Security' });
  return { api, user: rendered.user };
}

const rowOf = (text: string) => screen.getByText(text, { exact: false }).closest('li') as HTMLElement;

describe('the signed-in sessions', () => {
  it('lists browser on OS, the place, last active, and marks this device without a sign-out button', async () => {
    await renderSecurity(sessionsServer());
    await screen.findByText('Chrome 131 on macOS');
    const mine = rowOf('Firefox 133 on Windows');
    expect(within(mine).getByText('This device')).toBeInTheDocument();
    expect(within(mine).getByText(/Local network · Last active Nov 21, 2026/)).toBeInTheDocument();
    expect(within(mine).queryByRole('button')).toBeNull();
    const chrome = rowOf('Chrome 131 on macOS');
    expect(within(chrome).getByText(/198\.51\.100\.0 · Last active/)).toBeInTheDocument();
    expect(within(chrome).getByRole('button', { name: 'Sign out of Chrome 131 on macOS' })).toBeInTheDocument();
  });

  it('signs out of one other device and says so', async () => {
    const { api, user } = await renderSecurity(sessionsServer());
    await user.click(await screen.findByRole('button', { name: 'Sign out of Chrome 131 on macOS' }));
    await waitFor(() => expect(screen.queryByText('Chrome 131 on macOS')).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('Devices signed out: 1.');
    expect(api.requestsTo(`${SESSIONS_PATH}/${CHROME.id}/end`, 'POST')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 3, name: 'Where you’re signed in' })).toHaveFocus();
  });

  it('signs out of all other devices after a confirmation; Cancel changes nothing', async () => {
    const { api, user } = await renderSecurity(sessionsServer());
    await user.click(await screen.findByRole('button', { name: 'Sign out of all other devices' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Your other devices will need to sign in again.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.requestsTo(SESSIONS_END_OTHERS_PATH, 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Sign out of all other devices' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(screen.queryByText('Safari 18 on iOS')).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('Devices signed out: 2.');
    expect(screen.queryByRole('button', { name: 'Sign out of all other devices' })).toBeNull();
  });
});

describe('changing the password', () => {
  const fill = async (
    user: Awaited<ReturnType<typeof renderSecurity>>['user'],
    current: string,
    next: string,
    again = next,
  ) => {
    await user.type(screen.getByLabelText('Current password'), current);
    await user.type(screen.getByLabelText('New password'), next);
    await user.type(screen.getByLabelText('Confirm new password'), again);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  };

  it('sends the current and the new password, says how many devices were signed out, and empties the form', async () => {
    const routes = { ...sessionsServer(), [`POST ${PASSWORD_CHANGE_PATH}`]: () => jsonResponse({ sessionsEnded: 2 }) };
    const { api, user } = await renderSecurity(routes);
    await fill(user, 'Vireo-Demo-2026', 'Lantern-Harbor-Tide-42');
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Password changed. Other devices were signed out.'),
    );
    expect(api.requestsTo(PASSWORD_CHANGE_PATH, 'POST')[0]?.body).toEqual({
      currentPassword: 'Vireo-Demo-2026',
      newPassword: 'Lantern-Harbor-Tide-42',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('checks the fields first: required, at least 12 characters, the two new ones the same', async () => {
    const { api, user } = await renderSecurity(sessionsServer());
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findAllByText('Enter a password.')).toHaveLength(3);
    expect(screen.getByLabelText('Current password')).toHaveFocus();
    await fill(user, 'x', 'short', 'other');
    expect(await screen.findByText('Use at least 12 characters.')).toBeInTheDocument();
    expect(screen.getByText('The new passwords don’t match.')).toBeInTheDocument();
    expect(api.requestsTo(PASSWORD_CHANGE_PATH, 'POST')).toHaveLength(0);
  });

  it("puts the server's refusals on their fields: a wrong current password, a common new one", async () => {
    let answer = apiError('INVALID_CREDENTIALS', 401);
    const routes = { ...sessionsServer(), [`POST ${PASSWORD_CHANGE_PATH}`]: () => answer };
    const { user } = await renderSecurity(routes);
    await fill(user, 'wrong-password', 'Lantern-Harbor-Tide-42');
    expect(await screen.findByText('That’s not your current password.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveFocus());
    answer = jsonResponse(
      {
        error: {
          code: 'PASSWORD_REFUSED',
          message: 'refused',
          fields: [{ path: 'body.newPassword', code: 'password.common' }],
        },
      },
      422,
    );
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('This password is too common. Choose something less predictable.'),
    ).toBeInTheDocument();
  });
});

describe('the security section passes axe (WCAG 2.2 AA, structure)', () => {
  it.each<Locale>(['en', 'es'])('the list, the form with errors and the confirmation (%s)', async (locale) => {
    const { user } = await renderSecurity(sessionsServer(), locale);
    await screen.findByText(locale === 'en' ? 'Chrome 131 on macOS' : 'Chrome 131 en macOS');
    await expectNoAxeViolations();
    await user.click(screen.getByRole('button', { name: locale === 'en' ? 'Change password' : 'Cambiar contraseña' }));
    await expectNoAxeViolations();
    await user.click(
      screen.getByRole('button', {
        name: locale === 'en' ? 'Sign out of all other devices' : 'Cerrar sesión en los demás dispositivos',
      }),
    );
    await screen.findByRole('alertdialog');
    await expectNoAxeViolations();
  });
});
