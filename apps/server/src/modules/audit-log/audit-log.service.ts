import {
  AppError,
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_RETENTION_DAYS,
  type AuditEntry,
  type AuditLogExportQuery,
  type AuditLogPage,
  type AuditLogQuery,
  compareDates,
  dateInZone,
  isIsoDate,
  type Locale,
  parsePortalRole,
} from '@vireo/shared';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { decodeCursor, toPage } from '../../platform/keyset';
import type { AuditFilter, AuditLogRepository, AuditRow } from './audit-log.repository';
import { renderAuditCsv } from './audit-log-csv';

const DAY_MS = 86_400_000;
const DEFAULT_LIMIT = 25;

export type AuditLogDeps = { db: Db; clock: Clock; repo: AuditLogRepository };

/** The signed-in PRIMARY or ADMIN reading their own account's log. */
export type AuditLogReader = { accountId: string };

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
const cents = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);

/**
 * What an entry acted on, as a person reads it (never an id): for the users area the person's name (or the e-mail an
 * invitation went to), for security the passkey's name, else the payment method's, plan's or device's label the entry recorded; and an amount when it has one
 * (a payment's, or a pay link's cap).
 */
export function targetOf(row: AuditRow, names: Map<string, string>): AuditEntry['target'] {
  const data = row.data ?? {};
  const person = row.area === 'users' && row.targetId ? (names.get(row.targetId) ?? null) : null;
  const label =
    row.area === 'users'
      ? (person ?? text(data.name) ?? text(data.email) ?? text(data.username))
      : row.area === 'security'
        ? text(data.name) // a passkey's name
        : (text(data.method) ?? text(data.plan) ?? text(data.device));
  return { label, amountCents: cents(data.amountCents) ?? cents(data.capCents) };
}

export function entryOf(row: AuditRow, names: Map<string, string>): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: {
      kind: row.actorKind,
      userId: row.actorKind === 'user' ? row.actorUserId : null,
      name: row.actorKind === 'user' ? row.actorName : null,
      role: row.actorRole ? parsePortalRole(row.actorRole) : null,
    },
    action: row.action,
    area: row.area,
    target: targetOf(row, names),
    result: row.result,
    ipPrefix: row.ipPrefix,
    browser: row.userAgent,
  };
}

function checkRange(query: { from?: string | undefined; to?: string | undefined }) {
  // the schema's ISO format lets through dates no calendar has (year 0): refused here, not by the database
  for (const field of ['from', 'to'] as const) {
    const value = query[field];
    if (value !== undefined && !isIsoDate(value)) {
      throw new AppError('VALIDATION_FAILED', `${field} is not a calendar date`, {
        fields: [{ path: `querystring.${field}`, code: 'invalid_date' }],
      });
    }
  }
  if (query.from && query.to && compareDates(query.from, query.to) > 0) {
    throw new AppError('VALIDATION_FAILED', 'from is after to', {
      fields: [{ path: 'querystring.from', code: 'too_big' }],
    });
  }
}

/**
 * The customer-visible audit log (issue 18 item 6, wider-portal.md §4): the reader's own account only, newest first,
 * entries of the last `AUDIT_RETENTION_DAYS` days only (older ones are deleted by the background work, `purgeExpired`).
 */
export function createAuditLogService({ db, clock, repo }: AuditLogDeps) {
  const keptSince = () => new Date(clock.now().getTime() - AUDIT_RETENTION_DAYS * DAY_MS);

  async function filterOf(reader: AuditLogReader, query: AuditLogExportQuery): Promise<AuditFilter> {
    checkRange(query);
    const days = await repo.dayBounds(db, reader.accountId, query.from, query.to);
    const kept = keptSince();
    return {
      accountId: reader.accountId,
      actor: query.actor,
      area: query.area,
      since: days.fromAt && days.fromAt > kept ? days.fromAt : kept,
      // no entry is later than now: a later end bounds nothing (and the day after 9999-12-31, year 10000, is no
      // instant the database takes: the fuzzer found a 500)
      until: days.toAt && days.toAt <= clock.now() ? days.toAt : null,
    };
  }

  async function entriesOf(rows: AuditRow[]) {
    const targets = rows.filter((row) => row.area === 'users' && row.targetId).map((row) => row.targetId as string);
    const uuids = targets.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
    const names = await repo.namesOf(db, [...new Set(uuids)]);
    return rows.map((row) => entryOf(row, names));
  }

  let purgedOn: string | null = null;

  return {
    async list(reader: AuditLogReader, query: AuditLogQuery): Promise<AuditLogPage> {
      const filter = await filterOf(reader, query);
      const window = { cursor: decodeCursor(query.cursor), limit: query.limit ?? DEFAULT_LIMIT };
      const [{ rows, hasOtherSide }, users] = await Promise.all([
        repo.list(db, filter, window),
        repo.users(db, reader.accountId),
      ]);
      const page = toPage(rows, { ...window, dateOf: (row) => row.at.toISOString(), hasOtherSide });
      return { ...page, items: await entriesOf(page.items), users };
    },

    /** The CSV export: the same filters, newest first, at most `AUDIT_EXPORT_MAX_ROWS` entries. */
    async exportCsv(reader: AuditLogReader, query: AuditLogExportQuery, locale: Locale): Promise<string> {
      const filter = await filterOf(reader, query);
      const rows = await repo.newest(db, filter, AUDIT_EXPORT_MAX_ROWS);
      return renderAuditCsv(await entriesOf(rows), locale);
    },

    /**
     * wider-portal.md §4: entries are kept 400 days. Deletes what is older, once a day of the billing clock per process
     * (the background pass runs every minute); any instance may run it, the delete is idempotent.
     */
    async purgeExpired(): Promise<number> {
      const today = dateInZone(clock.now(), 'UTC');
      if (purgedOn === today) return 0;
      const deleted = await repo.deleteBefore(db, keptSince());
      purgedOn = today;
      return deleted;
    },
  };
}

export type AuditLogService = ReturnType<typeof createAuditLogService>;
