import type { ReactNode } from 'react';

/*
 * Tables that stack on narrow screens: below `md` each row becomes a card and each cell shows its column name
 * (hidden from assistive technology, which reads the real header). The explicit roles are deliberate (hence the
 * lint suppressions): WebKit drops a table's semantics when CSS changes its display, and the stacked layout is
 * exactly what iPhones show.
 */

export function ResponsiveTable({
  caption,
  columns,
  children,
  busy = false,
  rowCount,
}: {
  caption: ReactNode;
  columns: { label: string; align?: 'start' | 'end' }[];
  children: ReactNode;
  busy?: boolean;
  /** A virtualised table's rows, the header's included, when only some are in the document (`aria-rowcount`). */
  rowCount?: number;
}) {
  return (
    <table
      // biome-ignore lint/a11y/noRedundantRoles: see the note at the top of the file.
      role="table"
      aria-busy={busy || undefined}
      aria-rowcount={rowCount}
      className="block w-full text-left md:table md:border-collapse"
    >
      <caption className="block pb-3 text-left text-lg font-semibold text-navy-900 md:table-caption">{caption}</caption>
      {/* biome-ignore lint/a11y/noRedundantRoles: see the note at the top of the file. */}
      <thead role="rowgroup" className="sr-only md:not-sr-only md:table-header-group">
        {/* biome-ignore lint/a11y/noRedundantRoles: see the note at the top of the file. */}
        <tr role="row" aria-rowindex={rowCount === undefined ? undefined : 1} className="border-b-2 border-line-strong">
          {columns.map((column) => (
            <th
              key={column.label}
              // biome-ignore lint/a11y/noRedundantRoles: see the note at the top of the file.
              role="columnheader"
              scope="col"
              className={`px-3 py-2 text-sm font-semibold text-ink-muted ${column.align === 'end' ? 'text-right' : ''}`}
            >
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      {/* biome-ignore lint/a11y/noRedundantRoles: see the note at the top of the file. */}
      <tbody role="rowgroup" className="block md:table-row-group">
        {children}
      </tbody>
    </table>
  );
}

export function ResponsiveRow({
  children,
  onClick,
  rowIndex,
  measure,
  dataIndex,
}: {
  children: ReactNode;
  onClick?: () => void;
  /** In a virtualised table: the row's place (`aria-rowindex`, the header is 1), its index and its measuring ref. */
  rowIndex?: number;
  measure?: (element: HTMLElement | null) => (() => void) | undefined;
  dataIndex?: number;
}) {
  return (
    <tr
      // biome-ignore lint/a11y/noRedundantRoles: see the note at the top of the file.
      role="row"
      aria-rowindex={rowIndex}
      ref={measure}
      data-index={dataIndex}
      // A convenience for the mouse: the row's first cell holds the real link for the keyboard.
      onClick={onClick}
      className={`block rounded-lg border border-line bg-surface p-2 not-last:mb-3 md:table-row md:rounded-none md:border-0 md:border-b md:p-0 ${onClick ? 'cursor-pointer hover:bg-brand-50' : ''}`}
    >
      {children}
    </tr>
  );
}

export function ResponsiveCell({
  label,
  children,
  align = 'start',
}: {
  /** The column name, shown beside the value when the table stacks. */
  label: string;
  children: ReactNode;
  align?: 'start' | 'end';
}) {
  return (
    <td
      // biome-ignore lint/a11y/noRedundantRoles: see the note at the top of the file.
      role="cell"
      className={`flex justify-between gap-4 px-2 py-1.5 md:table-cell md:px-3 md:py-3 ${align === 'end' ? 'text-right tabular-nums' : ''}`}
    >
      <span aria-hidden="true" className="font-medium text-ink-muted md:hidden">
        {label}
      </span>
      <span className={align === 'end' ? 'text-right' : ''}>{children}</span>
    </td>
  );
}
