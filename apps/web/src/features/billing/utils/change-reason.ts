import type { StatementDetail } from '@vireo/shared';
import type { MessageId } from '../../../messages';

export type LineChangeReason = NonNullable<
  NonNullable<StatementDetail['sections'][number]['lines'][number]['change']>['reason']
>;
export type ChangeReasonType = LineChangeReason['type'];

/** product-decisions.md "why did my bill change?": each reason in words, with and without the date it happened. */
const REASON_MESSAGES: Record<ChangeReasonType, { withDate: MessageId; withoutDate: MessageId }> = {
  promotion_ended: { withDate: 'billing.reason.promotionEnded', withoutDate: 'billing.reason.promotionEndedNoDate' },
  plan_change: { withDate: 'billing.reason.planChange', withoutDate: 'billing.reason.planChangeNoDate' },
  new_service: { withDate: 'billing.reason.newService', withoutDate: 'billing.reason.newServiceNoDate' },
  one_time_charge: { withDate: 'billing.reason.oneTimeCharge', withoutDate: 'billing.reason.oneTimeChargeNoDate' },
  outage_credit: { withDate: 'billing.reason.outageCredit', withoutDate: 'billing.reason.outageCreditNoDate' },
  tax_change: { withDate: 'billing.reason.taxChange', withoutDate: 'billing.reason.taxChangeNoDate' },
  proration: { withDate: 'billing.reason.proration', withoutDate: 'billing.reason.prorationNoDate' },
  removed: { withDate: 'billing.reason.removed', withoutDate: 'billing.reason.removedNoDate' },
  new_line: { withDate: 'billing.reason.newLine', withoutDate: 'billing.reason.newLineNoDate' },
};

/** The message of a reason; `date` is the ISO date to fill in as `{date}`, when the message has one. */
export function changeReasonMessage(reason: Pick<LineChangeReason, 'type' | 'occurredOn'>): {
  id: MessageId;
  date: string | null;
} {
  const messages = REASON_MESSAGES[reason.type];
  return reason.occurredOn
    ? { id: messages.withDate, date: reason.occurredOn }
    : { id: messages.withoutDate, date: null };
}
