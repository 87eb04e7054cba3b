import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { createTestDatabase, TEST_DB_DRIVER } from '../../test/database';
import { TABLES } from '../../test/digest';

const database = await createTestDatabase({ migrate: false });
afterAll(() => database.close());

it(`applies every migration to an empty ${TEST_DB_DRIVER} database, and again as a no-op`, async () => {
  await database.migrate();
  const result = await database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
  );
  const names = (result as unknown as { rows: { table_name: string }[] }).rows.map((row) => row.table_name);
  expect(names).toEqual(TABLES);
  expect(TABLES).toEqual(
    expect.arrayContaining(['accounts', 'users', 'memberships', 'statements', 'statement_lines', 'payments', 'jobs']),
  );
  await database.migrate();
  const applied = await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  expect((applied as unknown as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThan(0);
});

it('refuses rows that break the billing invariants', async () => {
  // a statement whose total does not reconcile is rejected by the database itself
  await expect(
    database.db.execute(sql`
      with a as (
        insert into accounts (account_number, company_name, footprint, biller_type, biller_site_id, biller_company,
          biller_franchise, biller_principle, biller_agent, cycle_day, time_zone, created_at)
        values ('1', 'Test', 'CHTR', 'CSG', '1', '1', '1', '1', '1', 5, 'UTC', now()) returning id)
      insert into statements (account_id, statement_date, due_date, period_start, period_end, previous_balance_cents,
        payments_received_cents, adjustments_cents, new_charges_cents, total_due_cents, created_at)
      select id, '2026-01-05', '2026-01-26', '2025-12-05', '2026-01-04', 100, 100, 0, 500, 499, now() from a`),
  ).rejects.toThrow();
  await expect(
    database.db.execute(sql`
      insert into accounts (account_number, company_name, footprint, biller_type, biller_site_id, biller_company,
        biller_franchise, biller_principle, biller_agent, cycle_day, time_zone, created_at)
      values ('2', 'Test', 'CHTR', 'CSG', '1', '1', '1', '1', '1', 29, 'UTC', now())`),
  ).rejects.toThrow();
});
