import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/app';
import { createTestDatabase, TEST_DB_DRIVER } from '../test/database';
import { freePort } from '../test/ports';

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
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'main.ts')], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: database.url ?? '',
        LOG_LEVEL: 'info',
        PORTAL_ENV: 'dev',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
    cleanups.push(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });

    const deadline = Date.now() + 60_000;
    let ready = false;
    while (!ready && Date.now() < deadline) {
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (!ready) await new Promise((done) => setTimeout(done, 250));
    }
    expect(ready, output).toBe(true);
    const config = await fetch(`http://127.0.0.1:${port}/api/pub/meta/v1/config`);
    expect(config.status).toBe(200);

    const signalledAt = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(10_000);
    expect(output).toContain('shutting down');
  }, 90_000);
});
