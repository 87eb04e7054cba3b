import { AppError } from '@vireo/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { clearCookies, setCookie } from '../test/fake-api';
import { apiRequest, STEP_UP_HANDLER_WAIT_MS, setStepUpHandler } from './api-client';

const ThingSchema = z.object({ id: z.string() });

const stepUpRequired = () =>
  new Response(JSON.stringify({ error: { code: 'STEP_UP_REQUIRED', message: 'prove it (test)' } }), {
    status: 403,
    headers: { 'Content-Type': 'application/json' },
  });
const ok = () => new Response(JSON.stringify({ id: 'u_1' }), { headers: { 'Content-Type': 'application/json' } });

/** `fetch` answering `responses` in order (the last one again once they run out). */
function answers(...responses: (() => Response)[]) {
  let call = 0;
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const next = responses[Math.min(call, responses.length - 1)];
    call += 1;
    if (!next) throw new Error('no response');
    return next();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const change = () =>
  apiRequest('/api/things/1/role', {
    method: 'PUT',
    body: { role: 'BILLING' },
    idempotencyKey: 'key-1',
    schema: ThingSchema,
  });

let unregister: () => void = () => undefined;
afterEach(() => {
  unregister();
  clearCookies();
  vi.unstubAllGlobals();
});

describe('apiRequest and the step-up (wider-portal.md §3)', () => {
  it('asks the handler on STEP_UP_REQUIRED, then sends the same request once more with the same body and key', async () => {
    setCookie('vb_csrf', 'csrf-1');
    const fetchMock = answers(stepUpRequired, ok);
    const handler = vi.fn(async () => true);
    unregister = setStepUpHandler(handler);

    await expect(change()).resolves.toEqual({ id: 'u_1' });

    expect(handler).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [first, second] = fetchMock.mock.calls.map(([url, init]) => ({
      url,
      method: init?.method,
      body: init?.body,
      headers: new Headers(init?.headers),
    }));
    expect(second?.url).toBe(first?.url);
    expect(second?.method).toBe('PUT');
    expect(second?.body).toBe(JSON.stringify({ role: 'BILLING' }));
    expect(second?.body).toBe(first?.body);
    expect(second?.headers.get('Idempotency-Key')).toBe('key-1');
    expect(second?.headers.get('X-CSRF-Token')).toBe('csrf-1');
  });

  it('fails with STEP_UP_REQUIRED, without sending again, when the person cancels', async () => {
    const fetchMock = answers(stepUpRequired, ok);
    unregister = setStepUpHandler(async () => false);

    const error = await change().catch((reason: unknown) => reason);
    expect(AppError.is(error) && error.code).toBe('STEP_UP_REQUIRED');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends again only once: a second STEP_UP_REQUIRED fails the call', async () => {
    const fetchMock = answers(stepUpRequired, stepUpRequired, ok);
    const handler = vi.fn(async () => true);
    unregister = setStepUpHandler(handler);

    const error = await change().catch((reason: unknown) => reason);
    expect(AppError.is(error) && error.code).toBe('STEP_UP_REQUIRED');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('fails with STEP_UP_REQUIRED when no dialog is registered in time', async () => {
    vi.useFakeTimers();
    try {
      const fetchMock = answers(stepUpRequired);
      const failed = change().catch((reason: unknown) => reason);
      await vi.advanceTimersByTimeAsync(STEP_UP_HANDLER_WAIT_MS);
      const error = await failed;
      expect(AppError.is(error) && error.code).toBe('STEP_UP_REQUIRED');
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits for a dialog registered after the answer (a quick first action of a page), then asks it', async () => {
    setCookie('vb_csrf', 'csrf-1');
    const fetchMock = answers(stepUpRequired, ok);
    const pending = change();
    // the signed-in shell mounts the dialog a moment later
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const handler = vi.fn(async () => true);
    unregister = setStepUpHandler(handler);
    expect(await pending).toEqual({ id: 'u_1' });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('opens one dialog for requests that need it at the same time', async () => {
    let calls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calls += 1;
        return calls <= 2 ? stepUpRequired() : ok();
      }),
    );
    let prove: (proven: boolean) => void = () => undefined;
    const handler = vi.fn(() => new Promise<boolean>((resolve) => (prove = resolve)));
    unregister = setStepUpHandler(handler);

    const both = Promise.all([change(), change()]);
    await vi.waitFor(() => expect(handler).toHaveBeenCalled());
    // both requests have had their refusal by now (a few event-loop turns)
    await vi.waitFor(() => expect(calls).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    prove(true);
    await expect(both).resolves.toEqual([{ id: 'u_1' }, { id: 'u_1' }]);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('counts a handler that throws as a cancel', async () => {
    answers(stepUpRequired, ok);
    unregister = setStepUpHandler(async () => {
      throw new Error('the dialog failed to load');
    });
    const error = await change().catch((reason: unknown) => reason);
    expect(AppError.is(error) && error.code).toBe('STEP_UP_REQUIRED');
  });
});
