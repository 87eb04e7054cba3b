import { addDays } from '@vireo/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { accounts, auditEvents, communityUnits, jobs } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import type { Provisioning } from '../provisioning/provisioning';
import { leaseJob, MOVE_OUT_JOB } from './lease-jobs';

/**
 * Issue 22 item 3, done when: the lease job runs exactly once with two instances. On real PostgreSQL, two server
 * instances run the background work at once over every occupied Lakeside unit moving out the same day: each unit is
 * moved out once (one audit entry, one change on the network), none twice, none left.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const ZONE = 'America/New_York';
let database: TestDatabase;
let first: FastifyInstance;
let second: FastifyInstance;
let unitIds: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 20, seed: clock.now() });
  ({ app: first } = await buildTestApp(database, { clock }));
  ({ app: second } = await buildTestApp(database, { clock }));
  const { db } = database;
  const [lakeside] = await db.select().from(accounts).where(eq(accounts.companyName, 'Lakeside Apartments'));
  const accountId = lakeside?.id as string;
  const today = clock.today(ZONE);
  const occupied = await db
    .update(communityUnits)
    .set({ moveOut: today })
    .where(and(eq(communityUnits.accountId, accountId), eq(communityUnits.occupancy, 'occupied')))
    .returning({ id: communityUnits.id });
  unitIds = occupied.map((unit) => unit.id);
  await db
    .insert(jobs)
    .values(unitIds.map((unitId) => leaseJob(MOVE_OUT_JOB, { accountId, unitId, date: today }, ZONE)))
    .onConflictDoNothing();
  clock.set(`${addDays(today, 1)}T12:00:00Z`);
});

afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.close();
});

it('moves every unit out exactly once when two instances run the lease job at once', async () => {
  expect(unitIds.length).toBeGreaterThan(100);
  // each pass of each instance runs at most 100 due jobs: passes until none is left
  for (let pass = 0; pass < 5; pass += 1) {
    await Promise.all([first.portal.services.background.run(), second.portal.services.background.run()]);
  }
  const { db } = database;
  const left = await db
    .select({ n: count() })
    .from(communityUnits)
    .where(and(inArray(communityUnits.id, unitIds), eq(communityUnits.occupancy, 'occupied')));
  expect(left[0]?.n).toBe(0);
  const entries = await db
    .select({ targetId: auditEvents.targetId, n: count() })
    .from(auditEvents)
    .where(eq(auditEvents.action, 'unit.moved_out'))
    .groupBy(auditEvents.targetId);
  expect(entries).toHaveLength(unitIds.length);
  expect(entries.every((entry) => entry.n === 1)).toBe(true);
  // between them, the two instances told the network once per unit (each instance's simulated network is its own)
  const told = (app: FastifyInstance) =>
    unitIds.filter((id) => (app.portal.services.provisioning as Provisioning).unitAccessOf(id) === 'inactive').length;
  expect(told(first) + told(second)).toBe(unitIds.length);
});
