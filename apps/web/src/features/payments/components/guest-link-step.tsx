import { useQuery } from '@tanstack/react-query';
import { AppError, type QuickPayLinkResponse } from '@vireo/shared';
import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { ErrorPanel } from '../../../components/ui/error-panel';
import { SECONDARY_BUTTON } from '../../../components/ui/form-styles';
import { LoadingPlaceholder, SkeletonLine } from '../../../components/ui/loading';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';
import { formatInstant } from '../../../lib/dates';
import { openPayLink } from '../api/guest-pay';
import { PAY_LINK_REFUSALS } from '../utils/pay-link-refusals';

export type PayLinkLimits = QuickPayLinkResponse['payLink'];

/**
 * A pay link opens Quick Pay (issue 17 item 7, wider-portal.md §1): the link's bill, with the account filled in and
 * nothing else revealed; a link unknown, expired, revoked or used up says so, and the guest may look the bill up with
 * the account number and ZIP instead. Opened once per page (a query: a second render does not open a second session).
 */
export function GuestLinkStep({
  link,
  onFound,
  onLookUp,
}: {
  link: string;
  onFound: (bill: QuickPayLinkResponse) => void;
  onLookUp: () => void;
}) {
  const intl = useIntl();
  const opened = useQuery({
    queryKey: ['quick-pay', 'link', link],
    queryFn: () => openPayLink(link),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  useEffect(() => {
    if (opened.data) onFound(opened.data);
  }, [opened.data, onFound]);

  if (opened.isError) {
    const code = AppError.is(opened.error) ? opened.error.code : '';
    const refusal = PAY_LINK_REFUSALS[code];
    return (
      <ErrorPanel
        titleId={refusal?.titleId ?? 'payments.guest.link.failed.title'}
        bodyId={refusal?.bodyId ?? 'payments.errors.generic.body'}
        headingLevel={2}
      >
        <button type="button" className={SECONDARY_BUTTON} onClick={onLookUp}>
          {intl.formatMessage({ id: 'payments.guest.link.lookUpInstead' })}
        </button>
      </ErrorPanel>
    );
  }
  return (
    <LoadingPlaceholder label={intl.formatMessage({ id: 'payments.guest.link.opening' })}>
      <SkeletonLine className="w-64" />
    </LoadingPlaceholder>
  );
}

/** What the link still allows: the cap left, the uses left, the expiry and the creator's note. */
export function PayLinkSummary({ limits }: { limits: PayLinkLimits }) {
  const intl = useIntl();
  const format = usePaymentFormat();
  return (
    <p className="mt-1 text-ink">
      {intl.formatMessage(
        { id: 'payments.guest.link.limits' },
        {
          amount: format.money(limits.capLeftCents),
          uses: limits.usesLeft,
          date: formatInstant(intl, new Date(limits.expiresAt), 'date'),
        },
      )}
      {limits.note ? ` ${intl.formatMessage({ id: 'payments.guest.link.note' }, { note: limits.note })}` : null}
    </p>
  );
}
