import { randomUUID } from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import {
  accounts,
  autopayEnrollments,
  paymentMethods,
  payments,
  processorTransactions,
  statements,
} from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import type { Vault } from '../pci-edge/vault';
import { TEST_CARDS } from '../processor/test-instruments';

/**
 * Issue 6, done when: on real PostgreSQL, two server instances running the Auto Pay job at once over 1,000 due
 * accounts make exactly 1,000 charges.
 */
const ACCOUNTS = 1_000;
const clock = fixedClock('2026-11-21T15:00:00Z');
let database: TestDatabase;
let first: FastifyInstance;
let second: FastifyInstance;
const ids: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ poolSize: 20, seed: clock.now() });
  ({ app: first } = await buildTestApp(database, { clock }));
  ({ app: second } = await buildTestApp(database, { clock }));
  const [template] = await database.db.select().from(accounts).where(eq(accounts.companyName, 'Harbor Coffee Co.'));
  if (!template) throw new Error('no Harbor');
  const vault = first.portal.services.vault as Vault;
  const now = clock.now();
  for (let i = 0; i < ACCOUNTS; i++) ids.push(randomUUID());
  await database.db.insert(accounts).values(
    ids.map((id, i) => ({
      ...template,
      id,
      accountNumber: `9${String(i).padStart(15, '0')}`,
      companyName: `Bench ${i}`,
      cycleDay: 10,
      paymentRestriction: 'none' as const,
      createdAt: now,
    })),
  );
  await database.db.insert(statements).values(
    ids.map((accountId) => ({
      accountId,
      statementDate: '2026-11-10',
      dueDate: '2026-12-01',
      periodStart: '2026-10-10',
      periodEnd: '2026-11-09',
      previousBalanceCents: 0,
      paymentsReceivedCents: 0,
      adjustmentsCents: 0,
      newChargesCents: 10_000,
      totalDueCents: 10_000,
      createdAt: now,
    })),
  );
  const methods = [];
  for (const accountId of ids) {
    const token = await vault.store(database.db, accountId, {
      type: 'card',
      number: TEST_CARDS.visa,
      brand: 'visa',
      funding: 'credit',
      expMonth: 8,
      expYear: 2030,
      zip: '02110',
      holderName: 'Bench',
    });
    methods.push({
      id: randomUUID(),
      accountId,
      type: 'card' as const,
      vaultToken: token.token,
      lastFour: '4242',
      cardBrand: 'visa' as const,
      cardFunding: 'credit' as const,
      expMonth: 8,
      expYear: 2030,
      createdAt: now,
    });
  }
  await database.db.insert(paymentMethods).values(methods);
  await database.db.insert(autopayEnrollments).values(
    methods.map((m) => ({
      accountId: m.accountId,
      scope: 'core' as const,
      paymentMethodId: m.id,
      // statement of Nov 10, drafted on Nov 20: due on Nov 21
      debitDay: 20,
      status: 'enrolled' as const,
      enrolledAt: new Date('2026-10-01T00:00:00Z'),
    })),
  );
}, 180_000);

afterAll(async () => {
  await first?.close();
  await second?.close();
  await database?.close();
});

describe('the Auto Pay run on two instances', () => {
  it('charges 1,000 due accounts exactly once each', async () => {
    const [a, b] = await Promise.all([
      first.portal.services.autopay.runDrafts(),
      second.portal.services.autopay.runDrafts(),
    ]);
    // both instances did work, and together they drafted every bench account once (plus any due demo account)
    expect(a).toBeGreaterThan(0);
    expect(b).toBeGreaterThan(0);
    const drafted = await database.db
      .select({ id: payments.id, accountId: payments.accountId, amountCents: payments.amountCents })
      .from(payments)
      .where(and(inArray(payments.accountId, ids), eq(payments.channel, 'autoPay')));
    expect(drafted).toHaveLength(ACCOUNTS);
    expect(new Set(drafted.map((p) => p.accountId)).size).toBe(ACCOUNTS);
    expect(drafted.every((p) => p.amountCents === 10_000)).toBe(true);
    const [charges] = await database.db
      .select({ n: count() })
      .from(processorTransactions)
      .where(
        inArray(
          processorTransactions.idempotencyKey,
          drafted.map((p) => p.id),
        ),
      );
    expect(charges?.n).toBe(ACCOUNTS);
    // a second run finds nothing due
    expect(await first.portal.services.autopay.runDrafts()).toBe(0);
  }, 300_000);
});
