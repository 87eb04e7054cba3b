import { nextInstalmentCents } from '@vireo/shared';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { mobileDevices, recurringCharges, statements } from '../../db/schema';

/**
 * Device instalment plans (ADR 011). A device's instalments are billed by a recurring charge; the plan's remaining
 * balance is the truth. These functions keep the two in step, inside the caller's transaction:
 * - the billing run lowers the plan by each instalment a statement billed;
 * - a device payment lowers it when it is submitted (under the device's row lock, so two payments cannot both pay
 *   the same balance) and gives it back when the payment fails or the bank returns it.
 * The charge then bills the next instalment (the monthly amount, or what is left), or ends after the last day
 * already billed once nothing is left.
 */
export type DeviceRow = typeof mobileDevices.$inferSelect;

export const devicePlans = {
  lockDevice(ex: Executor, accountId: string, deviceId: string): Promise<DeviceRow | undefined> {
    return ex
      .select()
      .from(mobileDevices)
      .where(and(eq(mobileDevices.id, deviceId), eq(mobileDevices.accountId, accountId)))
      .for('update')
      .then((rows) => rows[0]);
  },

  /** Takes `amountCents` off the plan (a device payment being made). The caller checked the amount. */
  async reserve(ex: Executor, device: DeviceRow, amountCents: number) {
    const remainingCents = Math.max(device.remainingCents - amountCents, 0);
    await ex.update(mobileDevices).set({ remainingCents }).where(eq(mobileDevices.id, device.id));
    await syncCharge(ex, { ...device, remainingCents });
  },

  /** Gives a failed or returned device payment back to the plan. */
  async release(ex: Executor, accountId: string, deviceId: string, amountCents: number) {
    const device = await devicePlans.lockDevice(ex, accountId, deviceId);
    if (!device) return;
    const remainingCents = Math.min(device.remainingCents + amountCents, device.financedCents);
    await ex.update(mobileDevices).set({ remainingCents }).where(eq(mobileDevices.id, device.id));
    await syncCharge(ex, { ...device, remainingCents });
  },

  /** After a statement: each instalment it billed lowers its device's plan. */
  async advance(ex: Executor, billed: { sourceId: string | null; amountCents: number }[]) {
    const bySource = new Map<string, number>();
    for (const line of billed) {
      if (line.sourceId) bySource.set(line.sourceId, (bySource.get(line.sourceId) ?? 0) + line.amountCents);
    }
    if (bySource.size === 0) return;
    const devices = await ex
      .select()
      .from(mobileDevices)
      .where(
        and(isNotNull(mobileDevices.recurringChargeId), inArray(mobileDevices.recurringChargeId, [...bySource.keys()])),
      )
      .for('update');
    for (const device of devices) {
      const billedCents = bySource.get(device.recurringChargeId ?? '') ?? 0;
      if (billedCents <= 0) continue;
      const next = {
        ...device,
        remainingCents: Math.max(device.remainingCents - billedCents, 0),
        instalmentsPaid: device.instalmentsPaid + 1,
      };
      await ex
        .update(mobileDevices)
        .set({ remainingCents: next.remainingCents, instalmentsPaid: next.instalmentsPaid })
        .where(eq(mobileDevices.id, device.id));
      await syncCharge(ex, next);
    }
  },
};

/** Points the device's recurring charge at the plan: the next instalment, or ended after the last billed day. */
async function syncCharge(ex: Executor, device: DeviceRow) {
  if (!device.recurringChargeId) return;
  const next = nextInstalmentCents(device);
  if (next > 0) {
    await ex
      .update(recurringCharges)
      .set({ amountCents: next, endsOn: null })
      .where(eq(recurringCharges.id, device.recurringChargeId));
    return;
  }
  // nothing is left to owe: the charge ends after what the statements already billed
  await endChargeAfterLastBill(ex, device.accountId, device.recurringChargeId);
}

/**
 * Ends a recurring charge after the last day a statement already billed (in arrears, through the day before the
 * latest statement), so no later statement bills it; one that was never billed ends before it starts.
 */
export async function endChargeAfterLastBill(ex: Executor, accountId: string, chargeId: string) {
  const [latestRow] = await ex
    .select({ statementDate: statements.statementDate })
    .from(statements)
    .where(eq(statements.accountId, accountId))
    .orderBy(desc(statements.statementDate))
    .limit(1);
  const latest = latestRow?.statementDate ?? null;
  const lastDay = latest ? sql`${latest}::date - 1` : sql`${recurringCharges.startsOn} - 1`;
  await ex
    .update(recurringCharges)
    .set({ endsOn: sql`greatest(${recurringCharges.startsOn} - 1, ${lastDay})` })
    .where(eq(recurringCharges.id, chargeId));
}
