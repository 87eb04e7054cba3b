import type { IsoDate, SavedPaymentMethod } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { NOTICE, PRIMARY_BUTTON } from '../../../components/ui/form-styles';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import type { MessageId } from '../../../messages';

type QuickPayProps = {
  /** What quick pay pays: the amount due (one-time payment) or the mobile balance (issue 7). */
  amountCents: number;
  today: IsoDate;
  receiptEmail: string | null;
  method: SavedPaymentMethod;
  isOpen: boolean;
  isSubmitting: boolean;
  /** A failure after which the outcome is unknown: paying again sends the same Idempotency-Key. */
  retryCode: string | null;
  onOpen: () => void;
  onConfirm: () => void;
  onCancel: () => void;
  /** The sentence and the button, with `{amount}` and `{method}`; the one-time payment's by default. */
  bodyId?: MessageId;
  buttonId?: MessageId;
};

/** spec §2.4 quick-pay confirm: the amount due, today, with the default (or first usable) saved method. */
export function QuickPay({
  amountCents,
  today,
  receiptEmail,
  method,
  isOpen,
  isSubmitting,
  retryCode,
  onOpen,
  onConfirm,
  onCancel,
  bodyId = 'payments.quickPay.body',
  buttonId = 'payments.quickPay.button',
}: QuickPayProps) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const amount = format.money(amountCents);
  const methodName = format.method(method.label);
  return (
    <section aria-labelledby="quick-pay-title" className={`${NOTICE} mb-6 space-y-3`}>
      <h3 id="quick-pay-title" className="text-lg font-semibold text-navy-900">
        {intl.formatMessage({ id: 'payments.quickPay.title' })}
      </h3>
      <p>{intl.formatMessage({ id: bodyId }, { amount, method: methodName })}</p>
      <button type="button" className={PRIMARY_BUTTON} onClick={onOpen}>
        {intl.formatMessage({ id: buttonId }, { amount, method: methodName })}
      </button>
      <ConfirmDialog
        isOpen={isOpen}
        title={intl.formatMessage({ id: 'payments.quickPay.confirm.title' })}
        confirmLabel={intl.formatMessage({ id: 'payments.review.pay' }, { amount })}
        cancelLabel={intl.formatMessage({ id: 'payments.cancel' })}
        isPending={isSubmitting}
        onConfirm={onConfirm}
        onCancel={onCancel}
      >
        <p>
          {intl.formatMessage(
            { id: 'payments.quickPay.confirm.body' },
            { amount, method: methodName, date: format.date(today) },
          )}
        </p>
        {receiptEmail ? (
          <p>{intl.formatMessage({ id: 'payments.quickPay.confirm.email' }, { email: receiptEmail })}</p>
        ) : null}
        {isSubmitting ? <p role="status">{intl.formatMessage({ id: 'payments.review.submitting' })}</p> : null}
        {retryCode ? (
          <p role="alert" className="font-semibold text-danger-700">
            {intl.formatMessage({
              id:
                retryCode === 'IDEMPOTENCY_KEY_IN_PROGRESS'
                  ? 'payments.errors.inProgress.body'
                  : 'payments.errors.unknownOutcome.body',
            })}
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
