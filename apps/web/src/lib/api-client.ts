import {
  AppError,
  COOKIES,
  CSRF_HEADER,
  type ErrorCode,
  ErrorResponseSchema,
  PLATFORM_HEADER,
  TRACE_HEADER,
  WEB_PLATFORM,
} from '@vireo/shared';
import type { ZodType } from 'zod';
import { type ApiCallRecord, describeAnswer, recordApiCall, recordError } from './analytics/record';
import { readCookie } from './cookies';
import { getCurrentLocale } from './locale';
import { newTraceId, noteFailedCall } from './trace';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type ApiRequestOptions<T> = {
  method?: HttpMethod;
  /** Sent as JSON; a file (a `Blob`) as its bytes, `application/octet-stream`. */
  body?: unknown;
  /** Validates a 2xx body; a body that does not match is a contract bug and fails as INTERNAL. */
  schema: ZodType<T>;
  /** architecture.md: every money-moving request carries one; a retry must reuse the same key. */
  idempotencyKey?: string;
  /**
   * The anti-forgery token of a state-changing request. Default: the `vb_csrf` cookie; the sign-in form passes the
   * token of its interaction instead, because there is no session yet.
   */
  csrfToken?: string;
  /**
   * `false` for calls that handle a 401 UNAUTHENTICATED themselves (sign-in, the session probe, sign-out): the app is
   * not told, so it does not send the user to the login edge.
   */
  reportUnauthenticated?: boolean;
  signal?: AbortSignal;
};

/** What the app does about failures that concern the whole session rather than one screen. */
export type ApiEventHandlers = {
  /** spec §4 / §8: a 401 IN_MAINTENANCE signs the user out and shows /maintenance. */
  onMaintenance?: () => void;
  /** A 401 UNAUTHENTICATED: the session ended; a guarded page sends the user to sign in again. */
  onUnauthenticated?: () => void;
};

let handlers: ApiEventHandlers = {};

/**
 * Tells the app about a failure that concerns the whole session (maintenance, the session ended): every request of
 * the portal that does not go through `apiRequest` (a file download, the speed test's raw transfers) reports its
 * errors here too, so the user is sent on the same way whichever request found out.
 */
export function reportSessionFailure(error: AppError): void {
  if (error.code === 'IN_MAINTENANCE') handlers.onMaintenance?.();
  else if (error.code === 'UNAUTHENTICATED') handlers.onUnauthenticated?.();
}

/** The app installs its handlers once (app/session-events.ts); tests install their own. */
export function setApiEventHandlers(next: ApiEventHandlers): void {
  handlers = next;
}

/**
 * wider-portal.md §3 step-up: asks the person to prove it is them again (the re-authentication dialog); true once the
 * server took the proof, false when they cancelled.
 */
export type StepUpHandler = () => Promise<boolean>;

let stepUpHandler: StepUpHandler | null = null;
/** One dialog for every request that needs it at the same moment: they all wait for the same answer. */
let stepUpInFlight: Promise<boolean> | null = null;
/** Resolves when a handler is registered (a request answered before the signed-in shell mounted the dialog waits). */
let announceHandler = () => {};
let handlerRegistered = new Promise<void>((resolve) => {
  announceHandler = resolve;
});

/**
 * How long a STEP_UP_REQUIRED waits for the dialog to be registered: the signed-in shell mounts it once the page has
 * loaded (app/layouts/root-layout.tsx), so a quick first action of a page can be answered before it is there.
 */
export const STEP_UP_HANDLER_WAIT_MS = 10_000;

/**
 * The signed-in shell registers the step-up dialog once (features/session `StepUpHost`); the returned function
 * unregisters it. Without a handler, a STEP_UP_REQUIRED waits up to STEP_UP_HANDLER_WAIT_MS for one, then fails the
 * call like any other error.
 */
export function setStepUpHandler(handler: StepUpHandler): () => void {
  stepUpHandler = handler;
  announceHandler();
  return () => {
    if (stepUpHandler !== handler) return;
    stepUpHandler = null;
    handlerRegistered = new Promise<void>((resolve) => {
      announceHandler = resolve;
    });
  };
}

/** Runs the registered handler (waiting for one a while), sharing one answer between concurrent requests. */
function proveItIsYou(): Promise<boolean> {
  stepUpInFlight ??= Promise.race([handlerRegistered, new Promise((wait) => setTimeout(wait, STEP_UP_HANDLER_WAIT_MS))])
    .then(() => (stepUpHandler ? stepUpHandler() : false))
    .catch(() => false)
    .finally(() => {
      stepUpInFlight = null;
    });
  return stepUpInFlight;
}

const STATE_CHANGING_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The one way the web talks to the API. Every failure surfaces as an `AppError` whose `code` the screens map to a
 * message id, so no screen ever parses a response or shows a server's English text.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  const file = options.body instanceof Blob;
  const payload =
    file || options.body === undefined ? (options.body as Blob | undefined) : JSON.stringify(options.body);
  let sentAt = 0;
  let traceId = '';
  const send = async (): Promise<Response> => {
    // issue 23 item 4: each attempt's own trace id, which the server's log lines and the support code carry
    traceId = newTraceId();
    const headers = new Headers({
      Accept: 'application/json',
      'Accept-Language': getCurrentLocale(),
      [PLATFORM_HEADER]: WEB_PLATFORM,
      [TRACE_HEADER]: traceId,
    });
    if (payload !== undefined) headers.set('Content-Type', file ? 'application/octet-stream' : 'application/json');
    if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
    if (STATE_CHANGING_METHODS.has(method)) {
      // Double-submit anti-forgery token: the server compares the header with its `vb_csrf` cookie.
      const csrfToken = options.csrfToken ?? readCookie(COOKIES.csrf);
      if (csrfToken) headers.set(CSRF_HEADER, csrfToken);
    }
    sentAt = performance.now();
    try {
      return await fetch(path, { method, headers, body: payload, credentials: 'include', signal: options.signal });
    } catch (error) {
      if (isAbortError(error)) throw error;
      // spec §7.3: a call that got no answer is recorded with status 0 (and the trace id it was sent with)
      record({ status: 0, traceId });
      recordError({ at: new Date().toISOString(), code: 'SERVICE_UNAVAILABLE', traceId });
      noteFailedCall(traceId);
      throw new AppError('SERVICE_UNAVAILABLE', `${method} ${path}: network failure`, { cause: error, traceId });
    }
  };
  /** spec §7.3: every call is recorded once its answer is read (analytics/record.ts; the client keeps no ids). */
  const record = (answer: Pick<ApiCallRecord, 'status' | 'traceId' | 'graphqlErrors'>) =>
    recordApiCall({
      at: new Date().toISOString(),
      method,
      url: path,
      durationMs: performance.now() - sentAt,
      platform: WEB_PLATFORM,
      ...answer,
    });
  const failure = async (response: Response) => {
    const answered = response.headers.get(TRACE_HEADER) ?? traceId;
    record({ status: response.status, traceId: answered });
    return toAppError(response, method, path, answered);
  };

  let response = await send();
  if (!response.ok) {
    let error = await failure(response);
    // wider-portal.md §3: a dangerous action of a session not proven lately. Once the person has proven it is them,
    // the same request goes again, once (same body, same Idempotency-Key); a cancel fails it with STEP_UP_REQUIRED.
    if (error.code === 'STEP_UP_REQUIRED' && (await proveItIsYou())) {
      response = await send();
      error = response.ok ? error : await failure(response);
    }
    if (!response.ok) {
      // A 401 its caller expects (the session probe of a visitor) is no error of the portal's.
      if (error.code !== 'UNAUTHENTICATED' || options.reportUnauthenticated !== false) {
        recordError({ at: new Date().toISOString(), code: error.code, traceId: error.traceId ?? null });
        if (error.traceId) noteFailedCall(error.traceId);
        reportSessionFailure(error);
      }
      throw error;
    }
  }

  let body: unknown;
  if (response.status !== 204) {
    try {
      body = await response.json();
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new AppError('INTERNAL', `${method} ${path}: response is not JSON`, { cause: error });
    }
  }
  record(describeAnswer(method, response, body));
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    throw new AppError('INTERNAL', `${method} ${path}: response does not match its schema`, { cause: parsed.error });
  }
  return parsed.data;
}

/** A failed response as the `AppError` its body names (the error model), or a generic one by its status. */
export async function toAppError(
  response: Response,
  method: HttpMethod,
  path: string,
  traceId = response.headers.get(TRACE_HEADER) ?? undefined,
): Promise<AppError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = ErrorResponseSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, requestId, fields, details } = parsed.data.error;
    return new AppError(code, requestId ? `${message} (request ${requestId})` : message, { fields, details, traceId });
  }
  // A proxy's HTML page, an empty body or a code this build does not know: spec §8 reports it as a generic error.
  return new AppError(
    fallbackCode(response.status),
    `${method} ${path}: HTTP ${response.status} without an API error`,
    {
      traceId,
    },
  );
}

function fallbackCode(status: number): ErrorCode {
  // A 401 with a code this build does not know yet (e.g. a newer sign-in code) still means "not signed in".
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 408 || status === 502 || status === 503 || status === 504) return 'SERVICE_UNAVAILABLE';
  if (status === 429) return 'RATE_LIMITED';
  return 'INTERNAL';
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

// Issue 23 item 4: what an error message needs for its support code, from this module of the entry chunk (imported
// from lib/trace.ts by the lazy pages' error messages, Rolldown moved it and its neighbours out of the entry chunk:
// ~1.5 kB more on every page).
export { recentFailureTraceId, traceIdOfError } from './trace';
