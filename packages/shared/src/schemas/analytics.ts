import { z } from 'zod';
import { PORTAL_VARIANTS } from '../constants';
import { parseSupportCode } from '../support-code';
import { refusingCardNumbers } from './free-text';

/**
 * Client analytics (issue 23 item 2, spec §7.3 and §9, wider-portal.md §11): the batches the browser sends to the
 * portal's own ingest. A batch holds page views, API call records and errors, and nothing that identifies the account
 * or the person: every object is strict (an `accountNumber`, an e-mail or a name is refused with the whole batch), and
 * every string is a route template, a host, a code or a trace id by its pattern, never a card number. The server adds
 * the account from the session, hashed.
 */
export const ANALYTICS_EVENTS_PATH = '/api/pub/analytics/v1/events';

/** Spec §9: the largest message, in bytes (the ingest's body limit too). */
export const ANALYTICS_MAX_MESSAGE_BYTES = 150_000;
/** Spec §9: a batch every 2000 ms (an earlier 5000 ms is overridden). */
export const ANALYTICS_SEND_INTERVAL_MS = 2_000;
/** Spec §9: events per second, 200 for the community variant. */
export const ANALYTICS_EVENTS_PER_SECOND = 100;
export const ANALYTICS_EVENTS_PER_SECOND_COMMUNITY = 200;
/** Spec §9: at most 20 GraphQL errors tracked per call. */
export const ANALYTICS_GRAPHQL_ERRORS_MAX = 20;
/** wider-portal.md §11: at page exit, chunks under 60 KB (the browser's keepalive and beacon budget). */
export const ANALYTICS_EXIT_CHUNK_BYTES = 60_000;
/** The most events one batch holds: two seconds at the community variant's rate. */
export const ANALYTICS_EVENTS_PER_BATCH = (ANALYTICS_EVENTS_PER_SECOND_COMMUNITY * ANALYTICS_SEND_INTERVAL_MS) / 1_000;
/** Batches one address may send a minute (a page sends one every 2 s: 30; a few tabs and page exits beside). */
export const ANALYTICS_BATCHES_PER_MINUTE = 240;
/** wider-portal.md §11: events are kept 90 days, then removed by the retention job. */
export const ANALYTICS_RETENTION_DAYS = 90;

export const ANALYTICS_EVENT_TYPES = ['page_view', 'api_call', 'error'] as const;
export type AnalyticsEventType = (typeof ANALYTICS_EVENT_TYPES)[number];

/**
 * What each kind of string of an event looks like: the ingest refuses anything else, and the browser's client
 * (apps/web/src/lib/analytics) keeps to the same patterns, so a batch is never refused for a value it could have left
 * out.
 */
export const ANALYTICS_PATTERNS = {
  /** A route or API path as a template: ids replaced by `$name` or `:name` (`/billing/view-statements/$statementId`). */
  pathTemplate: /^\/[A-Za-z0-9\-_./$:]*$/,
  /** A host name (`portal.vireo.example`, `localhost:3000`). */
  host: /^[A-Za-z0-9.-]+(?::\d{1,5})?$/,
  /** A query parameter's name (its value is never sent). */
  queryKey: /^[A-Za-z0-9_.-]{1,40}$/,
  /** An error or GraphQL code (`PAYMENT_DECLINED`, `NETPSC-0042`). */
  code: /^[A-Za-z0-9_.:-]{1,80}$/,
  /** A trace id as the API gives it (transactionId, txnId or x-trace-id; a payment's id for payment mutations). */
  traceId: /^[A-Za-z0-9_-]{1,64}$/,
  /** The `x-sspp-platform` header's value. */
  platform: /^[A-Za-z0-9_.-]{1,40}$/,
} as const;

/** A string of `pattern`, at most `max` characters, never holding a card number (the shared free-text rule). */
function token(pattern: RegExp, max: number) {
  return refusingCardNumbers(z.string().max(max).regex(pattern));
}

const PathTemplate = token(ANALYTICS_PATTERNS.pathTemplate, 200);
const Host = token(ANALYTICS_PATTERNS.host, 253);
const QueryKey = token(ANALYTICS_PATTERNS.queryKey, 40);
const Code = token(ANALYTICS_PATTERNS.code, 80);
const TraceId = token(ANALYTICS_PATTERNS.traceId, 64);
/** When it happened, as the browser's clock says: an ISO instant of this millennium (year 0000 is no instant to keep). */
const At = z.iso
  .datetime()
  .refine((text) => text >= '2000' && text < '3000', { message: 'an instant of years 2000-2999' });

export const PageViewEventSchema = z.strictObject({
  type: z.literal('page_view'),
  at: At,
  page: PathTemplate,
  lang: z.enum(['en', 'es']),
});

export const ApiCallEventSchema = z.strictObject({
  type: z.literal('api_call'),
  at: At,
  method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']),
  host: Host,
  path: PathTemplate,
  queryKeys: z.array(QueryKey).max(20),
  durationMs: z.number().int().min(0).max(600_000),
  /** Spec §7.3's mapping applied: RED, GREEN or UNAVAILABLE count as 200; 0 or -1 map to 0 or 400. */
  status: z.number().int().min(0).max(599),
  success: z.boolean(),
  traceId: TraceId.nullable(),
  /** The `x-sspp-platform` header the call carried. */
  platform: token(ANALYTICS_PATTERNS.platform, 40).nullable(),
  graphqlErrors: z.array(Code).max(ANALYTICS_GRAPHQL_ERRORS_MAX).optional(),
});

export const ErrorEventSchema = z.strictObject({
  type: z.literal('error'),
  at: At,
  code: Code,
  /** Spec §8: the prefix before the first dash of a system error code. */
  clientCode: Code.nullable(),
  /** Spec §8: a code beginning with NETPSC is a personal-security-code error. */
  personalSecurityCode: z.boolean(),
  traceId: TraceId.nullable(),
});

export const AnalyticsEventSchema = z.discriminatedUnion('type', [
  PageViewEventSchema,
  ApiCallEventSchema,
  ErrorEventSchema,
]);
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

export const AnalyticsBatchSchema = z.strictObject({
  events: z.array(AnalyticsEventSchema).min(1).max(ANALYTICS_EVENTS_PER_BATCH),
  /** wider-portal.md §11: events the browser dropped at its rate cap (or its queue's) since its last batch. */
  dropped: z.number().int().min(0).max(1_000_000).optional(),
});
export type AnalyticsBatch = z.infer<typeof AnalyticsBatchSchema>;

export const AnalyticsAcceptedSchema = z.object({ accepted: z.number().int() });

/**
 * Issue 23 item 3 (wider-portal.md §11): Global Privacy Control and the person's own choice limit collection to the
 * operational events, those that keep the service running and answer a support call (API calls and errors, by
 * trace id); page views, which say how someone uses the portal, are usage events and are then neither sent by the
 * browser nor kept by the ingest.
 */
export const OPERATIONAL_EVENT_TYPES = ['api_call', 'error'] as const satisfies readonly AnalyticsEventType[];
const OPERATIONAL: ReadonlySet<string> = new Set(OPERATIONAL_EVENT_TYPES);
/** Whether an event of this type is kept whatever GPC or the person's choice say (the browser and the ingest ask). */
export const isOperationalEvent = (type: string): boolean => OPERATIONAL.has(type);

/** The person's privacy settings (`/profile-and-settings/privacy`). */
export const ANALYTICS_PRIVACY_PATH = '/api/pub/analytics/v1/privacy';
/** The events kept about the person, newest first (GET, keyset-paged); DELETE removes them all. */
export const ANALYTICS_MY_EVENTS_PATH = '/api/pub/analytics/v1/privacy/events';
/** All of them as a JSON file. */
export const ANALYTICS_MY_EVENTS_EXPORT_PATH = '/api/pub/analytics/v1/privacy/events/export';

export const PrivacySettingsSchema = z.object({
  /** The person's choice: usage analytics (page views) on or off. Operational events are always kept. */
  usageAnalytics: z.boolean(),
  /** This browser sent Global Privacy Control (`Sec-GPC: 1`): usage analytics are off here whatever the choice. */
  globalPrivacyControl: z.boolean(),
  /** What is kept from this browser now. */
  collecting: z.enum(['all', 'operational']),
});
export type PrivacySettings = z.infer<typeof PrivacySettingsSchema>;

export const PrivacyChoiceSchema = z.strictObject({ usageAnalytics: z.boolean() });
export type PrivacyChoice = z.infer<typeof PrivacyChoiceSchema>;

export const MyAnalyticsQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const MyAnalyticsEventSchema = z.object({
  id: z.uuid(),
  receivedAt: z.iso.datetime(),
  event: AnalyticsEventSchema,
});
export type MyAnalyticsEvent = z.infer<typeof MyAnalyticsEventSchema>;

export const MyAnalyticsPageSchema = z.object({
  items: z.array(MyAnalyticsEventSchema),
  nextCursor: z.string().nullable(),
  previousCursor: z.string().nullable(),
  /** How many events are kept about the person in all (the page says it beside Download and Delete). */
  total: z.number().int().min(0),
});
export type MyAnalyticsPage = z.infer<typeof MyAnalyticsPageSchema>;

export const MyAnalyticsDeletedSchema = z.object({ deleted: z.number().int().min(0) });

/** The download: every event kept about the person, newest first, and when it was made. */
export const MyAnalyticsExportSchema = z.object({
  exportedAt: z.iso.datetime(),
  events: z.array(z.object({ receivedAt: z.iso.datetime(), event: AnalyticsEventSchema })),
});

/** Spec §8: the client's misuse errors (for developers: never shown to a person). */
export const ANALYTICS_MISUSE = {
  noArguments: 'Track API requires arguments',
  unknownApi: 'Could not find an API',
} as const;

/**
 * Issue 23 item 2: the non-production event viewer (`/dev/analytics`) and browser tests read what was kept, newest
 * first, keyset-paged; filtered by type or by trace id (a support code's moment, item 4).
 */
export const DEV_ANALYTICS_EVENTS_PATH = '/api/dev/analytics/v1/events';

/** Item 4: a support code as typed (case, spaces and dashes do not matter), answered in its canonical form. */
const SupportCodeInput = z
  .string()
  .max(20)
  .refine((input) => parseSupportCode(input) !== null, 'a support code (XXXX-XXXX)')
  .transform((input) => parseSupportCode(input) ?? input);

export const DevAnalyticsQuerySchema = z.strictObject({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  type: z.enum(ANALYTICS_EVENT_TYPES).optional(),
  traceId: TraceId.optional(),
  /** Item 4: the events of a support code's request (as typed: case, spaces and dashes do not matter). */
  supportCode: SupportCodeInput.optional(),
});
export type DevAnalyticsQuery = z.infer<typeof DevAnalyticsQuerySchema>;

export const StoredAnalyticsEventSchema = z.object({
  id: z.uuid(),
  receivedAt: z.iso.datetime(),
  variant: z.enum(PORTAL_VARIANTS),
  /** The sender's pseudonyms' first 8 characters (null: nobody was signed in). */
  account: z.string().nullable(),
  person: z.string().nullable(),
  event: AnalyticsEventSchema,
});
export type StoredAnalyticsEvent = z.infer<typeof StoredAnalyticsEventSchema>;

export const DevAnalyticsPageSchema = z.object({
  items: z.array(StoredAnalyticsEventSchema),
  nextCursor: z.string().nullable(),
  previousCursor: z.string().nullable(),
});
export type DevAnalyticsPage = z.infer<typeof DevAnalyticsPageSchema>;

/**
 * Issue 23 item 4: the server's log lines of a support code's request (every line a request writes carries its code),
 * outside production only: the last lines the portal kept in memory, oldest first. With the events of that code,
 * what `/dev/analytics?supportCode=` shows; production's lines are found by the same field on its log platform.
 */
export const DEV_ANALYTICS_LOG_LINES_PATH = '/api/dev/analytics/v1/log-lines';
/** At most this many lines of one support code are answered. */
export const SUPPORT_LOG_LINES_MAX = 100;

export const DevLogLinesQuerySchema = z.strictObject({ supportCode: SupportCodeInput });

export const SupportLogLineSchema = z.object({
  time: z.iso.datetime(),
  level: z.enum(['trace', 'debug', 'info', 'warn', 'error', 'fatal']),
  message: z.string(),
  requestId: z.string().nullable(),
  method: z.string().nullable(),
  url: z.string().nullable(),
  statusCode: z.number().int().nullable(),
  responseTimeMs: z.number().nullable(),
  /** The error model's code a line names (a refusal, a failure). */
  code: z.string().nullable(),
});
export type SupportLogLine = z.infer<typeof SupportLogLineSchema>;

export const DevLogLinesSchema = z.object({
  supportCode: z.string(),
  lines: z.array(SupportLogLineSchema),
});
export type DevLogLines = z.infer<typeof DevLogLinesSchema>;
