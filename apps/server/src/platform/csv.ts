/**
 * CSV files (spec §3 downloads, the audit log's export). RFC 4180: CRLF line ends, fields with a quote, comma or line
 * break are quoted and quotes doubled. A UTF-8 BOM comes first so that spreadsheet programs read accents as UTF-8.
 */
export const CSV_BOM = '\uFEFF';
const EOL = '\r\n';

/** A cell we computed as a number (an amount): never prefixed, so `-5.00` stays a number for the spreadsheet. */
export type NumberCell = { number: string };
export type Cell = string | NumberCell;

/** The characters a spreadsheet starts a formula with (CSV injection, OWASP), a tab and a carriage return included. */
export const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One CSV field. Text that a spreadsheet would run as a formula (starting with = + - @, tab or CR: OWASP "CSV
 * injection") gets a leading apostrophe; descriptions, names and labels can carry user-influenced text.
 */
export function csvField(cell: Cell): string {
  const text = typeof cell === 'string' ? (FORMULA_START.test(cell) ? `'${cell}` : cell) : cell.number;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A whole file: the BOM, the header row, then the rows. */
export function csv(header: string[], rows: Cell[][]): string {
  let out = CSV_BOM + header.map(csvField).join(',') + EOL;
  for (const row of rows) out += row.map(csvField).join(',') + EOL;
  return out;
}
