import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client';

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

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or on PostgreSQL a new database created from
 * TEST_DATABASE_URL and dropped on close.
 */
export async function createTestDatabase(
  options: { migrate?: boolean; poolSize?: number } = {},
): Promise<TestDatabase> {
  const migrateNow = options.migrate ?? true;
  if (TEST_DB_DRIVER === 'pglite') {
    const database = await openDatabase({ dataDir: undefined });
    if (migrateNow) await database.migrate();
    return { ...database, url: undefined };
  }
  const name = `vireo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: options.poolSize ?? 5 });
  if (migrateNow) await database.migrate();
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: adminUrl() });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
