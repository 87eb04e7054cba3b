import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createTestDatabase } from '../../test/database';

const dist = mkdtempSync(join(tmpdir(), 'vireo-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

const database = await createTestDatabase();
const { app } = await buildTestApp(database, { env: { WEB_DIST_DIR: dist } });
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dist, { recursive: true, force: true });
});

it('serves hashed assets with long-lived caching and the shell for deep links', async () => {
  const asset = await app.inject('/assets/index-abc123.js');
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

  for (const path of ['/', '/billing/view-statements', '/account-summary?x=1']) {
    const page = await app.inject(path);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
  }
  expect((await app.inject('/favicon.svg')).headers['content-type']).toContain('image/svg+xml');
});

it('answers missing assets and unknown API paths with 404, not the shell', async () => {
  expect((await app.inject('/assets/missing.js')).statusCode).toBe(404);
  const api = await app.inject('/api/unknown');
  expect(api.statusCode).toBe(404);
  expect(api.json().error.code).toBe('NOT_FOUND');
  expect((await app.inject({ method: 'POST', url: '/billing' })).statusCode).toBe(404);
});
