import {
  AppError,
  CALL_HISTORY_DAYS,
  type CallDirection,
  type CallGuardSettings,
  DEFAULT_RINGS_TO_VOICEMAIL,
  DELETED_MESSAGE_DAYS,
  type ForwardingSettings,
  MAILBOX_COUNT_CAP,
  type VoiceBox,
  type VoiceSwitch,
} from '@vireo/shared';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { callRecords, voiceImsLines, voiceLineSettings, voiceMedia, voiceMessages } from '../../db/schema';
import type { Clock } from '../../platform/clock';
import { createFaultKnobs, faultKnobRoutes } from '../../platform/fault-knobs';
import { type Cursor, instantKeyset, toPage } from '../../platform/keyset';

/**
 * The provider's hosted voice platform as the portal asks it (simulated, like the billing system and the processor;
 * issue 19 item 3, wider-portal.md §6): each line's mailbox (voicemails with their audio, faxes as PDF), call detail
 * records, forwarding and Call Guard settings, kept in its own tables (db/schema/voice.ts). Its failure modes are the
 * non-production fault knobs: a lookup that fails is the portal's to show (spec §8: a failed unread count is the
 * error marker, never an error page).
 */
export const VOICE_PLATFORM_OPERATIONS = [
  'unreadCount',
  'messages',
  'media',
  'updateMessage',
  'callRecords',
  'settings',
  'saveSettings',
  'switchType',
] as const;
export type VoicePlatformOperation = (typeof VOICE_PLATFORM_OPERATIONS)[number];

export class VoicePlatformError extends Error {
  constructor(readonly operation: VoicePlatformOperation) {
    super(`voice platform failed ${operation}`);
    this.name = 'VoicePlatformError';
  }
}

/** The platform not answering, as the portal answers it: 503, which the pages show as "can't reach your voice service". */
export function platformUnavailable(error: unknown): never {
  if (error instanceof VoicePlatformError) {
    throw new AppError('SERVICE_UNAVAILABLE', `the voice platform failed ${error.operation}`);
  }
  throw error;
}

export type MessageRow = typeof voiceMessages.$inferSelect;
export type CallRow = typeof callRecords.$inferSelect;
/** Which calls of a line: a direction, and the instants they started in (`until` exclusive, null: up to now). */
export type CallFilter = { direction?: CallDirection | undefined; since: Date; until: Date | null };

function callConditions(lineId: string, filter: CallFilter): SQL[] {
  const where: SQL[] = [eq(callRecords.lineId, lineId)];
  if (filter.direction) where.push(eq(callRecords.direction, filter.direction));
  return where;
}

/**
 * The day bounds a page's query names: only those its cursor does not already imply, so the index is entered at the
 * cursor and not at a bound the btree might start from and walk to the cursor (as the audit log does).
 */
function callBounds(filter: CallFilter, cursor: Cursor | null): SQL[] {
  const at = cursor ? new Date(cursor.date).getTime() : null;
  const older = cursor?.direction !== 'newer';
  const where: SQL[] = [];
  if (at === null || older || at < filter.since.getTime()) where.push(gte(callRecords.startedAt, filter.since));
  if (filter.until && (at === null || !older || at >= filter.until.getTime())) {
    where.push(lt(callRecords.startedAt, filter.until));
  }
  return where;
}

const DAY_MS = 86_400_000;

/** A line's settings before anyone changed them: nothing forwarded, weekday hours 08:00-18:00, Call Guard labelling. */
export function defaultForwarding(): ForwardingSettings {
  const off = { enabled: false, to: '' };
  const weekday = { open: '08:00', close: '18:00' };
  return {
    always: off,
    busy: off,
    noAnswer: { ...off, rings: DEFAULT_RINGS_TO_VOICEMAIL },
    unreachable: off,
    simultaneousRing: { enabled: false, numbers: [] },
    businessHours: { mon: weekday, tue: weekday, wed: weekday, thu: weekday, fri: weekday, sat: null, sun: null },
    holidays: [],
    scheduleRules: [],
    hoursPropertyId: null,
  };
}
export function defaultCallGuard(): CallGuardSettings {
  return { level: 'label', blockedNumbers: [], blockedPrefixes: [], blockAnonymous: false, allowedNumbers: [] };
}

/**
 * The platform's reputation list (E.164): numbers it holds for robocallers. Call Guard labels or blocks them by level;
 * the rule simulator asks it about the caller.
 */
const SUSPECTED_SPAM = new Set(['+18885550142', '+19005550108', '+18005550190', '+18445550163']);

function boxCondition(box: VoiceBox): SQL {
  if (box === 'deleted') return isNotNull(voiceMessages.deletedAt);
  return and(
    isNull(voiceMessages.deletedAt),
    box === 'new' ? isNull(voiceMessages.heardAt) : isNotNull(voiceMessages.heardAt),
  ) as SQL;
}

/** Which box a message is in: Deleted first, then new (not heard) or saved. */
export function boxOf(row: Pick<MessageRow, 'heardAt' | 'deletedAt'>): VoiceBox {
  if (row.deletedAt) return 'deleted';
  return row.heardAt ? 'saved' : 'new';
}

/** When a deleted message is purged: DELETED_MESSAGE_DAYS after it was deleted. */
export function purgeAtOf(row: Pick<MessageRow, 'deletedAt'>): Date | null {
  return row.deletedAt ? new Date(row.deletedAt.getTime() + DELETED_MESSAGE_DAYS * DAY_MS) : null;
}

export function createVoicePlatform({ db, clock }: { db: Db; clock: Clock }) {
  const faults = createFaultKnobs(VOICE_PLATFORM_OPERATIONS);
  const call = (operation: VoicePlatformOperation) => {
    if (faults.take(operation)) throw new VoicePlatformError(operation);
  };
  /** How many messages a box of a line holds, up to the cap: a bounded read of the box's index. */
  const cappedCount = async (lineId: string, box: VoiceBox, also?: SQL): Promise<number> => {
    const capped = db
      .select({ one: sql`1` })
      .from(voiceMessages)
      .where(and(eq(voiceMessages.lineId, lineId), boxCondition(box), also))
      .limit(MAILBOX_COUNT_CAP)
      .as('capped');
    const [row] = await db.select({ n: count() }).from(capped);
    return row?.n ?? 0;
  };

  return {
    /**
     * The new voicemails of each line (faxes are not voicemail), counted up to MAILBOX_COUNT_CAP; null when the
     * platform does not answer.
     */
    async unreadCounts(lineIds: readonly string[]): Promise<Map<string, number> | null> {
      if (faults.take('unreadCount')) return null;
      const counts = new Map<string, number>();
      for (const lineId of lineIds) {
        counts.set(lineId, await cappedCount(lineId, 'new', eq(voiceMessages.kind, 'voicemail')));
      }
      return counts;
    },

    /**
     * A page of one box of a line's mailbox, newest first (keyset over received time and id, on the box's own index),
     * and each box's size up to MAILBOX_COUNT_CAP (a box past it shows "1,000+").
     */
    async messages(lineId: string, box: VoiceBox, window: { cursor: Cursor | null; limit: number }) {
      call('messages');
      const k = instantKeyset({ at: voiceMessages.receivedAt, id: voiceMessages.id }, window.cursor, [
        eq(voiceMessages.lineId, lineId),
        boxCondition(box),
      ]);
      const rows = await db
        .select()
        .from(voiceMessages)
        .where(k.where)
        .orderBy(...k.order)
        .limit(window.limit + 1);
      const otherSide = k.otherSide
        ? (await db.select({ id: voiceMessages.id }).from(voiceMessages).where(k.otherSide).limit(1)).length > 0
        : false;
      const page = toPage(rows, {
        limit: window.limit,
        cursor: window.cursor,
        dateOf: (row) => row.receivedAt.toISOString(),
        hasOtherSide: otherSide,
      });
      const counts = {
        new: await cappedCount(lineId, 'new'),
        saved: await cappedCount(lineId, 'saved'),
        deleted: await cappedCount(lineId, 'deleted'),
      };
      return { ...page, counts };
    },

    /** One message, locked for the rest of the transaction when `ex` is one. */
    async message(ex: Executor, messageId: string, options: { lock?: boolean } = {}): Promise<MessageRow | null> {
      const query = ex.select().from(voiceMessages).where(eq(voiceMessages.id, messageId));
      const [row] = options.lock ? await query.for('update') : await query;
      return row ?? null;
    },

    /** A message's audio (WAV) or fax (PDF): its type and length, without its bytes. */
    async mediaInfo(messageId: string): Promise<{ contentType: string; length: number } | null> {
      call('media');
      const [row] = await db
        .select({
          contentType: voiceMedia.contentType,
          length: sql<number>`octet_length(${voiceMedia.bytes})`.mapWith(Number),
        })
        .from(voiceMedia)
        .where(eq(voiceMedia.messageId, messageId));
      return row ?? null;
    },

    /**
     * Bytes `start` to `end` (inclusive) of a message's media: the database reads only that part (the column is
     * stored uncompressed out of line, migration 0018), so seeking in a long message costs what the part does.
     */
    async mediaBytes(messageId: string, start: number, end: number): Promise<Buffer> {
      const [row] = await db
        .select({
          part: sql<Uint8Array>`substring(${voiceMedia.bytes} from ${start + 1}::int for ${end - start + 1}::int)`,
        })
        .from(voiceMedia)
        .where(eq(voiceMedia.messageId, messageId));
      return Buffer.from(row?.part ?? []);
    },

    /** Marks a message heard (now) or new, and moves it to Deleted (now) or back; returns the row as it now is. */
    async updateMessage(
      ex: Executor,
      messageId: string,
      change: { heardAt?: Date | null; deletedAt?: Date | null },
    ): Promise<MessageRow> {
      call('updateMessage');
      const [row] = await ex.update(voiceMessages).set(change).where(eq(voiceMessages.id, messageId)).returning();
      if (!row) throw new Error(`voice message ${messageId} vanished`);
      return row;
    },

    /**
     * A page of a line's calls, newest first: keyset over (started, id) on the line's index, entered at the cursor,
     * the direction a filter on what it reads.
     */
    async calls(lineId: string, filter: CallFilter, window: { cursor: Cursor | null; limit: number }) {
      call('callRecords');
      const k = instantKeyset(
        { at: callRecords.startedAt, id: callRecords.id },
        window.cursor,
        callConditions(lineId, filter),
      );
      const rows = await db
        .select()
        .from(callRecords)
        .where(and(k.where, ...callBounds(filter, window.cursor)))
        .orderBy(...k.order)
        .limit(window.limit + 1);
      const otherSide = k.otherSide
        ? (await db.select({ id: callRecords.id }).from(callRecords).where(k.otherSide).limit(1)).length > 0
        : false;
      return toPage(rows, {
        limit: window.limit,
        cursor: window.cursor,
        dateOf: (row) => row.startedAt.toISOString(),
        hasOtherSide: otherSide,
      });
    },

    /** The newest `max` calls of a line that pass the filter (the CSV export). */
    async newestCalls(lineId: string, filter: CallFilter, max: number): Promise<CallRow[]> {
      call('callRecords');
      return db
        .select()
        .from(callRecords)
        .where(and(...callConditions(lineId, filter), ...callBounds(filter, null)))
        .orderBy(desc(callRecords.startedAt), desc(callRecords.id))
        .limit(max);
    },

    /** A line's forwarding and Call Guard settings (the defaults until they are first saved). */
    async settings(
      ex: Executor,
      lineId: string,
    ): Promise<{ forwarding: ForwardingSettings; callGuard: CallGuardSettings }> {
      call('settings');
      const [row] = await ex.select().from(voiceLineSettings).where(eq(voiceLineSettings.lineId, lineId));
      return {
        // settings saved before a field existed read it as its default (`hoursPropertyId`: issue 22 item 5)
        forwarding: { ...defaultForwarding(), ...(row?.forwarding as Partial<ForwardingSettings> | undefined) },
        callGuard: (row?.callGuard as CallGuardSettings | undefined) ?? defaultCallGuard(),
      };
    },

    /** Saves one part of a line's settings (the other kept as it is, or its default). */
    async saveSettings(
      ex: Executor,
      lineId: string,
      change: { forwarding: ForwardingSettings } | { callGuard: CallGuardSettings },
    ): Promise<void> {
      call('saveSettings');
      const now = clock.now();
      await ex
        .insert(voiceLineSettings)
        .values({
          lineId,
          forwarding: 'forwarding' in change ? change.forwarding : defaultForwarding(),
          callGuard: 'callGuard' in change ? change.callGuard : defaultCallGuard(),
          updatedAt: now,
        })
        .onConflictDoUpdate({ target: voiceLineSettings.lineId, set: { ...change, updatedAt: now } });
    },

    /** Which switch each line runs on (spec §4: classic or the IMS core); null when the platform does not answer. */
    async switches(lineIds: readonly string[]): Promise<Map<string, VoiceSwitch> | null> {
      if (faults.take('switchType')) return null;
      const rows =
        lineIds.length === 0
          ? []
          : await db
              .select({ lineId: voiceImsLines.lineId })
              .from(voiceImsLines)
              .where(inArray(voiceImsLines.lineId, [...lineIds]));
      const ims = new Set(rows.map((row) => row.lineId));
      return new Map(lineIds.map((lineId) => [lineId, ims.has(lineId) ? 'ims' : 'classic']));
    },

    /** The platform's provisioning moves a line to the IMS core (once; a line there stays). */
    async moveToIms(ex: Executor, lineId: string): Promise<void> {
      await ex.insert(voiceImsLines).values({ lineId, movedAt: clock.now() }).onConflictDoNothing();
    },

    /** Whether a number (E.164) is on the platform's reputation list. */
    isSuspectedSpam(number: string | null): boolean {
      return number !== null && SUSPECTED_SPAM.has(number);
    },

    /**
     * The background work: purges the messages deleted more than DELETED_MESSAGE_DAYS ago and the calls older than
     * CALL_HISTORY_DAYS; how many rows went.
     */
    async purgeExpired(): Promise<number> {
      const now = clock.now().getTime();
      const gone = await db
        .delete(voiceMessages)
        .where(lt(voiceMessages.deletedAt, new Date(now - DELETED_MESSAGE_DAYS * DAY_MS)))
        .returning({ id: voiceMessages.id });
      const calls = await db
        .delete(callRecords)
        .where(lt(callRecords.startedAt, new Date(now - CALL_HISTORY_DAYS * DAY_MS)))
        .returning({ id: callRecords.id });
      return gone.length + calls.length;
    },

    faults,
  };
}

export type VoicePlatform = ReturnType<typeof createVoicePlatform>;

export const VOICE_PLATFORM_FAULTS_PATH = '/api/dev/voice-platform/faults';

/** Registered only outside production, for a session or the local operator (plugins/dev-control.ts). */
export const voicePlatformDevRoutes = (platform: VoicePlatform) =>
  faultKnobRoutes(VOICE_PLATFORM_FAULTS_PATH, VOICE_PLATFORM_OPERATIONS, platform.faults);
