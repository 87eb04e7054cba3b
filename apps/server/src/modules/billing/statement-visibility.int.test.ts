import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { accounts, statements } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { createBillingService } from './billing.service';

const database = await createTestDatabase({ seed: new Date('2026-11-21T15:00:00Z') });
afterAll(() => database.close());

it('makes a statement on its cycle day and shows it from the next day (product-decisions.md)', async () => {
  const clock = fixedClock('2026-11-21T15:00:00Z');
  const billing = createBillingService({ db: database.db, clock });
  const [harbor] = await database.db.select().from(accounts).where(eq(accounts.companyName, 'Harbor Coffee Co.'));
  const id = harbor?.id as string;
  clock.set('2026-12-10T15:00:00Z'); // Harbor's cycle day, in New York
  expect(await billing.runBillingCycle()).toBeGreaterThanOrEqual(1);
  const made = await database.db.select().from(statements).where(eq(statements.statementDate, '2026-12-10'));
  expect(made.map((s) => s.accountId)).toContain(id);
  expect((await billing.getSummary(id)).latestStatement?.statementDate).toBe('2026-11-10');
  clock.set('2026-12-11T15:00:00Z');
  expect((await billing.getSummary(id)).latestStatement?.statementDate).toBe('2026-12-10');
});
