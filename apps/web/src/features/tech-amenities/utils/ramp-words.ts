import type { RampMonthKind, UnitAccess, UnitOccupancy, YearMonth } from '@vireo/shared';
import type { IntlShape } from 'react-intl';
import { formatCalendarDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/formatters';
import type { MessageId } from '../../../messages';

/** A ledger month (`YYYY-MM`) as the reader's language names it: "November 2026" / "noviembre de 2026". */
export function monthName(intl: IntlShape, month: YearMonth): string {
  return formatCalendarDate(intl, `${month}-01`, 'monthYear');
}

export function money(intl: IntlShape, cents: number): string {
  return formatMoney(cents, intl.locale);
}

/** A month's kind as a badge: this month and projected months stand out; a past month has none. */
export const MONTH_BADGES: Record<RampMonthKind, { id: MessageId; className: string } | null> = {
  past: null,
  current: { id: 'techAmenities.month.current', className: 'border-brand-700/40 bg-brand-50 text-brand-800' },
  projected: { id: 'techAmenities.month.projected', className: 'border-line-strong bg-surface-muted text-ink' },
};

/** A flagged unit's state in words; null: a number the billing engine billed that the property does not have. */
export const ACCESS_WORDS: Record<UnitAccess, MessageId> = {
  active: 'techAmenities.unit.access.active',
  suspended: 'techAmenities.unit.access.suspended',
  inactive: 'techAmenities.unit.access.inactive',
};

export const OCCUPANCY_WORDS: Record<UnitOccupancy, MessageId> = {
  occupied: 'techAmenities.unit.occupancy.occupied',
  vacant: 'techAmenities.unit.occupancy.vacant',
};
