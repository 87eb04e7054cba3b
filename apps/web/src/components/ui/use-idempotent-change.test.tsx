import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { AppError } from '@vireo/shared';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useIdempotentChange } from './use-idempotent-change';

type Request = { itemId: string; idempotencyKey: string };

/** A server that answers each request with the next scripted outcome and records the keys it was sent. */
function setup(outcomes: (AppError | 'ok')[]) {
  const keys: string[] = [];
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const done: string[] = [];
  const { result } = renderHook(
    () =>
      useIdempotentChange(
        useMutation({
          mutationFn: async (request: Request) => {
            keys.push(request.idempotencyKey);
            const outcome = outcomes.shift();
            if (outcome === 'ok') return `removed ${request.itemId}`;
            throw outcome;
          },
        }),
        (error) => (AppError.is(error) && error.code === 'VALIDATION_FAILED' ? null : 'failed'),
      ),
    { wrapper },
  );
  const send = async (itemId = 'a') => {
    act(() => result.current.send({ itemId }, (answer) => done.push(answer)));
    await waitFor(() => expect(result.current.pending).toBe(false));
  };
  return { result, keys, done, send };
}

describe('useIdempotentChange', () => {
  it('keeps the key when nobody knows whether the change was made, so trying again returns the first outcome', async () => {
    const { result, keys, done, send } = setup([new AppError('SERVICE_UNAVAILABLE'), 'ok']);
    act(() => result.current.ask());
    expect(result.current.confirming).toBe(true);
    await send();
    expect(result.current).toMatchObject({ confirming: false, failure: 'failed' });
    await send();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(done).toEqual(['removed a']);
    expect(result.current.failure).toBeNull();
  });

  it('takes a new key after a definite answer: a refusal, and a success (the next change is a new intent)', async () => {
    const { keys, send } = setup([new AppError('PAYMENT_METHOD_IN_USE'), 'ok', 'ok']);
    await send();
    await send();
    await send();
    expect(new Set(keys).size).toBe(3);
  });

  it('a different request is a different intent, with its own key', async () => {
    const { keys, send } = setup([new AppError('INTERNAL'), 'ok']);
    await send('a');
    await send('b');
    expect(keys[1]).not.toBe(keys[0]);
  });

  it('shows no failure when the caller handled the error itself, and sends nothing while a request is on its way', async () => {
    const { result, keys, send } = setup([new AppError('VALIDATION_FAILED'), 'ok']);
    await send();
    expect(result.current.failure).toBeNull();
    act(() => {
      result.current.send({ itemId: 'a' });
    });
    act(() => result.current.send({ itemId: 'a' }));
    await waitFor(() => expect(result.current.pending).toBe(false));
    expect(keys).toHaveLength(2);
  });
});
