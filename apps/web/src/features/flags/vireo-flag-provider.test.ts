import { OpenFeature } from '@openfeature/web-sdk';
import { defaultFlags, FLAGS_PATH } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { apiError, stubApi } from '../../test/fake-api';
import { getFlagValues } from './flags-client';
import { VireoFlagProvider } from './vireo-flag-provider';

describe('VireoFlagProvider (OpenFeature)', () => {
  it('serves the values the server resolved', async () => {
    stubApi({ flags: { speedTest: true, voice: true, maintenance: false } });
    await OpenFeature.setProviderAndWait(new VireoFlagProvider());
    const client = OpenFeature.getClient();

    expect(client.getBooleanValue('speedTest', false)).toBe(true);
    expect(client.getBooleanValue('voice', false)).toBe(true);
    expect(client.getBooleanDetails('voice', false).reason).toBe('STATIC');
  });

  it('falls back to the production defaults when the flags call fails', async () => {
    const fetchMock = stubApi({ routes: { [`GET ${FLAGS_PATH}`]: () => apiError('SERVICE_UNAVAILABLE', 503) } });
    await OpenFeature.setProviderAndWait(new VireoFlagProvider());
    const client = OpenFeature.getClient();

    expect(fetchMock.requestsTo(FLAGS_PATH)).toHaveLength(1);
    for (const [name, value] of Object.entries(defaultFlags('prod'))) {
      expect(client.getBooleanValue(name, !value), name).toBe(value);
    }
    expect(client.getBooleanDetails('speedTest', true).reason).toBe('DEFAULT');
  });

  it('gives a flag the server leaves out its production default', async () => {
    stubApi({ routes: { [`GET ${FLAGS_PATH}`]: { speedTest: true, unknownFlag: true } } });
    const values = await getFlagValues();
    expect(values.speedTest).toBe(true);
    expect(values.trafficRedirect).toBe(defaultFlags('prod').trafficRedirect);
    expect('unknownFlag' in values).toBe(false);
  });

  it('answers an unknown flag with the caller’s default and an error code', async () => {
    stubApi();
    await OpenFeature.setProviderAndWait(new VireoFlagProvider());
    const details = OpenFeature.getClient().getBooleanDetails('noSuchFlag', true);
    expect(details.value).toBe(true);
    expect(details.errorCode).toBe('FLAG_NOT_FOUND');
  });
});
