import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { type IncomingHttpHeaders, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createTestDatabase } from '../../test/database';
import { securityHeaderViolations } from '../../test/security-headers';

const dist = mkdtempSync(join(tmpdir(), 'vireo-dist-'));
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
// the build's compressed twins (apps/web/vite.config.ts `precompressed`)
const script = 'console.log("framework");'.repeat(100);
writeFileSync(join(dist, 'assets', 'framework-def456.js'), script);
writeFileSync(join(dist, 'assets', 'framework-def456.js.br'), brotliCompressSync(script));
writeFileSync(join(dist, 'assets', 'framework-def456.js.gz'), gzipSync(script));

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
    expect(securityHeaderViolations(page.headers, { url: path })).toEqual([]);
  }
  expect((await app.inject('/favicon.svg')).headers['content-type']).toContain('image/svg+xml');
});

it('announces the first API requests with the shell: the configuration always, the profile and flags with a session hint', async () => {
  const config = '</api/pub/meta/v1/config>; rel=preload; as=fetch; crossorigin=use-credentials';
  const profile = '</api/pub/session/v1/profile>; rel=preload; as=fetch; crossorigin=use-credentials';
  const flags = '</api/pub/flags/v1/flags>; rel=preload; as=fetch; crossorigin=use-credentials';
  const visitor = await app.inject('/billing');
  expect(visitor.headers.link).toBe(config);
  const signedIn = await app.inject({ url: '/billing', cookies: { session: '1' } });
  expect(signedIn.headers.link).toBe(`${config}, ${profile}, ${flags}`);
  // not on assets or API answers
  expect((await app.inject('/assets/index-abc123.js')).headers.link).toBeUndefined();
  expect((await app.inject('/api/pub/nothing-here')).headers.link).toBeUndefined();
});

it('sends the compressed twin the browser accepts, and the file itself to a client that accepts none', async () => {
  const url = '/assets/framework-def456.js';
  const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['content-type']).toContain('javascript');
  expect(br.headers.vary).toContain('accept-encoding');
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
  expect(securityHeaderViolations(br.headers, { url })).toEqual([]);
  const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
  const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body).toBe(script);
  // a file without twins is sent as it is, whatever the browser accepts
  const small = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
  expect([small.headers['content-encoding'], small.body]).toEqual([undefined, 'console.log(1)']);
});

it('answers missing assets and unknown API paths with 404, not the shell', async () => {
  expect((await app.inject('/assets/missing.js')).statusCode).toBe(404);
  const api = await app.inject('/api/unknown');
  expect(api.statusCode).toBe(404);
  expect(api.json().error.code).toBe('NOT_FOUND');
  expect((await app.inject({ method: 'POST', url: '/billing' })).statusCode).toBe(404);
});

it('answers a path out of the web root the same whether or not the file exists there (issue 14 item 8)', async () => {
  // a file beside the web root, and a name that exists nowhere
  const outside = mkdtempSync(join(tmpdir(), 'vireo-outside-'));
  const secret = join(outside, 'secret.txt');
  writeFileSync(secret, 'TOP-SECRET-CONTENT');
  // over a real socket: `inject` resolves dot segments before the app sees them, a raw client does not
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const get = (path: string) =>
    new Promise<{ statusCode: number; headers: IncomingHttpHeaders; body: string }>((done, fail) => {
      const req = request(
        `${address}${path.startsWith('/') ? '' : '/'}`,
        { path, headers: { host: 'localhost' } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => done({ statusCode: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', fail);
      req.end();
    });
  try {
    const up = '../'.repeat(12);
    const shapes = (target: string) => [
      `/${up}${target.slice(1)}`,
      `/${up.replaceAll('..', '%2e%2e')}${target.slice(1)}`,
      `/${up.replaceAll('/', '%2f')}${target.slice(1).replaceAll('/', '%2f')}`,
      `/${up.replaceAll('/', '%5c')}${target.slice(1)}`,
      `/${up.replaceAll('/', '\\')}${target.slice(1)}`,
      `/favicon.svg/../${up}${target.slice(1)}`,
      `/assets/${up}${target.slice(1)}`,
      `/assets/${up.replaceAll('/', '%2f')}${target.slice(1).replaceAll('/', '%2f')}`,
      `/${up.replaceAll('..', '%252e%252e')}${target.slice(1)}`,
      `/x%00/${up}${target.slice(1)}`,
    ];
    const existing = shapes(secret);
    const missing = shapes(join(outside, 'no-such-file.txt'));
    for (const [index, url] of existing.entries()) {
      const there = await get(url);
      const notThere = await get(missing[index] as string);
      expect(there.body, url).not.toContain('TOP-SECRET-CONTENT');
      expect([there.statusCode, there.headers['content-type']], url).toEqual([
        notThere.statusCode,
        notThere.headers['content-type'],
      ]);
      expect(there.statusCode, url).toBeLessThan(500);
      expect(securityHeaderViolations(there.headers, { url }), url).toEqual([]);
    }
    // files of the web root itself are still served, and deep links still get the shell
    expect((await get('/favicon.svg')).statusCode).toBe(200);
    expect((await get('/billing/view-statements.html')).body).toContain('<div id="root">');
  } finally {
    rmSync(outside, { recursive: true, force: true });
  }
});

it("sends a page request on another host to the same path on PUBLIC_URL's origin, and nowhere else (issue 14 item 15)", async () => {
  const origin = app.portal.config.publicUrl;
  for (const [host, url] of [
    ['127.0.0.1:3000', '/login?loggedOut=true'],
    ['127.0.0.1', '/'],
    ['[::1]:3000', '/billing/view-statements'],
    ['evil.example', '/account-summary?targetUrl=%2Fbilling'],
    ['evil.example', '//evil.example/x'],
  ] as const) {
    for (const method of ['GET', 'HEAD'] as const) {
      const answer = await app.inject({ method, url, headers: { host } });
      expect(answer.statusCode, `${method} ${host}${url}`).toBe(302);
      const location = String(answer.headers.location);
      // always the configured origin: never an open redirect, whatever the Host or the path
      expect(new URL(location).origin, location).toBe(new URL(origin).origin);
      expect(location, location).toBe(`${origin}${url}`);
      expect(securityHeaderViolations(answer.headers, { url }), url).toEqual([]);
    }
  }
  // on the portal's own host: the shell; the API and health answer on any host, as before
  expect((await app.inject({ url: '/billing', headers: { host: 'localhost:3000' } })).statusCode).toBe(200);
  expect((await app.inject({ url: '/billing', headers: { host: 'localhost' } })).statusCode).toBe(200);
  const api = await app.inject({ url: '/api/pub/meta/v1/config', headers: { host: '127.0.0.1:3000' } });
  expect(api.statusCode).toBe(200);
  expect((await app.inject({ url: '/healthz', headers: { host: '127.0.0.1' } })).statusCode).toBe(200);
  // a request that is not a page is not redirected
  expect((await app.inject({ method: 'POST', url: '/billing', headers: { host: '127.0.0.1' } })).statusCode).toBe(404);
});
