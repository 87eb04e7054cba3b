import type { PropertyRampLedger } from '@vireo/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInApp } from '../../../test/signed-in-app';
import { accounts, bulkBills, communityUnits, properties, rampActivations } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * The billing engine's monthly bulk bills (issue 22 item 6, wider-portal.md §10), by the background pass: the seed's
 * bills run through this month, so nothing is billed until the month turns on Lakeside's calendar (Charlotte); then
 * each property once, the ramp's units at its rate (Commons leasing up: 34 next month), not twice; the engine not
 * answering bills nothing until it answers again; the ramp ledger then shows the new month's bill. Each pass records
 * the units activated this month, so a month gone keeps the last count (the ledger's past months).
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });
const pass = () => portal.app().portal.services.background.run();
/** Lakeside's rate per unit per month: Internet $30 and TV $20 (the seed's). */
const RATE_CENTS = 5_000;

/** The units activated recorded for a month, by property name. */
async function activatedIn(month: string) {
  const rows = await portal
    .database()
    .db.select({ property: properties.name, units: rampActivations.activatedUnits })
    .from(rampActivations)
    .innerJoin(properties, eq(properties.id, rampActivations.propertyId))
    .where(eq(rampActivations.month, month));
  return Object.fromEntries(rows.map((row) => [row.property, row.units]));
}

async function billsOf(month: string) {
  const { db } = portal.database();
  const [lakeside] = await db.select().from(accounts).where(eq(accounts.companyName, 'Lakeside Apartments'));
  const rows = await db
    .select({ property: properties.name, units: bulkBills.units, amountCents: bulkBills.amountCents })
    .from(bulkBills)
    .innerJoin(properties, eq(properties.id, bulkBills.propertyId))
    .where(and(eq(bulkBills.accountId, lakeside?.id as string), eq(bulkBills.month, month)));
  return Object.fromEntries(rows.map((row) => [row.property, row]));
}

describe("the billing engine's monthly bulk bills", () => {
  it('bills each property once when the month turns, the ramp at its rate; not while the engine is down', async () => {
    await pass();
    expect(await billsOf('2026-12-01')).toEqual({});
    // the units activated are recorded as November's: Commons' 26 (demo-data.md); a later pass in the month replaces
    // the count (one of them suspended)
    expect(await activatedIn('2026-11-01')).toMatchObject({ 'Lakeside Commons': 26, 'Lakeside North': 47 });
    const { db } = portal.database();
    const [commons] = await db.select().from(properties).where(eq(properties.name, 'Lakeside Commons'));
    const [one] = await db
      .select()
      .from(communityUnits)
      .where(and(eq(communityUnits.propertyId, commons?.id as string), eq(communityUnits.access, 'active')))
      .limit(1);
    await db
      .update(communityUnits)
      .set({ access: 'suspended' })
      .where(eq(communityUnits.id, one?.id as string));
    clock.advance(60_000);
    await pass();
    expect((await activatedIn('2026-11-01'))['Lakeside Commons']).toBe(25);
    // the last evening of November in Charlotte (already December 1 in UTC): still nothing
    clock.set('2026-12-01T03:00:00Z');
    await pass();
    expect(await billsOf('2026-12-01')).toEqual({});

    // December 1 in Charlotte, the engine down: nothing, and the pass says it failed
    clock.set('2026-12-01T06:00:00Z');
    portal.app().portal.services.billingSystem.faults.set('bulkBilling', 1);
    await expect(pass()).rejects.toThrow(/bulkBills/);
    expect(await billsOf('2026-12-01')).toEqual({});
    await pass();
    const december = await billsOf('2026-12-01');
    expect(Object.keys(december).sort()).toEqual(['Lakeside Commons', 'Lakeside North', 'Lakeside South']);
    expect(december['Lakeside North']).toMatchObject({ amountCents: 48 * RATE_CENTS });
    expect(december['Lakeside North']?.units).toHaveLength(48);
    expect(december['Lakeside Commons']).toMatchObject({ amountCents: 34 * RATE_CENTS });
    expect(december['Lakeside Commons']?.units.slice(-2)).toEqual(['133', '134']);
    await pass();
    expect(await billsOf('2026-12-01')).toEqual(december);

    // the ramp ledger's December: this month now, with the engine's bill; November keeps its last count
    const manager = await portal.as('lakeside-manager');
    const ledger = await manager.request({ url: `/api/pub/tech-amenities/v1/properties/${commons?.id}/ramp-ledger` });
    expect(ledger.statusCode, ledger.body).toBe(200);
    const months = ledger.json<PropertyRampLedger>().months;
    expect(months.find((row) => row.month === '2026-12')).toMatchObject({
      kind: 'current',
      rampUnits: 34,
      billedUnits: 34,
      activatedUnits: 25,
      amountCents: 34 * RATE_CENTS,
    });
    expect(months.find((row) => row.month === '2026-11')).toMatchObject({ kind: 'past', activatedUnits: 25 });
    // before the record began: not known
    expect(months.find((row) => row.month === '2026-10')).toMatchObject({ kind: 'past', activatedUnits: null });
  });
});
