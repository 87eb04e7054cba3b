import { afterAll, expect, it } from 'vitest';
import { buildTestApp, devControlHeaders } from '../test/app';
import { createTestDatabase } from '../test/database';
import { createBillingClock } from './platform/clock';

const database = await createTestDatabase();
const { app } = await buildTestApp(database, { clock: await createBillingClock(database.db) });
afterAll(() => app.close());

it('answers /readyz 503 and database-backed requests 503 with Retry-After once the database is gone', async () => {
  expect((await app.inject('/readyz')).statusCode).toBe(200);
  const csrf = await devControlHeaders(app);
  expect((await app.inject({ url: '/api/dev/clock', headers: csrf })).statusCode).toBe(200);
  await database.close();
  const ready = await app.inject('/readyz');
  expect(ready.statusCode).toBe(503);
  expect(ready.json()).toEqual({ status: 'unavailable', database: 'unavailable' });
  const change = await app.inject({ method: 'POST', url: '/api/dev/clock', headers: csrf, payload: { advance: '1d' } });
  expect(change.statusCode).toBe(503);
  expect(change.headers['retry-after']).toBe('5');
  expect(change.json().error.code).toBe('SERVICE_UNAVAILABLE');
});
