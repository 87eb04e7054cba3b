import { dateInZone, startOfDayInZone } from '@vireo/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { BulkBilling } from '../billing-system/bulk-billing';
import { firstDayOf, monthOf, monthRange, type RampStep, rampUnitsIn, shiftMonth } from './months';
import type { AgreementRecord, TechAmenitiesRepository } from './tech-amenities.repository';
import type { CommunityReads } from './tech-amenities.service';

/** A covered property's ramp steps by month and its rate per unit per month (every service's rate added). */
export function scheduleOf(record: AgreementRecord, propertyId: string): { steps: RampStep[]; rateCents: number } {
  return {
    steps: record.steps
      .filter((step) => step.propertyId === propertyId)
      .map((step) => ({ month: monthOf(step.startsOn), units: step.units })),
    rateCents: record.rates
      .filter((rate) => rate.propertyId === propertyId)
      .reduce((sum, rate) => sum + rate.rateCents, 0),
  };
}

/**
 * The billing engine's monthly bulk bills (issue 22 item 6, wider-portal.md §10; the engine is simulated, its run
 * driven by the background pass): from the month after the last one billed (the term's first, when none) through this
 * one on the account's calendar (never past the term), each covered property is billed the contracted ramp's units at
 * its rate, on the first of the month. Once per property and month however many instances run the pass (the bills'
 * unique key); the engine not answering bills nothing and the next pass tries again.
 */
export function createMonthlyBulkBills(deps: {
  db: Db;
  clock: Clock;
  repo: Pick<TechAmenitiesRepository, 'agreementAccounts' | 'agreement'>;
  bulkBilling: Pick<BulkBilling, 'bill' | 'lastBilled'>;
}) {
  const { db, clock, repo, bulkBilling } = deps;
  return {
    /** One pass; returns the bills made. */
    async runMonthlyBills(): Promise<number> {
      const now = clock.now();
      let made = 0;
      for (const { accountId, timeZone } of await repo.agreementAccounts(db)) {
        const record = await repo.agreement(db, accountId);
        if (!record) continue;
        const thisMonth = monthOf(dateInZone(now, timeZone));
        const term = { start: monthOf(record.agreement.termStart), end: monthOf(record.agreement.termEnd) };
        const through = thisMonth < term.end ? thisMonth : term.end;
        const last = await bulkBilling.lastBilled(db, accountId);
        for (const property of record.properties) {
          const billed = last.get(property.propertyId);
          const from = billed ? shiftMonth(billed, 1) : term.start;
          if (from > through) continue;
          const { steps, rateCents } = scheduleOf(record, property.propertyId);
          for (const month of monthRange(from, through)) {
            const bill = { accountId, propertyId: property.propertyId, month, rateCents };
            const at = startOfDayInZone(firstDayOf(month), timeZone);
            if (await bulkBilling.bill(db, { ...bill, units: rampUnitsIn(steps, month), at })) made += 1;
          }
        }
      }
      return made;
    },
  };
}

export type MonthlyBulkBills = ReturnType<typeof createMonthlyBulkBills>;

/**
 * The record of units activated (issue 22 item 6: the ramp ledger's past months): each pass counts each covered
 * property's units with access active (the community module's read, given in app.ts) and keeps it as this month's on
 * the account's calendar, so a month gone keeps the last count the pass saw in it.
 */
export function createRampActivationRecords(deps: {
  db: Db;
  clock: Clock;
  repo: Pick<TechAmenitiesRepository, 'agreementAccounts' | 'agreement' | 'recordActivations'>;
  unitStates: CommunityReads['unitStates'];
}) {
  const { db, clock, repo, unitStates } = deps;
  return {
    /** One pass; returns the properties recorded. */
    async runActivationRecords(): Promise<number> {
      const now = clock.now();
      let recorded = 0;
      for (const { accountId, timeZone } of await repo.agreementAccounts(db)) {
        const record = await repo.agreement(db, accountId);
        if (!record) continue;
        const month = firstDayOf(monthOf(dateInZone(now, timeZone)));
        if (month < record.agreement.termStart || month > record.agreement.termEnd) continue;
        const propertyIds = record.properties.map((property) => property.propertyId);
        const units = await unitStates(db, accountId, propertyIds);
        const rows = propertyIds.map((propertyId) => ({
          propertyId,
          accountId,
          month,
          activatedUnits: units.filter((unit) => unit.propertyId === propertyId && unit.access === 'active').length,
          recordedAt: now,
        }));
        await repo.recordActivations(db, rows);
        recorded += rows.length;
      }
      return recorded;
    },
  };
}
