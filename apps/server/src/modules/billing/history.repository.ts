import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/client';
import type { Cursor } from '../../platform/keyset';

type Filter = { from?: string; to?: string };

/**
 * History lists, keyset-paginated newest first by (date, id) over the indexes `(account_id, date desc, id desc)`.
 * Each source is a SQL expression of (id, date, …) rows, so the activity timeline is their union.
 */
const SOURCES = {
  statements: (accountId: string, visibleOn: string) => sql`
    select s.id, s.statement_date as date, 'statement' as type, s.total_due_cents as amount_cents,
      null::text as description, s.id as reference_id
    from statements s where s.account_id = ${accountId} and s.statement_date <= ${visibleOn}::date`,
  // the activity timeline: payments that count (or will) against the balance
  payments: (accountId: string, _visibleOn: string) => sql`
    select p.id, p.payment_date as date, 'payment' as type, -p.amount_cents as amount_cents,
      p.method_label as description, p.id as reference_id
    from payments p where p.account_id = ${accountId} and p.status in ('successful', 'pending', 'processing')`,
  // the payment history also shows a bank payment that was returned, so the user learns why the balance came back,
  // and the scheduled payments on the date they will run (issue 14: newest first, so they lead the first page)
  paymentHistory: (accountId: string, _visibleOn: string) => sql`
    select p.id, p.payment_date as date, 'payment' as type, -p.amount_cents as amount_cents,
      p.method_label as description, p.id as reference_id
    from payments p where p.account_id = ${accountId}
      and p.status in ('scheduled', 'successful', 'pending', 'processing', 'returned')`,
  // mobile transactions (issue 7): payments made through the mobile flow, and refunds of mobile orders
  mobilePayments: (accountId: string, _visibleOn: string) => sql`
    select p.id, p.payment_date as date, 'payment' as type, p.amount_cents, p.method_label as description,
      p.device_id as reference_id
    from payments p where p.account_id = ${accountId} and p.target in ('mobile', 'device')
      and p.status in ('successful', 'pending', 'processing', 'returned')`,
  mobileRefunds: (accountId: string, _visibleOn: string) => sql`
    select r.id, r.refunded_on as date, 'refund' as type, r.amount_cents, r.description, r.order_id as reference_id
    from mobile_refunds r where r.account_id = ${accountId}`,
  charges: (accountId: string, _visibleOn: string) => sql`
    select c.id, c.posted_on as date,
      case when c.kind = 'one_time' then 'charge' when c.amount_cents < 0 then 'credit' else 'adjustment' end as type,
      c.amount_cents, c.description, c.statement_id as reference_id
    from charges c where c.account_id = ${accountId}`,
};

function window(filter: Filter, cursor: Cursor | null): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.from) parts.push(sql`h.date >= ${filter.from}::date`);
  if (filter.to) parts.push(sql`h.date <= ${filter.to}::date`);
  if (cursor?.direction === 'older') parts.push(sql`(h.date, h.id) < (${cursor.date}::date, ${cursor.id}::uuid)`);
  if (cursor?.direction === 'newer') parts.push(sql`(h.date, h.id) > (${cursor.date}::date, ${cursor.id}::uuid)`);
  return sql.join(parts, sql` and `);
}

function otherSide(filter: Filter, cursor: Cursor): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.from) parts.push(sql`h.date >= ${filter.from}::date`);
  if (filter.to) parts.push(sql`h.date <= ${filter.to}::date`);
  parts.push(
    cursor.direction === 'older'
      ? sql`(h.date, h.id) >= (${cursor.date}::date, ${cursor.id}::uuid)`
      : sql`(h.date, h.id) <= (${cursor.date}::date, ${cursor.id}::uuid)`,
  );
  return sql.join(parts, sql` and `);
}

export type HistoryRow = {
  id: string;
  date: string;
  type: 'statement' | 'payment' | 'charge' | 'credit' | 'adjustment' | 'refund';
  amount_cents: number;
  description: string | null;
  reference_id: string | null;
};

/** Fetches limit + 1 rows of a source (or the union of several) in the cursor's direction. */
export async function findHistory(
  ex: Executor,
  sources: (keyof typeof SOURCES)[],
  accountId: string,
  options: { filter: Filter; cursor: Cursor | null; limit: number; visibleOn: string },
): Promise<{ rows: HistoryRow[]; hasOtherSide: boolean }> {
  const union = sql.join(
    sources.map((name) => SOURCES[name](accountId, options.visibleOn)),
    sql` union all `,
  );
  const order = options.cursor?.direction === 'newer' ? sql`h.date asc, h.id asc` : sql`h.date desc, h.id desc`;
  // dates leave the database as text: drivers differ in how they turn a `date` into a JS value
  const rows = await rowsOf<HistoryRow>(
    ex,
    sql`select h.id, to_char(h.date, 'YYYY-MM-DD') as date, h.type, h.amount_cents, h.description, h.reference_id
      from (${union}) h where ${window(options.filter, options.cursor)} order by ${order} limit ${options.limit + 1}`,
  );
  let hasOtherSide = false;
  if (options.cursor) {
    const [row] = await rowsOf<{ found: boolean }>(
      ex,
      sql`select exists (select 1 from (${union}) h where ${otherSide(options.filter, options.cursor)}) as found`,
    );
    hasOtherSide = row?.found === true;
  }
  return { rows: rows.map((row) => ({ ...row, amount_cents: Number(row.amount_cents) })), hasOtherSide };
}
