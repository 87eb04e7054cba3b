import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { communityUnits, properties } from '../../db/schema';
import { type Cursor, textKeyset } from '../../platform/keyset';

export type PropertyRow = typeof properties.$inferSelect;
export type UnitRow = typeof communityUnits.$inferSelect;
export type UnitCounts = { units: number; occupied: number; vacant: number; suspended: number; inactive: number };

/**
 * The community variant's properties and units (issue 22 items 2-3, wider-portal.md §10). Every read is scoped by the
 * account: another account's property or unit is simply not found.
 */
export function createCommunityRepository() {
  return {
    /** The account's properties, by name. */
    async properties(ex: Executor, accountId: string): Promise<PropertyRow[]> {
      return ex
        .select()
        .from(properties)
        .where(eq(properties.accountId, accountId))
        .orderBy(asc(properties.name), asc(properties.id));
    },

    /** Each of the account's properties' unit counts, in one pass over its units (a property without any is absent). */
    async unitCounts(ex: Executor, accountId: string): Promise<Map<string, UnitCounts>> {
      const rows = await ex
        .select({
          propertyId: communityUnits.propertyId,
          units: sql<number>`count(*)::int`,
          occupied: sql<number>`(count(*) filter (where ${communityUnits.occupancy} = 'occupied'))::int`,
          vacant: sql<number>`(count(*) filter (where ${communityUnits.occupancy} = 'vacant'))::int`,
          suspended: sql<number>`(count(*) filter (where ${communityUnits.access} = 'suspended'))::int`,
          inactive: sql<number>`(count(*) filter (where ${communityUnits.access} = 'inactive'))::int`,
        })
        .from(communityUnits)
        .where(eq(communityUnits.accountId, accountId))
        .groupBy(communityUnits.propertyId);
      return new Map(rows.map(({ propertyId, ...counts }) => [propertyId, counts]));
    },

    async property(ex: Executor, accountId: string, propertyId: string): Promise<PropertyRow | null> {
      const [row] = await ex
        .select()
        .from(properties)
        .where(and(eq(properties.accountId, accountId), eq(properties.id, propertyId)));
      return row ?? null;
    },

    /** A property's units by number (then id), keyset-paged, narrowed by occupancy and access. */
    async units(
      ex: Executor,
      accountId: string,
      propertyId: string,
      query: { occupancy?: string | undefined; access?: string | undefined; cursor: Cursor | null; limit: number },
    ) {
      const filter: SQL[] = [eq(communityUnits.propertyId, propertyId), eq(communityUnits.accountId, accountId)];
      if (query.occupancy) filter.push(eq(communityUnits.occupancy, query.occupancy));
      if (query.access) filter.push(eq(communityUnits.access, query.access));
      const k = textKeyset({ key: sql`${communityUnits.number}`, id: communityUnits.id }, query.cursor, filter);
      const rows = await ex
        .select()
        .from(communityUnits)
        .where(k.where)
        .orderBy(...k.order)
        .limit(query.limit + 1);
      const hasOtherSide = k.otherSide
        ? (await ex.select({ id: communityUnits.id }).from(communityUnits).where(k.otherSide).limit(1)).length > 0
        : false;
      return { rows, hasOtherSide };
    },

    /** One of the account's units with its property's name. */
    async unit(ex: Executor, accountId: string, unitId: string) {
      const [row] = await ex
        .select({ unit: communityUnits, propertyName: properties.name })
        .from(communityUnits)
        .innerJoin(properties, eq(properties.id, communityUnits.propertyId))
        .where(and(eq(communityUnits.accountId, accountId), eq(communityUnits.id, unitId)));
      return row ?? null;
    },
  };
}

export type CommunityRepository = ReturnType<typeof createCommunityRepository>;
