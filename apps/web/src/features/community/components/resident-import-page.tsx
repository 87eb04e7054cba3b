import { Link } from '@tanstack/react-router';
import {
  AppError,
  RESIDENT_IMPORT_COLUMNS,
  RESIDENT_IMPORT_MAX_BYTES,
  RESIDENT_IMPORT_MAX_ROWS,
  RESIDENT_IMPORT_TEMPLATE_PATH,
  type ResidentImportFileProblem,
} from '@vireo/shared';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { errorCode } from '../../../components/ui/api-errors';
import {
  HINT,
  INPUT,
  LABEL,
  PAGE,
  PAGE_TITLE,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
  SUCCESS,
  TEXT_LINK,
  WARNING,
} from '../../../components/ui/form-styles';
import type { MessageId } from '../../../messages';
import { type ResidentImportReport, useResidentDryRun, useResidentImport } from '../api/resident-import';
import { ImportReport } from './resident-import-report';

/** A whole file's refusal in words (400 `details.reason`; the file's size: 413). */
const FILE_PROBLEMS: Record<Exclude<ResidentImportFileProblem, 'rowErrors'>, MessageId> = {
  notUtf8: 'community.import.file.notUtf8',
  empty: 'community.import.file.empty',
  wrongColumns: 'community.import.file.wrongColumns',
  tooManyRows: 'community.import.file.tooManyRows',
  malformed: 'community.import.file.malformed',
};

type Problem = { id: MessageId; values?: Record<string, string | number> };

/** What a refused file says: its reason with the columns or line it names, its size, or that checking failed. */
function problemOf(error: unknown, list: (items: readonly string[]) => string): Problem {
  const megabytes = RESIDENT_IMPORT_MAX_BYTES / 1024 / 1024;
  if (errorCode(error) === 'PAYLOAD_TOO_LARGE') return { id: 'community.import.file.tooBig', values: { megabytes } };
  const details = AppError.is(error) ? error.details : undefined;
  const reason = details?.reason as ResidentImportFileProblem | undefined;
  if (errorCode(error) !== 'VALIDATION_FAILED' || !reason || reason === 'rowErrors') {
    return { id: 'community.import.file.failed' };
  }
  const names = (key: string) => list(details?.[key]?.split(',').filter(Boolean) ?? []);
  return {
    id: FILE_PROBLEMS[reason],
    values: {
      expected: list(RESIDENT_IMPORT_COLUMNS),
      missing: names('missing') || '—',
      unexpected: names('unexpected') || '—',
      max: RESIDENT_IMPORT_MAX_ROWS,
      line: Number(details?.line ?? 0),
      megabytes,
    },
  };
}

/**
 * `/community/import-residents` (issue 22 item 4, wider-portal.md §10; our address, for `community.manage`): residents
 * from a CSV file. The template is the account's units with their residents now; the chosen file is checked first (the
 * dry run: every row's outcome, its errors by column, nothing written); only a file without errors can be imported,
 * all of it in one go, and the page then says what changed. A file refused as a whole says why (its encoding, its
 * columns, its size, its rows).
 */
export function ResidentImportPage() {
  const intl = useIntl();
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<ResidentImportReport | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const dryRun = useResidentDryRun();
  const importing = useResidentImport();
  const t = (messageId: MessageId, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: messageId }, values);
  const list = (items: readonly string[]) => intl.formatList(items, { type: 'conjunction' });
  const changes = checked ? checked.counts.new + checked.counts.updated : 0;
  const busy = dryRun.isPending || importing.isPending;

  const check = () => {
    if (!file || busy) return;
    setChecked(null);
    setProblem(null);
    importing.reset();
    dryRun.mutate(file, {
      onSuccess: setChecked,
      onError: (error) => setProblem(problemOf(error, list)),
    });
  };
  const apply = () => {
    if (!file || busy || !checked || checked.counts.error > 0 || changes === 0) return;
    importing.mutate(file, {
      onSuccess: setChecked,
      onError: (error) => {
        // a unit changed since the check: checked again, the report names the rows now in error
        if (AppError.is(error) && error.details?.reason === 'rowErrors') check();
        else setProblem(problemOf(error, list));
      },
    });
  };

  return (
    <div className={PAGE}>
      <p>
        <Link to="/community" className={TEXT_LINK}>
          <span aria-hidden="true">← </span>
          {t('community.units.back')}
        </Link>
      </p>
      <h1 className={`${PAGE_TITLE} mt-3`}>{t('pages.communityImport')}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{t('community.import.intro')}</p>
      <section className="mt-6 max-w-3xl">
        <a href={RESIDENT_IMPORT_TEMPLATE_PATH} download="residents.csv" className={TEXT_LINK}>
          {t('community.import.template')}
        </a>
        <p className={HINT}>
          {t('community.import.templateHint', {
            columns: list(RESIDENT_IMPORT_COLUMNS),
            max: RESIDENT_IMPORT_MAX_ROWS,
          })}
        </p>
      </section>
      <form
        className="mt-6 max-w-3xl"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          check();
        }}
      >
        <label htmlFor={`${id}-file`} className={LABEL}>
          {t('community.import.file')}
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          className={`${INPUT} mt-1`}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setChecked(null);
            setProblem(null);
            importing.reset();
          }}
        />
        <button type="submit" className={`${SECONDARY_BUTTON} mt-4`} aria-disabled={!file || busy || undefined}>
          {t(dryRun.isPending ? 'community.import.checking' : 'community.import.check')}
        </button>
      </form>
      <div aria-live="polite" className="mt-6">
        {problem ? (
          <p role="alert" className={`${WARNING} max-w-3xl`}>
            {t(problem.id, problem.values)}
          </p>
        ) : null}
        {checked ? (
          <div className="space-y-4">
            <p className={`${checked.applied ? SUCCESS : checked.counts.error > 0 ? WARNING : ''} max-w-3xl`}>
              {checked.applied
                ? t('community.import.applied', { new: checked.counts.new, updated: checked.counts.updated })
                : checked.counts.error > 0
                  ? t('community.import.hasErrors', { count: checked.counts.error })
                  : changes === 0
                    ? t('community.import.noChanges')
                    : t('community.import.ready', { count: changes })}
            </p>
            {!checked.applied && checked.counts.error === 0 && changes > 0 ? (
              <button type="button" className={PRIMARY_BUTTON} aria-disabled={busy || undefined} onClick={apply}>
                {t(importing.isPending ? 'community.import.applying' : 'community.import.apply', { count: changes })}
              </button>
            ) : null}
            <ImportReport report={checked} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
