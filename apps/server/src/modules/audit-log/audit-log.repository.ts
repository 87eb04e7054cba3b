import type { AuditArea } from '@vireo/shared';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { accounts, auditEvents, memberships, users } from '../../db/schema';
import { type Cursor, instantKeyset } from '../../platform/keyset';

export type AuditRow = typeof auditEvents.$inferSelect;

/** What narrows the log: always the account and the retention cutoff; the filters the reader chose. */
export type AuditFilter = {
  accountId: string;
  /** Entries before this instant are past retention: never listed, even before the job deletes them. */
  keptSince: Date;
  actor?: string | undefined;
  area?: AuditArea | undefined;
  /** The account's time zone days, inclusive. */
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
};

function conditions(f: AuditFilter): SQL[] {
  const where: SQL[] = [eq(auditEvents.accountId, f.accountId), gte(auditEvents.at, f.keptSince)];
  if (f.actor === 'guest' || f.actor === 'system') where.push(eq(auditEvents.actorKind, f.actor));
  else if (f.actor) where.push(eq(auditEvents.actorUserId, f.actor));
  if (f.area) where.push(eq(auditEvents.area, f.area));
  // a day of the account's time zone starts at its local midnight
  if (f.from) where.push(sql`${auditEvents.at} >= (${f.from}::date::timestamp at time zone ${f.timeZone})`);
  if (f.to) where.push(sql`${auditEvents.at} < ((${f.to}::date + 1)::timestamp at time zone ${f.timeZone})`);
  return where;
}

/** The audit log's reads and its retention (issue 18 item 6); entries are written by platform/audit.ts. */
export function createAuditLogRepository() {
  return {
    async timeZoneOf(ex: Executor, accountId: string): Promise<string> {
      const [row] = await ex.select({ timeZone: accounts.timeZone }).from(accounts).where(eq(accounts.id, accountId));
      return row?.timeZone ?? 'UTC';
    },

    /** A page newest first, keyset-paged over (at, id): the account's indexes, read backwards. */
    async list(ex: Executor, filter: AuditFilter, window: { cursor: Cursor | null; limit: number }) {
      const k = instantKeyset({ at: auditEvents.at, id: auditEvents.id }, window.cursor, conditions(filter));
      const rows = await ex
        .select()
        .from(auditEvents)
        .where(k.where)
        .orderBy(...k.order)
        .limit(window.limit + 1);
      const hasOtherSide = k.otherSide
        ? (await ex.select({ id: auditEvents.id }).from(auditEvents).where(k.otherSide).limit(1)).length > 0
        : false;
      return { rows, hasOtherSide };
    },

    /** The export: newest first, at most `limit` entries. */
    async newest(ex: Executor, filter: AuditFilter, limit: number) {
      return ex
        .select()
        .from(auditEvents)
        .where(and(...conditions(filter)))
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
