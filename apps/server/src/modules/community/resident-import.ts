import {
  AppError,
  IMPORT_CELL_COUNT,
  IMPORT_DATE_INVALID,
  IMPORT_DUPLICATE_UNIT,
  IMPORT_FORMULA,
  IMPORT_REQUIRED,
  IMPORT_UNKNOWN_PROPERTY,
  IMPORT_UNKNOWN_UNIT,
  MOVE_OUT_BEFORE_MOVE_IN,
  MOVE_OUT_PAST,
  PHONE_INVALID_CODE,
  RESIDENT_IMPORT_COLUMNS,
  RESIDENT_IMPORT_OUTCOMES,
  type ResidentImportColumn,
  type ResidentImportReport,
  type ResidentImportRow,
  ResidentInputSchema,
} from '@vireo/shared';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Db, Executor } from '../../db/client';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { csv } from '../../platform/csv';
import type { AccountActor } from '../../plugins/auth';
import { validE164 } from '../profile/profile.service';
import type { CommunityRepository } from './community.repository';
import { type FileRow, readCell, readDate, readResidentFile } from './resident-file';
import { type CheckedResident, heldLease, moveOutInPast, residentChange, tenancyOf } from './tenancy';
import type { Found, UnitChanges } from './unit-changes';

type RowError = ResidentImportRow['errors'][number];
/** A row read against the account's units: its report line, and the unit and resident it sets when it has no error. */
type PlannedRow = { report: ResidentImportRow; found?: Found; next?: CheckedResident };

/** A unit by its property's name (any case) and its number (as the property writes it). */
const unitKey = (property: string, unit: string) => `${property.toLowerCase()}\u0000${unit}`;
const RESIDENT_COLUMNS = ['name', 'email', 'phone', 'move_in', 'move_out'] as const;
/** The resident's schema fields' columns in the file. */
const COLUMN_OF_FIELD: Record<string, ResidentImportColumn> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  moveIn: 'move_in',
  moveOut: 'move_out',
};

/**
 * One row checked (issue 22 item 4): its property and unit the account's, not named by an earlier row, no cell that
 * starts like a formula, the resident as the form checks it (ResidentInputSchema, the phone, dates in order and not a
 * past move-out), then what it would change.
 */
function planRow(row: FileRow, account: AccountUnits, seen: Map<string, number>, today: string): PlannedRow {
  const { cells } = row;
  const { units, properties } = account;
  const errors: RowError[] = [];
  const report = (
    outcome: ResidentImportRow['outcome'],
    changed: string[] = [],
    follows: string | null = null,
  ): ResidentImportRow => ({
    line: row.line,
    property: cells.property,
    unit: cells.unit,
    outcome,
    changed,
    follows,
    errors,
  });
  if (row.cellCount !== RESIDENT_IMPORT_COLUMNS.length) errors.push({ column: 'row', code: IMPORT_CELL_COUNT });
  const value = {} as Record<ResidentImportColumn, string>;
  for (const column of RESIDENT_IMPORT_COLUMNS) {
    const cell = readCell(cells[column], { phone: column === 'phone' });
    if (cell.formula) errors.push({ column, code: IMPORT_FORMULA });
    value[column] = cell.value;
  }
  const key = unitKey(value.property, value.unit);
  const found = units.get(key);
  if (value.property === '') errors.push({ column: 'property', code: IMPORT_REQUIRED });
  else if (!properties.has(value.property.toLowerCase()))
    errors.push({ column: 'property', code: IMPORT_UNKNOWN_PROPERTY });
  else if (!found) errors.push({ column: 'unit', code: value.unit === '' ? IMPORT_REQUIRED : IMPORT_UNKNOWN_UNIT });
  const firstLine = seen.get(key);
  if (found && firstLine !== undefined) errors.push({ column: 'unit', code: IMPORT_DUPLICATE_UNIT, firstLine });
  if (found && firstLine === undefined) seen.set(key, row.line);

  // a row without a resident changes nothing: a vacant unit stays so, and a resident leaves by the move-out date
  if (RESIDENT_COLUMNS.every((column) => value[column] === '')) {
    if (errors.length > 0 || !found) return { report: report('error') };
    return { report: report(found.unit.occupancy === 'vacant' ? 'unchanged' : 'skipped') };
  }
  const moveIn = value.move_in === '' ? null : readDate(value.move_in);
  const moveOut = value.move_out === '' ? null : readDate(value.move_out);
  if (value.name === '') errors.push({ column: 'name', code: IMPORT_REQUIRED });
  if (value.move_in === '') errors.push({ column: 'move_in', code: IMPORT_REQUIRED });
  else if (moveIn === null) errors.push({ column: 'move_in', code: IMPORT_DATE_INVALID });
  if (value.move_out !== '' && moveOut === null) errors.push({ column: 'move_out', code: IMPORT_DATE_INVALID });
  const phone = value.phone === '' ? null : validE164(value.phone);
  if (value.phone !== '' && phone === null) errors.push({ column: 'phone', code: PHONE_INVALID_CODE });
  const parsed = ResidentInputSchema.safeParse({
    name: value.name,
    email: value.email === '' ? null : value.email,
    phone: phone,
    moveIn: moveIn ?? today,
    moveOut,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = COLUMN_OF_FIELD[String(issue.path[0])] ?? 'row';
      // a cell already refused (empty, a formula) is said once
      if (errors.some((error) => error.column === column)) continue;
      const ruleCode = (issue as { params?: { fieldCode?: unknown } }).params?.fieldCode;
      errors.push({ column, code: typeof ruleCode === 'string' ? ruleCode : issue.code });
    }
  }
  if (moveIn !== null && moveOut !== null && moveOut < moveIn) {
    errors.push({ column: 'move_out', code: MOVE_OUT_BEFORE_MOVE_IN });
  } else if (found && moveOutInPast(heldLease(found, 'current'), moveOut, today)) {
    errors.push({ column: 'move_out', code: MOVE_OUT_PAST });
  }
  if (errors.length > 0 || !found || !parsed.success || moveIn === null) return { report: report('error') };
  const next: CheckedResident = { ...parsed.data, phone, moveIn, moveOut };
  // the unit's current lease, or the next one when it follows the current resident's move-out (tenancy.ts)
  const tenancy = tenancyOf(found, next, today);
  if (tenancy.kind === 'refused') {
    errors.push({ column: tenancy.field === 'moveIn' ? 'move_in' : 'move_out', code: tenancy.code });
    return { report: report('error') };
  }
  const { changed, newLease } = residentChange(heldLease(found, tenancy.kind), next);
  const follows = tenancy.kind === 'next' ? ((newLease ? tenancy.endsCurrent : null) ?? found.unit.moveOut) : null;
  if (changed.length === 0 && !newLease) return { report: report('unchanged', [], follows) };
  return { report: report(newLease ? 'new' : 'updated', changed, follows), found, next };
}

/** The account's units by property and number, and its properties' names (lower case). */
type AccountUnits = { units: Map<string, Found>; properties: Set<string> };

/** Checks every row of a file against the units it names (read, or locked, in `ex`). */
async function plan(
  ex: Executor,
  repo: ImportRepo,
  actor: AccountActor,
  rows: FileRow[],
  today: string,
  lock: boolean,
) {
  const named = {
    properties: [...new Set(rows.map((row) => readCell(row.cells.property).value.toLowerCase()))],
    numbers: [...new Set(rows.map((row) => readCell(row.cells.unit).value))],
  };
  const found = await repo.unitsWithProperty(ex, actor.accountId, { named, lock });
  // the properties' names, for a row's unknown property and unknown unit (its property known)
  const names = await repo.properties(ex, actor.accountId);
  const account: AccountUnits = {
    units: new Map(found.map((each) => [unitKey(each.propertyName, each.unit.number), each])),
    properties: new Set(names.map((property) => property.name.toLowerCase())),
  };
  const seen = new Map<string, number>();
  const planned = rows.map((row) => planRow(row, account, seen, today));
  const counts = Object.fromEntries(
    RESIDENT_IMPORT_OUTCOMES.map((outcome) => [outcome, 0]),
  ) as ResidentImportReport['counts'];
  for (const { report } of planned) counts[report.outcome] += 1;
  return { planned, counts };
}

type ImportRepo = Pick<CommunityRepository, 'unitsWithProperty' | 'properties'>;

/**
 * Residents imported from a CSV file (issue 22 item 4, wider-portal.md §10), for `community.manage`: the template (the
 * account's units with their residents now, so that a file filled from it and imported twice changes nothing the
 * second time), the dry run (every row's outcome or errors, nothing written) and the import: the same check with the
 * units locked, then, only when no row has an error, every change in one transaction (unit-changes.ts applyResident:
 * each unit's change audited and its lease jobs queued) and one `unit.residents_imported` entry with the counts.
 */
export function createResidentImport(deps: {
  db: Db;
  clock: Clock;
  repo: ImportRepo;
  audit: AuditRepository;
  unitChanges: Pick<UnitChanges, 'applyResident'>;
}) {
  const { db, clock, repo, audit, unitChanges } = deps;

  return {
    async template(actor: AccountActor): Promise<string> {
      const rows = await repo.unitsWithProperty(db, actor.accountId);
      return csv(
        [...RESIDENT_IMPORT_COLUMNS],
        rows.map(({ unit, propertyName }) => {
          const phone = unit.residentPhone ? parsePhoneNumberFromString(unit.residentPhone) : undefined;
          return [
            propertyName,
            unit.number,
            unit.residentName ?? '',
            unit.residentEmail ?? '',
            // a US number as people write it, with no leading + for the file to escape
            phone ? (phone.country === 'US' ? phone.formatNational() : phone.formatInternational()) : '',
            unit.moveIn ?? '',
            unit.moveOut ?? '',
          ];
        }),
      );
    },

    async dryRun(actor: AccountActor, bytes: Uint8Array): Promise<ResidentImportReport> {
      const rows = readResidentFile(bytes);
      const { planned, counts } = await plan(db, repo, actor, rows, clock.today(actor.timeZone), false);
      return { applied: false, counts, rows: planned.map(({ report }) => report) };
    },

    async apply(actor: AccountActor, bytes: Uint8Array): Promise<ResidentImportReport> {
      const rows = readResidentFile(bytes);
      const today = clock.today(actor.timeZone);
      return db.transaction(async (tx) => {
        const { planned, counts } = await plan(tx, repo, actor, rows, today, true);
        if (counts.error > 0) {
          // the dry run names them (a unit may have changed since the file was checked)
          throw new AppError('VALIDATION_FAILED', 'residents file has rows with errors', {
            details: { reason: 'rowErrors', rows: String(counts.error) },
          });
        }
        const now = clock.now();
        for (const { found, next } of planned) {
          if (found && next)
            await unitChanges.applyResident(tx, found, next, actor, { today, now }, { imported: true });
        }
        if (counts.new + counts.updated > 0) {
          await audit.record(tx, {
            at: now,
            accountId: actor.accountId,
            actorUserId: actor.userId,
            requestId: actor.requestId,
            action: 'unit.residents_imported',
            targetId: null,
            data: { rows: rows.length, new: counts.new, updated: counts.updated, unchanged: counts.unchanged },
          });
        }
        return { applied: true, counts, rows: planned.map((each) => each.report) };
      });
    },
  };
}

export type ResidentImport = ReturnType<typeof createResidentImport>;
