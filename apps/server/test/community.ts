import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { accounts, properties } from '../src/db/schema';

/**
 * The community tests' ids (issue 22): Lakeside's account and its three properties (demo-data.md), and a property of
 * another account (Riverbend's; none is seeded) for the 404 of another account's id.
 */
export async function communityIds(db: Db) {
  const [lakeside] = await db.select().from(accounts).where(eq(accounts.companyName, 'Lakeside Apartments'));
  const [riverbend] = await db.select().from(accounts).where(eq(accounts.companyName, 'Riverbend Auto Repair'));
  const own = await db
    .select()
    .from(properties)
    .where(eq(properties.accountId, lakeside?.id as string));
  const byName = (name: string) => own.find((p) => p.name === name)?.id as string;
  const [foreign] = await db
    .insert(properties)
    .values({
      accountId: riverbend?.id as string,
      name: 'Riverbend Lofts',
      addressLine1: '1 River Rd',
      city: 'Orlando',
      state: 'FL',
      zip: '32801',
      units: 1,
    })
    .returning();
  return {
    lakeside: lakeside?.id as string,
    riverbend: riverbend?.id as string,
    north: byName('Lakeside North'),
    south: byName('Lakeside South'),
    commons: byName('Lakeside Commons'),
    foreign: foreign?.id as string,
  };
}
