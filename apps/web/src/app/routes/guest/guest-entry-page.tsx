import { Link } from '@tanstack/react-router';
import type { LucideIcon } from 'lucide-react';
import { CreditCard, KeyRound, LogIn, UserPlus } from 'lucide-react';
import { useIntl } from 'react-intl';
import { TEXT_LINK } from '../../../components/ui/form-styles';
import type { AppPath } from '../../../lib/app-path';
import type { MessageId } from '../../../messages';

type Door = { to: AppPath; search?: Record<string, boolean>; icon: LucideIcon; title: MessageId; body: MessageId };

/** The guest entry's ways in, most asked-for first (wider-portal.md §1). */
const DOORS: readonly Door[] = [
  { to: '/wg/pay-bill', icon: CreditCard, title: 'guest.payBill.title', body: 'guest.payBill.body' },
  { to: '/wg/login', icon: LogIn, title: 'guest.signIn.title', body: 'guest.signIn.body' },
  { to: '/create-account', icon: UserPlus, title: 'guest.createAccount.title', body: 'guest.createAccount.body' },
  {
    to: '/wg/account-recovery',
    search: { 'password-reset': false },
    icon: KeyRound,
    title: 'guest.recovery.title',
    body: 'guest.recovery.body',
  },
];

/**
 * The guest entry (`/wg`, wider-portal.md §1): under the simple header, the ways in without a password — pay a bill
 * by Quick Pay, sign in, create an account, recover a sign-in — and every way to pay.
 */
export function GuestEntryPage() {
  const intl = useIntl();
  return (
    <div className="px-4 py-10 md:py-14">
      <h1 className="text-2xl font-bold tracking-tight text-navy-900">{intl.formatMessage({ id: 'guest.title' })}</h1>
      <p className="mt-2 text-ink">{intl.formatMessage({ id: 'guest.intro' })}</p>
      <ul className="mt-6 space-y-3">
        {DOORS.map(({ to, search, icon: Icon, title, body }) => (
          <li
            key={to}
            className="relative flex gap-4 rounded-xl border border-line bg-surface p-5 shadow-sm hover:border-brand-700"
          >
            <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
            <div>
              <h2 className="text-lg font-semibold text-navy-900">
                {/* the whole card is the link's target (its ::after), the heading its name */}
                <Link
                  to={to}
                  search={search}
                  className="after:absolute after:inset-0 hover:underline focus-visible:underline"
                >
                  {intl.formatMessage({ id: title })}
                </Link>
              </h2>
              <p className="mt-1 text-ink">{intl.formatMessage({ id: body })}</p>
            </div>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-ink">
        <Link to="/wg/payment-options" className={TEXT_LINK}>
          {intl.formatMessage({ id: 'guest.allWays' })}
        </Link>
      </p>
    </div>
  );
}
