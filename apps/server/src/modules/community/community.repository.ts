import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { communityNextTenancies, communityUnits, properties } from '../../db/schema';
import { type Cursor, textKeyset } from '../../platform/keyset';

export type PropertyRow = typeof properties.$inferSelect;
export type UnitRow = typeof communityUnits.$inferSelect;
export type NextTenancyRow = typeof communityNextTenancies.$inferSelect;
/** What a change of a unit may set (the table's check keeps an occupied unit's resident whole, a vacant one empty). */
export type UnitChange = Partial<
  Pick<UnitRow, 'occupancy' | 'access' | 'residentName' | 'residentEmail' | 'residentPhone' | 'moveIn' | 'moveOut'>
>;
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

    /**
     * The units of some of the account's properties by property and number, with their occupancy and access only
     * (issue 22 item 6: the ramp ledger's units activated and its flags, tech-amenities.service.ts, given this read in
     * app.ts); read through the property's index.
     */
    async unitStates(ex: Executor, accountId: string, propertyIds: readonly string[]) {
      if (propertyIds.length === 0) return [];
      return ex
        .select({
          propertyId: communityUnits.propertyId,
          number: communityUnits.number,
          occupancy: communityUnits.occupancy,
          access: communityUnits.access,
        })
        .from(communityUnits)
        .where(and(eq(communityUnits.accountId, accountId), inArray(communityUnits.propertyId, [...propertyIds])))
        .orderBy(asc(communityUnits.propertyId), asc(communityUnits.number));
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

    /** One of the account's units with its property's name; `lock` holds the unit's row to the transaction's end. */
    async unit(ex: Executor, accountId: string, unitId: string, options: { lock?: boolean } = {}) {
      const query = ex
        .select({ unit: communityUnits, propertyName: properties.name, next: communityNextTenancies })
        .from(communityUnits)
        .innerJoin(properties, eq(properties.id, communityUnits.propertyId))
        .leftJoin(communityNextTenancies, eq(communityNextTenancies.unitId, communityUnits.id))
        .where(and(eq(communityUnits.accountId, accountId), eq(communityUnits.id, unitId)));
      const [row] = options.lock ? await query.for('update', { of: communityUnits }) : await query;
      return row ?? null;
    },

    /**
     * The account's units with their property's name, by property and number: all of them (the import's template) or
     * those an import's file names (its properties' names in lower case, its unit numbers: read through the property's
     * number index, however many units the property has); `lock` holds them to the transaction's end.
     */
    async unitsWithProperty(
      ex: Executor,
      accountId: string,
      options: { named?: { properties: readonly string[]; numbers: readonly string[] }; lock?: boolean } = {},
    ): Promise<{ unit: UnitRow; propertyName: string; next: NextTenancyRow | null }[]> {
      const filter: SQL[] = [eq(communityUnits.accountId, accountId)];
      if (options.named) {
        if (options.named.properties.length === 0 || options.named.numbers.length === 0) return [];
        filter.push(inArray(sql`lower(${properties.name})`, [...options.named.properties]));
        filter.push(inArray(communityUnits.number, [...options.named.numbers]));
      }
      const query = ex
        .select({ unit: communityUnits, propertyName: properties.name, next: communityNextTenancies })
        .from(communityUnits)
        .innerJoin(properties, eq(properties.id, communityUnits.propertyId))
        .leftJoin(communityNextTenancies, eq(communityNextTenancies.unitId, communityUnits.id))
        .where(and(...filter))
        .orderBy(asc(properties.name), asc(communityUnits.number), asc(communityUnits.id));
      return options.lock ? query.for('update', { of: communityUnits }) : query;
    },

    /** Changes a unit: its access, its resident (all five fields, or none for a vacant unit), or both. */
    async update(ex: Executor, unitId: string, change: UnitChange, now: Date): Promise<UnitRow> {
      const [row] = await ex
        .update(communityUnits)
        .set({ ...change, updatedAt: now })
        .where(eq(communityUnits.id, unitId))
        .returning();
      if (!row) throw new Error(`unit ${unitId} vanished in its own transaction`);
      return row;
    },

    /** A unit's next tenancy set (a new one, or the planned one replaced). */
    async setNext(ex: Executor, next: NextTenancyRow): Promise<NextTenancyRow> {
      const { unitId, ...rest } = next;
      const [row] = await ex
        .insert(communityNextTenancies)
        .values(next)
        .onConflictDoUpdate({ target: communityNextTenancies.unitId, set: rest })
        .returning();
      return row as NextTenancyRow;
    },

    /** A unit's next tenancy gone (it became the unit's resident). */
    async clearNext(ex: Executor, unitId: string): Promise<void> {
      await ex.delete(communityNextTenancies).where(eq(communityNextTenancies.unitId, unitId));
    },
  };
}

export type CommunityRepository = ReturnType<typeof createCommunityRepository>;
