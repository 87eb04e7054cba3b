import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app';
import { createTestDatabase, TEST_DB_DRIVER } from '../test/database';
import { freePort } from '../test/ports';
import { startServerProcess } from '../test/server-process';

describe('graceful shutdown', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('lets in-flight requests finish and answers new ones 503 while closing', async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const { app } = await buildTestApp(database);
    let release: () => void = () => {};
    app.get('/api/test/slow', async () => {
      await new Promise<void>((done) => {
        release = done;
      });
      return { finished: true };
    });
    const port = await freePort();
    await app.listen({ port, host: '127.0.0.1' });
    // One keep-alive connection: the slow request is in flight when shutdown starts, and a second request arrives
    // on the same connection while it is still open.
    const socket = connect(port, '127.0.0.1');
    let raw = '';
    socket.on('data', (chunk) => {
      raw += chunk;
    });
    const ended = new Promise<void>((done) => socket.on('close', () => done()));
    socket.write('GET /api/test/slow HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise((done) => setTimeout(done, 100));
    const closing = app.close();
    await new Promise((done) => setTimeout(done, 50));
    socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    release();
    await ended;
    const responses = raw.split(/(?=HTTP\/1\.1 )/);
    expect(responses).toHaveLength(2);
    expect(responses[0]).toMatch(/^HTTP\/1\.1 200/);
    expect(responses[0]).toContain('{"finished":true}');
    expect(responses[1]).toMatch(/^HTTP\/1\.1 503/);
    expect(responses[1]?.toLowerCase()).toContain('retry-after: 5');
    await closing;
  });

  it(`starts as a process on ${TEST_DB_DRIVER}, answers /readyz, and exits 0 soon after SIGTERM`, async () => {
    const database = await createTestDatabase({ migrate: false });
    const dataDir = mkdtempSync(join(tmpdir(), 'vireo-main-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    if (TEST_DB_DRIVER === 'pglite') await database.close();
    else cleanups.push(() => database.close());
    const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: database.url ?? '' });
    cleanups.push(() => void server.stop('SIGKILL'));
    await server.waitReady();
    const config = await fetch(`${server.origin}/api/pub/meta/v1/config`);
    expect(config.status).toBe(200);

    const signalledAt = Date.now();
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(server.output()).toContain('shutting down');
  }, 90_000);
});
