import { AppError } from '@vireo/shared';
import { refusalBodyId } from '../../../components/ui/refusal';
import type { MessageId } from '../../../messages';

/** product-decisions.md: enterprise accounts are billed on the enterprise site; billing APIs say so with this code. */
export function isBillingSuppressed(error: unknown): boolean {
  return AppError.is(error) && error.code === 'BILLING_SUPPRESSED';
}

/** The sentence under a spec §8 title: the role's refusal reads differently from a failure worth retrying. */
export function errorBodyId(error: unknown, fallback: MessageId): MessageId {
  return refusalBodyId(error) ?? fallback;
}

/** A retry cannot help a refusal. */
export function isRetryable(error: unknown): boolean {
  return !(AppError.is(error) && (error.code === 'FORBIDDEN' || error.code === 'BILLING_SUPPRESSED'));
}
