import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run keeps its migrated and seeded databases (test/database.ts, ADR 030). */
    testDatabaseStore: { dir: string; id: string };
  }
}

/**
 * Once per run of the server's projects: a directory for the PGlite snapshots and an id naming the PostgreSQL
 * templates, both made by the first test file that needs them and removed when the run ends, so no run reads another's
 * (an older schema or seed) and nothing is left behind.
 */
export default function setup(project: TestProject) {
  const store = { dir: mkdtempSync(join(tmpdir(), 'vireo-test-db-')), id: randomBytes(4).toString('hex') };
  project.provide('testDatabaseStore', store);
  return async () => {
    rmSync(store.dir, { recursive: true, force: true });
    if (project.config.env?.TEST_DB_DRIVER !== 'postgres' || !process.env.TEST_DATABASE_URL) return;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1', [
        `vireo_tpl_${store.id}_%`,
      ]);
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await admin.end();
    }
  };
}
