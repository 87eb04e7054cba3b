import type { BillingSummaryResponse } from '@vireo/shared';
import type { MessageId } from '../../../messages';

export type DelinquencyCode = NonNullable<BillingSummaryResponse['delinquencyCode']>;

/** spec §4 core delinquency codes: what the status card says for each. */
export const DELINQUENCY_MESSAGES: Record<DelinquencyCode, { titleId: MessageId; bodyId: MessageId }> = {
  30: { titleId: 'billing.delinquency.code30.title', bodyId: 'billing.delinquency.code30.body' },
  43: { titleId: 'billing.delinquency.code43.title', bodyId: 'billing.delinquency.code43.body' },
  50: { titleId: 'billing.delinquency.code50.title', bodyId: 'billing.delinquency.code50.body' },
  76: { titleId: 'billing.delinquency.code76.title', bodyId: 'billing.delinquency.code76.body' },
};

/** Past due before the first code (1-29 days, product-decisions.md). */
export const PAST_DUE_MESSAGE = {
  titleId: 'billing.delinquency.pastDue.title',
  bodyId: 'billing.delinquency.pastDue.body',
} as const satisfies { titleId: MessageId; bodyId: MessageId };

export function delinquencyMessage(
  summary: Pick<BillingSummaryResponse, 'delinquencyCode' | 'pastDueCents'>,
): { titleId: MessageId; bodyId: MessageId } | null {
  if (summary.delinquencyCode !== null) return DELINQUENCY_MESSAGES[summary.delinquencyCode];
  return summary.pastDueCents > 0 ? PAST_DUE_MESSAGE : null;
}

/** What is still owed on the past-due balance once the pending payments post. */
export function uncoveredPastDueCents(summary: Pick<BillingSummaryResponse, 'pastDueCents' | 'pendingPaymentCents'>) {
  return Math.max(summary.pastDueCents - summary.pendingPaymentCents, 0);
}

/**
 * spec §7.1: the delinquency schedule is asked for only when the past-due amount exceeds the pending payments and
 * the softDisconnect flag is on.
 */
export function shouldRequestSoftDisconnectDate(
  summary: Pick<BillingSummaryResponse, 'pastDueCents' | 'pendingPaymentCents'>,
  softDisconnectFlag: boolean,
): boolean {
  return softDisconnectFlag && summary.pastDueCents > summary.pendingPaymentCents;
}

/**
 * The sentence under the past-due amount: what to pay, and by when when the soft-disconnect date is known. Once the
 * service is interrupted (code 50) that date is when it happened (product-decisions.md: due date + 60 days); a
 * disconnected account (76) pays to settle, no date.
 */
export function pastDueAction(
  code: BillingSummaryResponse['delinquencyCode'],
  softDisconnectDate: string | null,
): { id: MessageId; withDate: boolean } {
  if (code === 76) return { id: 'billing.status.action.settle', withDate: false };
  if (code === 50) {
    return softDisconnectDate
      ? { id: 'billing.status.action.restoreSince', withDate: true }
      : { id: 'billing.status.action.restore', withDate: false };
  }
  return softDisconnectDate
    ? { id: 'billing.status.action.avoidBy', withDate: true }
    : { id: 'billing.status.action.avoid', withDate: false };
}
