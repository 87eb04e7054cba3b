import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database';
import { startDatabaseProxy } from '../../test/database-proxy';
import { isDatabaseUnavailable } from '../plugins/error-handler';
import { type Database, openDatabase } from './client';

/**
 * The availability monitor of `db/client.ts` on a partitioned network (nothing refused, nothing answered): when it
 * flips, what already waits on the database fails at once as "database unavailable", including a statement whose
 * connection is still being made. (The whole server's answers: reliability/database-outage.pg.test.ts.)
 */
const target = await createTestDatabase({ migrate: false });
const direct = new URL(target.url as string);
const proxy = await startDatabaseProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
const viaProxy = new URL(target.url as string);
viaProxy.hostname = '127.0.0.1';
viaProxy.port = String(proxy.port);
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  await proxy.close();
  await target.close();
});

it('fails a statement waiting on a connection still being made as soon as the monitor knows', {
  timeout: 30_000,
}, async () => {
  database = await openDatabase({ url: viaProxy.toString(), poolSize: 2, monitor: true });
  // the monitor's own connection is made (its first check, a second after the start); the pool has none yet
  const deadline = Date.now() + 10_000;
  while (proxy.connections() === 0 && Date.now() < deadline) await sleep(50);
  expect(proxy.connections()).toBe(1);
  expect(database.available()).toBe(true);

  await proxy.cut('blackhole');
  const started = Date.now();
  // a new pooled connection: accepted by the proxy, then nothing
  const outcome = await database.db.execute(sql`select 1`).then(
    () => 'answered',
    (error: unknown) => error,
  );
  const waited = Date.now() - started;
  expect(outcome).toBeInstanceOf(Error);
  expect(isDatabaseUnavailable(outcome), String(outcome)).toBe(true);
  expect(database.available()).toBe(false);
  // the monitor checks every second and gives an answer 1.5 s: it knows within 2.5 s (not the 30 s backstop)
  expect(waited).toBeLessThan(5_000);
});

it('fails a statement that needs a new connection at once while the monitor knows the database is gone', {
  timeout: 30_000,
}, async () => {
  // the first test left the database partitioned and the monitor knowing it
  expect(database?.available()).toBe(false);
  const started = Date.now();
  // with nothing to stop it, the pool would open a connection the partition accepts and never answers (30 s backstop)
  const outcome = await database?.db.execute(sql`select 1`).then(
    () => 'answered',
    (error: unknown) => error,
  );
  const waited = Date.now() - started;
  expect(outcome).toBeInstanceOf(Error);
  expect(isDatabaseUnavailable(outcome), String(outcome)).toBe(true);
  expect(waited).toBeLessThan(1_000);

  // the network heals: the monitor's next check finds it, and new connections are made again
  await proxy.restore();
  const deadline = Date.now() + 10_000;
  while (!database?.available() && Date.now() < deadline) await sleep(100);
  expect(database?.available()).toBe(true);
  const answer = (await database?.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] };
  expect(answer.rows).toEqual([{ one: 1 }]);
});
