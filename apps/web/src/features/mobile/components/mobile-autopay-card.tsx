import { Link } from '@tanstack/react-router';
import type { MobileServiceBilling } from '@vireo/shared';
import { useIntl } from 'react-intl';
import { CARD, SECTION_TITLE, TEXT_LINK, WARNING } from '../../../components/ui/form-styles';
import { usePaymentFormat } from '../../../components/ui/use-payment-format';

/**
 * spec §2.4 mobile Auto Pay card. spec §4: mobile service requires Auto Pay (cards only). Whether the lines are on it
 * is the server's one rule (issue 14, `mobileAutoPayOf`): their own enrolment, or the core one that drafts their
 * charges too, which the card says.
 */
export function MobileAutoPayCard({ autoPay }: { autoPay: MobileServiceBilling['autoPay'] }) {
  const intl = useIntl();
  const format = usePaymentFormat();
  const status = [
    intl.formatMessage({ id: 'billing.status.on' }),
    autoPay.methodLabel === null ? null : format.method(autoPay.methodLabel),
    autoPay.debitDay === null ? null : intl.formatMessage({ id: 'billing.status.debitDay' }, { day: autoPay.debitDay }),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <section aria-labelledby="mobile-autopay-title" className={CARD}>
      <h2 id="mobile-autopay-title" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'mobile.autoPay.title' })}
      </h2>
      {autoPay.enrolled ? (
        <>
          <p className="mt-3 text-ink" data-testid="mobile-auto-pay-status">
            {intl.formatMessage({ id: 'billing.settings.status' }, { status })}
          </p>
          {autoPay.scope === 'core' ? (
            <p className="mt-2 text-ink">{intl.formatMessage({ id: 'mobile.autoPay.viaCore' })}</p>
          ) : null}
          <Link to="/billing/pay-bill" search={{ open: 'ap' }} className={`${TEXT_LINK} mt-3 inline-block`}>
            {intl.formatMessage({ id: 'mobile.autoPay.manage' })}
          </Link>
        </>
      ) : (
        <div className={`${WARNING} mt-3`} data-testid="mobile-auto-pay-status">
          <p>{intl.formatMessage({ id: 'mobile.autoPay.required' })}</p>
          <Link to="/billing/pay-bill" search={{ open: 'ap' }} className={`${TEXT_LINK} mt-2 inline-block`}>
            {intl.formatMessage({ id: 'mobile.autoPay.enroll' })}
          </Link>
        </div>
      )}
    </section>
  );
}
