import {
  AppError,
  COOKIES,
  CSRF_HEADER,
  type ErrorCode,
  ErrorResponseSchema,
  SUPPORT_TRACE_IDS_MAX,
} from '@vireo/shared';
import type { ZodType } from 'zod';
import { readCookie } from './cookies';
import { getCurrentLocale } from './locale';

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

/** The ids of the page's last failed requests, oldest first: a support ticket quotes them with consent (issue 21). */
export const failedRequestIds: string[] = [];

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
  const send = async (): Promise<Response> => {
    const headers = new Headers({ Accept: 'application/json', 'Accept-Language': getCurrentLocale() });
    if (payload !== undefined) headers.set('Content-Type', file ? 'application/octet-stream' : 'application/json');
    if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
    if (STATE_CHANGING_METHODS.has(method)) {
      // Double-submit anti-forgery token: the server compares the header with its `vb_csrf` cookie.
      const csrfToken = options.csrfToken ?? readCookie(COOKIES.csrf);
      if (csrfToken) headers.set(CSRF_HEADER, csrfToken);
    }
    try {
      return await fetch(path, { method, headers, body: payload, credentials: 'include', signal: options.signal });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new AppError('SERVICE_UNAVAILABLE', `${method} ${path}: network failure`, { cause: error });
    }
  };

  let response = await send();
  if (!response.ok) {
    let error = await toAppError(response, method, path);
    // wider-portal.md §3: a dangerous action of a session not proven lately. Once the person has proven it is them,
    // the same request goes again, once (same body, same Idempotency-Key); a cancel fails it with STEP_UP_REQUIRED.
    if (error.code === 'STEP_UP_REQUIRED' && (await proveItIsYou())) {
      response = await send();
      error = response.ok ? error : await toAppError(response, method, path);
    }
    if (!response.ok) {
      if (error.code === 'IN_MAINTENANCE') handlers.onMaintenance?.();
      else if (error.code === 'UNAUTHENTICATED' && options.reportUnauthenticated !== false)
        handlers.onUnauthenticated?.();
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
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    throw new AppError('INTERNAL', `${method} ${path}: response does not match its schema`, { cause: parsed.error });
  }
  return parsed.data;
}

/**
 * GETs a file (PDF, CSV) as a Blob, with the same headers and error handling as `apiRequest`. Files are fetched
 * rather than linked so that a failure shows in the page (spec §8 "Statement unable to download") instead of the
 * browser saving an error page as the file.
 */
export async function apiFileRequest(
  path: string,
  options: { signal?: AbortSignal } = {},
): Promise<{ blob: Blob; filename: string | null }> {
  const headers = new Headers({ Accept: '*/*', 'Accept-Language': getCurrentLocale() });
  let response: Response;
  try {
    response = await fetch(path, { method: 'GET', headers, credentials: 'include', signal: options.signal });
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new AppError('SERVICE_UNAVAILABLE', `GET ${path}: network failure`, { cause: error });
  }
  if (!response.ok) {
    const error = await toAppError(response, 'GET', path);
    if (error.code === 'IN_MAINTENANCE') handlers.onMaintenance?.();
    else if (error.code === 'UNAUTHENTICATED') handlers.onUnauthenticated?.();
    throw error;
  }
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch (error) {
    if (isAbortError(error)) throw error;
    throw new AppError('SERVICE_UNAVAILABLE', `GET ${path}: the file did not arrive`, { cause: error });
  }
  if (blob.size === 0) throw new AppError('INTERNAL', `GET ${path}: empty file`);
  return { blob, filename: filenameFromDisposition(response.headers.get('Content-Disposition')) };
}

/** `filename*=UTF-8''x.pdf` (preferred) or `filename="x.pdf"` of a Content-Disposition header. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8'[^']*')?([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      const name = decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
      if (name) return name;
    } catch {
      // a malformed escape: use the plain form
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || null;
}

async function toAppError(response: Response, method: HttpMethod, path: string): Promise<AppError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = ErrorResponseSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, requestId, fields, details } = parsed.data.error;
    if (requestId) failedRequestIds.splice(0, failedRequestIds.push(requestId) - SUPPORT_TRACE_IDS_MAX);
    return new AppError(code, requestId ? `${message} (request ${requestId})` : message, { fields, details });
  }
  // A proxy's HTML page, an empty body or a code this build does not know: spec §8 reports it as a generic error.
  return new AppError(fallbackCode(response.status), `${method} ${path}: HTTP ${response.status} without an API error`);
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

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
