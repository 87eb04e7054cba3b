import { AppError } from '@vireo/shared';
import type { MessageId } from '../../../messages';

/**
 * The sentence under a spec §8 title of the mobile screens: a refusal (a role without billing, or an enterprise
 * account, each with its own sentence), the mobile billing system being down (503 MOBILE_BILLING_UNAVAILABLE), an
 * account without mobile lines (404 NO_MOBILE_SERVICE; the screens show the offer instead, issue 14), an unknown id
 * (404), or the screen's own.
 */
export function mobileErrorBodyId(error: unknown, fallback: MessageId, notFound: MessageId = fallback): MessageId {
  if (!AppError.is(error)) return fallback;
  // the refusals as components/ui/refusal.ts words them, written out: this module is on the mobile home's first load
  if (error.code === 'BILLING_SUPPRESSED') return 'billing.enterprise.body';
  if (error.code === 'FORBIDDEN') return 'billing.errors.forbidden';
  if (error.code === 'MOBILE_BILLING_UNAVAILABLE') return 'mobile.errors.unavailable';
  if (error.code === 'NO_MOBILE_SERVICE') return 'mobile.errors.billing.noMobile';
  if (error.code === 'NOT_FOUND') return notFound;
  return fallback;
}

/** An account without mobile lines: not a failure, the screens offer the service (issue 14). */
export function isNoMobileService(error: unknown): boolean {
  return AppError.is(error) && error.code === 'NO_MOBILE_SERVICE';
}

/** A retry cannot help a refusal or something that does not exist. */
export function isRetryable(error: unknown): boolean {
  return !(
    AppError.is(error) &&
    (error.code === 'FORBIDDEN' ||
      error.code === 'BILLING_SUPPRESSED' ||
      error.code === 'NOT_FOUND' ||
      error.code === 'NO_MOBILE_SERVICE')
  );
}
