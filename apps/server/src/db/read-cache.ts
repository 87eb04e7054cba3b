import { getTableName, type Table } from 'drizzle-orm';

/**
 * Reads served from memory while the tables they came from are unchanged (ADR 014). Only for the embedded
 * database: PGlite lives in this process, so every write passes through `noteStatement` here and a stale answer is
 * impossible; with PostgreSQL other instances write too, and `createReadCache(null)` computes every read.
 *
 * A write bumps its table's version when the statement is issued. PGlite runs one statement at a time and a
 * transaction holds it whole, so a read either ran before the write (its entry carries the old versions and is
 * never served again) or after it was committed (or rolled back: a needless recompute).
 */
export type ChangeTracker = {
  /** Every statement the database is sent, before it runs. */
  noteStatement(sql: string): void;
  /** The versions of these tables now; equal stamps mean none of them was written in between. */
  stamp(tables: readonly string[]): string;
};

/** Statements that change nothing: a select (`for update` only locks), and transaction control. */
const READ_ONLY = /^\s*(select|begin|commit|rollback|savepoint|release|show)\b/i;
/** A single-table write as drizzle writes it: `insert into "payments" …`, `update "sessions" …`, `delete from "x"`. */
const WRITE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"([^"]+)"/i;

export function createChangeTracker(): ChangeTracker {
  const versions = new Map<string, number>();
  // anything else (a CTE, DDL, a migration's script, a truncate) may touch any table: every stamp changes
  let everything = 0;
  return {
    noteStatement(sql) {
      if (READ_ONLY.test(sql)) return;
      const table = WRITE.exec(sql)?.[1];
      if (table === undefined) everything += 1;
      else versions.set(table, (versions.get(table) ?? 0) + 1);
    },
    stamp(tables) {
      return `${everything}:${tables.map((table) => versions.get(table) ?? 0).join(',')}`;
    },
  };
}

export type ReadCache = {
  /**
   * The value of `read` for `key`, from memory when none of `tables` was written since it was computed. A cached
   * value is shared by every caller: treat it as read-only.
   */
  get<T>(key: string, tables: readonly Table[], read: () => Promise<T>): Promise<T>;
};

/** Entries kept at most; the oldest goes first (a busy portal's working set is a few per signed-in user). */
const MAX_ENTRIES = 20_000;

export function createReadCache(tracker: ChangeTracker | null, maxEntries = MAX_ENTRIES): ReadCache {
  if (!tracker) return { get: (_key, _tables, read) => read() };
  const entries = new Map<string, { stamp: string; value: unknown }>();
  return {
    async get<T>(key: string, tables: readonly Table[], read: () => Promise<T>) {
      // the stamp is taken before reading: a write during the read leaves this entry stale at once
      const stamp = tracker.stamp(tables.map((table) => getTableName(table)));
      const hit = entries.get(key);
      if (hit?.stamp === stamp) return hit.value as T;
      const value = await read();
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
      entries.set(key, { stamp, value });
      return value;
    },
  };
}
