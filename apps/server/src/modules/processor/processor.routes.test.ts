import { afterAll, describe, expect, it } from 'vitest';
import { anonymousCsrf, buildTestApp, devControlHeaders, PROD_SECRETS } from '../../../test/app';
import { createTestDatabase } from '../../../test/database';
import { PROCESSOR_FAULTS_PATH } from './processor.routes';

const database = await createTestDatabase();
afterAll(() => database.close());

describe('the processor fault knobs (non-production)', () => {
  it('are read and changed through the dev API', async () => {
    const { app } = await buildTestApp(database);
    try {
      const headers = await devControlHeaders(app);
      const read = await app.inject({ method: 'PUT', url: PROCESSOR_FAULTS_PATH, headers, payload: {} });
      expect(read.json()).toEqual({
        latencyMs: 0,
        mode: 'none',
        count: null,
        rate: 1,
        operations: ['charge'],
      });
      const changed = await app.inject({
        method: 'PUT',
        url: PROCESSOR_FAULTS_PATH,
        headers,
        payload: { mode: 'timeout_after_commit', count: 3, latencyMs: 10 },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ mode: 'timeout_after_commit', count: 3, latencyMs: 10 });
      expect(app.portal.services.processor.faults.get()).toMatchObject({ mode: 'timeout_after_commit', count: 3 });
      // a mode without a count applies to every call
      const always = await app.inject({
        method: 'PUT',
        url: PROCESSOR_FAULTS_PATH,
        headers,
        payload: { mode: 'error' },
      });
      expect(always.json()).toMatchObject({ mode: 'error', count: null, latencyMs: 10 });
      const reset = await app.inject({ method: 'PUT', url: PROCESSOR_FAULTS_PATH, headers, payload: { reset: true } });
      expect(reset.json()).toMatchObject({ mode: 'none', count: null, latencyMs: 0 });
      const invalid = await app.inject({
        method: 'PUT',
        url: PROCESSOR_FAULTS_PATH,
        headers,
        payload: { mode: 'explode' },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().error.fields[0].path).toBe('body.mode');
      // a forged request changes nothing, nor does an anonymous one
      const forged = await app.inject({
        method: 'PUT',
        url: PROCESSOR_FAULTS_PATH,
        headers: { authorization: headers.authorization },
        payload: { mode: 'error' },
      });
      expect(forged.statusCode).toBe(403);
      const anonymous = await app.inject({
        method: 'PUT',
        url: PROCESSOR_FAULTS_PATH,
        headers: await anonymousCsrf(app),
        payload: { mode: 'error' },
      });
      expect(anonymous.statusCode).toBe(401);
      expect(app.portal.services.processor.faults.get().mode).toBe('none');
    } finally {
      await app.close();
    }
  });

  it('start from the configuration', async () => {
    const { app } = await buildTestApp(database, {
      env: { PROCESSOR_FAULT: 'timeout', PROCESSOR_LATENCY_MS: '25', PROCESSOR_FAULT_RATE: '0.5' },
    });
    expect(app.portal.services.processor.faults.get()).toMatchObject({
      mode: 'timeout',
      latencyMs: 25,
      rate: 0.5,
      count: null,
    });
    await app.close();
  });

  it('do not exist in production', async () => {
    const { app } = await buildTestApp(database, { env: { PORTAL_ENV: 'prod', ...PROD_SECRETS } });
    try {
      const refused = await app.inject({
        method: 'PUT',
        url: PROCESSOR_FAULTS_PATH,
        headers: await devControlHeaders(app),
        payload: { mode: 'error' },
      });
      expect(refused.statusCode).toBe(404);
      expect(app.portal.services.processor.faults.get().mode).toBe('none');
    } finally {
      await app.close();
    }
  });

  it('do not exist when PUBLIC_URL is a production host and PORTAL_ENV is unset, whatever the Host header (issue 14 item 4)', async () => {
    const { app } = await buildTestApp(database, {
      env: { PORTAL_ENV: '', PUBLIC_URL: 'https://portal.vireo.example', ...PROD_SECRETS },
    });
    try {
      const put = async (host: string) =>
        app.inject({
          method: 'PUT',
          url: PROCESSOR_FAULTS_PATH,
          headers: { ...(await devControlHeaders(app)), host },
          payload: { mode: 'error' },
        });
      expect((await put('portal.vireo.example')).statusCode).toBe(404);
      expect(app.portal.services.processor.faults.get().mode).toBe('none');
      expect((await put('localhost')).statusCode).toBe(404);
      expect(app.portal.services.processor.faults.get().mode).toBe('none');
    } finally {
      await app.close();
    }
  });
});
