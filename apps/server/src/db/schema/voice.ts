import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { voiceLines } from './accounts';

/**
 * The simulated voice platform's own records (issue 19 item 3, wider-portal.md §6): what a hosted voice platform keeps
 * per line (messages with their audio or fax document, call detail records, forwarding and Call Guard settings). Only
 * modules/voice-platform reads and writes them; the portal asks the platform, as it asks the billing system.
 */

export const voiceMessageKindEnum = pgEnum('voice_message_kind', ['voicemail', 'fax']);
export const callDirectionEnum = pgEnum('call_direction', ['incoming', 'outgoing', 'missed', 'blocked']);

/** Binary content (audio, PDF): a Buffer on PostgreSQL, a Uint8Array on PGlite; read back as a Buffer. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/** Voicemail and fax messages of a line; `heardAt` null is new, a `deletedAt` is in Deleted (purged after 30 days). */
export const voiceMessages = pgTable(
  'voice_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    lineId: uuid()
      .notNull()
      .references(() => voiceLines.id, { onDelete: 'cascade' }),
    kind: voiceMessageKindEnum().notNull(),
    /** The caller's number (10 digits, NANP), or null when the caller withheld it. */
    fromNumber: text(),
    /** The caller-ID name the network delivered, when it did. */
    callerName: text(),
    receivedAt: timestamp({ withTimezone: true }).notNull(),
    /** A voicemail's length. */
    durationSeconds: integer(),
    /** A fax's page count. */
    pages: integer(),
    /** The platform's transcript of a voicemail, by language (the spoken one and its translation). */
    transcript: jsonb().$type<{ spoken: 'en' | 'es'; en: string; es: string }>(),
    heardAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
  },
  // one index per box (wider-portal.md §6: new, saved, deleted), so a box's page and its capped count read only its
  // own rows however many the others hold (the growth bench); ascending, read backwards for newest first (a DESC NULLS
  // LAST index cannot give `order by … desc`, which puts nulls first)
  (t) => [
    index('voice_messages_new')
      .on(t.lineId, t.receivedAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.heardAt} is null`),
    index('voice_messages_saved')
      .on(t.lineId, t.receivedAt, t.id)
      .where(sql`${t.deletedAt} is null and ${t.heardAt} is not null`),
    index('voice_messages_deleted').on(t.lineId, t.receivedAt, t.id).where(sql`${t.deletedAt} is not null`),
    // the 30-day purge
    index('voice_messages_purge').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
    check(
      'voice_messages_kind_fields',
      sql`(${t.kind} = 'voicemail' and ${t.durationSeconds} is not null) or (${t.kind} = 'fax' and ${t.pages} is not null)`,
    ),
  ],
);

/**
 * A message's audio (WAV) or fax document (PDF), apart from the list's rows. Stored uncompressed out of line
 * (migration 0018: STORAGE EXTERNAL), so a range request reads only the part asked for.
 */
export const voiceMedia = pgTable('voice_media', {
  messageId: uuid()
    .primaryKey()
    .references(() => voiceMessages.id, { onDelete: 'cascade' }),
  contentType: text().notNull(),
  bytes: bytea().notNull(),
});

/** Call detail records: every call of a line, the blocked ones with the reason Call Guard gave. */
export const callRecords = pgTable(
  'call_records',
  {
    id: uuid().primaryKey().defaultRandom(),
    lineId: uuid()
      .notNull()
      .references(() => voiceLines.id, { onDelete: 'cascade' }),
    direction: callDirectionEnum().notNull(),
    /** The other party's number (10 digits), or null for an anonymous caller. */
    otherNumber: text(),
    otherName: text(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    durationSeconds: integer().notNull(),
    /** Why Call Guard blocked it (blocked calls only). */
    blockReason: text(),
  },
  (t) => [index('call_records_line').on(t.lineId, t.startedAt, t.id)],
);

/** A line's forwarding and Call Guard settings as the platform holds them (shapes: @vireo/shared voice schemas). */
export const voiceLineSettings = pgTable('voice_line_settings', {
  lineId: uuid()
    .primaryKey()
    .references(() => voiceLines.id, { onDelete: 'cascade' }),
  forwarding: jsonb().$type<Record<string, unknown>>().notNull(),
  callGuard: jsonb().$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * The lines the platform has moved to the IMS core (spec §4 "Charter user on an IMS switch"): there voicemail and
 * forwarding are set from the phone, not by the voice manager. A line without a row runs on the classic switch.
 */
export const voiceImsLines = pgTable('voice_ims_lines', {
  lineId: uuid()
    .primaryKey()
    .references(() => voiceLines.id, { onDelete: 'cascade' }),
  movedAt: timestamp({ withTimezone: true }).notNull(),
});
