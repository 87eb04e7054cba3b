import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app';
import { createTestDatabase, type TestDatabase } from '../../test/database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('forwarded headers count only from configured proxies (issue 14 item 9)', () => {
  it("names only PUBLIC_URL in the issuer's discovery, whatever Host and X-Forwarded-* say", async () => {
    const { app } = await buildTestApp(database, { env: { PUBLIC_URL: 'http://localhost:3000' } });
    try {
      for (const headers of [
        { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
        { host: 'evil.example:8443', 'x-forwarded-host': 'evil.example' },
        { host: 'evil.example', 'x-forwarded-host': 'evil.example, localhost', 'x-forwarded-for': '203.0.113.9' },
      ]) {
        const discovery = await app.inject({ url: '/oidc/.well-known/openid-configuration', headers });
        expect(discovery.statusCode, discovery.body).toBe(200);
        const urls = Object.values(discovery.json() as Record<string, unknown>).filter(
          (value): value is string => typeof value === 'string' && /^https?:/.test(value),
        );
        expect(urls.length).toBeGreaterThan(3);
        for (const url of urls) expect(url.startsWith('http://localhost:3000/'), url).toBe(true);
        expect(discovery.body).not.toContain('evil.example');
      }
    } finally {
      await app.close();
    }
  });

  it('takes the client address from X-Forwarded-For only when TRUST_PROXY names the peer', async () => {
    const ipOf = async (env: Record<string, string>) => {
      const { app } = await buildTestApp(database, { env });
      app.get('/api/test/ip', async (request) => ({ ip: request.ip, host: request.host }));
      try {
        const answer = await app.inject({
          url: '/api/test/ip',
          remoteAddress: '127.0.0.1',
          headers: { host: 'localhost:3000', 'x-forwarded-for': '203.0.113.9', 'x-forwarded-host': 'evil.example' },
        });
        return answer.json() as { ip: string; host: string };
      } finally {
        await app.close();
      }
    };
    expect(await ipOf({})).toEqual({ ip: '127.0.0.1', host: 'localhost:3000' });
    expect((await ipOf({ TRUST_PROXY: '10.0.0.0/8' })).ip).toBe('127.0.0.1');
    expect((await ipOf({ TRUST_PROXY: '127.0.0.1' })).ip).toBe('203.0.113.9');
  });
});

/** A raw connection to the listening app, with what it received and when it closed. */
function rawSocket(port: number) {
  const socket: Socket = connect({ port, host: '127.0.0.1' });
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  socket.on('error', () => undefined);
  const closed = new Promise<number>((done) => socket.on('close', () => done(Date.now())));
  return { socket, closed, received: () => received };
}

describe('slow requests and open connections are bounded (issue 14 item 10)', () => {
  it('closes a request whose body trickles in past REQUEST_TIMEOUT_MS', async () => {
    const { app } = await buildTestApp(database, { env: { REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '500' } });
    // a route that reads its body (the API's hooks answer a request without a session before reading one)
    app.post('/test/slow-body', async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    try {
      const client = rawSocket(port);
      const started = Date.now();
      client.socket.write(
        'POST /test/slow-body HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
      );
      // one byte every 200 ms: the socket is never idle, the request never completes
      const trickle = setInterval(() => client.socket.writable && client.socket.write(' '), 200);
      const closedAt = await Promise.race([
        client.closed,
        new Promise<number>((done) => setTimeout(() => done(-1), 6_000)),
      ]);
      clearInterval(trickle);
      client.socket.destroy();
      expect(closedAt, 'the server kept the trickling request open').not.toBe(-1);
      expect(closedAt - started).toBeLessThan(4_000);
      // answered 408 (or closed without an answer)
      if (client.received()) expect(client.received()).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      await app.close();
    }
  });

  it('closes a connection whose headers never end past HEADERS_TIMEOUT_MS', async () => {
    const { app } = await buildTestApp(database, { env: { REQUEST_TIMEOUT_MS: '1000', HEADERS_TIMEOUT_MS: '500' } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    try {
      const client = rawSocket(port);
      const started = Date.now();
      client.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n');
      const trickle = setInterval(() => client.socket.writable && client.socket.write('X-A: b\r\n'), 100);
      const closedAt = await Promise.race([
        client.closed,
        new Promise<number>((done) => setTimeout(() => done(-1), 6_000)),
      ]);
      clearInterval(trickle);
      client.socket.destroy();
      expect(closedAt).not.toBe(-1);
      expect(closedAt - started).toBeLessThan(3_000);
    } finally {
      await app.close();
    }
  });

  it('refuses connections past MAX_CONNECTIONS', async () => {
    const { app } = await buildTestApp(database, { env: { MAX_CONNECTIONS: '2' } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const clients = [rawSocket(port), rawSocket(port)];
    try {
      await new Promise((done) => setTimeout(done, 200));
      const third = rawSocket(port);
      clients.push(third);
      const closedAt = await Promise.race([
        third.closed,
        new Promise<number>((done) => setTimeout(() => done(-1), 3_000)),
      ]);
      expect(closedAt, 'a third connection stayed open').not.toBe(-1);
      // the first two still work
      const first = clients[0] as ReturnType<typeof rawSocket>;
      first.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      await first.closed;
      expect(first.received()).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      for (const client of clients) client.socket.destroy();
      await app.close();
    }
  });
});
