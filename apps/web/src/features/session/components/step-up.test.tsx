import { screen, waitFor } from '@testing-library/react';
import { AppError, STEP_UP_PASSKEY_OPTIONS_PATH, STEP_UP_PASSKEY_PATH, STEP_UP_PATH } from '@vireo/shared';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { apiRequest } from '../../../lib/api-client';
import { getPasskeyAssertion, PasskeyCeremonyError } from '../../../lib/passkeys';
import { apiError, type FakeRequest, jsonResponse, stubApi, testProfile } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render-with-providers';
import { StepUpHost } from './step-up-host';

// the browser's WebAuthn call (navigator.credentials.get) stands in for the person touching their authenticator
vi.mock('../../../lib/passkeys', async (original) => ({
  ...(await original<typeof import('../../../lib/passkeys')>()),
  getPasskeyAssertion: vi.fn(),
}));

const ACTION = '/api/pub/things/v1/dangerous';
const ASSERTION = { id: 'cred-1', type: 'public-key', response: { signature: 'c2ln' } };

/** A page with a dangerous action: its button calls the API; the result or the error code is shown. */
function DangerousAction() {
  const [result, setResult] = useState('');
  return (
    <>
      <button
        type="button"
        onClick={() =>
          void apiRequest(ACTION, {
            method: 'POST',
            body: { role: 'BILLING' },
            idempotencyKey: 'key-7',
            schema: z.object({ done: z.boolean() }),
          }).then(
            () => setResult('done'),
            (error: unknown) => setResult(AppError.is(error) ? error.code : 'crash'),
          )
        }
      >
        Do it
      </button>
      <p data-testid="result">{result}</p>
    </>
  );
}

async function setup(
  stepUpAnswer: (request: FakeRequest) => Response,
  passkeyAnswer: (request: FakeRequest) => Response = () => apiError('PASSKEY_REFUSED', 422),
  locale: 'en' | 'es' = 'en',
) {
  let proven = false;
  const proving = (answer: (request: FakeRequest) => Response) => (request: FakeRequest) => {
    const response = answer(request);
    if (response.ok) proven = true;
    return response;
  };
  const api = stubApi({
    profile: testProfile('PRIMARY', { username: 'harbor-owner' }),
    routes: {
      [`POST ${ACTION}`]: () => (proven ? jsonResponse({ done: true }) : apiError('STEP_UP_REQUIRED', 403)),
      [`POST ${STEP_UP_PATH}`]: proving(stepUpAnswer),
      [`POST ${STEP_UP_PASSKEY_OPTIONS_PATH}`]: () => jsonResponse({ challenge: 'Y2hhbGxlbmdl', allowCredentials: [] }),
      [`POST ${STEP_UP_PASSKEY_PATH}`]: proving(passkeyAnswer),
    },
  });
  const rendered = await renderWithProviders(
    <>
      <StepUpHost />
      <DangerousAction />
    </>,
    { locale },
  );
  return { ...rendered, api };
}

const rightPassword = (request: FakeRequest) =>
  (request.body as { password: string }).password === 'correct horse'
    ? jsonResponse({ validUntil: '2026-11-21T20:10:00.000Z' })
    : apiError('INVALID_CREDENTIALS', 401);

describe('Confirm it’s you (wider-portal.md §3 step-up)', () => {
  it('opens on STEP_UP_REQUIRED with the username, refuses a wrong password on the field, and the action goes on after the right one', async () => {
    const { user, api } = await setup(rightPassword);
    const trigger = screen.getByRole('button', { name: 'Do it' });
    await user.click(trigger);

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(dialog).toHaveTextContent('Username: harbor-owner');
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(password).toHaveAccessibleDescription('Enter your password.');
    expect(api.requestsTo(STEP_UP_PATH)).toHaveLength(0);

    await user.type(password, 'wrong');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription('That password isn’t right. Check it and try again.'),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(password).toHaveValue('');
    expect(password).toHaveFocus();

    await user.type(password, 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('result')).toHaveTextContent('done'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());

    const actions = api.requestsTo(ACTION, 'POST');
    expect(actions).toHaveLength(2);
    expect(actions[1]?.body).toEqual(actions[0]?.body);
    expect(actions[1]?.headers.get('Idempotency-Key')).toBe('key-7');
    expect(api.requestsTo(STEP_UP_PATH).map((request) => request.body)).toEqual([
      { password: 'wrong' },
      { password: 'correct horse' },
    ]);
  });

  it('Escape cancels: the action fails with STEP_UP_REQUIRED and is not sent again', async () => {
    const { user, api } = await setup(rightPassword);
    const trigger = screen.getByRole('button', { name: 'Do it' });
    await user.click(trigger);
    await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByTestId('result')).toHaveTextContent('STEP_UP_REQUIRED'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo(ACTION, 'POST')).toHaveLength(1);
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('Cancel cancels; too many attempts is said in words and the dialog stays', async () => {
    const { user } = await setup(() => apiError('RATE_LIMITED', 429));
    await user.click(screen.getByRole('button', { name: 'Do it' }));
    await screen.findByRole('dialog');
    await user.type(screen.getByLabelText('Password'), 'anything');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Wait a minute and try again.');

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('result')).toHaveTextContent('STEP_UP_REQUIRED'));
  });

  it('keeps focus in the dialog and passes axe', async () => {
    const { user } = await setup(rightPassword);
    await user.click(screen.getByRole('button', { name: 'Do it' }));
    await screen.findByRole('dialog');
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    await user.tab();
    expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toHaveFocus();
    await user.tab();
    expect(password).toHaveFocus();
    await expectNoAxeViolations();

    await user.type(password, 'wrong');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    await expectNoAxeViolations();
  });
  it('confirms with a passkey instead (issue 18 item 3): the options, the browser’s answer, then the action goes on', async () => {
    vi.mocked(getPasskeyAssertion).mockResolvedValueOnce(ASSERTION as never);
    const { user, api } = await setup(rightPassword, () => jsonResponse({ validUntil: '2026-11-21T20:10:00.000Z' }));
    const trigger = screen.getByRole('button', { name: 'Do it' });
    await user.click(trigger);
    await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(screen.getByTestId('result')).toHaveTextContent('done'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(vi.mocked(getPasskeyAssertion)).toHaveBeenCalledWith({ challenge: 'Y2hhbGxlbmdl', allowCredentials: [] });
    expect(api.requestsTo(STEP_UP_PASSKEY_PATH).map((request) => request.body)).toEqual([{ credential: ASSERTION }]);
    expect(api.requestsTo(STEP_UP_PATH)).toHaveLength(0);
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('says in words, in Spanish too, why a passkey did not confirm; the dialog stays for the password', async () => {
    vi.mocked(getPasskeyAssertion)
      .mockRejectedValueOnce(new PasskeyCeremonyError('cancelled'))
      .mockResolvedValueOnce(ASSERTION as never);
    const { user } = await setup(rightPassword);
    await user.click(screen.getByRole('button', { name: 'Do it' }));
    await screen.findByRole('dialog');
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The passkey wasn’t used: it was cancelled or timed out. Try again, or enter your password.',
    );
    // the server refuses it (another user's passkey, or none on this account)
    await user.click(screen.getByRole('button', { name: 'Use a passkey' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'That passkey couldn’t confirm it’s you. Use a passkey of your own on this account, or enter your password.',
      ),
    );
    await expectNoAxeViolations();
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('result')).toHaveTextContent('done'));
  });

  it('reads the passkey way in Spanish', async () => {
    vi.mocked(getPasskeyAssertion).mockRejectedValueOnce(new PasskeyCeremonyError('unsupported'));
    const { user } = await setup(rightPassword, undefined, 'es');
    await user.click(screen.getByRole('button', { name: 'Do it' }));
    await screen.findByRole('dialog', { name: 'Confirme que es usted' });
    expect(screen.getByText('O confirme con una llave de acceso en este dispositivo.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Usar una llave de acceso' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Este navegador no puede usar llaves de acceso. Ingrese su contraseña.',
    );
  });
});
