import { Link } from '@tanstack/react-router';
import { type CheckoutPart, MAX_SAVED_METHODS } from '@vireo/shared';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { TEXT_LINK } from '../../../components/ui/form-styles';
import type { MessageId } from '../../../messages';
import type { CombinedResult } from '../utils/combined-flow';
import { paymentFailureMessage } from '../utils/payment-errors';

const PART_NAMES: Record<CheckoutPart['part'], MessageId> = {
  payment: 'payments.combined.part.payment',
  saveMethod: 'payments.combined.part.saveMethod',
  autoPay: 'payments.combined.part.autoPay',
  paperless: 'payments.combined.part.paperless',
};

const OUTCOME_SENTENCES: Record<CombinedResult['outcome'], MessageId> = {
  success: 'payments.combined.success',
  partial: 'payments.combined.partial',
  failure: 'payments.combined.failure',
};

/** spec §8: the title and the sentence of a part that failed. */
function failureOf(part: CheckoutPart): { titleId: MessageId; bodyId: MessageId } {
  switch (part.part) {
    case 'payment':
      return paymentFailureMessage(part.code);
    case 'saveMethod':
      return {
        titleId: 'payments.result.notSaved.title',
        bodyId:
          part.code === 'PREPAID_NOT_SAVED'
            ? 'ui.addMethod.prepaid'
            : part.code === 'WALLET_FULL'
              ? 'ui.addMethod.walletFull'
              : part.code === 'PAYMENT_METHOD_DUPLICATE'
                ? 'ui.addMethod.duplicateSaved'
                : 'payments.combined.saveMethod.failed',
      };
    case 'autoPay':
      return {
        titleId: 'autopay.errors.enroll.title',
        bodyId:
          part.code === 'PAYMENT_FAILED'
            ? 'payments.combined.autoPay.notAttempted'
            : part.code === 'METHOD_NOT_SAVED'
              ? 'payments.combined.autoPay.notSaved'
              : part.code === 'AUTOPAY_INELIGIBLE'
                ? 'autopay.errors.ineligible'
                : 'autopay.errors.enroll.body',
      };
    case 'paperless':
      return { titleId: 'autopay.errors.paperless.title', bodyId: 'autopay.part.paperless.failed' };
  }
}

type CombinedSummaryProps = {
  combined: CombinedResult;
  /** The Auto Pay debit day asked for, to say when Auto Pay pays. */
  debitDay: number | null;
};

/**
 * spec §4 combined flows: each part the user asked for (payment, saving the method, Auto Pay, paperless) with its
 * result, and the overall outcome: full success, partial failure or full failure.
 */
export function CombinedSummary({ combined, debitDay }: CombinedSummaryProps) {
  const intl = useIntl();
  const headingId = useId();
  const okText = (part: CheckoutPart) => {
    if (part.part === 'autoPay')
      return intl.formatMessage({ id: 'payments.combined.autoPay.ok' }, { day: debitDay ?? 1 });
    if (part.part === 'paperless') return intl.formatMessage({ id: 'autopay.part.paperless.ok' });
    if (part.part === 'saveMethod') return intl.formatMessage({ id: 'payments.combined.saveMethod.ok' });
    return intl.formatMessage({ id: 'payments.combined.payment.ok' });
  };
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="combined-summary">
      <h4 id={headingId} className="text-lg font-semibold text-navy-900">
        {intl.formatMessage({ id: 'payments.combined.title' })}
      </h4>
      <p className="text-ink" data-testid="combined-outcome">
        {intl.formatMessage({ id: OUTCOME_SENTENCES[combined.outcome] })}
      </p>
      <ul className="max-w-2xl space-y-2">
        {combined.parts.map((part) => {
          const failure = part.state === 'failed' ? failureOf(part) : null;
          return (
            <li
              key={part.part}
              data-testid={`combined-part-${part.part}`}
              className={
                failure
                  ? 'rounded-lg border border-danger-700/40 bg-danger-50 p-3'
                  : 'rounded-lg border border-line p-3'
              }
            >
              <p className="text-ink">
                <span className="font-semibold">{intl.formatMessage({ id: PART_NAMES[part.part] })}: </span>
                {failure ? (
                  <span className="font-semibold text-danger-700">{intl.formatMessage({ id: failure.titleId })}</span>
                ) : (
                  okText(part)
                )}
              </p>
              {failure ? (
                <p className="mt-1 text-ink">
                  {intl.formatMessage({ id: failure.bodyId }, { max: MAX_SAVED_METHODS })}
                </p>
              ) : null}
              {failure && part.part === 'paperless' ? (
                <Link to="/billing" className={`${TEXT_LINK} mt-1 inline-block`}>
                  {intl.formatMessage({ id: 'autopay.part.paperless.settings' })}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
