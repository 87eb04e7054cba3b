import { AppError, type ErrorCode, type FieldError } from '@vireo/shared';

/**
 * Failures after which nobody knows whether the change happened (the network, a 5xx, the same key still in
 * progress): the user retries the same intent with the same Idempotency-Key, and the server answers the first outcome.
 */
const UNKNOWN_OUTCOME: ReadonlySet<ErrorCode> = new Set([
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  'IDEMPOTENCY_KEY_IN_PROGRESS',
]);

export function isOutcomeUnknown(error: unknown): boolean {
  return AppError.is(error) && UNKNOWN_OUTCOME.has(error.code);
}

export function errorCode(error: unknown): ErrorCode | null {
  return AppError.is(error) ? error.code : null;
}

/** The field errors of a VALIDATION_FAILED: `body.cardNumber` → `cardNumber`, with the rule's message id. */
export function fieldErrorsOf(error: unknown): { field: string; code: string }[] {
  if (!AppError.is(error) || error.code !== 'VALIDATION_FAILED') return [];
  return (error.fields ?? []).map((field: FieldError) => ({
    field: field.path.split('.').pop() ?? field.path,
    code: field.code,
  }));
}

/** The role may not change billing (STANDARD never gets here: the route guard) or the account is not allowed to. */
export function isForbidden(error: unknown): boolean {
  return AppError.is(error) && (error.code === 'FORBIDDEN' || error.code === 'BILLING_SUPPRESSED');
}
