import { AppError, isIsoDate } from '@vireo/shared';
import { and, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The longest text key a cursor may carry (names are at most 50 + 1 + 50 characters). */
const TEXT_KEY_MAX = 200;

/** An instant as `toISOString()` writes it (the keys of lists ordered by a timestamp: the mailbox). */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * Keyset pagination (architecture.md: no OFFSET; platform layer, every list uses it). A cursor names the row it
 * continues from, by (date or instant, id), and the direction: `older` continues past the last row of a page,
 * `newer` before the first.
 */
export type Cursor = { date: string; id: string; direction: 'older' | 'newer' };

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.date, cursor.id, cursor.direction === 'older' ? 'o' : 'n'])).toString(
    'base64url',
  );
}

/**
 * The cursor a client sent back, or VALIDATION_FAILED. `key` says what its first part is: a date or an instant (every
 * list ordered by time), or a text of at most TEXT_KEY_MAX characters (a list ordered by name: `textKeyset`).
 */
export function decodeCursor(value: string | undefined, key: 'time' | 'text' = 'time'): Cursor | null {
  if (value === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 3 &&
      typeof parsed[0] === 'string' &&
      (key === 'text' ? parsed[0].length <= TEXT_KEY_MAX : isIsoDate(parsed[0]) || ISO_INSTANT.test(parsed[0])) &&
      typeof parsed[1] === 'string' &&
      UUID.test(parsed[1]) &&
      (parsed[2] === 'o' || parsed[2] === 'n')
    ) {
      return { date: parsed[0], id: parsed[1], direction: parsed[2] === 'o' ? 'older' : 'newer' };
    }
  } catch {
    // fall through
  }
  throw invalidCursor();
}

/** A cursor the server did not make (or made for another list): 400 at the query's `cursor`. */
export function invalidCursor(): AppError {
  return new AppError('VALIDATION_FAILED', 'Invalid cursor', {
    fields: [{ path: 'querystring.cursor', code: 'invalid_cursor' }],
  });
}

export type Page<T> = { items: T[]; nextCursor: string | null; previousCursor: string | null };

/**
 * Turns rows fetched with one extra row (limit + 1) in the cursor's direction into a page, newest first.
 * `hasOtherSide` tells whether rows exist beyond the cursor in the other direction.
 */
export function toPage<T extends { id: string }>(
  rows: T[],
  options: { limit: number; cursor: Cursor | null; dateOf: (row: T) => string; hasOtherSide: boolean },
): Page<T> {
  const { limit, cursor, dateOf } = options;
  const hasMore = rows.length > limit;
  const slice = rows.slice(0, limit);
  const items = cursor?.direction === 'newer' ? slice.reverse() : slice;
  const first = items[0];
  const last = items.at(-1);
  const older = cursor?.direction === 'newer' ? options.hasOtherSide : hasMore;
  const newer = cursor?.direction === 'newer' ? hasMore : cursor !== null && options.hasOtherSide;
  return {
    items,
    nextCursor: older && last ? encodeCursor({ date: dateOf(last), id: last.id, direction: 'older' }) : null,
    previousCursor: newer && first ? encodeCursor({ date: dateOf(first), id: first.id, direction: 'newer' }) : null,
  };
}

/**
 * The keyset conditions of a list ordered by an instant and an id, newest first (the mailbox, pay links): the rows past
 * the cursor in its direction (`where`), the rows on its other side, the cursor's own included (`otherSide`: whether a
 * page lies that way), and the order to read them in. `filter` narrows both (the account, the recipient). The cursor is
 * compared as a row value, `(at, id) < (…)`, which an index on `(…, at desc, id desc)` reads from the cursor on.
 */
export function instantKeyset(columns: { at: PgColumn; id: PgColumn }, cursor: Cursor | null, filter: SQL[] = []) {
  const older = cursor?.direction !== 'newer';
  const row = sql`(${columns.at}, ${columns.id})`;
  const at = cursor ? sql`(${cursor.date}::timestamptz, ${cursor.id}::uuid)` : undefined;
  return {
    where: and(...filter, at ? (older ? sql`${row} < ${at}` : sql`${row} > ${at}`) : undefined),
    otherSide: at ? and(...filter, older ? sql`${row} >= ${at}` : sql`${row} <= ${at}`) : undefined,
    order: older ? [desc(columns.at), desc(columns.id)] : [asc(columns.at), asc(columns.id)],
  };
}

/**
 * The keyset conditions of a list ordered by a text key and an id, A to Z (the users list, by name): as
 * `instantKeyset`, with `older` meaning the next page (past the cursor) and `newer` the page before it. The cursor's
 * `date` carries the key (`decodeCursor(value, 'text')`).
 */
export function textKeyset(columns: { key: SQL; id: PgColumn }, cursor: Cursor | null, filter: SQL[] = []) {
  const forward = cursor?.direction !== 'newer';
  const row = sql`(${columns.key}, ${columns.id})`;
  const at = cursor ? sql`(${cursor.date}::text, ${cursor.id}::uuid)` : undefined;
  return {
    where: and(...filter, at ? (forward ? sql`${row} > ${at}` : sql`${row} < ${at}`) : undefined),
    otherSide: at ? and(...filter, forward ? sql`${row} <= ${at}` : sql`${row} >= ${at}`) : undefined,
    order: forward ? [asc(columns.key), asc(columns.id)] : [desc(columns.key), desc(columns.id)],
  };
}
