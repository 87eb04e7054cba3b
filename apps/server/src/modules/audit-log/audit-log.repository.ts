import type { AuditArea } from '@vireo/shared';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, auditEvents, memberships, users } from '../../db/schema';
import { type Cursor, instantKeyset } from '../../platform/keyset';

export type AuditRow = typeof auditEvents.$inferSelect;

/** What narrows the log: always the account and the retention cutoff; the filters the reader chose. */
export type AuditFilter = {
  accountId: string;
  actor?: string | undefined;
  area?: AuditArea | undefined;
  /** The oldest instant listed: the retention cutoff, or the start of the From day when later. */
  since: Date;
  /** The first instant past the To day (exclusive); null without one. */
  until: Date | null;
};

function conditions(f: AuditFilter): SQL[] {
  const where: SQL[] = [eq(auditEvents.accountId, f.accountId)];
  if (f.actor === 'guest' || f.actor === 'system') where.push(eq(auditEvents.actorKind, f.actor));
  else if (f.actor) where.push(eq(auditEvents.actorUserId, f.actor));
  if (f.area) where.push(eq(auditEvents.area, f.area));
  return where;
}

function bounds(f: AuditFilter, side: { lower: boolean; upper: boolean }): SQL[] {
  const where: SQL[] = [];
  if (side.lower) where.push(gte(auditEvents.at, f.since));
  if (side.upper && f.until) where.push(lt(auditEvents.at, f.until));
  return where;
}

/** The audit log's reads and its retention (issue 18 item 6); entries are written by platform/audit.ts. */
export function createAuditLogRepository() {
  return {
    /**
     * The account's time zone and the instants its From and To days start and end at (a day starts at its local
     * midnight), read in one statement.
     */
    async dayBounds(ex: Executor, accountId: string, from: string | undefined, to: string | undefined) {
      const [row] = await ex
        .select({
          timeZone: accounts.timeZone,
          fromAt: sql<
            string | null
          >`case when ${from ?? null}::date is null then null else (${from ?? null}::date::timestamp at time zone ${accounts.timeZone}) end`,
          toAt: sql<
            string | null
          >`case when ${to ?? null}::date is null then null else ((${to ?? null}::date + 1)::timestamp at time zone ${accounts.timeZone}) end`,
        })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      const instant = (value: string | Date | null | undefined) => (value ? new Date(value) : null);
      return { timeZone: row?.timeZone ?? 'UTC', fromAt: instant(row?.fromAt), toAt: instant(row?.toAt) };
    },

    /**
     * A page newest first, keyset-paged over (at, id): the account's indexes, read backwards. Each query names only
     * the bounds the cursor does not already imply, so the index is entered at the cursor, not at a date bound the
     * btree might prefer to start from (and walk to the cursor): a page deep in 200,000 entries costs what the first
     * does (the growth bench).
     */
    async list(ex: Executor, filter: AuditFilter, window: { cursor: Cursor | null; limit: number }) {
      const { cursor } = window;
      const k = instantKeyset({ at: auditEvents.at, id: auditEvents.id }, cursor, conditions(filter));
      const at = cursor ? new Date(cursor.date).getTime() : null;
      const older = cursor?.direction !== 'newer';
      const belowSince = at !== null && at < filter.since.getTime();
      const aboveUntil = at !== null && filter.until !== null && at >= filter.until.getTime();
      const main = bounds(filter, {
        lower: at === null || older || belowSince,
        upper: at === null || !older || aboveUntil,
      });
      const rows = await ex
        .select()
        .from(auditEvents)
        .where(and(k.where, ...main))
        .orderBy(...k.order)
        .limit(window.limit + 1);
      // the other side is read from the cursor outwards through the index too (without an order the planner may
      // pick a sequential scan, which in a log written in time order passes every older entry first)
      const outwards = older
        ? [asc(auditEvents.at), asc(auditEvents.id)]
        : [desc(auditEvents.at), desc(auditEvents.id)];
      const other = bounds(filter, { lower: !older || belowSince, upper: older || aboveUntil });
      const hasOtherSide = k.otherSide
        ? (
            await ex
              .select({ id: auditEvents.id })
              .from(auditEvents)
              .where(and(k.otherSide, ...other))
              .orderBy(...outwards)
              .limit(1)
          ).length > 0
        : false;
      return { rows, hasOtherSide };
    },

    /** The export: newest first, at most `limit` entries. */
    async newest(ex: Executor, filter: AuditFilter, limit: number) {
      return ex
        .select()
        .from(auditEvents)
        .where(and(...conditions(filter), ...bounds(filter, { lower: true, upper: true })))
        .orderBy(desc(auditEvents.at), desc(auditEvents.id))
        .limit(limit);
    },

    /** The account's users (for the user filter), by name. */
    async users(ex: Executor, accountId: string) {
      return ex
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: memberships.role })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(eq(memberships.accountId, accountId))
        .orderBy(users.firstName, users.lastName, users.id);
    },

    /** The names of users an entry acted on (the target of a users-area action), by id. */
    async namesOf(ex: Executor, ids: string[]) {
      if (ids.length === 0) return new Map<string, string>();
      const rows = await ex
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(inArray(users.id, ids));
      return new Map(rows.map((row) => [row.id, `${row.firstName} ${row.lastName}`.trim()]));
    },

    /** Deletes the entries past retention (every account); how many. */
    async deleteBefore(ex: Executor, cutoff: Date): Promise<number> {
      const deleted = await ex.delete(auditEvents).where(lt(auditEvents.at, cutoff)).returning({ id: auditEvents.id });
      return deleted.length;
    },
  };
}

export type AuditLogRepository = ReturnType<typeof createAuditLogRepository>;
