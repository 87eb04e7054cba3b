/**
 * spec §3: every field whose name contains "date" or "timestamp" is parsed as a date on the client. A calendar date
 * (`2026-03-04`) becomes local midnight of that day, so it shows the same day in every time zone; a timestamp
 * keeps its instant. Nested objects and arrays are walked; values that do not parse stay as they are.
 */
type IsDateKey<K> = K extends string
  ? Lowercase<K> extends `${string}date${string}` | `${string}timestamp${string}`
    ? true
    : false
  : false;

type DateValue<V> = V extends string ? Date : V extends string | null ? Date | null : V;

export type WithDates<T> = T extends readonly (infer Item)[]
  ? WithDates<Item>[]
  : T extends object
    ? { [K in keyof T]: IsDateKey<K> extends true ? DateValue<T[K]> : WithDates<T[K]> }
    : T;

const DATE_KEY = /date|timestamp/i;
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function parseDateValue(value: string): Date | null {
  const calendar = CALENDAR_DATE.exec(value);
  const date = calendar ? new Date(Number(calendar[1]), Number(calendar[2]) - 1, Number(calendar[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function parseDateFields<T>(value: T): WithDates<T> {
  return walk(value) as WithDates<T>;
}

function walk(value: unknown, key?: string): unknown {
  if (typeof value === 'string' && key !== undefined && DATE_KEY.test(key)) return parseDateValue(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => walk(item));
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, walk(item, name)]));
  }
  return value;
}
