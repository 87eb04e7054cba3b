import {
  AppError,
  type AuditAction,
  addDays,
  CALL_EXPORT_MAX_ROWS,
  CALL_HISTORY_DAYS,
  type CallLogsExportQuery,
  type CallLogsPage,
  type CallLogsQuery,
  type CallRecord,
  isAdminGroup,
  isCpniCompliant,
  type Locale,
  startOfDayInZone,
  type UnreadCountResponse,
  type VoiceAssignmentResponse,
  type VoiceBox,
  type VoiceCardResponse,
  type VoiceLinesResponse,
  type VoiceMessage,
  type VoiceMessagesPage,
  type VoiceMessageUpdate,
  voiceCard,
} from '@vireo/shared';
import type { Db } from '../../db/client';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { decodeCursor } from '../../platform/keyset';
import type { AuthContext } from '../identity/identity.service';
import {
  boxOf,
  type CallFilter,
  type CallRow,
  type MessageRow,
  platformUnavailable,
  purgeAtOf,
  type VoicePlatform,
} from '../voice-platform/voice-platform';
import { renderCallsCsv } from './calls-csv';
import { lineViewOf, type VoiceRepository } from './voice.repository';

export type VoiceReader = { accountId: string; userId: string };
export type VoiceActor = VoiceReader & { requestId?: string };

export type VoiceDeps = {
  db: Db;
  clock: Clock;
  repo: VoiceRepository;
  platform: VoicePlatform;
  audit: AuditRepository;
  /** spec §3: the ids of the account's value-added services (the account module's). */
  valueAddedServiceIds: (accountId: string) => Promise<string[]>;
  /** The `hostedVoice` feature flag in this environment. */
  hostedVoiceEnabled: () => Promise<boolean>;
  /** The account's community properties by name (property-settings', given by app.ts; issue 22 item 5). */
  propertyNames: (accountId: string) => Promise<{ id: string; name: string }[]>;
};

const PAGE_SIZE = 20;
const DAY_MS = 86_400_000;

function callOf(row: CallRow): CallRecord {
  return {
    id: row.id,
    direction: row.direction,
    number: row.otherNumber,
    name: row.otherName,
    startedAt: row.startedAt.toISOString(),
    durationSeconds: row.durationSeconds,
    blockReason: (row.blockReason as CallRecord['blockReason']) ?? null,
  };
}

function messageOf(row: MessageRow): VoiceMessage {
  return {
    id: row.id,
    lineId: row.lineId,
    kind: row.kind,
    from: row.fromNumber,
    callerName: row.callerName,
    receivedAt: row.receivedAt.toISOString(),
    durationSeconds: row.durationSeconds,
    pages: row.pages,
    box: boxOf(row),
    purgeAt: purgeAtOf(row)?.toISOString() ?? null,
    transcript: row.transcript ?? null,
  };
}

/**
 * The voice manager (issue 19 items 3-4, wider-portal.md §6): the account's lines and their mailboxes, read from the
 * voice platform. Every route is CPNI (spec §2.1, ADR 008: `voice.manage`); a line or message of another account is
 * 404. Marking heard or new, deleting and restoring write an audit entry (area voice) with the change.
 */
export function createVoiceService({
  db,
  clock,
  repo,
  platform,
  audit,
  valueAddedServiceIds,
  hostedVoiceEnabled,
  propertyNames,
}: VoiceDeps) {
  async function lineOf(reader: VoiceReader, lineId: string) {
    const line = await repo.line(db, reader.accountId, { id: lineId });
    if (!line) throw new AppError('NOT_FOUND', 'line');
    return line;
  }

  /** A message of one of the reader's account's lines, locked in `tx` when given; 404 otherwise. */
  async function ownMessage(reader: VoiceReader, messageId: string, ex: Parameters<VoicePlatform['message']>[0] = db) {
    const message = await platform.message(ex, messageId, { lock: ex !== db });
    if (!message || !(await repo.line(ex, reader.accountId, { id: message.lineId }))) {
      throw new AppError('NOT_FOUND', 'message');
    }
    return message;
  }

  /**
   * The calls a query asks for: the last CALL_HISTORY_DAYS days, narrowed to its days (the account's calendar, both
   * included) and direction. A From after To is refused on the From field.
   */
  async function callFilterOf(reader: VoiceReader, query: CallLogsExportQuery): Promise<CallFilter> {
    if (query.from && query.to && query.from > query.to) {
      throw new AppError('VALIDATION_FAILED', 'From is after To', {
        fields: [{ path: 'querystring.from', code: 'too_big' }],
      });
    }
    const timeZone = await repo.timeZone(db, reader.accountId);
    const kept = new Date(clock.now().getTime() - CALL_HISTORY_DAYS * DAY_MS);
    const from = query.from ? startOfDayInZone(query.from, timeZone) : null;
    // no call is later than now: a later end bounds nothing
    const until = query.to ? startOfDayInZone(addDays(query.to, 1), timeZone) : null;
    return {
      direction: query.direction,
      since: from && from > kept ? from : kept,
      until: until && until <= clock.now() ? until : null,
    };
  }

  return {
    async lines(reader: VoiceReader): Promise<VoiceLinesResponse> {
      const lines = await repo.lines(db, reader.accountId);
      const ids = lines.map((line) => line.id);
      const [unread, switches, hoursProperties] = await Promise.all([
        platform.unreadCounts(ids),
        platform.switches(ids),
        propertyNames(reader.accountId),
      ]);
      return {
        lines: lines.map((line) => lineViewOf(line, unread?.get(line.id) ?? null, switches?.get(line.id) ?? null)),
        hoursProperties,
      };
    },

    async messages(
      reader: VoiceReader,
      lineId: string,
      query: { box: VoiceBox; cursor?: string | undefined; limit?: number | undefined },
    ): Promise<VoiceMessagesPage> {
      const line = await lineOf(reader, lineId);
      const cursor = decodeCursor(query.cursor);
      const page = await platform
        .messages(line.id, query.box, { cursor, limit: query.limit ?? PAGE_SIZE })
        .catch(platformUnavailable);
      return { ...page, items: page.items.map(messageOf) };
    },

    /**
     * Heard or new, Deleted or back: one transaction with the message locked, an audit entry per change made; a
     * change to what it already is writes nothing. A deleted message can be marked neither heard nor new.
     */
    async updateMessage(actor: VoiceActor, messageId: string, change: VoiceMessageUpdate): Promise<VoiceMessage> {
      const row = await db
        .transaction(async (tx) => {
          const message = await ownMessage(actor, messageId, tx);
          const now = clock.now();
          const set: { heardAt?: Date | null; deletedAt?: Date | null } = {};
          const actions: AuditAction[] = [];
          if (change.deleted !== undefined && change.deleted !== (message.deletedAt !== null)) {
            set.deletedAt = change.deleted ? now : null;
            actions.push(change.deleted ? 'voicemail.deleted' : 'voicemail.restored');
          }
          const deletedAfter = set.deletedAt !== undefined ? set.deletedAt !== null : message.deletedAt !== null;
          if (change.heard !== undefined && change.heard !== (message.heardAt !== null)) {
            if (deletedAfter) {
              throw new AppError('VALIDATION_FAILED', 'a deleted message is restored first', {
                fields: [{ path: 'body.heard', code: 'voice.message.deleted' }],
              });
            }
            set.heardAt = change.heard ? now : null;
            actions.push(change.heard ? 'voicemail.heard' : 'voicemail.unheard');
          }
          if (actions.length === 0) return message;
          const updated = await platform.updateMessage(tx, message.id, set);
          for (const action of actions) {
            await audit.record(tx, {
              at: now,
              accountId: actor.accountId,
              actorUserId: actor.userId,
              action,
              targetId: message.id,
              requestId: actor.requestId ?? null,
              data: { kind: message.kind, from: message.fromNumber, receivedAt: message.receivedAt.toISOString() },
            });
          }
          return updated;
        })
        .catch(platformUnavailable);
      return messageOf(row);
    },

    /**
     * The audio or fax of a message: its row (its kind and time name the download), type and length, and a reader of
     * any part of it (a range request reads only that part).
     */
    async media(reader: VoiceReader, messageId: string) {
      const message = await ownMessage(reader, messageId);
      const info = await platform.mediaInfo(message.id).catch(platformUnavailable);
      if (!info) throw new AppError('NOT_FOUND', 'media');
      return {
        message,
        ...info,
        read: (start: number, end: number) => platform.mediaBytes(message.id, start, end).catch(platformUnavailable),
      };
    },

    /** A line's calls (issue 19 item 5), newest first, a keyset page at a time. */
    async calls(reader: VoiceReader, lineId: string, query: CallLogsQuery): Promise<CallLogsPage> {
      const line = await lineOf(reader, lineId);
      const filter = await callFilterOf(reader, query);
      const window = { cursor: decodeCursor(query.cursor), limit: query.limit ?? PAGE_SIZE };
      const page = await platform.calls(line.id, filter, window).catch(platformUnavailable);
      return { ...page, items: page.items.map(callOf) };
    },

    /** The same calls as CSV in `locale`, at most CALL_EXPORT_MAX_ROWS, with the line in the file's name. */
    async exportCalls(reader: VoiceReader, lineId: string, query: CallLogsExportQuery, locale: Locale) {
      const line = await lineOf(reader, lineId);
      const filter = await callFilterOf(reader, query);
      const rows = await platform.newestCalls(line.id, filter, CALL_EXPORT_MAX_ROWS).catch(platformUnavailable);
      return {
        name: `calls-${line.number}${query.from ? `-${query.from}` : ''}${query.to ? `-${query.to}` : ''}.csv`,
        file: renderCallsCsv(rows.map(callOf), await repo.timeZone(db, reader.accountId), locale),
      };
    },

    /** spec §7.1: the new voicemails of one of the account's numbers; 503 when the platform does not answer. */
    async unreadCount(reader: VoiceReader, tn: string): Promise<UnreadCountResponse> {
      const line = await repo.line(db, reader.accountId, { number: tn });
      if (!line) throw new AppError('NOT_FOUND', 'line');
      const counts = await platform.unreadCounts([line.id]);
      if (!counts) throw new AppError('SERVICE_UNAVAILABLE', 'the voice platform failed unreadCount');
      return { tn: line.number, unreadCount: counts.get(line.id) ?? 0 };
    },

    /**
     * The account summary's voice card for the signed-in user (spec §3 voice access card, §4 voice card; rules/voice.ts
     * `voiceCard`). The account is "on an IMS switch" when the platform has moved every one of its lines there (a line
     * still on the classic switch keeps the voice manager's links); when the platform does not say, the lines are taken
     * as classic (the pages then answer for themselves). The voicemail count and the lines are CPNI: read only for a
     * reader with CPNI access.
     */
    async card(auth: AuthContext): Promise<VoiceCardResponse> {
      const cpniCompliant = isCpniCompliant(auth.capabilities);
      const [serviceIds, hostedVoiceFeature, assigned, lines] = await Promise.all([
        valueAddedServiceIds(auth.accountId),
        hostedVoiceEnabled(),
        repo.assignedNumbers(db, auth.accountId, auth.userId),
        cpniCompliant ? repo.lines(db, auth.accountId) : Promise.resolve([]),
      ]);
      const has = new Set(serviceIds);
      const ids = lines.map((line) => line.id);
      const [unread, switches] =
        ids.length === 0
          ? [new Map<string, number>(), null]
          : await Promise.all([platform.unreadCounts(ids), platform.switches(ids)]);
      const card = voiceCard({
        services: {
          phone: has.has('PHONE'),
          phoneMeta: has.has('PHONE_META'),
          phoneMetaLegacy: has.has('PHONE_META_LEGACY'),
          hostedVoice: has.has('HOSTED_VOICE'),
        },
        hostedVoiceFeature,
        isCharterUser: auth.account.footprint === 'CHTR',
        onImsSwitch: ids.length > 0 && ids.every((id) => switches?.get(id) === 'ims'),
        isAdminGroup: isAdminGroup(auth.role),
        cpniCompliant,
        assignment: assigned.length > 0 ? 'ASSIGNED' : 'UNASSIGNED',
        phoneNumbers: assigned,
        unreadVoicemails: unread ? [...unread.values()].reduce((sum, n) => sum + n, 0) : 'error',
      });
      return {
        showAccessCard: card.showAccessCard,
        numberOfVoiceMails: card.numberOfVoiceMails,
        voicemailLink: card.showVoicemailLink ? '/voice/messages' : null,
        showForwardingLink: card.showForwardingLink,
        manageForwardingLink: card.showForwardingLink ? '/voice/forwarding-manager' : null,
        manageVoiceLink: card.showAccessCard ? (cpniCompliant ? '/services/voice/phone' : '/services/voice') : null,
        numberOfAssignedLines: card.numberOfAssignedLines,
        assignedNumber: card.assignedNumber,
        lines:
          card.numberOfVoiceMails === null
            ? []
            : lines.map((line) => ({
                number: line.number,
                label: line.label,
                unreadCount: unread?.get(line.id) ?? null,
              })),
        hostedVoice: { provisioned: card.hostedVoiceProvisioned, admin: isAdminGroup(auth.role) },
      };
    },

    /** spec §3 member services: the lines assigned to the signed-in user. */
    async assignment(reader: VoiceReader): Promise<VoiceAssignmentResponse> {
      const phoneNumbers = await repo.assignedNumbers(db, reader.accountId, reader.userId);
      return { assignment: phoneNumbers.length > 0 ? 'ASSIGNED' : 'UNASSIGNED', phoneNumbers };
    },
  };
}

export type VoiceService = ReturnType<typeof createVoiceService>;
