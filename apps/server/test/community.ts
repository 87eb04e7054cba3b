import { desc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { accounts, auditEvents, communityUnits, properties } from '../src/db/schema';

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

/**
 * Lakeside's units by name ("North 101": the property's name without "Lakeside ", then the number), with readers of a
 * unit's row and of its audit entries (newest first).
 */
export async function lakesideUnits(db: Db) {
  const [lakeside] = await db.select().from(accounts).where(eq(accounts.companyName, 'Lakeside Apartments'));
  const rows = await db
    .select({ id: communityUnits.id, number: communityUnits.number, property: properties.name })
    .from(communityUnits)
    .innerJoin(properties, eq(properties.id, communityUnits.propertyId))
    .where(eq(communityUnits.accountId, lakeside?.id as string));
  const ids = new Map(rows.map((r) => [`${r.property.replace('Lakeside ', '')} ${r.number}`, r.id]));
  const id = (name: string) => ids.get(name) as string;
  return {
    accountId: lakeside?.id as string,
    id,
    row: async (name: string) =>
      (
        await db
          .select()
          .from(communityUnits)
          .where(eq(communityUnits.id, id(name)))
      )[0],
    audits: (name: string) =>
      db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.targetId, id(name)))
        .orderBy(desc(auditEvents.at), desc(auditEvents.id)),
  };
}
