import type { YearMonth } from '@vireo/shared';
import { and, asc, eq, gte, lte } from 'drizzle-orm';
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

export function createBulkBilling(deps: { billingSystem: Pick<BillingSystem, 'call'> }) {
  return {
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
