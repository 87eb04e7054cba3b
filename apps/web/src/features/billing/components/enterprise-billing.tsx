import { useIntl } from 'react-intl';
import { CARD, PAGE, PAGE_TITLE, PRIMARY_BUTTON, SECTION_TITLE } from '../../../components/ui/form-styles';
import { useEnterpriseBillingUrl } from '../utils/enterprise';

function EnterpriseLink() {
  const intl = useIntl();
  const href = useEnterpriseBillingUrl();
  return (
    <a href={href} className={`${PRIMARY_BUTTON} mt-6`}>
      {intl.formatMessage({ id: 'billing.enterprise.link' })}
    </a>
  );
}

/**
 * spec §1 / §2.4: the enterprise landing page. Enterprise accounts have billing suppressed (the APIs answer
 * BILLING_SUPPRESSED) and are sent to the enterprise billing site; every billing route shows this instead.
 */
export function EnterpriseBillingLanding() {
  const intl = useIntl();
  return (
    <div className={PAGE}>
      <h1 className={PAGE_TITLE}>{intl.formatMessage({ id: 'billing.enterprise.title' })}</h1>
      <p className="mt-4 max-w-3xl text-lg leading-relaxed text-ink">
        {intl.formatMessage({ id: 'billing.enterprise.body' })}
      </p>
      <p className="mt-3 max-w-3xl leading-relaxed text-ink-muted">
        {intl.formatMessage({ id: 'billing.enterprise.detail' })}
      </p>
      <EnterpriseLink />
    </div>
  );
}

/** The enterprise-billing-moved notice, where a page would show the billing status card (account summary). */
export function EnterpriseBillingNotice() {
  const intl = useIntl();
  return (
    <section aria-labelledby="enterprise-billing-notice" className={CARD}>
      <h2 id="enterprise-billing-notice" className={SECTION_TITLE}>
        {intl.formatMessage({ id: 'billing.enterprise.title' })}
      </h2>
      <p className="mt-2 leading-relaxed text-ink">{intl.formatMessage({ id: 'billing.enterprise.body' })}</p>
      <EnterpriseLink />
    </section>
  );
}
