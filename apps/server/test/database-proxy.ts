import { createServer, type Server, type Socket, connect as tcpConnect } from 'node:net';
import { freePort } from './ports';

/**
 * - `refuse`: the database server is gone (crashed, restarting): open connections are cut, new ones refused
 *   (the listener is closed: ECONNREFUSED);
 * - `blackhole`: the network to it is partitioned: nothing passes either way, open connections hang, new ones are
 *   accepted and hang; when it heals, what was held passes on (TCP would retransmit it).
 */
export type ProxyMode = 'up' | 'refuse' | 'blackhole';

/** A TCP proxy to PostgreSQL that can cut the database and bring it back on the same port. */
export async function startDatabaseProxy(target: { host: string; port: number }) {
  const port = await freePort();
  type Pair = { client: Socket; upstream: Socket | null };
  const pairs = new Set<Pair>();
  let mode: ProxyMode = 'up';
  const link = (pair: Pair) => {
    const upstream = tcpConnect(target.port, target.host);
    pair.upstream = upstream;
    upstream.on('error', () => drop(pair)).on('close', () => drop(pair));
    pair.client.pipe(upstream);
    upstream.pipe(pair.client);
  };
  const drop = (pair: Pair) => {
    pair.client.destroy();
    pair.upstream?.destroy();
    pairs.delete(pair);
  };
  const server: Server = createServer((client) => {
    const pair: Pair = { client, upstream: null };
    pairs.add(pair);
    client.on('error', () => drop(pair)).on('close', () => drop(pair));
    if (mode === 'up') link(pair);
    else client.pause();
  });
  const listen = () => new Promise<void>((done) => server.listen(port, '127.0.0.1', () => done()));
  await listen();
  return {
    port,
    connections: () => pairs.size,
    async cut(how: Exclude<ProxyMode, 'up'>) {
      mode = how;
      if (how === 'refuse') {
        const closed = new Promise<void>((done) => server.close(() => done()));
        for (const pair of pairs) drop(pair);
        await closed;
        return;
      }
      for (const { client, upstream } of pairs) {
        client.unpipe();
        upstream?.unpipe();
        client.pause();
        upstream?.pause();
      }
    },
    async restore() {
      const was = mode;
      mode = 'up';
      if (was === 'refuse') await listen();
      for (const pair of pairs) {
        if (!pair.upstream) link(pair);
        else {
          pair.client.pipe(pair.upstream);
          pair.upstream.pipe(pair.client);
        }
      }
    },
    async close() {
      for (const pair of pairs) drop(pair);
      if (server.listening) await new Promise<void>((done) => server.close(() => done()));
    },
  };
}
