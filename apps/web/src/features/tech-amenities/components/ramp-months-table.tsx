import type { RampMonth } from '@vireo/shared';
import { memo, useMemo } from 'react';
import { type IntlShape, useIntl } from 'react-intl';
import { BADGE } from '../../../components/ui/form-styles';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import { MONTH_BADGES, money, monthName } from '../utils/ramp-words';

type Labels = { month: string; ramp: string; billed: string; activated: string; amount: string };

/** A figure the ledger may not have (the billing engine's, a past month's units activated): a dash, named for readers. */
export function Figure({ value, format }: { value: number | null; format: (value: number) => string }) {
  const intl = useIntl();
  if (value !== null) return <>{format(value)}</>;
  return (
    <>
      <span aria-hidden="true">—</span>
      <span className="sr-only">{intl.formatMessage({ id: 'techAmenities.notAvailable' })}</span>
    </>
  );
}

/**
 * The ramp ledger's months (wider-portal.md §10): per month the contracted ramp, the units the billing engine billed,
 * the units activated (today's count, on this month's row) and the bill, or for a projected month the engine's
 * projected bill. A month whose billed units differ from its ramp is marked. At most the agreement's months and six
 * projected ones, so the rows are memoised but not paged.
 */
export function RampMonthsTable({ caption, months }: { caption: string; months: readonly RampMonth[] }) {
  const intl = useIntl();
  const labels = useMemo<Labels>(
    () => ({
      month: intl.formatMessage({ id: 'techAmenities.months.month' }),
      ramp: intl.formatMessage({ id: 'techAmenities.months.ramp' }),
      billed: intl.formatMessage({ id: 'techAmenities.months.billed' }),
      activated: intl.formatMessage({ id: 'techAmenities.months.activated' }),
      amount: intl.formatMessage({ id: 'techAmenities.months.amount' }),
    }),
    [intl],
  );
  const columns = useMemo(
    () => [
      { label: labels.month },
      { label: labels.ramp, align: 'end' as const },
      { label: labels.billed, align: 'end' as const },
      { label: labels.activated, align: 'end' as const },
      { label: labels.amount, align: 'end' as const },
    ],
    [labels],
  );
  return (
    <ResponsiveTable caption={caption} columns={columns}>
      {months.map((month) => (
        <MonthRow key={month.month} month={month} labels={labels} intl={intl} />
      ))}
    </ResponsiveTable>
  );
}

const MonthRow = memo(function MonthRow({
  month,
  labels,
  intl,
}: {
  month: RampMonth;
  labels: Labels;
  intl: IntlShape;
}) {
  const badge = MONTH_BADGES[month.kind];
  const count = (value: number) => intl.formatNumber(value);
  const mismatch = month.billedUnits !== null && month.billedUnits !== month.rampUnits;
  return (
    <ResponsiveRow>
      <ResponsiveCell label={labels.month}>
        <span className="font-semibold text-ink">{monthName(intl, month.month)}</span>{' '}
        {badge ? (
          <span className={`${BADGE} ${badge.className} ml-2`}>{intl.formatMessage({ id: badge.id })}</span>
        ) : null}
      </ResponsiveCell>
      <ResponsiveCell label={labels.ramp} align="end">
        {count(month.rampUnits)}
      </ResponsiveCell>
      <ResponsiveCell label={labels.billed} align="end">
        <span className={mismatch ? 'font-semibold text-danger-700' : undefined}>
          <Figure value={month.billedUnits} format={count} />
          {mismatch ? (
            <span className="sr-only">{intl.formatMessage({ id: 'techAmenities.months.mismatch' })}</span>
          ) : null}
        </span>
      </ResponsiveCell>
      <ResponsiveCell label={labels.activated} align="end">
        <Figure value={month.activatedUnits} format={count} />
      </ResponsiveCell>
      <ResponsiveCell label={labels.amount} align="end">
        <Figure value={month.amountCents} format={(cents) => money(intl, cents)} />
      </ResponsiveCell>
    </ResponsiveRow>
  );
});
