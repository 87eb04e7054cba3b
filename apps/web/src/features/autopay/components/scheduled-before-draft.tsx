import { type AutoPayStatus, nextDraftDates, scheduledBeforeDraft } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { WARNING } from '../../../components/ui/form-styles';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';

/**
 * Issue 14: a payment scheduled on or before the first Auto Pay draft is left to run, and the draft takes only what is
 * left of the balance (`draftAmountCents`): the enrolment says so before the user enrols, on the debit-day step and
 * on the review, so that nobody expects (or fears) being charged twice.
 */
export function ScheduledBeforeDraftNotice({ status, day }: { status: AutoPayStatus; day: number }) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const [firstDraft] = nextDraftDates(day, status.cycleDay, status.today, 1);
  if (!firstDraft) return null;
  const before = scheduledBeforeDraft(
    status.scheduledPayments.map((p) => ({ ...p, status: 'scheduled' as const })),
    firstDraft,
  );
  if (before.length === 0) return null;
  const draftDate = format.date(firstDraft);
  return (
    <div className={`${WARNING} max-w-2xl space-y-2`} data-testid="scheduled-before-draft">
      {before.length === 1 && before[0] ? (
        <p>
          {intl.formatMessage(
            { id: 'autopay.scheduledBeforeDraft.one' },
            { amount: format.money(before[0].amountCents), date: format.date(before[0].paymentDate), draftDate },
          )}
        </p>
      ) : (
        <>
          <p>{intl.formatMessage({ id: 'autopay.scheduledBeforeDraft.many' }, { count: before.length, draftDate })}</p>
          <ul className="list-disc ps-6">
            {before.map((payment) => (
              <li key={payment.id}>
                {intl.formatMessage(
                  { id: 'autopay.scheduledBeforeDraft.payment' },
                  { amount: format.money(payment.amountCents), date: format.date(payment.paymentDate) },
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
