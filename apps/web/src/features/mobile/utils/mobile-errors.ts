import { AppError } from '@vireo/shared';
import type { MessageId } from '../../../messages';

/**
 * The sentence under a spec §8 title of the mobile screens: a role's refusal, the mobile billing system being down
 * (503 MOBILE_BILLING_UNAVAILABLE), an account without mobile lines or an unknown id (404), or the screen's own.
 */
export function mobileErrorBodyId(error: unknown, fallback: MessageId, notFound: MessageId = fallback): MessageId {
  if (!AppError.is(error)) return fallback;
  if (error.code === 'FORBIDDEN' || error.code === 'BILLING_SUPPRESSED') return 'billing.errors.forbidden';
  if (error.code === 'MOBILE_BILLING_UNAVAILABLE') return 'mobile.errors.unavailable';
  if (error.code === 'NOT_FOUND') return notFound;
  return fallback;
}

/** A retry cannot help a refusal or something that does not exist. */
export function isRetryable(error: unknown): boolean {
  return !(
    AppError.is(error) &&
    (error.code === 'FORBIDDEN' || error.code === 'BILLING_SUPPRESSED' || error.code === 'NOT_FOUND')
  );
}
