import { Link } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import { Building2, CreditCard, Mail, MonitorSmartphone, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { TEXT_LINK } from '../../../components/ui/form-styles';
import type { MessageId } from '../../../messages';
import { CustomerServiceNumbers } from '../../layouts/customer-service';

function Way({
  icon: Icon,
  title,
  body,
  children,
}: {
  icon: LucideIcon;
  title: MessageId;
  body: MessageId;
  children?: ReactNode;
}) {
  const intl = useIntl();
  return (
    <li className="flex gap-4 border-t border-line py-5 first:border-t-0">
      <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
      <div>
        <h2 className="text-lg font-semibold text-navy-900">{intl.formatMessage({ id: title })}</h2>
        <p className="mt-1 text-ink">{intl.formatMessage({ id: body })}</p>
        {children ? <div className="mt-2">{children}</div> : null}
      </div>
    </li>
  );
}

/**
 * Every way to pay (`/wg/payment-options`, wider-portal.md §1): online signed in, Quick Pay without signing in, by
 * phone (the customer-service numbers of the portal's configuration), in person and by mail. Open to everyone.
 */
export function PaymentOptionsPage() {
  const intl = useIntl();
  return (
    <div className="px-4 py-10 md:py-14">
      <h1 className="text-2xl font-bold tracking-tight text-navy-900">
        {intl.formatMessage({ id: 'guest.options.title' })}
      </h1>
      <p className="mt-2 text-ink">{intl.formatMessage({ id: 'guest.options.intro' })}</p>
      <ul className="mt-4 rounded-xl border border-line bg-surface px-5 shadow-sm">
        <Way icon={MonitorSmartphone} title="guest.options.online.title" body="guest.options.online.body">
          <Link to="/login" className={TEXT_LINK}>
            {intl.formatMessage({ id: 'guest.options.online.link' })}
          </Link>
        </Way>
        <Way icon={CreditCard} title="guest.options.quickPay.title" body="guest.options.quickPay.body">
          <Link to="/wg/pay-bill" className={TEXT_LINK}>
            {intl.formatMessage({ id: 'guest.options.quickPay.link' })}
          </Link>
        </Way>
        <Way icon={Phone} title="guest.options.phone.title" body="guest.options.phone.body">
          <CustomerServiceNumbers />
        </Way>
        <Way icon={Building2} title="guest.options.store.title" body="guest.options.store.body" />
        <Way icon={Mail} title="guest.options.mail.title" body="guest.options.mail.body" />
      </ul>
    </div>
  );
}
