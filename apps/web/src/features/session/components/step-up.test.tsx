import { screen, waitFor } from '@testing-library/react';
import { AppError, STEP_UP_PATH } from '@vireo/shared';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { expectNoAxeViolations } from '../../../components/ui/testing/axe';
import { apiRequest } from '../../../lib/api-client';
import { apiError, type FakeRequest, jsonResponse, stubApi, testProfile } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render-with-providers';
import { StepUpHost } from './step-up-host';

const ACTION = '/api/pub/things/v1/dangerous';

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

async function setup(stepUpAnswer: (request: FakeRequest) => Response) {
  let proven = false;
  const api = stubApi({
    profile: testProfile('PRIMARY', { username: 'harbor-owner' }),
    routes: {
      [`POST ${ACTION}`]: () => (proven ? jsonResponse({ done: true }) : apiError('STEP_UP_REQUIRED', 403)),
      [`POST ${STEP_UP_PATH}`]: (request) => {
        const response = stepUpAnswer(request);
        if (response.ok) proven = true;
        return response;
      },
    },
  });
  const rendered = await renderWithProviders(
    <>
      <StepUpHost />
      <DangerousAction />
    </>,
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
    expect(password).toHaveFocus();
    await expectNoAxeViolations();

    await user.type(password, 'wrong');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    await expectNoAxeViolations();
  });
});
