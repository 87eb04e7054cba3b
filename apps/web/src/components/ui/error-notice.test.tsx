import { screen } from '@testing-library/react';
import { AppError, supportCodeOf } from '@vireo/shared';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client';
import { renderWithProviders } from '../../test/render-with-providers';
import { ErrorNotice } from './error-notice';
import { ErrorPanel } from './error-panel';

async function failCall(traceId: string) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      Response.json({ error: { code: 'INTERNAL', message: 'x' } }, { status: 500, headers: { 'x-trace-id': traceId } }),
    ),
  );
  await apiRequest('/api/x', { schema: z.object({}) }).catch(() => undefined);
}

describe('the support code under an error message (issue 23 item 4)', () => {
  it('an error notice shows the code of the call that just failed', async () => {
    await failCall('call-that-failed');
    await renderWithProviders(
      <ErrorNotice titleId="billing.errors.activity.title" bodyId="billing.errors.activity.body" />,
    );
    expect(await screen.findByTestId('support-code')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      `Support code: ${supportCodeOf('call-that-failed')}. Quote it if you contact support.`,
    );
  });

  it('an error panel given its error shows that error’s code, not the last call’s; in Spanish too', async () => {
    await failCall('a-later-call');
    await renderWithProviders(
      <ErrorPanel
        titleId="billing.errors.activity.title"
        bodyId="billing.errors.activity.body"
        error={new AppError('INTERNAL', 'x', { traceId: 'its-own-call' })}
      />,
      { locale: 'es' },
    );
    expect(screen.getByTestId('support-code')).toHaveTextContent(
      `Código de soporte: ${supportCodeOf('its-own-call')}.`,
    );
  });

  it('no code when no call failed', async () => {
    await renderWithProviders(
      <ErrorNotice titleId="billing.errors.activity.title" bodyId="billing.errors.activity.body" />,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.queryByTestId('support-code')).not.toBeInTheDocument();
  });
});
