import { PRIMARY_TRANSFER_PATH, USERS_PATH } from '@vireo/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { type Browser, browser, signIn } from '../../../test/sign-in';
import { auditEvents, memberships, users } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * Exactly one PRIMARY per account (issue 18 item 5, wider-portal.md §4) on real PostgreSQL with concurrent
 * connections: 50 Primary transfers and role changes at once, by every admin of the account, leave one PRIMARY, each
 * transfer that went through is one audit entry, and nothing answers 500. The database itself refuses a second
 * PRIMARY and an account left without one (migration 0010), whatever the service does.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
let database: TestDatabase;
let app: FastifyInstance;
const HARBOR = ['harbor-owner', 'harbor-admin', 'harbor-billing', 'harbor-staff'];

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 20, seed: clock.now() });
  ({ app } = await buildTestApp(database, { clock }));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

async function harbor() {
  const rows = await database.db
    .select({ id: users.id, username: users.username, accountId: memberships.accountId, role: memberships.role })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(inArray(users.username, HARBOR));
  return Object.fromEntries(rows.map((row) => [row.username, row]));
}

const primaries = async (accountId: string) =>
  database.db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.role, 'PRIMARY')));

describe('exactly one PRIMARY on PostgreSQL', () => {
  it('50 concurrent Primary transfers and role changes leave exactly one PRIMARY', async () => {
    const members = await harbor();
    const accountId = members['harbor-owner']?.accountId ?? '';
    // every other member an ADMIN, so each may receive the role and each may try to hand it on
    await database.db
      .update(memberships)
      .set({ role: 'ADMIN' })
      .where(
        inArray(
          memberships.userId,
          ['harbor-billing', 'harbor-staff'].map((name) => members[name]?.id ?? ''),
        ),
      );
    const sessions: Record<string, Browser> = {};
    for (const [index, name] of HARBOR.entries()) {
      const b = browser(app, { remoteAddress: `10.8.${index}.1` });
      await signIn(b, name);
      sessions[name] = b;
    }
    const requests = Array.from({ length: 50 }, (_, i) => {
      const from = HARBOR[i % HARBOR.length] as string;
      const to = HARBOR[(i + 1 + (i % 3)) % HARBOR.length] as string;
      const b = sessions[from] as Browser;
      if (i % 2 === 0) {
        return b.request({
          method: 'POST',
          url: PRIMARY_TRANSFER_PATH,
          headers: b.csrf(),
          payload: { userId: members[to]?.id },
        });
      }
      // a role change of someone else, racing the transfers (refused when they have become the PRIMARY)
      return b.request({
        method: 'PUT',
        url: `${USERS_PATH}/${members[to]?.id}/role`,
        headers: b.csrf(),
        payload: { role: i % 4 === 1 ? 'BILLING' : 'ADMIN' },
      });
    });
    const answers = await Promise.all(requests);
    const statuses = answers.map((answer) => answer.statusCode);
    for (const answer of answers) {
      // allowed, or refused by the rules (not the PRIMARY any more, the target is no ADMIN now, a protected user)
      expect([200, 403, 422], answer.body).toContain(answer.statusCode);
    }
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
    expect(await primaries(accountId)).toHaveLength(1);
    const transfers = answers.filter((answer, i) => i % 2 === 0 && answer.statusCode === 200).length;
    const [entries] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditEvents)
      .where(and(eq(auditEvents.accountId, accountId), eq(auditEvents.action, 'user.primary_transferred')));
    expect(entries?.n).toBe(transfers);
  });

  it('the database refuses a second PRIMARY, and an account left without one', async () => {
    const members = await harbor();
    const accountId = members['harbor-owner']?.accountId ?? '';
    const [current] = await primaries(accountId);
    const other = Object.values(members).find((m) => m.id !== current?.userId);
    const second = await database.db
      .update(memberships)
      .set({ role: 'PRIMARY' })
      .where(eq(memberships.userId, other?.id ?? ''))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(String((second as { cause?: unknown })?.cause ?? second)).toMatch(/memberships_one_primary/);
    const none = await database.db
      .update(memberships)
      .set({ role: 'ADMIN' })
      .where(eq(memberships.userId, current?.userId ?? ''))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(String((none as { cause?: unknown })?.cause ?? none)).toMatch(/without a PRIMARY/);
    expect(await primaries(accountId)).toEqual([current]);
  });
});
