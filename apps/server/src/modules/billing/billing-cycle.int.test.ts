import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { accounts, mobileLines, statements } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { createBillingService } from './billing.service';
import { getStatementDetail } from './statement-detail';

const DAY = 86_400_000;
const clock = fixedClock('2026-11-21T15:00:00Z');
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: clock.now() });
});
afterAll(() => database?.close());

const count = async () =>
  Object.fromEntries(
    (
      await database.db
        .select({ name: accounts.companyName, n: sql<number>`count(${statements.id})::int` })
        .from(accounts)
        .leftJoin(statements, eq(statements.accountId, accounts.id))
        .groupBy(accounts.companyName)
    ).map((row) => [row.name, row.n]),
  );

it('makes exactly one new statement per billing account when the clock passes each cycle day', async () => {
  const billing = createBillingService({ db: database.db, clock });
  expect(await billing.runBillingCycle()).toBe(0);
  const before = await count();
  clock.advance(35 * DAY); // 2026-12-26: past every account's next cycle day, before the one after
  // two runs, as two instances or two ticks would: the second makes nothing
  const [made, again] = [await billing.runBillingCycle(), await billing.runBillingCycle()];
  // the 7 billing accounts of demo-data.md (Summit is billed on the enterprise site; Oak & Ivy, issue 17, is the 7th)
  expect(made).toBe(7);
  expect(again).toBe(0);
  const after = await count();
  for (const [name, n] of Object.entries(after)) {
    expect(n, name).toBe(name === 'Summit Logistics' ? 0 : (before[name] as number) + 1);
  }
  // the new statements reconcile (the database refuses any that does not) and carry last month's balance
  const rows = await database.db.execute(sql`
    select s.previous_balance_cents, p.total_due_cents as last_total
    from statements s join lateral (
      select total_due_cents from statements p where p.account_id = s.account_id and p.statement_date < s.statement_date
      order by p.statement_date desc limit 1) p on true
    where s.statement_date > '2026-11-21'`);
  const list = (rows as unknown as { rows: { previous_balance_cents: number; last_total: number }[] }).rows;
  expect(list).toHaveLength(7);
  for (const row of list) expect(row.previous_balance_cents).toBe(row.last_total);
});

it('moves unpaid accounts along the delinquency states', async () => {
  const billing = createBillingService({ db: database.db, clock });
  await billing.runBillingCycle();
  // Pinecrest was 47 days past due on 2026-11-21; 35 days later it is 82: soft disconnect (code 50)
  const [pinecrest] = await database.db.select().from(accounts).where(eq(accounts.companyName, 'Pinecrest Dental'));
  expect(pinecrest?.status).toBe('soft_disconnected');
  expect((await billing.getSummary(pinecrest?.id as string)).delinquencyCode).toBe(50);
  // Northgate was 65 days past due: 100 days now, disconnected (code 76)
  const [northgate] = await database.db.select().from(accounts).where(eq(accounts.companyName, 'Northgate Clinic'));
  expect(northgate?.status).toBe('disconnected');
});

it('moves mobile lines along the mobile delinquency states', async () => {
  const billing = createBillingService({ db: database.db, clock });
  // Riverbend's December statement (due 2026-12-26) goes unpaid: nothing drafts Auto Pay yet in this test
  clock.set('2027-01-27T15:00:00Z'); // 32 days past due
  await billing.runBillingCycle();
  const lines = async () => {
    const [riverbend] = await database.db
      .select()
      .from(accounts)
      .where(eq(accounts.companyName, 'Riverbend Auto Repair'));
    return database.db
      .select({ status: mobileLines.status })
      .from(mobileLines)
      .where(eq(mobileLines.accountId, riverbend?.id as string));
  };
  expect((await lines()).map((l) => l.status)).toEqual(['hotlined', 'hotlined', 'hotlined', 'hotlined']);
  clock.set('2027-02-10T15:00:00Z'); // 46 days past due
  await billing.runBillingCycle();
  expect(new Set((await lines()).map((l) => l.status))).toEqual(new Set(['temporarily_disconnected']));
});

it('explains a credit posted on a statement day, after the run, on the next statement that bills it', async () => {
  const billing = createBillingService({ db: database.db, clock });
  const [harbor] = await database.db.select().from(accounts).where(eq(accounts.companyName, 'Harbor Coffee Co.'));
  const accountId = harbor?.id as string;
  const [made] = await database.db
    .select()
    .from(statements)
    .where(eq(statements.accountId, accountId))
    .orderBy(desc(statements.statementDate))
    .limit(1);
  const day = made?.statementDate as string;
  await billing.postCredit(database.db, {
    accountId,
    category: 'internet',
    description: 'Outage credit OUT-1 (1 day)',
    amountCents: 300,
    on: day,
    event: { type: 'outage_credit', data: { description: 'OUT-1' } },
  });
  clock.advance(35 * DAY);
  await billing.runBillingCycle();
  const [next] = await database.db
    .select()
    .from(statements)
    .where(eq(statements.accountId, accountId))
    .orderBy(desc(statements.statementDate))
    .limit(1);
  expect((next?.statementDate ?? '') > day).toBe(true);
  const detail = await getStatementDetail(database.db, accountId, next?.id as string, next?.statementDate as string);
  const line = detail.sections.flatMap((s) => s.lines).find((l) => l.description.startsWith('Outage credit OUT-1'));
  expect(line?.amountCents).toBe(-300);
  expect(line?.change?.reason).toEqual({ type: 'outage_credit', occurredOn: day, description: 'OUT-1' });
});
