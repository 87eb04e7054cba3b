import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client';
import { createChangeTracker, createReadCache } from './read-cache';
import { clockState, flagOverrides } from './schema';

describe('the change tracker', () => {
  it('versions the table a single-table write names, and nothing for reads and transaction control', () => {
    const tracker = createChangeTracker();
    const before = tracker.stamp(['payments', 'statements']);
    for (const read of [
      'select "id" from "payments" where "account_id" = $1',
      '  SELECT 1',
      'select * from "accounts" where "id" = $1 for no key update',
      'begin',
      'commit',
      'rollback',
      'savepoint sp1',
      'release savepoint sp1',
    ]) {
      tracker.noteStatement(read);
    }
    expect(tracker.stamp(['payments', 'statements'])).toBe(before);
    tracker.noteStatement('insert into "payments" ("id", "amount_cents") values ($1, $2)');
    const afterPayment = tracker.stamp(['payments', 'statements']);
    expect(afterPayment).not.toBe(before);
    expect(tracker.stamp(['statements'])).toBe(createChangeTracker().stamp(['statements']));
    tracker.noteStatement('update "statements" set "total_due_cents" = $1');
    expect(tracker.stamp(['payments', 'statements'])).not.toBe(afterPayment);
  });

  it('changes every stamp for a statement it cannot attribute to one table', () => {
    for (const statement of [
      'with moved as (update "payments" set "status" = $1 returning "id") select * from moved',
      'truncate "sessions"',
      'alter table "payments" add column "x" int',
      'exec',
    ]) {
      const tracker = createChangeTracker();
      const before = tracker.stamp(['accounts']);
      tracker.noteStatement(statement);
      expect(tracker.stamp(['accounts']), statement).not.toBe(before);
    }
  });
});

describe('the read cache on the embedded database', () => {
  let database: Database;
  let reads = 0;
  /** A read of the flag overrides, counting how often it really reaches the database. */
  const overrideCount = () =>
    database.cache.get('override-count', [flagOverrides], async () => {
      reads += 1;
      const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(flagOverrides);
      return row?.n ?? 0;
    });
  const addOverride = (name: string) =>
    database.db.insert(flagOverrides).values({ name, enabled: true, updatedAt: new Date() });

  beforeAll(async () => {
    database = await openDatabase({ dataDir: undefined });
    await database.migrate();
  });
  afterAll(() => database.close());

  it('answers from memory until a table it read is written, through drizzle, in a transaction or not', async () => {
    reads = 0;
    const start = await overrideCount();
    expect(await overrideCount()).toBe(start);
    expect(reads).toBe(1);

    // a write to a table it did not read keeps the entry
    await database.db
      .insert(clockState)
      .values({ id: 1, offsetMs: 5 })
      .onConflictDoUpdate({
        target: clockState.id,
        set: { offsetMs: 5 },
      });
    expect(await overrideCount()).toBe(start);
    expect(reads).toBe(1);

    await addOverride('a');
    expect(await overrideCount()).toBe(start + 1);
    expect(reads).toBe(2);

    await database.db.transaction(async (tx) => {
      await tx.insert(flagOverrides).values({ name: 'b', enabled: false, updatedAt: new Date() });
    });
    expect(await overrideCount()).toBe(start + 2);
    expect(reads).toBe(3);

    await database.db.update(flagOverrides).set({ enabled: false }).where(eq(flagOverrides.name, 'a'));
    expect(await overrideCount()).toBe(start + 2);
    expect(reads).toBe(4);

    await database.db.delete(flagOverrides).where(eq(flagOverrides.name, 'b'));
    expect(await overrideCount()).toBe(start + 1);
    expect(reads).toBe(5);
  });

  it('never keeps what was read while a write of its tables happened', async () => {
    let calls = 0;
    const racing = () =>
      database.cache.get('racing', [flagOverrides], async () => {
        calls += 1;
        // the first read sees a write land between its stamp and its answer
        if (calls === 1) await addOverride('during-the-read');
        return calls;
      });
    expect(await racing()).toBe(1);
    expect(await racing()).toBe(2);
    expect(await racing()).toBe(2);
  });

  it('reads every time on PostgreSQL (no tracker: other instances write too)', async () => {
    const cache = createReadCache(null);
    let computed = 0;
    await cache.get('k', [flagOverrides], async () => ++computed);
    await cache.get('k', [flagOverrides], async () => ++computed);
    expect(computed).toBe(2);
  });
});
