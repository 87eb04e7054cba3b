import { z } from 'zod';

/**
 * Residents imported from a CSV file (issue 22 item 4, wider-portal.md §10), for `community.manage`. The file is sent
 * as it is (`application/octet-stream`, UTF-8). The dry run reads every row and says what it would do, writing
 * nothing; the import does the same and, when no row has an error, applies every change in one transaction (a file
 * with one bad row changes nothing: 400 `rowErrors`). A second import of the same file finds nothing to change.
 */
/** GET: the file to fill in, the account's units with their residents as they are now (text/csv). */
export const RESIDENT_IMPORT_TEMPLATE_PATH = '/api/pub/community/v1/resident-imports/template';
/** POST the file: every row's outcome, nothing written. */
export const RESIDENT_IMPORT_DRY_RUN_PATH = '/api/pub/community/v1/resident-imports/dry-run';
/** POST the file: applied when no row has an error (200 with the report), else 400 `rowErrors`, nothing written. */
export const RESIDENT_IMPORTS_PATH = '/api/pub/community/v1/resident-imports';

/** The file's columns, in any order; a header row names them. */
export const RESIDENT_IMPORT_COLUMNS = ['property', 'unit', 'name', 'email', 'phone', 'move_in', 'move_out'] as const;
export type ResidentImportColumn = (typeof RESIDENT_IMPORT_COLUMNS)[number];
/** At most this many rows below the header. */
export const RESIDENT_IMPORT_MAX_ROWS = 10_000;
/** At most this many bytes: 10,000 rows of the longest values a column takes. */
export const RESIDENT_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Why a whole file is refused (400 VALIDATION_FAILED, `details.reason`), before any row is read: not UTF-8 text, no
 * header row, columns missing or not ours (`details.missing`, `details.unexpected`: comma-separated), more rows than
 * the maximum (`details.max`), or text that is not CSV (an unclosed quote: `details.line`). `rowErrors`: the import's
 * rows have errors (`details.rows` of them; the dry run names them), so nothing was written.
 */
export const RESIDENT_IMPORT_FILE_PROBLEMS = [
  'notUtf8',
  'empty',
  'wrongColumns',
  'tooManyRows',
  'malformed',
  'rowErrors',
] as const;
export type ResidentImportFileProblem = (typeof RESIDENT_IMPORT_FILE_PROBLEMS)[number];

/**
 * A row's error codes besides the resident's own (`resident.*`, `phone.invalid`, `text.cardNumberRefused`, zod's):
 * a property or unit the account does not have, a unit named twice, a cell that starts like a spreadsheet formula,
 * a date in neither accepted form, a row with more or fewer cells than the header, a required cell left empty.
 */
export const IMPORT_UNKNOWN_PROPERTY = 'import.unknownProperty';
export const IMPORT_UNKNOWN_UNIT = 'import.unknownUnit';
export const IMPORT_DUPLICATE_UNIT = 'import.duplicateUnit';
export const IMPORT_FORMULA = 'import.formula';
export const IMPORT_DATE_INVALID = 'import.dateInvalid';
export const IMPORT_CELL_COUNT = 'import.cellCount';
export const IMPORT_REQUIRED = 'import.required';

/**
 * What a row does: `new` (a new tenancy: a vacant unit's resident, or another move-in date), `updated` (the same
 * tenancy's details), `unchanged`, `skipped` (no resident in the row for an occupied unit: an import never removes a
 * resident, the move-out date does), `error` (nothing of the file is applied).
 */
export const RESIDENT_IMPORT_OUTCOMES = ['new', 'updated', 'unchanged', 'skipped', 'error'] as const;
export type ResidentImportOutcome = (typeof RESIDENT_IMPORT_OUTCOMES)[number];

export const ResidentImportRowSchema = z.object({
  /** The row's line in the file (the header is line 1). */
  line: z.number().int(),
  property: z.string(),
  unit: z.string(),
  outcome: z.enum(RESIDENT_IMPORT_OUTCOMES),
  /** The resident's details the row changes (`name`, `email`, `phone`, `moveIn`, `moveOut`). */
  changed: z.array(z.string()),
  /**
   * When the row's resident follows the unit's current one (the next tenancy): the current resident's last day, which
   * the row sets when their lease had no end. Null otherwise.
   */
  follows: z.nullable(z.iso.date()),
  /** The row's errors, each on its column (`row` for the row as a whole), with the line it repeats when a duplicate. */
  errors: z.array(z.object({ column: z.string(), code: z.string(), firstLine: z.number().int().optional() })),
});
export type ResidentImportRow = z.infer<typeof ResidentImportRowSchema>;

export const ResidentImportReportSchema = z.object({
  /** Whether the changes were written (the import without errors); a dry run never writes. */
  applied: z.boolean(),
  counts: z.object(
    Object.fromEntries(RESIDENT_IMPORT_OUTCOMES.map((outcome) => [outcome, z.number().int()])) as Record<
      ResidentImportOutcome,
      z.ZodNumber
    >,
  ),
  rows: z.array(ResidentImportRowSchema),
});
export type ResidentImportReport = z.infer<typeof ResidentImportReportSchema>;
