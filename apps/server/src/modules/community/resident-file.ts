import {
  AppError,
  RESIDENT_IMPORT_COLUMNS,
  RESIDENT_IMPORT_MAX_ROWS,
  type ResidentImportColumn,
  type ResidentImportFileProblem,
} from '@vireo/shared';
import { CsvError, parse } from 'csv-parse/sync';
import { FORMULA_START } from '../../platform/csv';

/** A row of a residents file: its line (the header is line 1) and its cells by column, trimmed. */
export type FileRow = { line: number; cells: Record<ResidentImportColumn, string>; cellCount: number };

function refused(reason: ResidentImportFileProblem, details: Record<string, string> = {}): never {
  throw new AppError('VALIDATION_FAILED', `residents file refused: ${reason}`, { details: { reason, ...details } });
}

/** A header cell as people write it: "Move in", "MOVE-IN" and "move_in" are the same column, "E-mail" is "email". */
const columnName = (cell: string) => {
  const name = cell
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return name === 'e_mail' ? 'email' : name;
};

/**
 * Reads a residents CSV file (issue 22 item 4) with csv-parse (ADR 037): UTF-8 only (a byte-order mark is allowed: a
 * spreadsheet's "CSV UTF-8"), a header naming the columns in any order, at most RESIDENT_IMPORT_MAX_ROWS rows; blank
 * rows are passed over. A whole file's refusal is 400 with `details.reason` (RESIDENT_IMPORT_FILE_PROBLEMS); each row's
 * own problems are the dry run's (resident-import.ts).
 */
export function readResidentFile(bytes: Uint8Array): FileRow[] {
  let text: string;
  try {
    // fatal: a byte that is not UTF-8 (a spreadsheet's "CSV" in Windows-1252) refuses the file, never U+FFFD in a name
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    refused('notUtf8');
  }
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // (`info: true`: each record with where it ended; csv-parse's types leave that shape out)
    records = parse(text, {
      info: true,
      relax_column_count: true,
      // a quote inside a cell that does not start with one is text (Bob "Bobby" Smith)
      relax_quotes: true,
      skip_empty_lines: true,
      // the header, the most rows allowed, and one more to know there are too many
      to: RESIDENT_IMPORT_MAX_ROWS + 2,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError)
      refused('malformed', { line: String((error as CsvError & { lines?: number }).lines ?? 0) });
    throw error;
  }
  const [header, ...rows] = records.filter(({ record }) => record.some((cell) => cell.trim() !== ''));
  if (!header) refused('empty');
  const names = header.record.map(columnName);
  const missing = RESIDENT_IMPORT_COLUMNS.filter((column) => !names.includes(column));
  const unexpected = names.filter(
    (name, index) => !(RESIDENT_IMPORT_COLUMNS as readonly string[]).includes(name) || names.indexOf(name) !== index,
  );
  if (missing.length > 0 || unexpected.length > 0) {
    // the error model's details are text: the columns comma-separated
    refused('wrongColumns', { missing: missing.join(','), unexpected: unexpected.join(',') });
  }
  if (rows.length > RESIDENT_IMPORT_MAX_ROWS) refused('tooManyRows', { max: String(RESIDENT_IMPORT_MAX_ROWS) });
  const at = new Map(names.map((name, index) => [name, index]));
  return rows.map(({ record, info }) => ({
    line: info.lines,
    cellCount: record.length,
    cells: Object.fromEntries(
      RESIDENT_IMPORT_COLUMNS.map((column) => [column, (record[at.get(column) ?? -1] ?? '').trim()]),
    ) as Record<ResidentImportColumn, string>,
  }));
}

/**
 * A cell as the import reads it: a cell the template escaped with an apostrophe ('=…, platform/csv.ts) loses the apostrophe; a cell
 * that then starts like a formula is refused (`formula: true`), except a telephone number's leading +.
 */
export function readCell(cell: string, options: { phone?: boolean } = {}): { value: string; formula: boolean } {
  const value = /^'[=+\-@]/.test(cell) ? cell.slice(1) : cell;
  if (options.phone && /^\+[\d\s(]/.test(value)) return { value, formula: false };
  return { value, formula: FORMULA_START.test(value) };
}

/**
 * A date as a spreadsheet leaves it: ISO (2027-03-01) or the US form (3/1/2027, 03/01/2027). Null when it is neither
 * or no such day.
 */
export function readDate(cell: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(cell);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(cell);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : us
      ? [Number(us[3]), Number(us[1]), Number(us[2])]
      : [0, 0, 0];
  if (year === 0) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}
