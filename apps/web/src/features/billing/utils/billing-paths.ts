import {
  EXPORT_SUFFIX,
  type IsoDate,
  type Locale,
  STATEMENT_CSV_PATH,
  STATEMENT_PATH,
  STATEMENT_PDF_PATH,
} from '@vireo/shared';
import { withQuery } from '../../../lib/with-query';

/** The date filter of a history list (activity, payment history, charges); both ends optional and inclusive. */
export type HistoryFilter = { from?: IsoDate; to?: IsoDate };

function withStatementId(template: string, statementId: string): string {
  return template.replace(':statementId', encodeURIComponent(statementId));
}

export function statementPath(statementId: string): string {
  return withStatementId(STATEMENT_PATH, statementId);
}

/** The statement as a PDF or CSV, with its text in the user's language. */
export function statementFilePath(statementId: string, format: 'pdf' | 'csv', lang: Locale): string {
  return withQuery(withStatementId(format === 'pdf' ? STATEMENT_PDF_PATH : STATEMENT_CSV_PATH, statementId), { lang });
}

/** CSV of a history list for the same filter (EXPORT_SUFFIX), in the user's language. */
export function exportPath(listPath: string, filter: HistoryFilter, lang: Locale): string {
  return withQuery(`${listPath}${EXPORT_SUFFIX}`, { from: filter.from, to: filter.to, lang });
}
