import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, type Db, MIGRATIONS_DIR, openDatabase, PGLITE_EXTENSIONS } from '../src/db/client';
import * as schema from '../src/db/schema';
import { seedDemoData } from '../src/db/seed/seed';

export const TEST_DB_DRIVER = process.env.TEST_DB_DRIVER === 'postgres' ? 'postgres' : 'pglite';

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is required for the PostgreSQL suite');
  return url;
}

export type TestDatabase = Database & {
  /** A connection string for a child process (PostgreSQL only). */
  url: string | undefined;
};

export type TestDatabaseOptions = {
  /** Apply the migrations (the default); `false` leaves an empty database for a child process to migrate. */
  migrate?: boolean;
  /** The demo data of demo-data.md, seeded at this instant (`seedDemoData(db, seed)`); implies `migrate`. */
  seed?: Date;
  poolSize?: number;
};

/**
 * A fresh database for one test file: an in-memory PGlite, or on PostgreSQL a new database created from
 * TEST_DATABASE_URL and dropped on close. Migrated unless `migrate: false`, and with the demo data when `seed` is
 * given. A migrated (or seeded) database is a copy of one made once per test run (ADR 030): on PGlite a dump of its
 * data directory (test/global-setup.ts gives each run a directory for them), on PostgreSQL a template database.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const kind = options.seed ? `seeded-${options.seed.toISOString()}` : options.migrate === false ? 'empty' : 'migrated';
  if (TEST_DB_DRIVER === 'pglite') {
    if (kind === 'empty') return { ...(await openDatabase({ dataDir: undefined })), url: undefined };
    const snapshot = await pgliteSnapshot(kind, options.seed);
    if (snapshot) return { ...(await openDatabase({ dataDir: undefined, loadDataDir: snapshot })), url: undefined };
    const database = await openDatabase({ dataDir: undefined });
    await database.migrate();
    if (options.seed) await seedDemoData(database.db, options.seed);
    return { ...database, url: undefined };
  }
  const name = `vireo_test_${randomBytes(6).toString('hex')}`;
  const template = kind === 'empty' ? undefined : await postgresTemplate(kind, options.seed);
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: options.poolSize ?? 5 });
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** The run's directory of snapshots and templates (test/global-setup.ts), or undefined outside a Vitest run of ours. */
function runStore(): { dir: string; id: string } | undefined {
  try {
    return inject('testDatabaseStore');
  } catch {
    return undefined;
  }
}

/**
 * The dump of a PGlite data directory holding `kind`, made by the first test file of the run that asks for it and
 * written under a temporary name then renamed, so a parallel worker reads a whole file or makes its own.
 */
async function pgliteSnapshot(kind: string, seed: Date | undefined): Promise<Blob | undefined> {
  const store = runStore();
  if (!store) return undefined;
  const file = join(store.dir, `${kind.replace(/[^a-z0-9-]/gi, '_')}.tar`);
  if (!existsSync(file)) {
    const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
    try {
      const db = drizzle(client, { schema, casing: 'snake_case' }) as unknown as Db;
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
      if (seed) await seedDemoData(db, seed);
      const dump = await client.dumpDataDir('none');
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    } finally {
      await client.close();
    }
  }
  return new Blob([readFileSync(file)]);
}

/**
 * A PostgreSQL database holding `kind`, made once per run under an advisory lock and used as the template of each test
 * database (CREATE DATABASE … TEMPLATE copies it without replaying the migrations); test/global-setup.ts drops it.
 */
async function postgresTemplate(kind: string, seed: Date | undefined): Promise<string | undefined> {
  const store = runStore();
  if (!store) return undefined;
  const name = `vireo_tpl_${store.id}_${kind.replace(/[^a-z0-9]/gi, '').toLowerCase()}`.slice(0, 63);
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await admin.query(`create database ${name}`);
      const url = new URL(adminUrl());
      url.pathname = `/${name}`;
      const database = await openDatabase({ url: url.toString(), poolSize: 1 });
      try {
        await database.migrate();
        if (seed) await seedDemoData(database.db, seed);
      } finally {
        await database.close();
      }
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => {});
    await admin.end();
  }
}
