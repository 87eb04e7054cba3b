import { AppError } from '@vireo/shared';
import type { MessageId } from '../../messages';

/**
 * The sentence for a refusal, or null for anything else. The two refusals read differently (issue 14): a role
 * without billing (403 FORBIDDEN, spec §6) is told to ask the account owner; an enterprise account (403
 * BILLING_SUPPRESSED, spec §8 / product-decisions.md) is told its billing is on the enterprise billing site, never
 * that its role lacks billing. A module of its own: the message slices of the screens that never show a refusal stay
 * without these sentences (ADR 012).
 */
export function refusalBodyId(error: unknown): MessageId | null {
  if (!AppError.is(error)) return null;
  if (error.code === 'BILLING_SUPPRESSED') return 'billing.enterprise.body';
  if (error.code === 'FORBIDDEN') return 'billing.errors.forbidden';
  // wider-portal.md §3: the person cancelled "Confirm it’s you" (features/session step-up), so the action did not run
  if (error.code === 'STEP_UP_REQUIRED') return 'session.stepUp.required';
  return null;
}
