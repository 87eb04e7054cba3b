import { z } from 'zod';
import { CALLER_ID_NAME_MAX_LENGTH, LINE_LABEL_MAX_LENGTH, VOICE_NUMBER_INPUT_MAX_LENGTH } from '../rules/voice';
import { BLOCK_REASONS } from '../rules/voice-guard';
import { pageOf } from './billing';
import { freeText } from './free-text';

/**
 * Issue 19 items 3-4 (wider-portal.md §6, spec §7.1): the voice manager's lines and messages. Call detail records,
 * their CPNI: only a reader with `voice.manage` (spec §2.1 CPNI compliance, ADR 008) reaches any of these.
 */

/** The account's voice lines, each with its new-voicemail count (null when the platform did not answer). */
export const VOICE_LINES_PATH = '/api/pub/voice/v1/lines';
/** GET `?box=new|saved|deleted&cursor&limit`: a line's voicemails and faxes, newest first, keyset-paged. */
export const VOICE_MESSAGES_PATH = '/api/pub/voice/v1/lines/:lineId/messages';
/** PATCH `{ heard?, deleted? }`: mark a message heard or new, move it to Deleted or back. */
export const VOICE_MESSAGE_PATH = '/api/pub/voice/v1/messages/:messageId';
/** spec §7.1 "Voicemail audio and fax download under /api/pub/phoneedge/v2/phone/": range requests; `?download=true`. */
export const VOICE_MEDIA_PATH = '/api/pub/phoneedge/v2/phone/messages/:messageId/media';
/**
 * GET `?direction&from&to&cursor&limit`: a line's calls of the last CALL_HISTORY_DAYS days, newest first, keyset-paged
 * (issue 19 item 5); `/export` the same as CSV.
 */
export const CALL_LOGS_PATH = '/api/pub/voice/v1/lines/:lineId/calls';
export const CALL_LOGS_EXPORT_PATH = `${CALL_LOGS_PATH}/export`;
/** spec §7.1: voicemail notifications for a telephone number; a failure yields the error marker (spec §8). */
export const VOICEMAIL_UNREAD_COUNT_PATH = '/api/pub/vox-con/voicemail/tn/:tn/unread-count';
/** spec §7.1: the signed-in user's assigned voice lines (spec §3 member services' voice assignment). */
export const VOICE_ASSIGNMENT_PATH = '/api/pub/phoneedge/v1/assignment/account';

/** wider-portal.md §6: a deleted message stays in Deleted this long, then the platform purges it. */
export const DELETED_MESSAGE_DAYS = 30;

/** A box's count and a line's new count stop here (a bounded read); the pages show "1,000+". */
export const MAILBOX_COUNT_CAP = 1_000;

/** A North American number as the platform keeps it: 10 digits. */
export const LineNumberSchema = z.string().regex(/^\d{10}$/);

/**
 * Where a line is provisioned on the voice platform (spec §4 "Charter user on an IMS switch"; the switch-type endpoint
 * itself is not shown): `classic`, the circuit-switched softswitch whose voicemail and forwarding the voice manager
 * runs, or `ims`, the IMS core, where they are set from the phone.
 */
export const VOICE_SWITCHES = ['classic', 'ims'] as const;
export type VoiceSwitch = (typeof VOICE_SWITCHES)[number];

export const VoiceLineSchema = z.object({
  id: z.uuid(),
  number: LineNumberSchema,
  /** The line's name in the account ("Front counter"). */
  label: z.string(),
  callerIdName: z.string().nullable(),
  assignedTo: z.object({ userId: z.uuid(), name: z.string() }).nullable(),
  /** New voicemails; null when the voice platform did not answer (the page says so, and lists the rest). */
  unreadCount: z.number().int().nullable(),
  /** Which switch the line runs on; null when the voice platform did not answer. */
  switchType: z.enum(VOICE_SWITCHES).nullable(),
});
export type VoiceLine = z.infer<typeof VoiceLineSchema>;

export const VoiceLinesResponseSchema = z.object({
  lines: z.array(VoiceLineSchema),
  /**
   * The account's community properties, whose business hours a line's schedule rules may follow instead of its own
   * (issue 22 item 5, `hoursPropertyId`): none for an account without a bulk agreement.
   */
  hoursProperties: z.array(z.object({ id: z.uuid(), name: z.string() })),
});
export type VoiceLinesResponse = z.infer<typeof VoiceLinesResponseSchema>;

/** new: not yet heard (or opened); saved: heard, kept; deleted: in Deleted for DELETED_MESSAGE_DAYS. */
export const VOICE_BOXES = ['new', 'saved', 'deleted'] as const;
export type VoiceBox = (typeof VOICE_BOXES)[number];

export const VoiceMessagesQuerySchema = z.strictObject({
  box: z.enum(VOICE_BOXES).default('new'),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type VoiceMessagesQuery = z.input<typeof VoiceMessagesQuerySchema>;

export const TranscriptSchema = z.object({ spoken: z.enum(['en', 'es']), en: z.string(), es: z.string() });

export const VoiceMessageSchema = z.object({
  id: z.uuid(),
  lineId: z.uuid(),
  kind: z.enum(['voicemail', 'fax']),
  /** The caller's number (10 digits), or null for a withheld one. */
  from: z.nullable(LineNumberSchema),
  callerName: z.string().nullable(),
  receivedAt: z.iso.datetime(),
  durationSeconds: z.number().int().nullable(),
  pages: z.number().int().nullable(),
  box: z.enum(VOICE_BOXES),
  /** When a deleted message is purged for good. */
  purgeAt: z.iso.datetime().nullable(),
  /** The platform's transcript in the language spoken and its translation. */
  transcript: z.nullable(TranscriptSchema),
});
export type VoiceMessage = z.infer<typeof VoiceMessageSchema>;

export const VoiceMessagesPageSchema = pageOf(VoiceMessageSchema).extend({
  /** How many messages each box holds now (the tabs' counts), up to MAILBOX_COUNT_CAP. */
  counts: z.object({ new: z.number().int(), saved: z.number().int(), deleted: z.number().int() }),
});
export type VoiceMessagesPage = z.infer<typeof VoiceMessagesPageSchema>;

export const VoiceMessageUpdateSchema = z
  .strictObject({ heard: z.boolean().optional(), deleted: z.boolean().optional() })
  .refine((body) => body.heard !== undefined || body.deleted !== undefined, { message: 'nothing to change' });
export type VoiceMessageUpdate = z.infer<typeof VoiceMessageUpdateSchema>;

export const VoiceMediaQuerySchema = z.strictObject({ download: z.enum(['true', 'false']).optional() });

export const UnreadCountResponseSchema = z.object({ tn: LineNumberSchema, unreadCount: z.number().int() });
export type UnreadCountResponse = z.infer<typeof UnreadCountResponseSchema>;

/** spec §3 member services: Service.Voice.Assignment and Service.Voice.Phone_Numbers, for the signed-in user. */
export const VoiceAssignmentResponseSchema = z.object({
  assignment: z.enum(['ASSIGNED', 'UNASSIGNED']),
  phoneNumbers: z.array(LineNumberSchema),
});
export type VoiceAssignmentResponse = z.infer<typeof VoiceAssignmentResponseSchema>;

/** The account summary's voice card for the signed-in user (spec §3 voice access card, §4 voice card). */
export const VOICE_CARD_PATH = '/api/pub/voice/v1/card';

/**
 * spec §3 "Voice access card", computed by the server with rules/voice.ts `voiceCard` from the account's value-added
 * services, the `hostedVoice` flag, the footprint, the lines' switch, the reader's role, CPNI access and assigned
 * lines. The links are the portal's own pages (null: not shown). `lines` (the unread count per number, spec §7.1) is
 * for a reader with CPNI access only, as `numberOfVoiceMails` ('error': the platform did not answer, spec §8).
 */
export const VoiceCardResponseSchema = z.object({
  showAccessCard: z.boolean(),
  numberOfVoiceMails: z.union([z.number().int().min(0), z.literal('error')]).nullable(),
  voicemailLink: z.literal('/voice/messages').nullable(),
  showForwardingLink: z.boolean(),
  manageForwardingLink: z.literal('/voice/forwarding-manager').nullable(),
  /** The phone service's page: the lines at a glance for a reader with CPNI access, else the product page. */
  manageVoiceLink: z.enum(['/services/voice/phone', '/services/voice']).nullable(),
  numberOfAssignedLines: z.number().int().min(0),
  assignedNumber: z.nullable(LineNumberSchema),
  lines: z.array(
    z.object({ number: LineNumberSchema, label: z.string(), unreadCount: z.number().int().min(0).nullable() }),
  ),
  /** spec §4: provisioned when the account has the service and the `hostedVoice` flag is on; admin: PRIMARY, ADMIN. */
  hostedVoice: z.object({ provisioned: z.boolean(), admin: z.boolean() }),
});
export type VoiceCardResponse = z.infer<typeof VoiceCardResponseSchema>;

/** wider-portal.md §6: the call logs reach back this many days; the platform forgets older calls. */
export const CALL_HISTORY_DAYS = 90;
/** The call log's CSV export: at most this many calls per file (the filters narrow it). */
export const CALL_EXPORT_MAX_ROWS = 10_000;
export const CALL_DIRECTIONS = ['incoming', 'outgoing', 'missed', 'blocked'] as const;
export type CallDirection = (typeof CALL_DIRECTIONS)[number];
/** Why Call Guard blocked a call (the simulator's BLOCK_REASONS). */
export const CALL_BLOCK_REASONS = ['blocked_number', 'blocked_prefix', 'anonymous', 'spam'] as const;

const callFilters = {
  direction: z.enum(CALL_DIRECTIONS).optional(),
  /** Days of the account's calendar (its time zone), both included. */
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
};
export const CallLogsQuerySchema = z.strictObject({
  ...callFilters,
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type CallLogsQuery = z.infer<typeof CallLogsQuerySchema>;
export const CallLogsExportQuerySchema = z.strictObject({ ...callFilters, lang: z.enum(['en', 'es']).optional() });
export type CallLogsExportQuery = z.infer<typeof CallLogsExportQuerySchema>;

export const CallRecordSchema = z.object({
  id: z.uuid(),
  direction: z.enum(CALL_DIRECTIONS),
  /** The other party's number, or null for a caller who withheld it. */
  number: z.nullable(LineNumberSchema),
  name: z.string().nullable(),
  startedAt: z.iso.datetime(),
  durationSeconds: z.number().int(),
  blockReason: z.enum(CALL_BLOCK_REASONS).nullable(),
});
export type CallRecord = z.infer<typeof CallRecordSchema>;
export const CallLogsPageSchema = pageOf(CallRecordSchema);
export type CallLogsPage = z.infer<typeof CallLogsPageSchema>;

/** PATCH `{ label?, callerIdName?, assignedUserId? }` (issue 19 item 6): a line's name, caller-ID name and who answers. */
export const VOICE_LINE_PATH = '/api/pub/voice/v1/lines/:lineId';
/** GET and PUT a line's forwarding (item 7); PUT to a number outside the account needs a recent sign-in (step-up). */
export const VOICE_FORWARDING_PATH = '/api/pub/voice/v1/lines/:lineId/forwarding';
/** GET and PUT a line's Call Guard (item 8). */
export const VOICE_CALL_GUARD_PATH = '/api/pub/voice/v1/lines/:lineId/call-guard';
/** POST `{ from, at }`: the rule simulator, "a call from this number at this time: what happens?" (item 7). */
export const VOICE_SIMULATE_PATH = '/api/pub/voice/v1/lines/:lineId/simulate';

export const VoiceLineUpdateSchema = z
  .strictObject({
    label: freeText({ max: LINE_LABEL_MAX_LENGTH, min: 0 }).optional(),
    callerIdName: freeText({ max: CALLER_ID_NAME_MAX_LENGTH + 10, min: 0 }).optional(),
    /** A member of the account, or null: nobody in particular. */
    assignedUserId: z.uuid().nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'nothing to change' });
export type VoiceLineUpdate = z.infer<typeof VoiceLineUpdateSchema>;

export const SimulateCallRequestSchema = z.strictObject({
  /** The caller's number as typed; empty: a caller who withholds it. */
  from: freeText({ max: VOICE_NUMBER_INPUT_MAX_LENGTH, min: 0 }),
  /** A moment on the account's clock, `YYYY-MM-DDTHH:MM`. */
  at: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/),
});
export type SimulateCallRequest = z.infer<typeof SimulateCallRequestSchema>;

const FallbackSchema = z.object({ action: z.enum(['forward', 'voicemail']), to: z.string().optional() });
/** The simulator's answer (rules/voice-simulator.ts `SimulationResult`): the outcome, and each step as a message id. */
export const SimulationResultSchema = z.object({
  outcome: z.enum(['blocked', 'forward', 'voicemail', 'ring']),
  reason: z.enum(BLOCK_REASONS).optional(),
  to: z.string().optional(),
  numbers: z.array(z.string()).optional(),
  ifBusy: z.optional(FallbackSchema),
  ifNoAnswer: FallbackSchema.extend({ rings: z.number().int() }).optional(),
  ifUnreachable: z.optional(FallbackSchema),
  labelledSpam: z.boolean().optional(),
  rule: z.number().int().nullable().optional(),
  /** Whether the platform holds the caller for a robocaller (what Call Guard's level acts on). */
  suspectedSpam: z.boolean(),
  steps: z.array(
    z.object({
      id: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())])),
    }),
  ),
});
export type SimulationAnswer = z.infer<typeof SimulationResultSchema>;
