import { z } from 'zod';
import {
  BLOCKED_PREFIX_INPUT_MAX_LENGTH,
  VOICE_NUMBER_INPUT_MAX_LENGTH,
  VOICE_WEEKDAYS,
  type VoiceIssue,
} from '../rules/voice';
import { forwardingIssues, SCHEDULE_WHEN } from '../rules/voice-forwarding';
import { CALL_GUARD_LEVELS, callGuardIssues } from '../rules/voice-guard';
import { freeText } from './free-text';

/**
 * A line's call forwarding and Call Guard settings (wider-portal.md §6), as the voice manager sends and reads them.
 *
 * The schemas hold the shape; the product rules (a target when enabled, valid North American numbers, 2-6 rings, at
 * most 5 simultaneous numbers, no duplicates, opening before closing, list sizes…) are the shared validators
 * (`forwardingIssues`, `callGuardIssues`), run here as a refinement so a 400 VALIDATION_FAILED names each field with the
 * rule's own code (a translation id, read by the error handler from `params.fieldCode`, as `freeText()` does). The
 * one rule that needs more than the body, "not the line's own number", is the service's: `validateForwarding(settings,
 * lineNumber)`. Numbers are kept as typed here; the service stores them normalized (`normalizeNanp`).
 */

/** A number as typed: free text of at most 30 characters (empty when a disabled forward has no target). */
const VoiceNumberInputSchema = freeText({ min: 0, max: VOICE_NUMBER_INPUT_MAX_LENGTH });

/** Adds the shared validator's issues to zod's, each with its translation id as the field code. */
function withRuleIssues<T>(issuesOf: (value: T) => VoiceIssue[]) {
  return (value: T, ctx: z.RefinementCtx) => {
    for (const issue of issuesOf(value)) {
      ctx.addIssue({ code: 'custom', message: issue.code, path: issue.path, params: { fieldCode: issue.code } });
    }
  };
}

const ForwardSchema = z.strictObject({ enabled: z.boolean(), to: VoiceNumberInputSchema });

/** 'HH:MM' on the account's clock (checked by the rule: `voice.forwarding.hours.invalid`). */
const ClockTimeSchema = z.string().max(5);
/** One day's opening hours, or null when closed. */
export const VoiceDayHoursSchema = z.strictObject({ open: ClockTimeSchema, close: ClockTimeSchema }).nullable();
export type VoiceDayHours = z.infer<typeof VoiceDayHoursSchema>;
/** Every weekday, each with its hours or null (closed). */
export const VoiceBusinessHoursSchema = z.record(z.enum(VOICE_WEEKDAYS), VoiceDayHoursSchema);
export type VoiceBusinessHours = z.infer<typeof VoiceBusinessHoursSchema>;

export const ScheduleActionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ring') }),
  z.strictObject({ type: z.literal('voicemail') }),
  z.strictObject({ type: z.literal('forward'), to: VoiceNumberInputSchema }),
]);
export type ScheduleAction = z.infer<typeof ScheduleActionSchema>;

export const ScheduleRuleSchema = z.strictObject({
  id: z.uuid(),
  when: z.enum(SCHEDULE_WHEN),
  action: ScheduleActionSchema,
});
export type ScheduleRule = z.infer<typeof ScheduleRuleSchema>;

const ForwardingShape = z.strictObject({
  always: ForwardSchema,
  busy: ForwardSchema,
  noAnswer: z.strictObject({ enabled: z.boolean(), to: VoiceNumberInputSchema, rings: z.number().int() }),
  unreachable: ForwardSchema,
  simultaneousRing: z.strictObject({ enabled: z.boolean(), numbers: z.array(VoiceNumberInputSchema) }),
  businessHours: VoiceBusinessHoursSchema,
  /** Dates ('YYYY-MM-DD', the account's calendar) on which the business is closed all day. */
  holidays: z.array(z.string().max(10)),
  /** Evaluated in order, the first match wins (`matchScheduleRule`). */
  scheduleRules: z.array(ScheduleRuleSchema),
});

/** A line's forwarding settings (wider-portal.md §6 Forwarding). */
export const ForwardingSettingsSchema = ForwardingShape.superRefine(
  withRuleIssues((settings: z.infer<typeof ForwardingShape>) => forwardingIssues(settings, null)),
);
export type ForwardingSettings = z.infer<typeof ForwardingShape>;

const CallGuardShape = z.strictObject({
  level: z.enum(CALL_GUARD_LEVELS),
  blockedNumbers: z.array(VoiceNumberInputSchema),
  /** 3-10 digits after the country code, as typed ('900', '+1 900', '207555'). */
  blockedPrefixes: z.array(freeText({ max: BLOCKED_PREFIX_INPUT_MAX_LENGTH })),
  blockAnonymous: z.boolean(),
  allowedNumbers: z.array(VoiceNumberInputSchema),
});

/** A line's Call Guard settings (wider-portal.md §6 Call Guard). */
export const CallGuardSettingsSchema = CallGuardShape.superRefine(withRuleIssues(callGuardIssues));
export type CallGuardSettings = z.infer<typeof CallGuardShape>;
