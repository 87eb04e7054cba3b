import { dateInZone } from '@vireo/shared';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/database';
import { createBillingService } from '../../modules/billing/billing.service';
import { fixedClock } from '../../platform/clock';
import * as t from '../schema';
import { seedDemoData } from './seed';

// `npm start` seeds on whatever day it is: month ends, leap days and year ends must all give the documented states.
const AWKWARD_DAYS = ['2027-01-09T13:00:00Z', '2028-02-29T13:00:00Z', '2027-03-31T13:00:00Z', '2026-12-31T23:30:00Z'];

it.each(AWKWARD_DAYS)('seeds the documented balances and states on %s', async (now) => {
  const database = await createTestDatabase();
  try {
    await seedDemoData(database.db, new Date(now));
    const billing = createBillingService({ db: database.db, clock: fixedClock(now) });
    const byName = async (name: string) => {
      const [row] = await database.db.select().from(t.accounts).where(eq(t.accounts.companyName, name));
      return billing.getSummary(row?.id ?? '');
    };
    const harbor = await byName('Harbor Coffee Co.');
    expect(harbor.amountDueCents).toBe(28_947);
    expect(harbor.pastDueCents).toBe(0);
    expect((harbor.latestStatement?.dueDate ?? '') > dateInZone(new Date(now), 'America/New_York')).toBe(true);
    const pinecrest = await byName('Pinecrest Dental');
    expect(pinecrest.pastDueCents).toBe(41_210);
    expect(pinecrest.delinquencyCode).toBe(43);
    const northgate = await byName('Northgate Clinic');
    expect(northgate.pastDueCents).toBe(65_500);
    expect(northgate.delinquencyCode).toBe(50);
  } finally {
    await database.close();
  }
});
