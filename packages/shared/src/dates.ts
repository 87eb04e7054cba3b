/**
 * Billing dates are calendar dates (`YYYY-MM-DD`) in the account's time zone; events are instants.
 * These helpers never use the machine's local time zone.
 */

export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // there is no year 0 in the calendar PostgreSQL (and everyone else) uses
  return y >= 1 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m);
}

function parts(date: IsoDate): [number, number, number] {
  const match = ISO_DATE.exec(date);
  if (!match || !isIsoDate(date)) throw new RangeError(`not an ISO date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export function toIsoDate(year: number, month: number, day: number): IsoDate {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** One formatter per time zone: making an Intl.DateTimeFormat costs far more than using one (API load bench). */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of `instant` in `timeZone`. */
export function dateInZone(instant: Date, timeZone: string): IsoDate {
  let formatter = dayFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormatters.set(timeZone, formatter);
  }
  const date = formatter.format(instant);
  // the year is written as it is ("800-02-29"): an ISO date has four digits
  return date.length === 10 ? date : date.padStart(10, '0');
}

const clockFormatters = new Map<string, Intl.DateTimeFormat>();
/** The wall clock of `instant` in `timeZone`, as milliseconds of the same reading in UTC. */
function wallClockMs(instant: number, timeZone: string): number {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    clockFormatters.set(timeZone, formatter);
  }
  const n: Record<string, number> = {};
  for (const part of formatter.formatToParts(instant)) n[part.type] = Number(part.value);
  return Date.UTC(n.year ?? 0, (n.month ?? 1) - 1, n.day ?? 1, n.hour ?? 0, n.minute ?? 0, n.second ?? 0);
}

/** The instant `date` begins in `timeZone` (its midnight there; daylight saving time included). */
export function startOfDayInZone(date: IsoDate, timeZone: string): Date {
  return instantInZone(date, 0, timeZone);
}

/** The instant the wall clock in `timeZone` reads `hour`:00 on `date` (daylight saving time included). */
export function instantInZone(date: IsoDate, hour: number, timeZone: string): Date {
  const [y, m, d] = parts(date);
  const target = Date.UTC(y, m - 1, d, hour);
  let instant = target;
  // the zone's offset at the guess, then at the corrected guess (the offset may differ across a change)
  for (let i = 0; i < 2; i++) instant -= wallClockMs(instant, timeZone) - target;
  return new Date(instant);
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** The date `months` later on `day`, or the 1st of the following month when that month has no such day (spec §5). */
export function monthlyDate(year: number, month: number, day: number): IsoDate {
  if (day <= daysInMonth(year, month)) return toIsoDate(year, month, day);
  const next = month === 12 ? [year + 1, 1] : [year, month + 1];
  return toIsoDate(next[0] as number, next[1] as number, 1);
}

export function addMonths(date: IsoDate, months: number): { year: number; month: number } {
  const [y, m] = parts(date);
  const index = y * 12 + (m - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export function compareDates(a: IsoDate, b: IsoDate): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * One date format per language, everywhere (issue 14): the options every shown date is formatted with (web
 * react-intl, the server's PDF and e-mail), with the US conventions of the language (`en-US`, `es-US`).
 */
export const DATE_FORMAT_OPTIONS = {
  /** "Nov 21, 2026" / "21 nov 2026": every date in a sentence, list, table or e-mail. */
  date: { year: 'numeric', month: 'short', day: 'numeric' },
  /** "November 21, 2026" / "21 de noviembre de 2026": a document's headline dates (the statement PDF). */
  longDate: { year: 'numeric', month: 'long', day: 'numeric' },
  /** "Nov 21" / "21 nov": month and day where the year is clear (change reasons). */
  dayMonth: { month: 'short', day: 'numeric' },
  /** "November 2026" / "noviembre de 2026": a calendar's month. */
  monthYear: { month: 'long', year: 'numeric' },
  /** "Saturday, November 21, 2026": one calendar day read out in full (a date picker's day). */
  fullDate: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
  /** "Saturday" / "S": a calendar's column heads. */
  weekday: { weekday: 'long' },
  weekdayNarrow: { weekday: 'narrow' },
  /** "Nov 21, 3:30 PM": an instant within days (a service restored by). */
  dayMonthTime: { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** "3:30 PM" / "15:30": a time of day (a technician visit's window). */
  time: { hour: 'numeric', minute: '2-digit' },
  /** "Nov 21, 2026, 3:30 PM": an instant of any age (an audit log entry). */
  dateTime: { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** "Nov 21, 2026, 3:30:05 PM": an instant a developer lines up with logs (the analytics viewer). */
  dateTimeSeconds: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateFormatName = keyof typeof DATE_FORMAT_OPTIONS;
