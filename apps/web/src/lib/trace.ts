import { AppError } from '@vireo/shared';

/**
 * Issue 23 item 4 (spec §7.3, wider-portal.md §11): the browser names each API call with a trace id of its own
 * (`x-trace-id`), which the server keeps for that request's log lines and answers back, so even a call that got no
 * answer has a support code. Twenty letters (94 bits), no digit: a trace id is never shaped like a card number.
 */
const LETTERS = 'abcdefghjkmnpqrstuvwxyz';

export function newTraceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  let id = '';
  for (const byte of bytes) id += LETTERS[byte % LETTERS.length];
  return id;
}

/** How long after a failed call an error message that names no error of its own shows that call's code. */
export const LAST_FAILURE_FRESH_MS = 10_000;

let lastFailure: { traceId: string; at: number } | null = null;

/** api-client.ts: a call failed (an error answer, or none). */
export function noteFailedCall(traceId: string) {
  lastFailure = { traceId, at: Date.now() };
}

/** The trace id of an error the API answered (or did not: the one it was sent with); null for another error. */
export function traceIdOfError(error: unknown): string | null {
  return AppError.is(error) && error.traceId ? error.traceId : null;
}

/**
 * For an error message shown without its error (most say which action failed, not how): the trace id of the API call
 * that failed last, if that was just now (LAST_FAILURE_FRESH_MS).
 */
export function recentFailureTraceId(): string | null {
  return lastFailure && Date.now() - lastFailure.at <= LAST_FAILURE_FRESH_MS ? lastFailure.traceId : null;
}

/** Tests: no failure remembered. */
export function forgetFailedCalls() {
  lastFailure = null;
}
