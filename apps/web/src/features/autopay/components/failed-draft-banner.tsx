import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { WARNING } from '../../../components/ui/form-styles';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { useAutoPayStatus } from '../../../entities/api/get-autopay-status';

/**
 * The last Auto Pay draft did not go through (issue 6): a banner with the retry path, a one-time payment. Nothing
 * shows while the status loads or when it cannot load (the Auto Pay panel reports that).
 */
export function FailedDraftBanner() {
  const intl = useIntl();
  const format = usePaymentFormat();
  const failed = useAutoPayStatus().data?.lastFailedDraft;
  if (!failed) return null;
  return (
    <section aria-labelledby="failed-draft-title" className={WARNING} data-testid="failed-draft-banner">
      <h2 id="failed-draft-title" className="text-lg font-semibold text-warning-700">
        {intl.formatMessage({ id: 'autopay.failedDraft.title' })}
      </h2>
      <p className="mt-1">
        {intl.formatMessage(
          { id: 'autopay.failedDraft.body' },
          { amount: format.money(failed.amountCents), date: format.date(failed.paymentDate) },
        )}
      </p>
      <Link
        to="/billing/pay-bill"
        search={{ open: 'otp' }}
        className="mt-3 inline-flex min-h-11 cursor-pointer items-center justify-center rounded-md bg-brand-700 px-5 font-semibold text-surface hover:bg-brand-800"
      >
        {intl.formatMessage({ id: 'autopay.failedDraft.action' })}
      </Link>
    </section>
  );
}
