import { addDays, type IsoDate, type SERVICE_KEYS, startOfDayInZone } from '@vireo/shared';
import { billedUnitNumbers } from '../../modules/billing-system/bulk-billing';
import {
  firstDayOf,
  lastDayOf,
  monthOf,
  monthRange,
  rampUnitsIn,
  shiftMonth,
} from '../../modules/tech-amenities/months';
import type { Tx } from '../client';
import * as t from '../schema';
import { idFrom } from './ids';

type ServiceKey = (typeof SERVICE_KEYS)[number];

/**
 * The bulk agreement of a persona with properties (demo-data.md, Lakeside Apartments: "a 5-year bulk agreement in its
 * second year with a ramp for Lakeside Commons (leasing up: 30 of 48 units billed this month, 26 activated)"; issue 22
 * item 6, wider-portal.md §10). The term began on the first of the month 14 months before this one (month 15 of 60).
 */
const TERM_MONTHS = 60;
const TERM_STARTED_MONTHS_AGO = 14;
const AGREEMENT = { referenceSuffix: '0473', autoRenews: true, renewalTermMonths: 12, noticeDays: 90 };
/** The rates per unit per month: $30 Internet and $20 TV ($7,800 a month once all 156 units are billed). */
const RATES: Partial<Record<ServiceKey, number>> = { INTERNET: 3_000, VIDEO: 2_000 };
/** How the billing engine names and files each service's bulk charge on the statement. */
const CHARGE_OF: Partial<Record<ServiceKey, { category: 'internet' | 'tv'; name: string }>> = {
  INTERNET: { category: 'internet', name: 'Bulk Internet' },
  VIDEO: { category: 'tv', name: 'Bulk TV' },
};

/**
 * Each property's units contracted and ramp steps, by name: `[months from this one, units billed from then]`.
 * North and South are billed in full from the start; Commons leases up: 30 this month, rising to 48.
 */
const PLANS: Record<string, { unitsContracted: number; ramp: [number, number][] }> = {
  'Lakeside North': { unitsContracted: 48, ramp: [[-TERM_STARTED_MONTHS_AGO, 48]] },
  'Lakeside South': { unitsContracted: 60, ramp: [[-TERM_STARTED_MONTHS_AGO, 60]] },
  // biome-ignore format: a ramp reads best as one line of steps
  'Lakeside Commons': { unitsContracted: 48, ramp: [[-14, 4], [-12, 8], [-10, 12], [-8, 16], [-6, 20], [-4, 24], [-2, 27], [0, 30], [1, 34], [2, 38], [3, 42], [4, 46], [5, 48]] },
};

/**
 * The agreement, its properties' rates and ramps (the portal's record), and the billing engine's bills of every month
 * of the term so far (its own record, modules/billing-system/bulk-billing.ts): each month the ramp's units, by number
 * from the first unit up (so this month's 30 at Commons are its 26 activated units and 4 of the 10 waiting), at the
 * rates. The account's statements bill the same: each ramp step is a recurring charge per service, in effect from
 * its month's first day to the day before the next step (the term's last day for the last), so a statement whose
 * period crosses a step has the two prorated, as the engine bills a change of quantity mid-cycle. Ids are made from
 * names (no faker draw: the other demo data stays).
 */
export async function seedTechAmenities(
  tx: Tx,
  options: { accountId: string; properties: { id: string; name: string }[]; today: IsoDate; timeZone: string },
): Promise<void> {
  const { accountId, today, timeZone } = options;
  const covered = options.properties.filter((property) => PLANS[property.name]);
  if (covered.length === 0) return;
  const thisMonth = monthOf(today);
  const startMonth = shiftMonth(thisMonth, -TERM_STARTED_MONTHS_AGO);
  const termStart = firstDayOf(startMonth);
  const agreementId = idFrom(`bulk-agreement:${accountId}`);
  await tx.insert(t.bulkAgreements).values({
    id: agreementId,
    accountId,
    reference: `BSA-${termStart.slice(0, 4)}-${AGREEMENT.referenceSuffix}`,
    termStart,
    termEnd: lastDayOf(shiftMonth(startMonth, TERM_MONTHS - 1)),
    autoRenews: AGREEMENT.autoRenews,
    renewalTermMonths: AGREEMENT.renewalTermMonths,
    noticeDays: AGREEMENT.noticeDays,
    signedOn: addDays(termStart, -30),
  });
  const rateCents = Object.values(RATES).reduce((sum, rate) => sum + rate, 0);
  for (const property of covered) {
    const plan = PLANS[property.name] as (typeof PLANS)[string];
    const propertyId = property.id;
    await tx.insert(t.bulkAgreementProperties).values({
      propertyId,
      agreementId,
      accountId,
      unitsContracted: plan.unitsContracted,
    });
    await tx.insert(t.bulkAgreementRates).values(
      (Object.entries(RATES) as [ServiceKey, number][]).map(([service, rate]) => ({
        propertyId,
        accountId,
        service,
        rateCents: rate,
      })),
    );
    const steps = plan.ramp.map(([offset, units]) => ({ month: shiftMonth(thisMonth, offset), units }));
    await tx
      .insert(t.bulkAgreementRampSteps)
      .values(steps.map((step) => ({ propertyId, accountId, startsOn: firstDayOf(step.month), units: step.units })));
    // what the statements bill: each step's units at each service's rate, while the step is in effect
    await tx.insert(t.recurringCharges).values(
      steps.flatMap((step, index) => {
        const next = steps[index + 1];
        const endsOn = next ? addDays(firstDayOf(next.month), -1) : lastDayOf(shiftMonth(startMonth, TERM_MONTHS - 1));
        return (Object.entries(RATES) as [ServiceKey, number][]).flatMap(([service, rate]) => {
          const charge = CHARGE_OF[service];
          if (!charge) return [];
          return [
            {
              id: idFrom(`bulk-charge:${property.name}:${step.month}:${service}`),
              accountId,
              category: charge.category,
              kind: 'monthly_service' as const,
              description: `${charge.name}, ${property.name} (${step.units} units)`,
              amountCents: step.units * rate,
              startsOn: firstDayOf(step.month),
              endsOn,
            },
          ];
        });
      }),
    );
    // the billing engine's bills, from the term's first month to this one
    await tx.insert(t.bulkBills).values(
      monthRange(startMonth, thisMonth).map((month) => {
        const units = rampUnitsIn(steps, month);
        return {
          id: idFrom(`bulk-bill:${property.name}:${month}`),
          accountId,
          propertyId,
          month: firstDayOf(month),
          units: billedUnitNumbers(units),
          amountCents: units * rateCents,
          billedAt: startOfDayInZone(firstDayOf(month), timeZone),
        };
      }),
    );
  }
}
