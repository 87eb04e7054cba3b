import { type Locale, TRACE_HEADER } from '@vireo/shared';

/**
 * The part of client analytics that is in every page's first script (issue 23 item 1, spec §7.3, wider-portal.md
 * §11): what `apiRequest` and the router know about a call, an error or a page view, handed to the analytics client
 * once it has loaded after the page's `load` event (`start.ts`), and held here, at most EARLY_RECORDS_MAX, until then.
 * The raw URL of a call (with its ids and query values) never leaves this tab: the client keeps its route template
 * and query keys only.
 */
export type ApiCallRecord = {
  at: string;
  method: string;
  /** As requested (`/api/pub/billing/v1/statements/abc?lang=en`): the client reduces it to its template. */
  url: string;
  /** The HTTP status, 0 when no answer came; or the body's own status word or code (spec §7.3's mapping). */
  status: number | string;
  durationMs: number;
  traceId: string | null;
  platform: string | null;
  graphqlErrors?: string[];
};
export type ErrorRecord = { at: string; code: string; traceId: string | null };
export type PageViewRecord = { at: string; page: string; lang: Locale };

export type AnalyticsSink = {
  api(record: ApiCallRecord): void;
  error(record: ErrorRecord): void;
  pageView(record: PageViewRecord): void;
};

type Early =
  | { kind: 'api'; record: ApiCallRecord }
  | { kind: 'error'; record: ErrorRecord }
  | { kind: 'pageView'; record: PageViewRecord };

/** Records kept until the client loads (a page's first seconds: its first view and its first calls). */
export const EARLY_RECORDS_MAX = 200;

let early: Early[] = [];
let sink: AnalyticsSink | null = null;
/** Global Privacy Control or the person's choice (item 3) turns the collection off: nothing is kept then. */
let collecting = true;

function pass(entry: Early, to: AnalyticsSink): void {
  try {
    if (entry.kind === 'api') to.api(entry.record);
    else if (entry.kind === 'error') to.error(entry.record);
    else to.pageView(entry.record);
  } catch {
    // spec §8's misuse errors (a call to an API the client does not know) are the developer's: the app goes on.
  }
}

function record(entry: Early): void {
  if (!collecting) return;
  if (sink) pass(entry, sink);
  else if (early.length < EARLY_RECORDS_MAX) early.push(entry);
}

export const recordApiCall = (value: ApiCallRecord) => record({ kind: 'api', record: value });
export const recordError = (value: ErrorRecord) => record({ kind: 'error', record: value });
export const recordPageView = (value: PageViewRecord) => record({ kind: 'pageView', record: value });

/** The loaded client takes over: what was recorded before goes to it first, in order. */
export function attachAnalyticsSink(next: AnalyticsSink | null): void {
  sink = next;
  if (!next) return;
  const held = early;
  early = [];
  for (const entry of held) pass(entry, next);
}

export function setAnalyticsCollecting(on: boolean): void {
  collecting = on;
  if (!on) early = [];
}

const TRACE_ID_FIELDS = ['transactionId', 'txnId'] as const;
const STATUS_WORDS: ReadonlySet<unknown> = new Set(['RED', 'GREEN', 'UNAVAILABLE', 0, -1]);

/**
 * spec §7.3: a call's trace id is the body's `transactionId` or `txnId`, else the `x-trace-id` header; a payment
 * mutation's is the payment's id. A body's own `status` word (RED, GREEN, UNAVAILABLE) or code (0, -1) is what the
 * mapping reads; GraphQL's errors give their codes.
 */
export function describeAnswer(
  method: string,
  response: Response,
  body: unknown,
): Pick<ApiCallRecord, 'status' | 'traceId' | 'graphqlErrors'> {
  const fields = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const paymentId = method !== 'GET' && typeof fields.paymentId === 'string' ? fields.paymentId : null;
  const named = TRACE_ID_FIELDS.map((field) => fields[field]).find((value) => typeof value === 'string') as
    | string
    | undefined;
  const errors = Array.isArray(fields.errors) ? (fields.errors as { extensions?: { code?: unknown } }[]) : null;
  return {
    status: STATUS_WORDS.has(fields.status) ? (fields.status as number | string) : response.status,
    traceId: paymentId ?? named ?? response.headers.get(TRACE_HEADER),
    ...(errors
      ? {
          graphqlErrors: errors
            .map((error) => error?.extensions?.code)
            .filter((code): code is string => typeof code === 'string'),
        }
      : {}),
  };
}
