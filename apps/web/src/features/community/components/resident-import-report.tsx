import {
  IMPORT_CELL_COUNT,
  IMPORT_DATE_INVALID,
  IMPORT_DUPLICATE_UNIT,
  IMPORT_FORMULA,
  IMPORT_REQUIRED,
  IMPORT_UNKNOWN_PROPERTY,
  IMPORT_UNKNOWN_UNIT,
  RESIDENT_NAME_MAX,
  RESIDENT_PHONE_MAX,
  type ResidentImportRow,
} from '@vireo/shared';
import { memo, useMemo, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import { formatCalendarDate } from '../../../lib/dates';
import type { MessageId } from '../../../messages';
import type { ResidentImportReport } from '../api/resident-import';
import { RESIDENT_CODES, RESIDENT_FALLBACK, RESIDENT_FIELD_LABELS, type ResidentField } from '../utils/resident-words';

/** Rows the report shows at first, and more at a time. */
const ROWS_SHOWN = 100;

/** A row's own error codes in words (the resident's: resident-words.ts). */
const IMPORT_CODES: Record<string, MessageId> = {
  [IMPORT_UNKNOWN_PROPERTY]: 'community.import.error.unknownProperty',
  [IMPORT_UNKNOWN_UNIT]: 'community.import.error.unknownUnit',
  [IMPORT_DUPLICATE_UNIT]: 'community.import.error.duplicateUnit',
  [IMPORT_FORMULA]: 'community.import.error.formula',
  [IMPORT_DATE_INVALID]: 'community.import.error.date',
  [IMPORT_CELL_COUNT]: 'community.import.error.cellCount',
  [IMPORT_REQUIRED]: 'community.import.error.required',
  too_big: 'community.import.error.tooLong',
};

/** The longest text a column takes (the resident's rules: ResidentInputSchema; the e-mail's, EmailAddressSchema's). */
const MAX_LENGTHS: Record<string, number> = { name: RESIDENT_NAME_MAX, email: 254, phone: RESIDENT_PHONE_MAX };

/** The file's columns as the report names them: the resident's fields' labels, the property, the unit, the row. */
const COLUMN_FIELDS: Record<string, ResidentField> = { move_in: 'moveIn', move_out: 'moveOut' };
const OTHER_COLUMNS: Record<string, MessageId> = {
  property: 'community.import.column.property',
  unit: 'community.import.column.unit',
  row: 'community.import.column.row',
};

function columnLabel(intl: IntlShape, column: string): string {
  const field = (COLUMN_FIELDS[column] ?? column) as ResidentField;
  const id = RESIDENT_FIELD_LABELS[field] ?? OTHER_COLUMNS[column] ?? 'community.import.column.row';
  return intl.formatMessage({ id });
}

/** One error in words: its column, then what is wrong ("Move-out date: can't be before the move-in date."). */
function errorWords(intl: IntlShape, error: ResidentImportRow['errors'][number]): string {
  const field = (COLUMN_FIELDS[error.column] ?? error.column) as ResidentField;
  const id =
    IMPORT_CODES[error.code] ?? RESIDENT_CODES[error.code] ?? RESIDENT_FALLBACK[field] ?? 'community.import.error.row';
  return intl.formatMessage(
    { id: 'community.import.error' },
    {
      column: columnLabel(intl, error.column),
      problem: intl.formatMessage({ id }, { line: error.firstLine ?? 0, max: MAX_LENGTHS[error.column] ?? 0 }),
    },
  );
}

/**
 * The dry run's or the import's report (issue 22 item 4): the counts, then each row (line, property, unit, outcome,
 * and its errors by column or the details it changes), ROWS_SHOWN at a time; with errors, only the rows with errors
 * unless the reader asks for all.
 */
export function ImportReport({ report }: { report: ResidentImportReport }) {
  const intl = useIntl();
  const hasErrors = report.counts.error > 0;
  const [onlyErrors, setOnlyErrors] = useState(hasErrors);
  const [shown, setShown] = useState(ROWS_SHOWN);
  const rows = useMemo(
    () => (onlyErrors && hasErrors ? report.rows.filter((row) => row.outcome === 'error') : report.rows),
    [report, onlyErrors, hasErrors],
  );
  const t = (id: MessageId) => intl.formatMessage({ id });
  const columns = useMemo(
    () =>
      (['line', 'property', 'unit', 'result'] as const).map((column) => ({
        label: intl.formatMessage({ id: `community.import.column.${column}` }),
      })),
    [intl],
  );
  return (
    <div>
      <p>{intl.formatMessage({ id: 'community.import.summary' }, { rows: report.rows.length, ...report.counts })}</p>
      {hasErrors ? (
        <label className="mt-3 flex items-center gap-2">
          <input type="checkbox" checked={onlyErrors} onChange={(event) => setOnlyErrors(event.target.checked)} />
          {t('community.import.onlyErrors')}
        </label>
      ) : null}
      <div className="mt-3">
        <ResponsiveTable caption={t('community.import.caption')} columns={columns}>
          {rows.slice(0, shown).map((row) => (
            <ReportRow key={row.line} row={row} labels={columns.map((column) => column.label)} />
          ))}
        </ResponsiveTable>
      </div>
      {rows.length > shown ? (
        <button type="button" className={`${SECONDARY_BUTTON} mt-4`} onClick={() => setShown(shown + ROWS_SHOWN)}>
          {intl.formatMessage({ id: 'community.import.more' }, { count: Math.min(ROWS_SHOWN, rows.length - shown) })}
        </button>
      ) : null}
    </div>
  );
}

const ReportRow = memo(function ReportRow({ row, labels }: { row: ResidentImportRow; labels: string[] }) {
  const intl = useIntl();
  const [line, property, unit, result] = labels as [string, string, string, string];
  const changed = intl.formatList(
    row.changed.map((field) => intl.formatMessage({ id: RESIDENT_FIELD_LABELS[field as ResidentField] })),
  );
  return (
    <ResponsiveRow>
      <ResponsiveCell label={line}>{row.line}</ResponsiveCell>
      <ResponsiveCell label={property}>{row.property}</ResponsiveCell>
      <ResponsiveCell label={unit}>{row.unit}</ResponsiveCell>
      <ResponsiveCell label={result}>
        <span className={row.outcome === 'error' ? 'font-semibold text-danger-700' : ''}>
          {intl.formatMessage({ id: `community.import.outcome.${row.outcome}` }, { fields: changed })}
        </span>
        {row.follows ? (
          <span className="block text-sm text-ink">
            {intl.formatMessage({ id: 'community.import.follows' }, { date: formatCalendarDate(intl, row.follows) })}
          </span>
        ) : null}
        {row.errors.length > 0 ? (
          <ul className="mt-1 list-disc pl-5 text-sm">
            {row.errors.map((error) => (
              <li key={`${error.column}-${error.code}`}>{errorWords(intl, error)}</li>
            ))}
          </ul>
        ) : null}
      </ResponsiveCell>
    </ResponsiveRow>
  );
});
