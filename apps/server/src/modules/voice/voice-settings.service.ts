import { isDeepStrictEqual } from 'node:util';
import {
  AppError,
  type CallGuardSettings,
  dateInZone,
  type FieldError,
  type ForwardingSettings,
  HOURS_PROPERTY_UNSET,
  isIsoDate,
  LINE_LABEL_MAX_LENGTH,
  localMomentOf,
  normalizeBlockedPrefix,
  normalizeNanp,
  type ScheduleDay,
  type SimulateCallRequest,
  type SimulationAnswer,
  simulateCall,
  startOfDayInZone,
  type VoiceLine,
  type VoiceLineUpdate,
  validateCallerIdName,
  validateCallGuard,
  validateForwarding,
  validateShortName,
} from '@vireo/shared';
import type { Db, Executor } from '../../db/client';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { platformUnavailable, type VoicePlatform } from '../voice-platform/voice-platform';
import { lineViewOf, type VoiceRepository } from './voice.repository';

export type VoiceSettingsActor = {
  accountId: string;
  userId: string;
  requestId?: string;
  /** Throws STEP_UP_REQUIRED unless the user signed in or stepped up lately (wider-portal.md §3). */
  requireRecentSignIn: () => void;
};
type Reader = { accountId: string };

/**
 * The day of `date` in a community property's business hours, as the schedule rules read them (issue 22 item 5); `unset`
 * when its week was never saved, null when it is not one of the account's. app.ts gives property-settings'
 * (`voice-hours.ts`); this module reads none of its tables.
 */
export type PropertyScheduleDay = (
  ex: Executor,
  accountId: string,
  propertyId: string,
  date: string,
) => Promise<ScheduleDay | 'unset' | null>;

export type VoiceSettingsDeps = {
  db: Db;
  clock: Clock;
  repo: VoiceRepository;
  platform: VoicePlatform;
  audit: AuditRepository;
  propertyDay: PropertyScheduleDay;
};

const refused = (fields: FieldError[]) => new AppError('VALIDATION_FAILED', 'The settings are not valid', { fields });

/** A number kept as the platform keeps settings' numbers: E.164 (the validators accepted it). */
const e164 = (text: string) => {
  const result = normalizeNanp(text);
  return result.ok ? result.value : text.trim();
};

/** Settings' numbers as stored: E.164; a disabled forward's empty target stays empty. */
function normalizedForwarding(settings: ForwardingSettings): ForwardingSettings {
  const forward = (f: { enabled: boolean; to: string }) => ({ ...f, to: f.to.trim() === '' ? '' : e164(f.to) });
  return {
    ...settings,
    always: forward(settings.always),
    busy: forward(settings.busy),
    noAnswer: { ...forward(settings.noAnswer), rings: settings.noAnswer.rings },
    unreachable: forward(settings.unreachable),
    simultaneousRing: { ...settings.simultaneousRing, numbers: settings.simultaneousRing.numbers.map(e164) },
    scheduleRules: settings.scheduleRules.map((rule) =>
      rule.action.type === 'forward' ? { ...rule, action: { ...rule.action, to: e164(rule.action.to) } } : rule,
    ),
  };
}

/** Every number calls could be sent to (enabled forwards, simultaneous ring, schedule forwards). */
function targetsOf(settings: ForwardingSettings): string[] {
  const forwards = [settings.always, settings.busy, settings.noAnswer, settings.unreachable]
    .filter((f) => f.enabled && f.to !== '')
    .map((f) => f.to);
  const ring = settings.simultaneousRing.enabled ? settings.simultaneousRing.numbers : [];
  const rules = settings.scheduleRules.flatMap((rule) => (rule.action.type === 'forward' ? [rule.action.to] : []));
  return [...forwards, ...ring, ...rules];
}

/**
 * A line's own settings (issue 19 items 6-8, wider-portal.md §6): its name, caller-ID name and who answers it, its
 * forwarding and its Call Guard, and the rule simulator over them. Every route is `voice.manage` (spec §4: forwarding
 * for the admin group with a phone-meta service; CPNI). Each change is validated by the shared rules (field errors
 * with their translation ids), kept on the voice platform, and audited in the same transaction; forwarding calls to
 * a number outside the account needs a recent sign-in (the step-up of wider-portal.md §3: toll fraud and hijacked
 * calls start there).
 */
export function createVoiceSettingsService({ db, clock, repo, platform, audit, propertyDay }: VoiceSettingsDeps) {
  async function lineOf(reader: Reader, lineId: string) {
    const line = await repo.line(db, reader.accountId, { id: lineId });
    if (!line) throw new AppError('NOT_FOUND', 'line');
    return line;
  }

  return {
    /** Renames a line, sets its caller-ID name, assigns it to a member (or to nobody); audited with what changed. */
    async updateLine(actor: VoiceSettingsActor, lineId: string, change: VoiceLineUpdate): Promise<VoiceLine> {
      const fields: FieldError[] = [];
      const set: { label?: string; callerIdName?: string | null; assignedUserId?: string | null } = {};
      if (change.label !== undefined) {
        const rule = validateShortName(change.label, LINE_LABEL_MAX_LENGTH, 'voice.line.label');
        if (rule.ok) set.label = rule.value;
        else fields.push({ path: 'body.label', code: rule.message });
      }
      if (change.callerIdName !== undefined) {
        // an empty caller-ID name gives the line the account's default again
        const rule = change.callerIdName.trim() === '' ? null : validateCallerIdName(change.callerIdName);
        if (rule === null) set.callerIdName = null;
        else if (rule.ok) set.callerIdName = rule.value;
        else fields.push({ path: 'body.callerIdName', code: rule.message });
      }
      if (fields.length > 0) throw refused(fields);
      if (change.assignedUserId !== undefined) set.assignedUserId = change.assignedUserId;

      await db.transaction(async (tx) => {
        const line = await repo.lockLine(tx, actor.accountId, lineId);
        if (!line) throw new AppError('NOT_FOUND', 'line');
        if (set.assignedUserId && !(await repo.isActiveMember(tx, actor.accountId, set.assignedUserId))) {
          // another business's user, or one who left: the same answer as an unknown id
          throw new AppError('NOT_FOUND', 'user');
        }
        const changed = Object.fromEntries(
          Object.entries(set).filter(([key, value]) => line[key as keyof typeof line] !== value),
        );
        if (Object.keys(changed).length === 0) return;
        await repo.updateLine(tx, line.id, changed);
        await audit.record(tx, {
          at: clock.now(),
          accountId: actor.accountId,
          actorUserId: actor.userId,
          action: 'voice_line.updated',
          targetId: line.id,
          requestId: actor.requestId ?? null,
          data: { line: set.label ?? line.label, number: line.phoneNumber, changed: Object.keys(changed) },
        });
      });
      const line = await lineOf(actor, lineId);
      const [counts, switches] = await Promise.all([platform.unreadCounts([line.id]), platform.switches([line.id])]);
      return lineViewOf(line, counts?.get(line.id) ?? null, switches?.get(line.id) ?? null);
    },

    async forwarding(reader: Reader, lineId: string): Promise<ForwardingSettings> {
      const line = await lineOf(reader, lineId);
      return (await platform.settings(db, line.id).catch(platformUnavailable)).forwarding;
    },

    async callGuard(reader: Reader, lineId: string): Promise<CallGuardSettings> {
      const line = await lineOf(reader, lineId);
      return (await platform.settings(db, line.id).catch(platformUnavailable)).callGuard;
    },

    /**
     * Saves a line's forwarding: every rule checked (the line's own number too), numbers kept in E.164; a target
     * outside the account's own lines needs a recent sign-in. Nothing changes when it is the same.
     */
    async saveForwarding(actor: VoiceSettingsActor, lineId: string, body: ForwardingSettings) {
      const line = await lineOf(actor, lineId);
      const fields = validateForwarding(body, line.number);
      if (fields.length > 0) throw refused(fields);
      if (body.hoursPropertyId !== null) {
        // issue 22 item 5: a property of the account (another's is not found, as an unknown id) whose hours are set
        const today = dateInZone(clock.now(), await repo.timeZone(db, actor.accountId));
        const day = await propertyDay(db, actor.accountId, body.hoursPropertyId, today);
        if (day === null) throw new AppError('NOT_FOUND', 'property');
        if (day === 'unset') throw refused([{ path: 'body.hoursPropertyId', code: HOURS_PROPERTY_UNSET }]);
      }
      const settings = normalizedForwarding(body);
      const own = new Set((await repo.lines(db, actor.accountId)).map((l) => e164(l.number)));
      if (targetsOf(settings).some((number) => !own.has(number))) actor.requireRecentSignIn();
      await db
        .transaction(async (tx) => {
          const before = (await platform.settings(tx, line.id)).forwarding;
          // jsonb keeps keys in its own order: compare the values, not their text
          if (isDeepStrictEqual(before, settings)) return;
          await platform.saveSettings(tx, line.id, { forwarding: settings });
          await audit.record(tx, {
            at: clock.now(),
            accountId: actor.accountId,
            actorUserId: actor.userId,
            action: 'forwarding.changed',
            targetId: line.id,
            requestId: actor.requestId ?? null,
            data: { line: line.label, number: line.number, targets: targetsOf(settings).length },
          });
        })
        .catch(platformUnavailable);
      return settings;
    },

    /** Saves a line's Call Guard: every rule checked, numbers in E.164 and prefixes as digits; audited. */
    async saveCallGuard(actor: VoiceSettingsActor, lineId: string, body: CallGuardSettings) {
      const line = await lineOf(actor, lineId);
      const fields = validateCallGuard(body);
      if (fields.length > 0) throw refused(fields);
      const settings: CallGuardSettings = {
        ...body,
        blockedNumbers: body.blockedNumbers.map(e164),
        allowedNumbers: body.allowedNumbers.map(e164),
        blockedPrefixes: body.blockedPrefixes.map((text) => {
          const prefix = normalizeBlockedPrefix(text);
          return prefix.ok ? prefix.value : text.trim();
        }),
      };
      await db
        .transaction(async (tx) => {
          const before = (await platform.settings(tx, line.id)).callGuard;
          // jsonb keeps keys in its own order: compare the values, not their text
          if (isDeepStrictEqual(before, settings)) return;
          await platform.saveSettings(tx, line.id, { callGuard: settings });
          await audit.record(tx, {
            at: clock.now(),
            accountId: actor.accountId,
            actorUserId: actor.userId,
            action: 'call_guard.changed',
            targetId: line.id,
            requestId: actor.requestId ?? null,
            data: { line: line.label, number: line.number, level: settings.level },
          });
        })
        .catch(platformUnavailable);
      return settings;
    },

    /**
     * The rule simulator: the line's saved settings on one imagined call, from `from` (empty: withheld) at a moment
     * of the account's clock. Changes nothing.
     */
    async simulate(reader: Reader, lineId: string, request: SimulateCallRequest): Promise<SimulationAnswer> {
      const line = await lineOf(reader, lineId);
      const fields: FieldError[] = [];
      const typed = request.from.trim();
      const caller = typed === '' ? null : normalizeNanp(typed);
      if (caller && !caller.ok) fields.push({ path: 'body.from', code: caller.message });
      const [date, time] = request.at.split('T') as [string, string];
      const [hours, minutes] = time.split(':').map(Number) as [number, number];
      if (!isIsoDate(date) || hours > 23 || minutes > 59) fields.push({ path: 'body.at', code: 'voice.simulator.at' });
      if (fields.length > 0) throw refused(fields);
      const timeZone = await repo.timeZone(db, reader.accountId);
      // the moment on the account's clock (on a DST change day the clock's own hour moves it)
      const instant = new Date(startOfDayInZone(date, timeZone).getTime() + (hours * 60 + minutes) * 60_000);
      const moment = localMomentOf(instant, timeZone);
      const settings = await platform.settings(db, line.id).catch(platformUnavailable);
      // a line that follows a property's business hours reads that day of them (issue 22 item 5); its own otherwise
      const { hoursPropertyId } = settings.forwarding;
      const property = hoursPropertyId ? await propertyDay(db, reader.accountId, hoursPropertyId, moment.date) : null;
      const number = caller?.ok ? caller.value : null;
      const suspectedSpam = platform.isSuspectedSpam(number);
      const result = simulateCall({
        line: { number: line.number },
        forwarding: settings.forwarding,
        guard: settings.callGuard,
        caller: { number, suspectedSpam },
        at: moment,
        ...(property && property !== 'unset' ? { day: property } : {}),
      });
      return { ...result, suspectedSpam } as SimulationAnswer;
    },
  };
}

export type VoiceSettingsService = ReturnType<typeof createVoiceSettingsService>;
