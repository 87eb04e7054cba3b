import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { CARD, SECTION_TITLE, TEXT_LINK } from './styles';

/** spec §2.4 settings card: Auto Pay and Payment Methods (their screens arrive with issue 5). */
export function BillingSettingsCard() {
  const intl = useIntl();
  return (
    <section aria-labelledby="billing-settings-title" className={CARD}>
      <h2 id="billing-settings-title" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'billing.settings.title' })}
      </h2>
      <ul className="mt-3 divide-y divide-line">
        <li className="py-3">
          <Link to="/billing/pay-bill" search={{ open: 'ap' }} className={TEXT_LINK}>
            {intl.formatMessage({ id: 'billing.settings.autoPay' })}
          </Link>
          <p className="mt-1 text-sm text-ink-muted">{intl.formatMessage({ id: 'billing.settings.autoPayBody' })}</p>
        </li>
        <li className="py-3">
          <Link to="/billing/bill-pay-options" className={TEXT_LINK}>
            {intl.formatMessage({ id: 'billing.settings.paymentMethods' })}
          </Link>
          <p className="mt-1 text-sm text-ink-muted">
            {intl.formatMessage({ id: 'billing.settings.paymentMethodsBody' })}
          </p>
        </li>
      </ul>
    </section>
  );
}
