import { Link } from '@tanstack/react-router';
import type { PortalVariant } from '@vireo/shared';
import { Building2, House, type LucideIcon, ReceiptText, Router, UserCog, Users } from 'lucide-react';
import { useIntl } from 'react-intl';
import { usePortalBranding } from '../../features/meta/hooks/use-portal-branding';
import type { MessageId } from '../../messages';

type HomeCopy = {
  title: MessageId;
  intro: MessageId;
  signInBody: MessageId;
  features: readonly { id: MessageId; icon: LucideIcon }[];
};

/**
 * Each variant's words (wider-portal.md §10): small businesses, or property managers with a bulk agreement. The icons
 * are the navigation's own (already in the first load).
 */
const COPY: Record<PortalVariant, HomeCopy> = {
  business: {
    title: 'home.title',
    intro: 'home.intro',
    signInBody: 'home.signIn.body',
    features: [
      { id: 'home.features.bills', icon: ReceiptText },
      { id: 'home.features.services', icon: Router },
      { id: 'home.features.visits', icon: House },
      { id: 'home.features.users', icon: Users },
    ],
  },
  community: {
    title: 'home.community.title',
    intro: 'home.community.intro',
    signInBody: 'home.community.signIn.body',
    features: [
      { id: 'home.community.features.properties', icon: Building2 },
      { id: 'home.community.features.residents', icon: Users },
      { id: 'home.community.features.contacts', icon: UserCog },
      { id: 'home.community.features.agreement', icon: ReceiptText },
    ],
  },
};

/**
 * The visitor landing page (spec §2.3: `/` is open without sign-in), with the way in, in the words of the portal's
 * variant (issue 22 item 1). Visitors only: the route's guard sends a signed-in user on to the account summary
 * (route-table.ts, spec §2.1).
 */
export function HomePage() {
  const intl = useIntl();
  const copy = COPY[usePortalBranding().variant];
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:py-16">
      <section aria-labelledby="home-title" className="max-w-3xl">
        <h1 id="home-title" className="text-3xl font-bold tracking-tight text-navy-900 md:text-4xl">
          {intl.formatMessage({ id: copy.title })}
        </h1>
        <p className="mt-4 text-lg leading-relaxed text-ink-muted">{intl.formatMessage({ id: copy.intro })}</p>
      </section>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="home-sign-in" className="rounded-xl border border-brand-100 bg-brand-50 p-6">
          <h2 id="home-sign-in" className="text-xl font-semibold text-brand-900">
            {intl.formatMessage({ id: 'home.signIn.title' })}
          </h2>
          <p className="mt-2 leading-relaxed text-ink">{intl.formatMessage({ id: copy.signInBody })}</p>
          {/* /login leaves the app for the login edge (router.tsx), which brings the browser back to the form. */}
          <Link
            to="/login"
            className="mt-5 inline-flex min-h-11 items-center rounded-md bg-brand-700 px-5 font-semibold text-surface hover:bg-brand-800"
          >
            {intl.formatMessage({ id: 'home.signIn.action' })}
          </Link>
        </section>

        <section aria-labelledby="home-features" className="rounded-xl border border-line bg-surface p-6">
          <h2 id="home-features" className="text-xl font-semibold text-navy-900">
            {intl.formatMessage({ id: 'home.features.title' })}
          </h2>
          <ul className="mt-3 space-y-2">
            {copy.features.map(({ id, icon: Icon }) => (
              <li key={id} className="flex gap-3 leading-relaxed">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
                {intl.formatMessage({ id })}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
