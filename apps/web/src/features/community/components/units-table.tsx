import { Link } from '@tanstack/react-router';
import { memo, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { BADGE, TEXT_LINK } from '../../../components/ui/form-styles';
import { ResponsiveCell, ResponsiveRow, ResponsiveTable } from '../../../components/ui/responsive-table';
import { formatCalendarDate } from '../../../lib/dates';
import type { Unit } from '../api/get-units';
import { ACCESS_BADGES, OCCUPANCY_NAMES } from '../utils/community-words';
import { useWindowRows } from '../utils/use-window-rows';

type Labels = { number: string; occupancy: string; access: string; resident: string; moveIn: string; moveOut: string };

/** A row's height before it is measured (a table row at `md` and up; a stacked card is measured at once). */
const ROW_ESTIMATE_PX = 53;
/** Rows rendered beyond each edge of the window: a keyboard user tabbing down always finds the next row rendered. */
const OVERSCAN_ROWS = 8;
/**
 * A property's units (wider-portal.md §10): number (a link to the unit's page), occupancy, service access as a badge, the
 * resident and the lease's dates in the reader's language. Lists of 1,000+ units stay fast (issue 22 item 3): the rows
 * are windowed against the page's scroll (use-window-rows.ts, ADR 038): only those in view and a few beyond are in the
 * document, between two spacer rows that keep the table's height, each measured once shown; the table
 * says how many rows it has (`aria-rowcount`) and each row its place (`aria-rowindex`), so assistive technology
 * counts them all. Each row is memoised on its unit, which keeps its identity across "Show more".
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
  const rows = useWindowRows({ count: units.length, estimate: ROW_ESTIMATE_PX, overscan: OVERSCAN_ROWS });
  const shown = units.slice(rows.first, rows.last + 1);
  return (
    <ResponsiveTable caption={caption} columns={columns} busy={busy} rowCount={units.length + 1}>
      <Spacer height={rows.before} columns={columns.length} anchor={rows.anchor} />
      {shown.map((unit, offset) => (
        <UnitRow key={unit.id} unit={unit} index={rows.first + offset} labels={labels} measure={rows.measure} />
      ))}
      <Spacer height={rows.after} columns={columns.length} />
    </ResponsiveTable>
  );
}

/**
 * The height of the rows not rendered: hidden from assistive technology, which counts by `aria-rowcount`. The first
 * one is always there (0 px high at the top): the list starts at its top.
 */
function Spacer({
  height,
  columns,
  anchor,
}: {
  height: number;
  columns: number;
  anchor?: (element: HTMLElement | null) => void;
}) {
  if (height <= 0 && !anchor) return null;
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty row: nothing in it takes focus
    <tr ref={anchor} aria-hidden="true" className="block md:table-row" style={{ height }}>
      <td colSpan={columns} className="block p-0 md:table-cell" />
    </tr>
  );
}

const UnitRow = memo(function UnitRow({
  unit,
  index,
  labels,
  measure,
}: {
  unit: Unit;
  index: number;
  labels: Labels;
  measure: (element: HTMLElement | null) => (() => void) | undefined;
}) {
  const intl = useIntl();
  const { resident } = unit;
  const badge = ACCESS_BADGES[unit.access];
  const none = intl.formatMessage({ id: 'community.units.noResident' });
  return (
    // the header is row 1
    <ResponsiveRow rowIndex={index + 2} measure={measure} dataIndex={index}>
      <ResponsiveCell label={labels.number}>
        <Link to="/community/units/$unitId" params={{ unitId: unit.id }} className={`${TEXT_LINK} font-semibold`}>
          <span className="sr-only">{labels.number} </span>
          {unit.number}
        </Link>
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
