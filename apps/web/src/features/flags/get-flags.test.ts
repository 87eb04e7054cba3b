import { QueryClient } from '@tanstack/react-query';
import { defaultFlags, FLAGS_PATH } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { apiError, stubApi } from '../../test/fake-api';
import { loadFlags } from './use-flag';

describe('the flags (ADR 023)', () => {
  it('serves the values the server resolved, read once per page load', async () => {
    const fetchMock = stubApi({ flags: { speedTest: true, voice: true, maintenance: false } });
    const queryClient = new QueryClient();

    const values = await loadFlags(queryClient);
    expect(values.speedTest).toBe(true);
    expect(values.voice).toBe(true);
    expect(values.maintenance).toBe(false);
    await loadFlags(queryClient);
    expect(fetchMock.requestsTo(FLAGS_PATH)).toHaveLength(1);
  });

  it('falls back to the production defaults when the flags call fails, and keeps them for the page', async () => {
    const fetchMock = stubApi({ routes: { [`GET ${FLAGS_PATH}`]: () => apiError('SERVICE_UNAVAILABLE', 503) } });
    const queryClient = new QueryClient();

    expect(await loadFlags(queryClient)).toEqual(defaultFlags('prod'));
    expect(await loadFlags(queryClient)).toEqual(defaultFlags('prod'));
    expect(fetchMock.requestsTo(FLAGS_PATH)).toHaveLength(1);
  });

  it('gives a flag the server leaves out its production default and drops names it does not know', async () => {
    stubApi({ routes: { [`GET ${FLAGS_PATH}`]: { speedTest: true, unknownFlag: true } } });
    const values = await loadFlags(new QueryClient());
    expect(values.speedTest).toBe(true);
    expect(values.trafficRedirect).toBe(defaultFlags('prod').trafficRedirect);
    expect('unknownFlag' in values).toBe(false);
  });
});
