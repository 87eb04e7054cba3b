import { isIsoDate } from '../dates';
import type { FieldError } from '../errors';
import type { ForwardingSettings, ScheduleRule } from '../schemas/voice-settings';
import {
  type LocalMoment,
  normalizeNanp,
  numberListIssues,
  toBodyFieldErrors,
  VOICE_WEEKDAYS,
  type VoiceIssue,
} from './voice';

/**
 * Call forwarding per line (wider-portal.md §6 Forwarding): always, busy, no answer (after 2-6 rings), unreachable;
 * simultaneous ring (up to 5 numbers); rules by schedule (business hours, after hours, holidays) evaluated in order.
 * The translation ids are listed at the top of `voice.ts`.
 */

/** wider-portal.md §6: no-answer forwarding after 2 to 6 rings. */
export const NO_ANSWER_MIN_RINGS = 2;
export const NO_ANSWER_MAX_RINGS = 6;
/** The voice platform's default: an unanswered call goes to voicemail after this many rings. */
export const DEFAULT_RINGS_TO_VOICEMAIL = 4;
/** wider-portal.md §6: simultaneous ring on up to 5 numbers. */
export const SIMULTANEOUS_RING_MAX_NUMBERS = 5;
/** At most this many holidays (dates) per line. */
export const VOICE_HOLIDAYS_MAX = 30;
/** At most this many schedule rules per line. */
export const SCHEDULE_RULES_MAX = 10;
/**
 * The refusal of a line set to follow a community property's business hours that were never set (issue 22 item 5;
 * `hoursPropertyId`), a translation id.
 */
export const HOURS_PROPERTY_UNSET = 'voice.hours.property.unset';

/**
 * When a schedule rule applies. `holiday`: the date is one of the line's holidays. `business_hours`: within the day's
 * opening hours and not a holiday. `after_hours`: everything else, holidays included (so a holiday rule must come
 * before an after-hours rule to win). `always`: every time.
 */
export const SCHEDULE_WHEN = ['business_hours', 'after_hours', 'holiday', 'always'] as const;
export type ScheduleWhen = (typeof SCHEDULE_WHEN)[number];

/** Minutes since midnight of 'HH:MM' (00:00-23:59, and 24:00 as a closing time: open until midnight); null if not. */
export function voiceClockMinutes(text: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(text);
  if (match) return Number(match[1]) * 60 + Number(match[2]);
  return text === '24:00' ? 24 * 60 : null;
}

/**
 * One day of the hours a line's schedule rules read (`scheduleWhenHolds`): whether it is a holiday (closed all day)
 * and its open intervals, in minutes since midnight (`[opens, closes)`). The line's own hours give it
 * (`lineScheduleDay`), or a community property's business hours when the line follows them (issue 22 item 5,
 * wider-portal.md §10: its week, its special hours, and its closures as holidays).
 */
export type ScheduleDay = { holiday: boolean; intervals: readonly (readonly [number, number])[] };

/** The day of `at` in a line's own business hours and holidays. */
export function lineScheduleDay(
  settings: Pick<ForwardingSettings, 'businessHours' | 'holidays'>,
  at: Pick<LocalMoment, 'date' | 'weekday'>,
): ScheduleDay {
  const holiday = settings.holidays.includes(at.date);
  const day = settings.businessHours[at.weekday];
  const open = day ? voiceClockMinutes(day.open) : null;
  const close = day ? voiceClockMinutes(day.close) : null;
  return { holiday, intervals: open !== null && close !== null && !holiday ? [[open, close]] : [] };
}

/** Whether minute `minutes` of `day` falls within its hours: not a holiday, `opens <= time < closes`. */
export function isWithinBusinessHours(day: ScheduleDay, minutes: number): boolean {
  return !day.holiday && day.intervals.some(([opens, closes]) => opens <= minutes && minutes < closes);
}

/** Whether a schedule rule's `when` holds at minute `minutes` of `day` (see `SCHEDULE_WHEN`). */
export function scheduleWhenHolds(when: ScheduleWhen, day: ScheduleDay, minutes: number): boolean {
  switch (when) {
    case 'always':
      return true;
    case 'holiday':
      return day.holiday;
    case 'business_hours':
      return isWithinBusinessHours(day, minutes);
    case 'after_hours':
      return !isWithinBusinessHours(day, minutes);
  }
}

/**
 * wider-portal.md §6 "rules by schedule … evaluated in order": the first rule whose `when` holds at minute `minutes`
 * of `day`, or null.
 */
export function matchScheduleRule(
  rules: readonly ScheduleRule[],
  day: ScheduleDay,
  minutes: number,
): { index: number; rule: ScheduleRule } | null {
  const index = rules.findIndex((rule) => scheduleWhenHolds(rule.when, day, minutes));
  const rule = rules[index];
  return rule ? { index, rule } : null;
}

/**
 * wider-portal.md §6 "A warning says that busy and no-answer forwarding replace voicemail" (`voice.forwarding
 * .replacesVoicemail`): busy or no-answer forwarding, or forwarding every call, is on.
 */
export function replacesVoicemail(settings: Pick<ForwardingSettings, 'always' | 'busy' | 'noAnswer'>): boolean {
  return settings.always.enabled || settings.busy.enabled || settings.noAnswer.enabled;
}

/** One forwarding target: needed when enabled; when given, a valid North American number that is not the line. */
function targetIssues(
  forward: { enabled: boolean; to: string },
  path: (string | number)[],
  lineNumber: string | null,
): VoiceIssue[] {
  // a disabled forward may keep no target; one it keeps is checked, so what is stored is a number or nothing
  if (!forward.enabled && forward.to.trim() === '') return [];
  const result = normalizeNanp(forward.to);
  if (!result.ok) return [{ path, code: result.message }];
  return result.value === lineNumber ? [{ path, code: 'voice.forwarding.ownLine' }] : [];
}

/**
 * The issues of a line's forwarding settings (wider-portal.md §6), paths relative to the settings. `lineNumber` is
 * the line's own number (any form `normalizeNanp` reads), which no target may be; null skips that rule (the request
 * schema, which does not know the line).
 */
export function forwardingIssues(settings: ForwardingSettings, lineNumber: string | null): VoiceIssue[] {
  const line = lineNumber === null ? null : normalizeNanp(lineNumber);
  const own = line?.ok ? line.value : null;
  const issues: VoiceIssue[] = [];
  for (const kind of ['always', 'busy', 'noAnswer', 'unreachable'] as const) {
    issues.push(...targetIssues(settings[kind], [kind, 'to'], own));
  }
  const { rings } = settings.noAnswer;
  if (!Number.isInteger(rings) || rings < NO_ANSWER_MIN_RINGS || rings > NO_ANSWER_MAX_RINGS) {
    issues.push({ path: ['noAnswer', 'rings'], code: 'voice.forwarding.rings.range' });
  }

  const { simultaneousRing } = settings;
  if (simultaneousRing.enabled && simultaneousRing.numbers.length === 0) {
    issues.push({ path: ['simultaneousRing', 'numbers'], code: 'voice.forwarding.simultaneous.required' });
  }
  const simultaneous = numberListIssues(simultaneousRing.numbers, ['simultaneousRing', 'numbers'], {
    max: SIMULTANEOUS_RING_MAX_NUMBERS,
    tooManyCode: 'voice.forwarding.simultaneous.tooMany',
    forbidden: { number: own, code: 'voice.forwarding.ownLine' },
  });
  issues.push(...simultaneous.issues);

  for (const day of VOICE_WEEKDAYS) {
    const hours = settings.businessHours[day];
    if (!hours) continue;
    // 24:00 only ends a day
    const open = hours.open === '24:00' ? null : voiceClockMinutes(hours.open);
    const close = voiceClockMinutes(hours.close);
    const at = (field: 'open' | 'close') => ['businessHours', day, field];
    if (open === null) issues.push({ path: at('open'), code: 'voice.forwarding.hours.invalid' });
    if (close === null) issues.push({ path: at('close'), code: 'voice.forwarding.hours.invalid' });
    else if (open !== null && open >= close) issues.push({ path: at('close'), code: 'voice.forwarding.hours.order' });
  }

  if (settings.holidays.length > VOICE_HOLIDAYS_MAX) {
    issues.push({ path: ['holidays'], code: 'voice.forwarding.holidays.tooMany' });
  } else {
    const seen = new Set<string>();
    settings.holidays.forEach((date, index) => {
      if (!isIsoDate(date)) issues.push({ path: ['holidays', index], code: 'voice.forwarding.holidays.invalid' });
      else if (seen.has(date)) issues.push({ path: ['holidays', index], code: 'voice.forwarding.holidays.duplicate' });
      seen.add(date);
    });
  }

  if (settings.scheduleRules.length > SCHEDULE_RULES_MAX) {
    issues.push({ path: ['scheduleRules'], code: 'voice.forwarding.rules.tooMany' });
  } else {
    const ids = new Set<string>();
    settings.scheduleRules.forEach((rule, index) => {
      if (ids.has(rule.id))
        issues.push({ path: ['scheduleRules', index, 'id'], code: 'voice.forwarding.rules.duplicateId' });
      ids.add(rule.id);
      if (rule.action.type === 'forward') {
        issues.push(
          ...targetIssues({ enabled: true, to: rule.action.to }, ['scheduleRules', index, 'action', 'to'], own),
        );
      }
    });
  }
  return issues;
}

/**
 * wider-portal.md §6: a line's forwarding settings checked against every rule, as the API's field errors (paths like
 * `body.noAnswer.to`, `body.scheduleRules.2.action.to`, codes the translation ids); empty when valid.
 */
export function validateForwarding(settings: ForwardingSettings, lineNumber: string): FieldError[] {
  return toBodyFieldErrors(forwardingIssues(settings, lineNumber));
}
