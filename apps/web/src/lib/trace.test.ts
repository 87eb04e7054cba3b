import { AppError } from '@vireo/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { forgetFailedCalls, LAST_FAILURE_FRESH_MS, newTraceId, recentFailureTraceId, traceIdOfError } from './trace';

const sentTraceId = (fetchMock: ReturnType<typeof vi.fn>, call = 0) =>
  new Headers((fetchMock.mock.calls[call]?.[1] as RequestInit | undefined)?.headers).get('x-trace-id');

afterEach(() => {
  forgetFailedCalls();
  vi.useRealTimers();
});

describe('trace ids and support codes (issue 23 item 4)', () => {
  it('names each call with a trace id of its own: twenty letters, never a digit (never card-shaped)', async () => {
    const fetchMock = vi.fn(async () => Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/a', { schema: z.object({ ok: z.boolean() }) });
    await apiRequest('/api/a', { schema: z.object({ ok: z.boolean() }) });
    const [first, second] = [sentTraceId(fetchMock, 0), sentTraceId(fetchMock, 1)];
    expect(first).toMatch(/^[a-z]{20}$/);
    expect(second).toMatch(/^[a-z]{20}$/);
    expect(first).not.toBe(second);
    for (let i = 0; i < 200; i += 1) expect(newTraceId()).not.toMatch(/\d/);
  });

  it('an error answer carries the trace id the server answered, remembered as the last failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } },
          { status: 503, headers: { 'x-trace-id': 'answered-trace' } },
        ),
      ),
    );
    const error = await apiRequest('/api/a', { schema: z.object({}) }).catch((reason: unknown) => reason);
    expect(AppError.is(error) && error.traceId).toBe('answered-trace');
    expect(traceIdOfError(error)).toBe('answered-trace');
    expect(recentFailureTraceId()).toBe('answered-trace');
  });

  it('a call that got no answer carries the trace id it was sent with', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const error = await apiRequest('/api/a', { schema: z.object({}) }).catch((reason: unknown) => reason);
    const sent = sentTraceId(fetchMock);
    expect(sent).toBeTruthy();
    expect(sent).toMatch(/^[a-z]{20}$/);
    expect(traceIdOfError(error)).toBe(sent);
  });

  it('the last failure is offered for LAST_FAILURE_FRESH_MS only; an error that is not the API’s has no trace id', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: { code: 'NOT_FOUND', message: 'no' } }, { status: 404 })),
    );
    await apiRequest('/api/a', { schema: z.object({}) }).catch(() => undefined);
    expect(recentFailureTraceId()).toMatch(/^[a-z]{20}$/);
    vi.setSystemTime(Date.now() + LAST_FAILURE_FRESH_MS + 1);
    expect(recentFailureTraceId()).toBeNull();
    expect(traceIdOfError(new Error('not an API error'))).toBeNull();
    expect(traceIdOfError(new AppError('INTERNAL'))).toBeNull();
  });

  it('a 401 its caller expects (a visitor’s session probe) is no failure to quote', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: { code: 'UNAUTHENTICATED', message: 'no' } }, { status: 401 })),
    );
    await apiRequest('/api/a', { schema: z.object({}), reportUnauthenticated: false }).catch(() => undefined);
    expect(recentFailureTraceId()).toBeNull();
  });
});
