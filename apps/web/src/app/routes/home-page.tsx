import { Link } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../messages';

const UPCOMING_FEATURES: readonly MessageId[] = [
  'home.features.bills',
  'home.features.payments',
  'home.features.autopay',
  'home.features.users',
];

/**
 * The visitor landing page (spec §2.3: `/` is open without sign-in), with the way in. Visitors only: the route's guard
 * sends a signed-in user on to the account summary (route-table.ts, spec §2.1).
 */
export function HomePage() {
  const intl = useIntl();
  return (
    <div className="mx-auto max-w-6xl px-4 py-10 md:py-16">
      <section aria-labelledby="home-title" className="max-w-3xl">
        <h1 id="home-title" className="text-3xl font-bold tracking-tight text-navy-900 md:text-4xl">
          {intl.formatMessage({ id: 'home.title' })}
        </h1>
        <p className="mt-4 text-lg leading-relaxed text-ink-muted">{intl.formatMessage({ id: 'home.intro' })}</p>
      </section>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="home-sign-in" className="rounded-xl border border-brand-100 bg-brand-50 p-6">
          <h2 id="home-sign-in" className="text-xl font-semibold text-brand-900">
            {intl.formatMessage({ id: 'home.signIn.title' })}
          </h2>
          <p className="mt-2 leading-relaxed text-ink">{intl.formatMessage({ id: 'home.signIn.body' })}</p>
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
            {UPCOMING_FEATURES.map((id) => (
              <li key={id} className="flex gap-3 leading-relaxed">
                <span aria-hidden="true" className="mt-2.5 size-2 shrink-0 rounded-full bg-brand-500" />
                {intl.formatMessage({ id })}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
