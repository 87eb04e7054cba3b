import { screen } from '@testing-library/react';
import { CSRF_PATH, RECOVER_PASSWORD_PATH, RECOVER_USERNAME_PATH } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { apiError, jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

function renderRecovery(path: string, answer = () => jsonResponse({ sentTo: 'pat@harborcoffee.example' }, 202)) {
  return renderApp({
    path,
    routes: {
      [`GET ${CSRF_PATH}`]: { csrfToken: 'visitor-token' },
      [`POST ${RECOVER_USERNAME_PATH}`]: answer,
      [`POST ${RECOVER_PASSWORD_PATH}`]: answer,
    },
  });
}

describe('account recovery (/account-recovery, issue 17 item 4)', () => {
  it('asks which was forgotten, then e-mails the usernames of the address', async () => {
    const { user, fetchMock } = await renderRecovery('/account-recovery?password-reset=false');
    expect(await screen.findByRole('heading', { level: 1, name: 'Recover your sign-in' })).toBeInTheDocument();
    await expectNoAxeViolations();
    await user.type(screen.getByLabelText('E-mail address'), 'not an address');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('radio', { name: 'I forgot my username' })).toHaveFocus();
    expect(screen.getByRole('group', { name: 'What did you forget?' })).toHaveAccessibleDescription(
      'Choose what you forgot.',
    );
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(
      'The address on your sign-in. Enter an e-mail address, like name@example.com.',
    );
    await user.click(screen.getByRole('radio', { name: 'I forgot my username' }));
    await user.clear(screen.getByLabelText('E-mail address'));
    await user.type(screen.getByLabelText('E-mail address'), ' Pat@HarborCoffee.example ');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'If a sign-in uses pat@harborcoffee.example, we’ve sent its username there.',
    );
    expect(fetchMock.requestsTo(RECOVER_USERNAME_PATH)[0]?.body).toEqual({
      email: 'pat@harborcoffee.example',
      language: 'en',
    });
    expect(fetchMock.requestsTo(RECOVER_PASSWORD_PATH)).toHaveLength(0);
  });

  it('asks for a reset link when no link brought the person (password-reset=true)', async () => {
    const { user, fetchMock } = await renderRecovery('/account-recovery?password-reset=true');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'I forgot my password' })).toBeChecked();
    await user.type(screen.getByLabelText('E-mail address'), 'pat@harborcoffee.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('status')).toHaveTextContent('It works for 30 minutes.');
    expect(fetchMock.requestsTo(RECOVER_PASSWORD_PATH)).toHaveLength(1);
  });

  it('explains a required reset (after a lockout) on the guest address too', async () => {
    await renderRecovery('/wg/account-recovery?password-reset-required');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getByText(/you need to choose a new password before you can sign in/)).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'I forgot my password' })).toBeChecked();
    await expectNoAxeViolations();
  });

  it('says when the address asked too often', async () => {
    const { user } = await renderRecovery('/account-recovery', () => apiError('RATE_LIMITED', 429));
    await user.click(await screen.findByRole('radio', { name: 'I forgot my password' }));
    await user.type(screen.getByLabelText('E-mail address'), 'pat@harborcoffee.example');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Please wait a few minutes' })).toBeInTheDocument();
  });

  it('reads in Spanish', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    await renderRecovery('/account-recovery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Recupere su acceso' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Olvidé mi nombre de usuario' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });
});
