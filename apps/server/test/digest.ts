import { createHash } from 'node:crypto';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../src/db/client';
import * as schema from '../src/db/schema';

/**
 * Columns that differ by design between two identical seeds: salted password hashes, and the random ids and token
 * hashes of the e-mailed links the seed sends (invitations) with their e-mails and audit entries (whose target is
 * the invitation's link).
 */
const VOLATILE = new Set([
  'users.password_hash',
  'email_links.id',
  'email_links.token_hash',
  'outbox_emails.id',
  'audit_events.id',
  'audit_events.target_id',
]);
/** An e-mailed link's random token (`token=` and 43 base64url characters), in an e-mail's text and HTML. */
const LINK_TOKEN = /token=[A-Za-z0-9_-]{43}/g;

function stableValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return typeof value === 'string' ? value.replace(LINK_TOKEN, 'token=(random)') : value;
}

export const TABLES = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => is(value, PgTable))
  .map((table) => getTableConfig(table).name)
  .sort();

/** A SHA-256 over every row of every table, in the order of the rows' contents (random ids left out). */
export async function databaseDigest(db: Db): Promise<{ digest: string; rows: Record<string, number> }> {
  const hash = createHash('sha256');
  const rows: Record<string, number> = {};
  for (const name of TABLES) {
    const result = await db.execute(sql.raw(`select * from "${name}" order by 1`));
    const list = (result as unknown as { rows: Record<string, unknown>[] }).rows;
    rows[name] = list.length;
    const stable = list.map((row) =>
      JSON.stringify(
        Object.fromEntries(
          Object.entries(row)
            .filter(([column]) => !VOLATILE.has(`${name}.${column}`))
            .map(([column, value]) => [column, stableValue(value)]),
        ),
      ),
    );
    for (const row of stable.sort()) hash.update(`${name}:${row}\n`);
  }
  return { digest: hash.digest('hex'), rows };
}
