import { memo, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { BADGE } from '../../../components/ui/form-styles';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import { formatCalendarDate } from '../../../lib/dates';
import type { Unit } from '../api/get-units';
import { ACCESS_BADGES, OCCUPANCY_NAMES } from '../utils/community-words';

type Labels = { number: string; occupancy: string; access: string; resident: string; moveIn: string; moveOut: string };

/**
 * A property's units (wider-portal.md §10): number, occupancy, service access as a badge, the resident and the lease's
 * dates in the reader's language. Lists of 1,000+ units stay fast: each row is memoised on its unit, which keeps its
 * identity across "Show more" (the infinite query's pages already shown are not rebuilt), so appending a page renders
 * the new rows only.
 */
export function UnitsTable({ caption, units, busy }: { caption: string; units: readonly Unit[]; busy: boolean }) {
  const intl = useIntl();
  const labels = useMemo<Labels>(() => {
    const t = (id: `community.units.column.${keyof Labels}`) => intl.formatMessage({ id });
    return {
      number: t('community.units.column.number'),
      occupancy: t('community.units.column.occupancy'),
      access: t('community.units.column.access'),
      resident: t('community.units.column.resident'),
      moveIn: t('community.units.column.moveIn'),
      moveOut: t('community.units.column.moveOut'),
    };
  }, [intl]);
  const columns = useMemo(() => Object.values(labels).map((label) => ({ label })), [labels]);
  return (
    <ResponsiveTable caption={caption} columns={columns} busy={busy}>
      {units.map((unit) => (
        <UnitRow key={unit.id} unit={unit} labels={labels} />
      ))}
    </ResponsiveTable>
  );
}

const UnitRow = memo(function UnitRow({ unit, labels }: { unit: Unit; labels: Labels }) {
  const intl = useIntl();
  const { resident } = unit;
  const badge = ACCESS_BADGES[unit.access];
  const none = intl.formatMessage({ id: 'community.units.noResident' });
  return (
    <ResponsiveRow>
      <ResponsiveCell label={labels.number}>
        <span className="font-semibold text-ink">{unit.number}</span>
      </ResponsiveCell>
      <ResponsiveCell label={labels.occupancy}>
        {intl.formatMessage({ id: OCCUPANCY_NAMES[unit.occupancy] })}
      </ResponsiveCell>
      <ResponsiveCell label={labels.access}>
        <span className={`${BADGE} ${badge.className}`}>{intl.formatMessage({ id: badge.id })}</span>
      </ResponsiveCell>
      <ResponsiveCell label={labels.resident}>{resident ? resident.name : none}</ResponsiveCell>
      <ResponsiveCell label={labels.moveIn}>
        {resident ? formatCalendarDate(intl, resident.moveIn) : none}
      </ResponsiveCell>
      <ResponsiveCell label={labels.moveOut}>
        {!resident
          ? none
          : resident.moveOut
            ? formatCalendarDate(intl, resident.moveOut)
            : intl.formatMessage({ id: 'community.units.leaseOngoing' })}
      </ResponsiveCell>
    </ResponsiveRow>
  );
});
