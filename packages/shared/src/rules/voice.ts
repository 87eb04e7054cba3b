import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { type IsoDate, toIsoDate } from '../dates';
import type { FieldError } from '../errors';

/**
 * Business phone (voice) rules shared by the voice manager's pages, the server and the account summary
 * (wider-portal.md §6; spec §3 "Voice access card", §4 "Voice card", §6). Pure: no clock, no I/O.
 * The rest lives beside this file: `voice-forwarding.ts` (forwarding settings and the schedule), `voice-guard.ts`
 * (Call Guard) and `voice-simulator.ts` (the rule simulator).
 *
 * Translation ids used by the voice rules (this file and its three siblings; every message is an id, never text):
 *   numbers and prefixes (this file):
 *     voice.number.required          voice.number.invalid          voice.number.notNanp
 *     voice.number.duplicate         voice.prefix.invalid          voice.prefix.duplicate
 *   forwarding (voice-forwarding.ts):
 *     voice.forwarding.ownLine               voice.forwarding.rings.range
 *     voice.forwarding.simultaneous.required voice.forwarding.simultaneous.tooMany
 *     voice.forwarding.hours.invalid         voice.forwarding.hours.order
 *     voice.forwarding.holidays.tooMany      voice.forwarding.holidays.invalid      voice.forwarding.holidays.duplicate
 *     voice.forwarding.rules.tooMany         voice.forwarding.rules.duplicateId
 *     voice.forwarding.replacesVoicemail (the warning shown when `replacesVoicemail` is true)
 *     voice.schedule.when.business_hours  voice.schedule.when.after_hours  voice.schedule.when.holiday
 *     voice.schedule.when.always (the words for a rule's `when`, also a simulator step's `when` parameter)
 *   Call Guard (voice-guard.ts):
 *     voice.guard.blocked.tooMany  voice.guard.prefixes.tooMany  voice.guard.allowed.tooMany
 *     voice.guard.blockedAndAllowed
 *   the rule simulator's steps (voice-simulator.ts, `SimulationStep`):
 *     voice.simulator.allowedNumber   voice.simulator.blockedNumber  voice.simulator.blockedPrefix
 *     voice.simulator.anonymous       voice.simulator.spamBlocked    voice.simulator.labelledSpam
 *     voice.simulator.spamIgnored     voice.simulator.guardPassed
 *     voice.simulator.alwaysForward   voice.simulator.scheduleMatched voice.simulator.scheduleNone
 *     voice.simulator.forward         voice.simulator.voicemail       voice.simulator.ring
 *     voice.simulator.busyForward     voice.simulator.busyVoicemail
 *     voice.simulator.noAnswerForward voice.simulator.noAnswerVoicemail
 *     voice.simulator.unreachableForward voice.simulator.unreachableVoicemail
 */

/** A number as typed ("(207) 555-0101", "+1 207 555 0101"): at most this many characters (as the profile's phones). */
export const VOICE_NUMBER_INPUT_MAX_LENGTH = 30;

export type VoiceNumberMessage = 'voice.number.required' | 'voice.number.invalid' | 'voice.number.notNanp';
export type NanpResult = { ok: true; value: string } | { ok: false; message: VoiceNumberMessage };

/**
 * wider-portal.md §6 "Numbers validated as North American numbers": a number as typed, read by libphonenumber-js (a
 * number without a country code is a US one), to E.164 (`+12075550101`). It must be a valid number of the North
 * American Numbering Plan (country code 1: the US, Canada and the Caribbean); an extension is refused (nothing can
 * dial it when forwarding or match it when screening). The fictional 555-0100..0199 numbers of the demo data are valid
 * to libphonenumber-js, so they pass; a 555 area code does not.
 */
export function normalizeNanp(text: string): NanpResult {
  const typed = text.trim();
  if (typed === '') return { ok: false, message: 'voice.number.required' };
  if (typed.length > VOICE_NUMBER_INPUT_MAX_LENGTH) return { ok: false, message: 'voice.number.invalid' };
  const parsed = parsePhoneNumberFromString(typed, 'US');
  if (!parsed) return { ok: false, message: 'voice.number.invalid' };
  if (parsed.countryCallingCode !== '1') return { ok: false, message: 'voice.number.notNanp' };
  if (parsed.ext || !parsed.isValid()) return { ok: false, message: 'voice.number.invalid' };
  return { ok: true, value: parsed.number };
}

/** Blocked prefixes (wider-portal.md §6 Call Guard): 3 to 10 digits of the national number. */
export const BLOCKED_PREFIX_MIN_DIGITS = 3;
export const BLOCKED_PREFIX_MAX_DIGITS = 10;

export type PrefixResult = { ok: true; value: string } | { ok: false; message: 'voice.prefix.invalid' };

/**
 * A blocked prefix as typed (`900`, `+1 900`, `1-900`, `(207) 555`) to the digits after the country code (`900`,
 * `207555`): 3 to 10 of them, the first 2-9 (a NANP area code never starts with 0 or 1, which is also why a leading 1
 * can only be the country code). Separators (spaces, dashes, dots, parentheses) are ignored.
 */
export function normalizeBlockedPrefix(text: string): PrefixResult {
  const compact = text.trim().replace(/[\s().-]/g, '');
  const national = compact.replace(/^\+?1/, '');
  if (compact.startsWith('+') && !compact.startsWith('+1')) return { ok: false, message: 'voice.prefix.invalid' };
  const pattern = new RegExp(`^[2-9]\\d{${BLOCKED_PREFIX_MIN_DIGITS - 1},${BLOCKED_PREFIX_MAX_DIGITS - 1}}$`);
  return pattern.test(national) ? { ok: true, value: national } : { ok: false, message: 'voice.prefix.invalid' };
}

/** A prefix as typed ('+1 (207) 555'): at most this many characters. */
export const BLOCKED_PREFIX_INPUT_MAX_LENGTH = 20;

/** A rule's finding on one field: its path in the settings and its code (a translation id). */
export type VoiceIssue = { path: (string | number)[]; code: string };

/** Issues as the API's field errors: paths from the request body (`body.noAnswer.to`, `body.scheduleRules.2.action.to`). */
export function toBodyFieldErrors(issues: VoiceIssue[]): FieldError[] {
  return issues.map((issue) => ({ path: ['body', ...issue.path].join('.'), code: issue.code }));
}

/**
 * The issues of a list of numbers as typed: at most `max` (beyond it only `tooManyCode`, on the list, and no entry is
 * read), each a valid North American number, none twice (after normalizing: `207-555-0101` is `+12075550101`), none
 * of them `forbidden` (normalized; with its code). Returns the normalized numbers of the valid entries, by index.
 */
export function numberListIssues(
  list: readonly string[],
  path: (string | number)[],
  options: { max: number; tooManyCode: string; forbidden?: { number: string | null; code: string } },
): { issues: VoiceIssue[]; numbers: Map<number, string> } {
  const issues: VoiceIssue[] = [];
  const numbers = new Map<number, string>();
  if (list.length > options.max) return { issues: [{ path, code: options.tooManyCode }], numbers };
  const seen = new Set<string>();
  list.forEach((text, index) => {
    const result = normalizeNanp(text);
    if (!result.ok) issues.push({ path: [...path, index], code: result.message });
    else if (seen.has(result.value)) issues.push({ path: [...path, index], code: 'voice.number.duplicate' });
    else if (options.forbidden && result.value === options.forbidden.number) {
      issues.push({ path: [...path, index], code: options.forbidden.code });
    } else {
      seen.add(result.value);
      numbers.set(index, result.value);
    }
  });
  return { issues, numbers };
}

/** The 10 digits after `+1` of a normalized number (what a blocked prefix is matched against). */
export function nationalDigits(e164: string): string {
  return e164.replace(/^\+1/, '');
}

/** The days of the week, as business hours and the simulator name them. */
export const VOICE_WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type VoiceWeekday = (typeof VOICE_WEEKDAYS)[number];

/** A moment on the account's wall clock: what business hours, holidays and schedule rules are judged against. */
export type LocalMoment = { date: IsoDate; weekday: VoiceWeekday; minutes: number };

const momentFormatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY_OF: Record<string, VoiceWeekday> = {
  Mon: 'mon',
  Tue: 'tue',
  Wed: 'wed',
  Thu: 'thu',
  Fri: 'fri',
  Sat: 'sat',
  Sun: 'sun',
};

/**
 * The date, weekday and minutes since local midnight of `instant` in `timeZone` (the account's), read with Intl so
 * daylight saving time is the zone's own: 01:59 EST is followed by 03:00 EDT on a spring-forward day.
 */
export function localMomentOf(instant: Date, timeZone: string): LocalMoment {
  let formatter = momentFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    momentFormatters.set(timeZone, formatter);
  }
  const part: Record<string, string> = {};
  for (const { type, value } of formatter.formatToParts(instant)) part[type] = value;
  const weekday = WEEKDAY_OF[part.weekday ?? ''];
  if (!weekday) throw new RangeError(`no weekday for ${instant.toISOString()} in ${timeZone}`);
  return {
    date: toIsoDate(Number(part.year), Number(part.month), Number(part.day)),
    weekday,
    // h23 says 0-23; an engine that still says 24 for midnight means 0
    minutes: (Number(part.hour) % 24) * 60 + Number(part.minute),
  };
}

export type VoiceCardInput = {
  /** PHONE, PHONE_META, PHONE_META_LEGACY and HOSTED_VOICE among the account's value-added services (spec §3). */
  services: { phone: boolean; phoneMeta: boolean; phoneMetaLegacy: boolean; hostedVoice: boolean };
  /** The `hostedVoice` feature toggle. */
  hostedVoiceFeature: boolean;
  isCharterUser: boolean;
  onImsSwitch: boolean;
  /** The signed-in user is in the admin group (PRIMARY or ADMIN, spec §6; `isAdminGroup` in roles.ts). */
  isAdminGroup: boolean;
  /** The signed-in user may see the account's CPNI (spec §2.1, `isCpniCompliant` in roles.ts; ADR 008). */
  cpniCompliant: boolean;
  /** Member services: Service.Voice.Assignment. */
  assignment: 'ASSIGNED' | (string & {}) | null;
  /** Member services: Service.Voice.Phone_Numbers (a number or a list). */
  phoneNumbers: string | string[] | null;
  /** The unread voicemail count, or the spec's error marker when the voice platform did not answer (wider-portal §6). */
  unreadVoicemails: number | 'error';
};

export type VoiceCard = {
  showAccessCard: boolean;
  /** Null when the card has no voicemail (no card, a non-Charter user, or a reader without CPNI access). */
  numberOfVoiceMails: number | 'error' | null;
  showVoicemailLink: boolean;
  showForwardingLink: boolean;
  hostedVoiceProvisioned: boolean;
  hasAssignedLines: boolean;
  numberOfAssignedLines: number;
  /** The first assigned number, or null when none is assigned. */
  assignedNumber: string | null;
};

/**
 * The voice card on the account summary, spec §4 "Voice card", word for word:
 *
 * > shown when a phone, phone-meta or legacy phone-meta service exists. Non-Charter user: card without
 * > voicemail/forwarding. Charter user on an IMS switch: voicemail link removed and forwarding hidden. Otherwise
 * > forwarding shows only for an admin with a phone-meta service. Hosted voice is provisioned when the service exists
 * > and the hostedVoice feature is on. Assigned lines is true when assignment is ASSIGNED and phone numbers are
 * > numeric or a non-empty list.
 *
 * Readings (wider-portal.md §6 "follows spec §3 and §4 exactly"): on an IMS switch only the voicemail *link* goes, so
 * the count stays; "a phone-meta service" is PHONE_META (not PHONE_META_LEGACY), as spec §6 "Call forwarding: admins
 * with a phone-meta service"; "numeric" is a string of digits only; ASSIGNED is matched exactly. Hosted voice and
 * assigned lines do not depend on the card being shown (the hosted-voice card is its own).
 *
 * And spec §2.1's CPNI compliance over all of it (ADR 008): the voicemail count and link are the account's voice
 * records, so a reader who may not see its CPNI gets the card (their assigned lines, the way to the phone service)
 * without them.
 */
export function voiceCard(input: VoiceCardInput): VoiceCard {
  const { services } = input;
  const showAccessCard = services.phone || services.phoneMeta || services.phoneMetaLegacy;
  const withVoicemail = showAccessCard && input.isCharterUser && input.cpniCompliant;
  const onIms = withVoicemail && input.onImsSwitch;
  const numbers =
    input.phoneNumbers === null ? [] : Array.isArray(input.phoneNumbers) ? input.phoneNumbers : [input.phoneNumbers];
  const numbersPresent = Array.isArray(input.phoneNumbers)
    ? input.phoneNumbers.length > 0
    : typeof input.phoneNumbers === 'string' && /^\d+$/.test(input.phoneNumbers);
  const hasAssignedLines = input.assignment === 'ASSIGNED' && numbersPresent;
  return {
    showAccessCard,
    numberOfVoiceMails: withVoicemail ? input.unreadVoicemails : null,
    showVoicemailLink: withVoicemail && !onIms,
    showForwardingLink: withVoicemail && !onIms && input.isAdminGroup && services.phoneMeta,
    hostedVoiceProvisioned: services.hostedVoice && input.hostedVoiceFeature,
    hasAssignedLines,
    numberOfAssignedLines: hasAssignedLines ? numbers.length : 0,
    assignedNumber: hasAssignedLines ? (numbers[0] ?? null) : null,
  };
}

/** wider-portal.md §6 Lines: a line's name in the account ("Front counter"). */
export const LINE_LABEL_MAX_LENGTH = 30;
/** wider-portal.md §6 Lines: the caller-ID name the line shows (CNAM carries 15 characters). */
export const CALLER_ID_NAME_MAX_LENGTH = 15;

export type CallerIdNameRule = { ok: true; value: string } | { ok: false; message: string };

/**
 * A caller-ID name as typed: trimmed, 1-15 characters of what the caller-name databases carry (letters A-Z, digits,
 * spaces and . , & ' -), kept in capitals as phones show it. Messages `voice.callerId.required` / `.tooLong` /
 * `.invalid`.
 */
export function validateCallerIdName(raw: string): CallerIdNameRule {
  const value = raw.trim().replace(/\s+/g, ' ').toUpperCase();
  if (value === '') return { ok: false, message: 'voice.callerId.required' };
  if (value.length > CALLER_ID_NAME_MAX_LENGTH) return { ok: false, message: 'voice.callerId.tooLong' };
  if (!/^[A-Z0-9 .,&'-]+$/.test(value)) return { ok: false, message: 'voice.callerId.invalid' };
  return { ok: true, value };
}
