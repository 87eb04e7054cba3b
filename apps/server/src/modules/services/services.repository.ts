import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  accountServices,
  addresses,
  charges,
  equipment,
  recurringCharges,
  serviceOrders,
  voiceLines,
} from '../../db/schema';
import type { HypotheticalChange } from '../billing/billing.service';

export type EquipmentRow = typeof equipment.$inferSelect;

/** The reads and writes of the services area (issue 19 item 1): services, their plans, lines and equipment. */
export function createServicesRepository() {
  return {
    async services(ex: Executor, accountId: string) {
      return ex
        .select({ key: accountServices.serviceKey, status: accountServices.status })
        .from(accountServices)
        .where(eq(accountServices.accountId, accountId))
        .orderBy(asc(accountServices.serviceKey));
    },

    /**
     * The monthly services billed on `today` (a plan's name is its recurring charge's description), by category, the
     * dearest first (the plan before its add-ons).
     */
    async plansOn(ex: Executor, accountId: string, today: string) {
      return ex
        .select({ category: recurringCharges.category, description: recurringCharges.description })
        .from(recurringCharges)
        .where(
          and(
            eq(recurringCharges.accountId, accountId),
            eq(recurringCharges.kind, 'monthly_service'),
            lte(recurringCharges.startsOn, today),
            or(isNull(recurringCharges.endsOn), gte(recurringCharges.endsOn, today)),
          ),
        )
        .orderBy(desc(recurringCharges.amountCents), asc(recurringCharges.description));
    },

    async lineCount(ex: Executor, accountId: string): Promise<number> {
      const [row] = await ex.select({ n: count() }).from(voiceLines).where(eq(voiceLines.accountId, accountId));
      return row?.n ?? 0;
    },

    async serviceAddress(ex: Executor, accountId: string) {
      const [row] = await ex
        .select({
          addressLine1: addresses.addressLine1,
          city: addresses.city,
          state: addresses.state,
          zip: addresses.zip,
        })
        .from(addresses)
        .where(and(eq(addresses.accountId, accountId), eq(addresses.kind, 'service')));
      return row ?? null;
    },

    async equipment(ex: Executor, accountId: string): Promise<EquipmentRow[]> {
      return ex
        .select()
        .from(equipment)
        .where(eq(equipment.accountId, accountId))
        .orderBy(asc(equipment.serviceKey), asc(equipment.deviceType), asc(equipment.id));
    },

    /**
     * A device installed at the account's premises (a self-installed gateway once online): listed with the account's
     * equipment from then on; one already listed (its identifier) is kept as it is.
     */
    async installDevice(ex: Executor, device: Omit<EquipmentRow, 'id' | 'nickname'>): Promise<void> {
      await ex.insert(equipment).values(device).onConflictDoNothing({ target: equipment.identifier });
    },

    /** One device of this account, locked for the change (another account's: null). */
    async lockDevice(ex: Executor, accountId: string, id: string): Promise<EquipmentRow | null> {
      const [row] = await ex
        .select()
        .from(equipment)
        .where(and(eq(equipment.accountId, accountId), eq(equipment.id, id)))
        .for('update');
      return row ?? null;
    },

    async setNickname(ex: Executor, id: string, nickname: string | null) {
      await ex.update(equipment).set({ nickname }).where(eq(equipment.id, id));
    },

    /** The recurring charges in effect on `today` (issue 19 item 2: what the account has, what a change ends). */
    async chargesInEffect(ex: Executor, accountId: string, today: string) {
      return ex
        .select()
        .from(recurringCharges)
        .where(
          and(
            eq(recurringCharges.accountId, accountId),
            lte(recurringCharges.startsOn, today),
            or(isNull(recurringCharges.endsOn), gte(recurringCharges.endsOn, today)),
          ),
        );
    },

    /** Writes a change of service to the billing engine's charges: ends, starts, one-time charges posted `today`. */
    async applyChange(ex: Executor, accountId: string, change: HypotheticalChange, today: string) {
      for (const end of change.ending) {
        await ex
          .update(recurringCharges)
          .set({ endsOn: end.endsOn })
          .where(and(eq(recurringCharges.accountId, accountId), inArray(recurringCharges.id, [end.id])));
      }
      if (change.starting.length > 0) {
        await ex.insert(recurringCharges).values(change.starting.map((charge) => ({ ...charge, accountId })));
      }
      if (change.oneTime.length > 0) {
        await ex.insert(charges).values(
          change.oneTime.map((charge) => ({
            accountId,
            kind: 'one_time' as const,
            category: charge.category,
            description: charge.description,
            amountCents: charge.amountCents,
            chargedOn: charge.chargedOn,
            postedOn: today,
          })),
        );
      }
    },

    async insertOrder(ex: Executor, order: typeof serviceOrders.$inferInsert) {
      const [row] = await ex.insert(serviceOrders).values(order).returning();
      if (!row) throw new Error('service order not written');
      return row;
    },
  };
}

export type ServicesRepository = ReturnType<typeof createServicesRepository>;
