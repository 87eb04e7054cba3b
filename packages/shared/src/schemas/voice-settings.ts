import { z } from 'zod';
import { BLOCKED_PREFIX_INPUT_MAX_LENGTH, VOICE_NUMBER_INPUT_MAX_LENGTH, VOICE_WEEKDAYS } from '../rules/voice';
import { SCHEDULE_WHEN } from '../rules/voice-forwarding';
import { CALL_GUARD_LEVELS } from '../rules/voice-guard';
import { freeText } from './free-text';

/**
 * A line's call forwarding and Call Guard settings (wider-portal.md §6), as the voice manager sends and reads them.
 *
 * The schemas hold the shape; the product rules (a target when enabled, valid North American numbers, 2-6 rings, at
 * most 5 simultaneous numbers, no duplicates, opening before closing, list sizes, not the line's own number…) are the
 * shared validators (`validateForwarding`, `validateCallGuard`), which the server's voice service runs (a 400
 * VALIDATION_FAILED naming each field with the rule's own code, a translation id) and the forms run before sending.
 * Numbers are kept as typed here; the service stores them normalized (`normalizeNanp`, E.164).
 */

/** A number as typed: free text of at most 30 characters (empty when a disabled forward has no target). */
const VoiceNumberInputSchema = freeText({ min: 0, max: VOICE_NUMBER_INPUT_MAX_LENGTH });

const ForwardSchema = z.strictObject({ enabled: z.boolean(), to: VoiceNumberInputSchema });

/** 'HH:MM' on the account's clock (checked by the rule: `voice.forwarding.hours.invalid`). */
const ClockTimeSchema = z.string().max(5);
/** One day's opening hours, or null when closed. */
export const VoiceDayHoursSchema = z.strictObject({ open: ClockTimeSchema, close: ClockTimeSchema }).nullable();
export type VoiceDayHours = z.infer<typeof VoiceDayHoursSchema>;
/** Every weekday, each with its hours or null (closed): an object with the seven keys (JSON Schema says so too). */
export const VoiceBusinessHoursSchema = z.strictObject(
  Object.fromEntries(VOICE_WEEKDAYS.map((day) => [day, VoiceDayHoursSchema])) as Record<
    (typeof VOICE_WEEKDAYS)[number],
    typeof VoiceDayHoursSchema
  >,
);
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

export const ForwardingSettingsSchema = z.strictObject({
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
  /**
   * The community property whose business hours the schedule rules read instead of `businessHours` and `holidays`
   * (its week, special hours and closures; issue 22 item 5, wider-portal.md §10), or null: the line's own. A property
   * of the line's account whose hours are set.
   */
  hoursPropertyId: z.nullable(z.uuid()),
});

/** A line's forwarding settings (wider-portal.md §6 Forwarding). */
export type ForwardingSettings = z.infer<typeof ForwardingSettingsSchema>;

export const CallGuardSettingsSchema = z.strictObject({
  level: z.enum(CALL_GUARD_LEVELS),
  blockedNumbers: z.array(VoiceNumberInputSchema),
  /** 3-10 digits after the country code, as typed ('900', '+1 900', '207555'). */
  blockedPrefixes: z.array(freeText({ max: BLOCKED_PREFIX_INPUT_MAX_LENGTH })),
  blockAnonymous: z.boolean(),
  allowedNumbers: z.array(VoiceNumberInputSchema),
});

/** A line's Call Guard settings (wider-portal.md §6 Call Guard). */
export type CallGuardSettings = z.infer<typeof CallGuardSettingsSchema>;
