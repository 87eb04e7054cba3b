import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import * as t from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { createBillingService } from './billing.service';

const database = await createTestDatabase();
afterAll(() => database.close());
const clock = fixedClock('2026-03-10T15:00:00Z');
const billing = createBillingService({ db: database.db, clock });

it('generates one statement per account and date, and a second run changes nothing', async () => {
  const [account] = await database.db
    .insert(t.accounts)
    .values({
      accountNumber: '1000',
      companyName: 'Test Co',
      footprint: 'CHTR',
      billerType: 'CSG',
      billerSiteId: '1',
      billerCompany: '1',
      billerFranchise: '1',
      billerPrinciple: '1',
      billerAgent: '1',
      cycleDay: 5,
      timeZone: 'America/New_York',
      createdAt: clock.now(),
    })
    .returning();
  const accountId = account?.id as string;
  await database.db.insert(t.addresses).values({
    accountId,
    kind: 'bill_to',
    addressLine1: '1 Main St',
    city: 'Portland',
    state: 'ME',
    zip: '04101',
  });
  await database.db
    .insert(t.taxRates)
    .values({ state: 'ME', category: 'phone', basisPoints: 1000, effectiveFrom: '2000-01-01' });
  await database.db.insert(t.recurringCharges).values([
    {
      accountId,
      category: 'internet',
      kind: 'monthly_service',
      description: 'Internet',
      amountCents: 10_000,
      startsOn: '2026-01-05',
    },
    {
      accountId,
      category: 'phone',
      kind: 'monthly_service',
      description: 'Voice',
      amountCents: 3_000,
      startsOn: '2026-02-20',
    },
  ]);
  await database.db.insert(t.charges).values({
    accountId,
    kind: 'one_time',
    category: 'phone',
    description: 'Installation',
    amountCents: 5_000,
    chargedOn: '2026-02-20',
    postedOn: '2026-02-21',
  });

  const first = await billing.generateStatement(accountId, '2026-02-05');
  expect(first?.totalDueCents).toBe(10_000);
  const second = await billing.generateStatement(accountId, '2026-03-05');
  // internet 100.00 + voice prorated 13 of 28 days (13.93) + installation 50.00 + 10% tax on 63.93 (6.39)
  expect(second).toMatchObject({ previousBalanceCents: 10_000, paymentsReceivedCents: 0, newChargesCents: 17_032 });
  expect(second?.totalDueCents).toBe(27_032);
  expect(await billing.generateStatement(accountId, '2026-03-05')).toBeNull();
  const statements = await database.db.select().from(t.statements).where(eq(t.statements.accountId, accountId));
  expect(statements).toHaveLength(2);
  const [charge] = await database.db.select().from(t.charges).where(eq(t.charges.accountId, accountId));
  expect(charge?.statementId).toBe(second?.id);

  const summary = await billing.getSummary(accountId);
  // the February statement was due 2026-02-26: 12 days past due on 2026-03-10
  expect(summary).toMatchObject({
    amountDueCents: 27_032,
    pastDueCents: 10_000,
    daysPastDue: 12,
    delinquencyState: 'past_due',
  });
});
