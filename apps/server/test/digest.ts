import { createHash } from 'node:crypto';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../src/db/client';
import * as schema from '../src/db/schema';

/** Columns that differ by design between two identical seeds: salted password hashes. */
const VOLATILE = new Set(['users.password_hash']);

export const TABLES = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table).name)
  .sort();

/** A SHA-256 over every row of every table, in primary-key order. */
export async function databaseDigest(db: Db): Promise<{ digest: string; rows: Record<string, number> }> {
  const hash = createHash('sha256');
  const rows: Record<string, number> = {};
  for (const name of TABLES) {
    const result = await db.execute(sql.raw(`select * from "${name}" order by 1`));
    const list = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    rows[name] = list.length;
    for (const row of list) {
      const stable = Object.fromEntries(
        Object.entries(row)
          .filter(([column]) => !VOLATILE.has(`${name}.${column}`))
          .map(([column, value]) => [column, value instanceof Date ? value.toISOString() : value]),
      );
      hash.update(`${name}:${JSON.stringify(stable)}\n`);
    }
  }
  return { digest: hash.digest('hex'), rows };
}
