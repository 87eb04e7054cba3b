import type { FieldError } from '../errors';
import type { CallGuardSettings } from '../schemas/voice-settings';
import {
  nationalDigits,
  normalizeBlockedPrefix,
  normalizeNanp,
  numberListIssues,
  toBodyFieldErrors,
  type VoiceIssue,
} from './voice';

/**
 * Call Guard per line (wider-portal.md §6 Call Guard): protection level (off, label as spam, block), blocked numbers
 * and prefixes, anonymous callers, allowed numbers. The translation ids are listed at the top of `voice.ts`.
 */

export const CALL_GUARD_LEVELS = ['off', 'label', 'block'] as const;
export type CallGuardLevel = (typeof CALL_GUARD_LEVELS)[number];
export const BLOCKED_NUMBERS_MAX = 100;
export const BLOCKED_PREFIXES_MAX = 50;
export const ALLOWED_NUMBERS_MAX = 100;

/**
 * The issues of a line's Call Guard settings, paths relative to the settings: list sizes, valid North American
 * numbers and 3-10 digit prefixes, no duplicates (after normalizing), and no number both blocked and allowed (on the
 * allowed entry). An allowed number inside a blocked prefix is fine: that is what allowing is for.
 */
export function callGuardIssues(guard: CallGuardSettings): VoiceIssue[] {
  const blocked = numberListIssues(guard.blockedNumbers, ['blockedNumbers'], {
    max: BLOCKED_NUMBERS_MAX,
    tooManyCode: 'voice.guard.blocked.tooMany',
  });
  const allowed = numberListIssues(guard.allowedNumbers, ['allowedNumbers'], {
    max: ALLOWED_NUMBERS_MAX,
    tooManyCode: 'voice.guard.allowed.tooMany',
  });
  const issues = [...blocked.issues];

  if (guard.blockedPrefixes.length > BLOCKED_PREFIXES_MAX) {
    issues.push({ path: ['blockedPrefixes'], code: 'voice.guard.prefixes.tooMany' });
  } else {
    const seen = new Set<string>();
    guard.blockedPrefixes.forEach((text, index) => {
      const result = normalizeBlockedPrefix(text);
      if (!result.ok) issues.push({ path: ['blockedPrefixes', index], code: result.message });
      else if (seen.has(result.value))
        issues.push({ path: ['blockedPrefixes', index], code: 'voice.prefix.duplicate' });
      else seen.add(result.value);
    });
  }

  issues.push(...allowed.issues);
  const blockedSet = new Set(blocked.numbers.values());
  for (const [index, number] of allowed.numbers) {
    if (blockedSet.has(number)) issues.push({ path: ['allowedNumbers', index], code: 'voice.guard.blockedAndAllowed' });
  }
  return issues;
}

/** wider-portal.md §6: Call Guard settings as the API's field errors (`body.blockedPrefixes.3`); empty when valid. */
export function validateCallGuard(guard: CallGuardSettings): FieldError[] {
  return toBodyFieldErrors(callGuardIssues(guard));
}

/** Why Call Guard refused a call (shown in the simulator and the recent blocked calls). */
export const BLOCK_REASONS = ['blocked_number', 'blocked_prefix', 'anonymous', 'spam'] as const;
export type BlockReason = (typeof BLOCK_REASONS)[number];

/** A step with nothing to fill in. */
export type NoStepParams = Record<string, never>;

/** What Call Guard did with a call, as the simulator says it (each id has words in English and Spanish). */
export type GuardStep =
  | { id: 'voice.simulator.allowedNumber'; params: { number: string } }
  | { id: 'voice.simulator.blockedNumber'; params: { number: string } }
  | { id: 'voice.simulator.blockedPrefix'; params: { number: string; prefix: string } }
  | { id: 'voice.simulator.anonymous'; params: NoStepParams }
  | { id: 'voice.simulator.spamBlocked'; params: NoStepParams }
  | { id: 'voice.simulator.labelledSpam'; params: NoStepParams }
  | { id: 'voice.simulator.spamIgnored'; params: NoStepParams }
  | { id: 'voice.simulator.guardPassed'; params: NoStepParams };

export type SimulatedCaller = {
  /** As the voice platform gives it; null (or blank) for an anonymous (withheld) caller. */
  number: string | null;
  /** On the voice platform's reputation list. */
  suspectedSpam: boolean;
};

export type GuardVerdict =
  | { verdict: 'blocked'; reason: BlockReason; step: GuardStep }
  | { verdict: 'passed'; labelledSpam: boolean; step: GuardStep };

/**
 * Call Guard on one incoming call, in this order (the first that applies decides):
 * 1. an **allowed number** skips every Call Guard check (blocked prefix, spam; it is the exception list);
 * 2. an **anonymous** caller is blocked when the line blocks anonymous callers;
 * 3. a **blocked number**, then a number in a **blocked prefix**, is blocked;
 * 4. a caller on the platform's reputation list (**suspected spam**) is, by level: `block` blocked; `label` put
 *    through, labelled as spam; `off` put through as any call.
 * The level governs the reputation list only: the line's own lists (blocked numbers and prefixes, anonymous callers)
 * apply at every level, `off` included, as RingCentral's and Zoom's block lists stand apart from their spam
 * protection. A caller that is not a North American number matches no list (they hold only such numbers).
 */
export function screenCall(guard: CallGuardSettings, caller: SimulatedCaller): GuardVerdict {
  const typed = caller.number?.trim() ?? '';
  const parsed = typed === '' ? null : normalizeNanp(typed);
  const number = parsed?.ok ? parsed.value : null;
  const inList = (list: readonly string[]) =>
    number !== null &&
    list.some((text) => {
      const entry = normalizeNanp(text);
      return entry.ok && entry.value === number;
    });
  const blocked = (reason: BlockReason, step: GuardStep): GuardVerdict => ({ verdict: 'blocked', reason, step });
  const passed = (step: GuardStep, labelledSpam = false): GuardVerdict => ({ verdict: 'passed', labelledSpam, step });

  if (number !== null && inList(guard.allowedNumbers)) {
    return passed({ id: 'voice.simulator.allowedNumber', params: { number } });
  }
  if (typed === '' && guard.blockAnonymous) {
    return blocked('anonymous', { id: 'voice.simulator.anonymous', params: {} });
  }
  if (number !== null && inList(guard.blockedNumbers)) {
    return blocked('blocked_number', { id: 'voice.simulator.blockedNumber', params: { number } });
  }
  if (number !== null) {
    for (const text of guard.blockedPrefixes) {
      const prefix = normalizeBlockedPrefix(text);
      if (prefix.ok && nationalDigits(number).startsWith(prefix.value)) {
        return blocked('blocked_prefix', {
          id: 'voice.simulator.blockedPrefix',
          params: { number, prefix: prefix.value },
        });
      }
    }
  }
  if (caller.suspectedSpam) {
    if (guard.level === 'block') return blocked('spam', { id: 'voice.simulator.spamBlocked', params: {} });
    if (guard.level === 'label') return passed({ id: 'voice.simulator.labelledSpam', params: {} }, true);
    return passed({ id: 'voice.simulator.spamIgnored', params: {} });
  }
  return passed({ id: 'voice.simulator.guardPassed', params: {} });
}
