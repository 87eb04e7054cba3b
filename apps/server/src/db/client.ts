import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type ChangeTracker, createChangeTracker, createReadCache, type ReadCache } from './read-cache';
import * as schema from './schema';

export type Schema = typeof schema;
/** One type for both drivers: repositories never know which database they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a repository can run a query on: the database or an open transaction. */
export type Executor = Db | Tx;

/** A raw query's rows (both drivers answer `{ rows }`). */
export async function rowsOf<T>(ex: Executor, query: SQL): Promise<T[]> {
  const result = await ex.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

export type Database = {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * False while the database is known to be unreachable (PostgreSQL: the availability monitor's last check failed),
   * so requests can be refused at once instead of waiting on it. Always true for the embedded database while open.
   */
  available(): boolean;
  /** Reads kept in memory while their tables are unchanged: the embedded database only (ADR 014). */
  cache: ReadCache;
  close(): Promise<void>;
};

export type DatabaseOptions =
  /**
   * PostgreSQL over the network, through a node-postgres pool; `monitor` starts the availability monitor (the
   * server does; one-shot commands do not need it).
   */
  | { url: string; poolSize?: number; monitor?: boolean }
  /**
   * Embedded PGlite; `dataDir` undefined keeps it in memory (tests); `readCache: false` turns the read cache off
   * (ADR 014; on by default); `loadDataDir` starts from a dump of another PGlite's data directory (`dumpDataDir`; the
   * tests' migrated and seeded snapshots, ADR 030).
   */
  | { dataDir: string | undefined; readCache?: boolean; loadDataDir?: Blob };

/** Beside this file in the sources; the build copies them beside the bundled main.js. */
/** The extensions every PGlite database loads: unaccent, the help search's accent folding (migration 0024). */
export const PGLITE_EXTENSIONS = { unaccent };

export const MIGRATIONS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How often the availability monitor checks a PostgreSQL database, and how long it waits for an answer. */
const MONITOR_EVERY_MS = 1_000;
const MONITOR_TIMEOUT_MS = 1_500;
/**
 * A backstop for a query whose connection went silent (a network partition, a host gone without a reset): it fails
 * (as "database unavailable", 503) instead of waiting for TCP to give up, minutes later. Long enough for any
 * statement the portal runs; the availability monitor is what answers quickly.
 */
const QUERY_TIMEOUT_MS = 30_000;
/**
 * The same backstop for a request waiting for a pooled connection (a new one that never connects, or one another
 * request gives back); under load a request may queue for seconds, which is not an outage.
 */
const CONNECT_TIMEOUT_MS = 30_000;

/**
 * Checks on a connection of its own, so a busy pool never delays it, that PostgreSQL answers `select 1` within
 * MONITOR_TIMEOUT_MS, every MONITOR_EVERY_MS. A refused connection fails at once; a partition (nothing comes back)
 * fails on the timeout. quality-bars.md: while the database is down, mutations are 503 with Retry-After at once.
 */
function availabilityMonitor(connectionString: string, onUnavailable: () => void) {
  let available = true;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const drop = () => {
    const broken = client;
    client = null;
    // end() waits for the server's goodbye, which a partition never delivers: the socket is destroyed either way
    broken?.end().catch(() => {});
    broken?.connection.stream.destroy();
  };

  /** Resolves true when `work` settled within the timeout; an event loop late from other work is not a timeout. */
  const within = async (work: Promise<unknown>) => {
    let settled = false;
    const done = work.then(
      () => {
        settled = true;
        return true;
      },
      () => {
        settled = true;
        return false;
      },
    );
    const late = sleep(MONITOR_TIMEOUT_MS, undefined, { ref: false }).then(async () => {
      // a timer and the answer that came during a long task: let pending I/O run before calling it a timeout
      await new Promise((resolve) => setImmediate(resolve));
      return settled ? done : false;
    });
    return Promise.race([done, late]);
  };

  const check = async () => {
    if (!client) {
      client = new pg.Client({ connectionString });
      client.on('error', () => {});
      if (!(await within(client.connect()))) return false;
    }
    return within(client.query('select 1'));
  };

  const loop = async () => {
    if (stopped) return;
    const ok = await check().catch(() => false);
    if (!ok) drop();
    if (available && !ok) onUnavailable();
    available = ok;
    if (!stopped) timer = setTimeout(loop, MONITOR_EVERY_MS).unref();
  };

  return {
    available: () => available,
    start() {
      if (timer === undefined) timer = setTimeout(loop, MONITOR_EVERY_MS).unref();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      drop();
    },
  };
}

/** PGlite as drizzle sees it: every statement, in a transaction or not, is told to the tracker before it runs. */
function trackStatements<T extends object>(client: T, tracker: ChangeTracker): T {
  return new Proxy(client, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (property === 'query') {
        return (sql: string, ...rest: unknown[]) => {
          tracker.noteStatement(sql);
          return value.call(target, sql, ...rest);
        };
      }
      // a script of several statements: whatever it is, every table may have changed
      if (property === 'exec') {
        return (...args: unknown[]) => {
          tracker.noteStatement('exec');
          return value.call(target, ...args);
        };
      }
      if (property === 'transaction') {
        return (run: (tx: object) => unknown) => value.call(target, (tx: object) => run(trackStatements(tx, tracker)));
      }
      return value.bind(target);
    },
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    // Every connection of the pool, connecting or connected, until it ends.
    const clients = new Set<pg.Client>();
    class TrackedClient extends pg.Client {
      constructor(config?: string | pg.ClientConfig) {
        super(config);
        clients.add(this);
        this.once('end', () => clients.delete(this));
      }
      // While the monitor knows the database is gone, a new connection fails at once (503) instead of being made to
      // a partition that accepts it and never answers (the 30 s backstop): a request that got past the availability
      // check just before the monitor knew must not hang on its next statement.
      override connect(): Promise<pg.Client>;
      override connect(callback: (err: Error) => void): void;
      override connect(callback?: (err: Error) => void): Promise<pg.Client> | undefined {
        if (monitor.available()) {
          if (!callback) return super.connect();
          super.connect(callback);
          return undefined;
        }
        const error = Object.assign(new Error('Database unavailable (the availability monitor cannot reach it)'), {
          code: '08006', // connection_failure
        });
        if (!callback) return Promise.reject(error);
        process.nextTick(callback, error);
        return undefined;
      }
    }
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      keepAlive: true,
      query_timeout: QUERY_TIMEOUT_MS,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      Client: TrackedClient,
    });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    pool.on('remove', (client) => clients.delete(client));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    // Requests that got past the availability check just before the database went silent wait on its connections
    // (or on connecting): cutting them makes them fail now (503) rather than at the timeouts above.
    const monitor = availabilityMonitor(options.url, () => {
      for (const client of clients) client.connection.stream.destroy();
    });
    if (options.monitor) monitor.start();
    return {
      db,
      driver: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
      ping: async () => {
        await pool.query('select 1');
      },
      available: monitor.available,
      cache: createReadCache(null),
      close: async () => {
        monitor.stop();
        await pool.end();
      },
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: PGLITE_EXTENSIONS,
  });
  await client.waitReady;
  const tracker = createChangeTracker();
  const db = drizzlePglite(trackStatements(client, tracker), { schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      if (client.closed) throw new Error('database closed');
      await client.query('select 1');
    },
    available: () => !client.closed,
    cache: createReadCache(options.readCache === false ? null : tracker),
    close: () => client.close(),
  };
}
