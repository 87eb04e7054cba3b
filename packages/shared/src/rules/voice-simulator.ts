import type { CallGuardSettings, ForwardingSettings } from '../schemas/voice-settings';
import { type LocalMoment, normalizeNanp } from './voice';
import {
  DEFAULT_RINGS_TO_VOICEMAIL,
  lineScheduleDay,
  matchScheduleRule,
  type ScheduleDay,
  type ScheduleWhen,
} from './voice-forwarding';
import { type BlockReason, type GuardStep, type NoStepParams, type SimulatedCaller, screenCall } from './voice-guard';

/**
 * The rule simulator (wider-portal.md §6 Forwarding: "a call from this number at this time: what happens?"). It runs
 * a line's Call Guard and forwarding settings on one imagined call and says, step by step, what the voice platform
 * would do. Every step is a translation id with its parameters (ids listed at the top of `voice.ts`), so the page can
 * say it in English and Spanish. Pure: the moment comes in (`localMomentOf` makes it from an instant and the account's
 * time zone).
 */

export type SimulationInput = {
  line: { number: string };
  forwarding: ForwardingSettings;
  guard: CallGuardSettings;
  caller: SimulatedCaller;
  at: LocalMoment;
  /**
   * The day of `at` in the hours the schedule rules read when the line follows a community property's business hours
   * (`hoursPropertyId`); without it, the line's own hours and holidays (`lineScheduleDay`).
   */
  day?: ScheduleDay;
};

/** What happens to a ringing call the line does not take: forwarded, or the line's voicemail. */
export type CallFallback = { action: 'forward'; to: string } | { action: 'voicemail' };

export type DeliveryStep =
  | { id: 'voice.simulator.alwaysForward'; params: { to: string } }
  /** `rule` is the rule's index in `scheduleRules`, `position` the same counted from 1 (as the page numbers them). */
  | { id: 'voice.simulator.scheduleMatched'; params: { rule: number; position: number; when: ScheduleWhen } }
  | { id: 'voice.simulator.scheduleNone'; params: NoStepParams }
  | { id: 'voice.simulator.forward'; params: { to: string } }
  | { id: 'voice.simulator.voicemail'; params: NoStepParams }
  /** `others`: the simultaneous-ring numbers ringing with the line (the page joins them with Intl.ListFormat). */
  | { id: 'voice.simulator.ring'; params: { line: string; others: string[]; count: number } }
  | { id: 'voice.simulator.busyForward'; params: { to: string } }
  | { id: 'voice.simulator.busyVoicemail'; params: NoStepParams }
  | { id: 'voice.simulator.noAnswerForward'; params: { to: string; rings: number } }
  | { id: 'voice.simulator.noAnswerVoicemail'; params: { rings: number } }
  | { id: 'voice.simulator.unreachableForward'; params: { to: string } }
  | { id: 'voice.simulator.unreachableVoicemail'; params: NoStepParams };

export type SimulationStep = GuardStep | DeliveryStep;
export type SimulationStepId = SimulationStep['id'];

/** What the call met on its way through, in order; `rule` is the schedule rule that decided (its index), if any. */
type Delivered = { labelledSpam: boolean; rule: number | null; steps: SimulationStep[] };

export type SimulationResult =
  | { outcome: 'blocked'; reason: BlockReason; steps: SimulationStep[] }
  | ({ outcome: 'forward'; to: string } & Delivered)
  | ({ outcome: 'voicemail' } & Delivered)
  | ({
      outcome: 'ring';
      /** The line first, then the simultaneous-ring numbers. */
      numbers: string[];
      ifBusy: CallFallback;
      ifNoAnswer: CallFallback & { rings: number };
      ifUnreachable: CallFallback;
    } & Delivered);

/** A forwarding target in E.164 when it is on and valid; a forward without a valid target does not forward. */
function targetOf(forward: { enabled: boolean; to: string }): string | null {
  if (!forward.enabled) return null;
  const result = normalizeNanp(forward.to);
  return result.ok ? result.value : null;
}

/**
 * One imagined call through a line's settings, in the voice platform's order:
 * 1. Call Guard (`screenCall`): a blocked call ends here;
 * 2. forward every call (`always`), when on, wins over the schedule;
 * 3. the schedule rules, in order, the first match wins (`matchScheduleRule`): ring, voicemail or forward; no match
 *    rings;
 * 4. a ringing call rings the line and the simultaneous-ring numbers, then: busy, the busy forward or voicemail; not
 *    answered, the no-answer forward after its rings or voicemail after the platform's 4
 *    (`DEFAULT_RINGS_TO_VOICEMAIL`); unreachable, the unreachable forward or voicemail.
 * Settings are expected to be valid (`validateForwarding`, `validateCallGuard`); a forward without a valid target is
 * taken as off.
 */
export function simulateCall(input: SimulationInput): SimulationResult {
  const { forwarding } = input;
  const guard = screenCall(input.guard, input.caller);
  const steps: SimulationStep[] = [guard.step];
  if (guard.verdict === 'blocked') return { outcome: 'blocked', reason: guard.reason, steps };
  const { labelledSpam } = guard;

  const always = targetOf(forwarding.always);
  if (always !== null) {
    steps.push({ id: 'voice.simulator.alwaysForward', params: { to: always } });
    return { outcome: 'forward', to: always, labelledSpam, rule: null, steps };
  }

  const day = input.day ?? lineScheduleDay(forwarding, input.at);
  const match = matchScheduleRule(forwarding.scheduleRules, day, input.at.minutes);
  if (match) {
    steps.push({
      id: 'voice.simulator.scheduleMatched',
      params: { rule: match.index, position: match.index + 1, when: match.rule.when },
    });
    const { action } = match.rule;
    const rule = match.index;
    if (action.type === 'voicemail') {
      steps.push({ id: 'voice.simulator.voicemail', params: {} });
      return { outcome: 'voicemail', labelledSpam, rule, steps };
    }
    const to = action.type === 'forward' ? targetOf({ enabled: true, to: action.to }) : null;
    if (to !== null) {
      steps.push({ id: 'voice.simulator.forward', params: { to } });
      return { outcome: 'forward', to, labelledSpam, rule, steps };
    }
    return ring(input, { labelledSpam, rule, steps });
  }
  steps.push({ id: 'voice.simulator.scheduleNone', params: {} });
  return ring(input, { labelledSpam, rule: null, steps });
}

/** Step 4 of `simulateCall`: the line rings (with the simultaneous-ring numbers), and what follows if no one takes it. */
function ring(input: SimulationInput, delivered: Delivered): SimulationResult {
  const { forwarding } = input;
  const lineResult = normalizeNanp(input.line.number);
  const line = lineResult.ok ? lineResult.value : input.line.number;
  const others: string[] = [];
  if (forwarding.simultaneousRing.enabled) {
    for (const text of forwarding.simultaneousRing.numbers) {
      const number = targetOf({ enabled: true, to: text });
      if (number !== null && number !== line && !others.includes(number)) others.push(number);
    }
  }
  const { steps } = delivered;
  steps.push({ id: 'voice.simulator.ring', params: { line, others, count: others.length } });

  const busyTo = targetOf(forwarding.busy);
  const ifBusy: CallFallback = busyTo === null ? { action: 'voicemail' } : { action: 'forward', to: busyTo };
  steps.push(
    busyTo === null
      ? { id: 'voice.simulator.busyVoicemail', params: {} }
      : { id: 'voice.simulator.busyForward', params: { to: busyTo } },
  );

  const noAnswerTo = targetOf(forwarding.noAnswer);
  const ifNoAnswer: CallFallback & { rings: number } =
    noAnswerTo === null
      ? { action: 'voicemail', rings: DEFAULT_RINGS_TO_VOICEMAIL }
      : { action: 'forward', to: noAnswerTo, rings: forwarding.noAnswer.rings };
  steps.push(
    ifNoAnswer.action === 'forward'
      ? { id: 'voice.simulator.noAnswerForward', params: { to: ifNoAnswer.to, rings: ifNoAnswer.rings } }
      : { id: 'voice.simulator.noAnswerVoicemail', params: { rings: ifNoAnswer.rings } },
  );

  const unreachableTo = targetOf(forwarding.unreachable);
  const ifUnreachable: CallFallback =
    unreachableTo === null ? { action: 'voicemail' } : { action: 'forward', to: unreachableTo };
  steps.push(
    unreachableTo === null
      ? { id: 'voice.simulator.unreachableVoicemail', params: {} }
      : { id: 'voice.simulator.unreachableForward', params: { to: unreachableTo } },
  );

  return { outcome: 'ring', numbers: [line, ...others], ifBusy, ifNoAnswer, ifUnreachable, ...delivered };
}
