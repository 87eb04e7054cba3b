import type { YearMonth } from '@vireo/shared';
import { and, asc, eq, gte, lte, max } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { bulkBills } from '../../db/schema';
import type { BillingSystem } from './billing-system';

/**
 * The billing engine's bulk billing (simulated, like the rest of the billing system; issue 22 item 6, wider-portal.md
 * §10): what it billed each property of a bulk agreement each month (the units by number and the amount, its own
 * table `bulk_bills`), and the bills it projects for the coming months from the contracted ramp and rates the portal
 * gives it. One call (`statement`) answers both, and fails as the billing system does when the non-production knob
 * `bulkBilling` is armed (PUT /api/dev/billing-system/faults): the portal then shows its own figures only.
 */
export type BulkBill = { propertyId: string; month: YearMonth; units: string[]; amountCents: number };
export type ProjectedBill = { propertyId: string; month: YearMonth; units: number; amountCents: number };
/** What the engine projects from: a property's ramp in a month and its rate per unit per month (integer cents). */
export type BillingSchedule = { propertyId: string; month: YearMonth; units: number; rateCents: number }[];

/** The engine's numbering: a property's billed units are its first `count` by number, from 101 up (the seed's too). */
export function billedUnitNumbers(count: number): string[] {
  return Array.from({ length: count }, (_, i) => String(101 + i));
}

export function createBulkBilling(deps: { billingSystem: Pick<BillingSystem, 'call'> }) {
  return {
    /**
     * The engine's monthly run for one property and month: the ramp's units (numbered as it numbers them) at the
     * rate, billed once (a month already billed stays as it was: false). Throws BillingSystemError when the knob is
     * armed.
     */
    async bill(
      ex: Executor,
      bill: { accountId: string; propertyId: string; month: YearMonth; units: number; rateCents: number; at: Date },
    ): Promise<boolean> {
      deps.billingSystem.call('bulkBilling');
      const rows = await ex
        .insert(bulkBills)
        .values({
          accountId: bill.accountId,
          propertyId: bill.propertyId,
          month: `${bill.month}-01`,
          units: billedUnitNumbers(bill.units),
          amountCents: bill.units * bill.rateCents,
          billedAt: bill.at,
        })
        .onConflictDoNothing({ target: [bulkBills.propertyId, bulkBills.month] })
        .returning({ id: bulkBills.id });
      return rows.length > 0;
    },

    /** The last month the engine billed each of the account's properties. */
    async lastBilled(ex: Executor, accountId: string): Promise<Map<string, YearMonth>> {
      const rows = await ex
        .select({ propertyId: bulkBills.propertyId, month: max(bulkBills.month) })
        .from(bulkBills)
        .where(eq(bulkBills.accountId, accountId))
        .groupBy(bulkBills.propertyId);
      return new Map(rows.flatMap((row) => (row.month ? [[row.propertyId, row.month.slice(0, 7)]] : [])));
    },

    /**
     * The account's bills of the months `from` to `through` (both included; none without a range), by property then
     * month, and the projected bills of `schedule` (the ramp's units times the rate). Throws BillingSystemError when
     * the knob is armed.
     */
    async statement(
      ex: Executor,
      accountId: string,
      range: { from: YearMonth; through: YearMonth } | null,
      schedule: BillingSchedule,
    ): Promise<{ bills: BulkBill[]; projected: ProjectedBill[] }> {
      deps.billingSystem.call('bulkBilling');
      const rows = !range
        ? []
        : await ex
            .select({
              propertyId: bulkBills.propertyId,
              month: bulkBills.month,
              units: bulkBills.units,
              amountCents: bulkBills.amountCents,
            })
            .from(bulkBills)
            .where(
              and(
                eq(bulkBills.accountId, accountId),
                gte(bulkBills.month, `${range.from}-01`),
                lte(bulkBills.month, `${range.through}-01`),
              ),
            )
            .orderBy(asc(bulkBills.propertyId), asc(bulkBills.month));
      return {
        bills: rows.map((row) => ({ ...row, month: row.month.slice(0, 7) })),
        projected: schedule.map(({ propertyId, month, units, rateCents }) => ({
          propertyId,
          month,
          units,
          amountCents: units * rateCents,
        })),
      };
    },
  };
}

export type BulkBilling = ReturnType<typeof createBulkBilling>;
