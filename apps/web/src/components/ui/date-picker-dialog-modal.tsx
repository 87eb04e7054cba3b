import { addDays, compareDates, daysInMonth, type IsoDate, toIsoDate } from '@vireo/shared';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useIntl } from 'react-intl';
import { formatInstant } from '../../lib/dates';
import { AriaLocale } from './aria-locale';

export type DatePickerDialogProps = {
  isOpen: boolean;
  /** The dialog's title, e.g. "Choose a payment date". */
  title: string;
  value: IsoDate | null;
  min: IsoDate;
  max: IsoDate;
  /** Dates inside min..max that cannot be chosen (e.g. tomorrow past a cut-off). */
  isDateUnavailable?: (date: IsoDate) => boolean;
  /** Why some dates cannot be chosen, shown under the calendar. */
  description?: string;
  onSelect: (date: IsoDate) => void;
  onClose: () => void;
};

const NAV_BUTTON =
  'inline-flex size-11 cursor-pointer items-center justify-center rounded-md border border-line-strong bg-surface text-ink hover:bg-surface-muted aria-disabled:cursor-not-allowed aria-disabled:opacity-40';

function parts(date: IsoDate): [number, number, number] {
  return date.split('-').map(Number) as [number, number, number];
}

function weekday(date: IsoDate): number {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

function clamp(date: IsoDate, min: IsoDate, max: IsoDate): IsoDate {
  if (compareDates(date, min) < 0) return min;
  if (compareDates(date, max) > 0) return max;
  return date;
}

/** The same day `months` later, or that month's last day when it is shorter. */
function addMonthsKeepingDay(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = parts(date);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return toIsoDate(year, month, Math.min(d, daysInMonth(year, month)));
}

function localDate(date: IsoDate): Date {
  const [y, m, d] = parts(date);
  return new Date(y, m - 1, d);
}

/**
 * A date picker dialog (WAI-ARIA APG "date picker dialog"): a month grid, arrows move by day and week, Home / End to
 * the week's ends, Page Up / Page Down by month (with Shift by year), Enter or Space chooses, Escape closes and focus
 * returns to the button that opened it. Dates are calendar dates (`YYYY-MM-DD`), never the machine's time zone.
 */
export function DatePickerDialogModal({
  isOpen,
  title,
  value,
  min,
  max,
  isDateUnavailable,
  description,
  onSelect,
  onClose,
}: DatePickerDialogProps) {
  const intl = useIntl();
  const monthHeadingId = useId();
  const descriptionId = useId();
  const [focused, setFocused] = useState<IsoDate>(() => clamp(value ?? min, min, max));
  const focusCell = useRef(true);
  const gridRef = useRef<HTMLTableElement>(null);

  const isUnavailable = (date: IsoDate) =>
    compareDates(date, min) < 0 || compareDates(date, max) > 0 || (isDateUnavailable?.(date) ?? false);

  const [year, month] = parts(focused);
  const weeks = useMemo(() => {
    const first = toIsoDate(year, month, 1);
    const cells: (IsoDate | null)[] = Array.from({ length: weekday(first) }, () => null);
    for (let day = 1; day <= daysInMonth(year, month); day++) cells.push(toIsoDate(year, month, day));
    while (cells.length % 7 !== 0) cells.push(null);
    const rows: (IsoDate | null)[][] = [];
    for (let i = 0; i < cells.length; i += 7) rows.push(cells.slice(i, i + 7));
    return rows;
  }, [year, month]);

  // Keyboard moves focus with the focused date; the month buttons keep focus on themselves.
  useEffect(() => {
    if (!isOpen || !focusCell.current) return;
    const frame = requestAnimationFrame(() => {
      gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [focused, isOpen]);

  const moveTo = (date: IsoDate, byKeyboard: boolean) => {
    focusCell.current = byKeyboard;
    setFocused(clamp(date, min, max));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const moves: Record<string, () => IsoDate> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => addDays(focused, -weekday(focused)),
      End: () => addDays(focused, 6 - weekday(focused)),
      PageUp: () => addMonthsKeepingDay(focused, event.shiftKey ? -12 : -1),
      PageDown: () => addMonthsKeepingDay(focused, event.shiftKey ? 12 : 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(move(), true);
  };

  const firstOfMonth = toIsoDate(year, month, 1);
  const lastOfMonth = toIsoDate(year, month, daysInMonth(year, month));
  const hasPrevious = compareDates(firstOfMonth, min) > 0;
  const hasNext = compareDates(lastOfMonth, max) < 0;
  const weekdays = Array.from({ length: 7 }, (_, index) => new Date(2023, 0, 1 + index)); // Jan 1, 2023: a Sunday

  return (
    <AriaLocale>
      <ModalOverlay
        isOpen={isOpen}
        isDismissable
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        className="fixed inset-0 z-50 flex items-center justify-center bg-navy-900/60 p-4"
      >
        <Modal className="w-full max-w-sm rounded-xl bg-surface p-5 shadow-xl">
          <Dialog aria-describedby={description ? descriptionId : undefined} className="outline-none">
            <Heading slot="title" className="text-lg font-semibold text-navy-900">
              {title}
            </Heading>
            <div className="mt-3 flex items-center justify-between gap-2">
              <Button
                className={NAV_BUTTON}
                aria-label={intl.formatMessage({ id: 'ui.datePicker.previousMonth' })}
                aria-disabled={!hasPrevious || undefined}
                onPress={() => {
                  if (hasPrevious) moveTo(addMonthsKeepingDay(focused, -1), false);
                }}
              >
                <span aria-hidden="true">‹</span>
              </Button>
              <h3 id={monthHeadingId} aria-live="polite" className="font-semibold text-navy-900">
                {formatInstant(intl, localDate(firstOfMonth), 'monthYear')}
              </h3>
              <Button
                className={NAV_BUTTON}
                aria-label={intl.formatMessage({ id: 'ui.datePicker.nextMonth' })}
                aria-disabled={!hasNext || undefined}
                onPress={() => {
                  if (hasNext) moveTo(addMonthsKeepingDay(focused, 1), false);
                }}
              >
                <span aria-hidden="true">›</span>
              </Button>
            </div>
            {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA APG date picker is a table with the grid role, so that arrow keys reach it and its cells are gridcells. */}
            <table ref={gridRef} role="grid" aria-labelledby={monthHeadingId} className="mt-3 w-full border-collapse">
              <thead>
                <tr>
                  {weekdays.map((day) => (
                    <th
                      key={day.getDay()}
                      scope="col"
                      abbr={formatInstant(intl, day, 'weekday')}
                      className="pb-1 text-center text-sm font-semibold text-ink-muted"
                    >
                      {formatInstant(intl, day, 'weekdayNarrow')}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {weeks.map((week) => (
                  <tr key={week.find(Boolean) ?? ''}>
                    {week.map((date, index) => {
                      if (!date) return <td key={`empty-${index.toString()}`} />;
                      const unavailable = isUnavailable(date);
                      const selected = date === value;
                      return (
                        // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a td of a grid table is a gridcell, which supports aria-selected.
                        <td key={date} aria-selected={selected} className="p-0.5 text-center">
                          <button
                            type="button"
                            data-date={date}
                            tabIndex={date === focused ? 0 : -1}
                            aria-label={formatInstant(intl, localDate(date), 'fullDate')}
                            aria-disabled={unavailable || undefined}
                            onKeyDown={onKeyDown}
                            onFocus={() => {
                              if (date !== focused) setFocused(date);
                            }}
                            onClick={() => {
                              if (unavailable) return;
                              onSelect(date);
                            }}
                            className={`inline-flex size-10 cursor-pointer items-center justify-center rounded-full tabular-nums ${
                              selected
                                ? 'bg-brand-700 font-semibold text-surface'
                                : unavailable
                                  ? 'cursor-not-allowed text-ink-muted line-through'
                                  : 'text-ink hover:bg-brand-50'
                            }`}
                          >
                            {Number(date.slice(8))}
                          </button>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
            {description ? (
              <p id={descriptionId} className="mt-3 text-sm text-ink">
                {description}
              </p>
            ) : null}
            <p className="mt-2 text-sm text-ink-muted">{intl.formatMessage({ id: 'ui.datePicker.help' })}</p>
            <div className="mt-4 flex justify-end">
              <Button
                slot="close"
                className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-md border border-line-strong bg-surface px-5 font-semibold text-ink hover:bg-surface-muted"
              >
                {intl.formatMessage({ id: 'ui.datePicker.cancel' })}
              </Button>
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </AriaLocale>
  );
}
