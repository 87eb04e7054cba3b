import { screen, waitFor, within } from '@testing-library/react';
import { CSRF_PATH, PASSWORD_CHECK_PATH, type PasswordCheckResponse, REGISTRATION_PATH } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { LOCALE_STORAGE_KEY } from '../../../lib/locale';
import { apiError, type FakeRequest, jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const STRONG: PasswordCheckResponse = { acceptable: true, problems: [], score: 4, warning: null };
const COMMON: PasswordCheckResponse = { acceptable: false, problems: ['common'], score: 0, warning: 'common' };

function renderCreateAccount(
  registration: (request: FakeRequest) => Response,
  check = (_: FakeRequest) => jsonResponse(STRONG),
) {
  return renderApp({
    path: '/create-account',
    routes: {
      [`GET ${CSRF_PATH}`]: { csrfToken: 'visitor-token' },
      [`POST ${PASSWORD_CHECK_PATH}`]: check,
      [`POST ${REGISTRATION_PATH}`]: registration,
    },
  });
}

type User = Awaited<ReturnType<typeof renderCreateAccount>>['user'];

async function fillIn(user: User, password = 'ivy fern tulip lantern') {
  await user.type(await screen.findByLabelText('Account number'), '8260 1700 8008 5566');
  await user.type(screen.getByLabelText('Service address ZIP code'), '97205');
  await user.type(screen.getByLabelText('Statement security code'), '482913');
  await user.type(screen.getByLabelText('First name'), 'Iris');
  await user.type(screen.getByLabelText('Last name'), 'Okafor');
  await user.type(screen.getByLabelText('E-mail address'), 'Iris@OakAndIvy.example');
  await user.type(screen.getByLabelText('Username'), 'oakivy-owner');
  await user.type(screen.getByLabelText('Password'), password);
}

describe('Create account (/create-account, issue 17 item 2)', () => {
  it('checks every field with the server’s rules, and focuses the first in error', async () => {
    const { user, fetchMock } = await renderCreateAccount(() => jsonResponse({ sentTo: 'x' }, 202));
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeInTheDocument();
    await expectNoAxeViolations();
    await user.type(screen.getByLabelText('Service address ZIP code'), '9720');
    await user.type(screen.getByLabelText('Username'), 'oak ivy');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the following errors.');
    expect(screen.getByLabelText('Account number')).toHaveFocus();
    expect(screen.getByLabelText('Account number')).toHaveAccessibleDescription(
      'At the top of your statement. Enter the account number as it appears on your statement.',
    );
    expect(screen.getByLabelText('Service address ZIP code')).toHaveAccessibleDescription(
      '5 digits. Enter the 5-digit ZIP code of the service address.',
    );
    expect(screen.getByLabelText('Username')).toBeInvalid();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('Use at least 12 characters.'),
    );
    expect(fetchMock.requestsTo(REGISTRATION_PATH)).toHaveLength(0);
    await expectNoAxeViolations();
  });

  it('meters the password: the length at once, then the server’s verdict with the person’s words', async () => {
    const checks: FakeRequest[] = [];
    const { user } = await renderCreateAccount(
      () => jsonResponse({ sentTo: 'x' }, 202),
      (request) => {
        checks.push(request);
        return jsonResponse((request.body as { password: string }).password === 'password1234' ? COMMON : STRONG);
      },
    );
    await user.type(await screen.findByLabelText('First name'), 'Iris');
    await user.type(screen.getByLabelText('Username'), 'oakivy-owner');
    const password = screen.getByLabelText('Password');
    await user.type(password, 'password');
    expect(screen.getByText('4 more characters needed')).toBeInTheDocument();
    expect(checks).toHaveLength(0);
    await user.type(password, '1234');
    expect(await screen.findByText('This password can’t be used')).toBeInTheDocument();
    expect(screen.getByText('This password is too common. Choose something less predictable.')).toBeInTheDocument();
    expect(screen.getByText('This is a commonly used password.')).toBeInTheDocument();
    // one request per pause in typing, not one per key
    expect(checks).toHaveLength(1);
    expect(checks[0]?.body).toEqual({ password: 'password1234', username: 'oakivy-owner', words: ['Iris'] });
    await user.clear(password);
    await user.type(password, 'ivy fern tulip lantern');
    expect(await screen.findByText('Strength: strong')).toBeInTheDocument();
    expect(checks).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('sends the details with the page’s language, then says where the link went', async () => {
    const { user, fetchMock } = await renderCreateAccount(() =>
      jsonResponse({ sentTo: 'iris@oakandivy.example' }, 202),
    );
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Check your e-mail' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(
      'We’ve sent a link to iris@oakandivy.example. Open it within 24 hours to finish creating your account.',
    );
    const [sent] = fetchMock.requestsTo(REGISTRATION_PATH, 'POST');
    expect(sent?.body).toEqual({
      billingAccount: '8260170080085566',
      zip: '97205',
      statementCode: '482913',
      firstName: 'Iris',
      lastName: 'Okafor',
      username: 'oakivy-owner',
      email: 'iris@oakandivy.example',
      password: 'ivy fern tulip lantern',
      language: 'en',
    });
    // a visitor has no session: the anti-forgery token is fetched first
    expect(fetchMock.requestsTo(CSRF_PATH)).not.toHaveLength(0);
    await expectNoAxeViolations();
  });

  it.each([
    ['REGISTRATION_MISMATCH', 422, 'Those details don’t match our records'],
    ['REGISTRATION_LOCKED', 429, 'Please try again in an hour'],
    ['ACCOUNT_HAS_OWNER', 409, 'Ask your account owner to invite you'],
    ['RATE_LIMITED', 429, 'Please wait a few minutes'],
    ['INTERNAL', 500, 'We couldn’t do that'],
  ])('answers %s with its panel above the fields, keeping what was typed', async (code, status, title) => {
    const { user } = await renderCreateAccount(() => apiError(code, status));
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const panel = await screen.findByRole('alert');
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent(title);
    expect(screen.getByLabelText('Account number')).toHaveValue('8260 1700 8008 5566');
    expect(screen.getByLabelText('Password')).toHaveValue('ivy fern tulip lantern');
  });

  it('puts a taken username and a refused password on their fields', async () => {
    let answer = apiError('USERNAME_TAKEN', 409);
    const { user } = await renderCreateAccount(() => answer.clone());
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveFocus());
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(
      expect.stringContaining('That username is taken. Choose another.'),
    );
    answer = jsonResponse(
      {
        error: { code: 'PASSWORD_REFUSED', message: 'x', fields: [{ path: 'body.password', code: 'password.common' }] },
      },
      422,
    );
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(
      expect.stringContaining('This password is too common. Choose something less predictable.'),
    );
  });

  it('reads in Spanish, and sends Spanish as the language of the e-mail', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'es');
    const { user, fetchMock } = await renderCreateAccount(() =>
      jsonResponse({ sentTo: 'iris@oakandivy.example' }, 202),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Cree su cuenta' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Número de cuenta'), '8260170080085566');
    await user.type(screen.getByLabelText('Código postal de la dirección de servicio'), '97205');
    await user.type(screen.getByLabelText('Código de seguridad del estado de cuenta'), '482913');
    await user.type(screen.getByLabelText('Nombre'), 'Iris');
    await user.type(screen.getByLabelText('Apellido'), 'Okafor');
    await user.type(screen.getByLabelText('Correo electrónico'), 'iris@oakandivy.example');
    await user.type(screen.getByLabelText('Nombre de usuario'), 'oakivy-owner');
    await user.type(screen.getByLabelText('Contraseña'), 'ivy fern tulip lantern');
    expect(await screen.findByText('Seguridad: alta')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Revise su correo electrónico' })).toBeInTheDocument();
    expect(fetchMock.requestsTo(REGISTRATION_PATH, 'POST')[0]?.body).toMatchObject({ language: 'es' });
    await expectNoAxeViolations();
  });
});
