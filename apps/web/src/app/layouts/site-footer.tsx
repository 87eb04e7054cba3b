import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { usePortalBranding } from '../../features/meta/hooks/use-portal-branding';
import { useSessionProfile } from '../../features/session/api/get-session-profile';
import type { AppPath } from '../../lib/app-path';
import type { MessageId } from '../../messages';
import { CustomerServiceNumbers } from './customer-service';
import { LanguageSwitch } from './language-switch';

const FOOTER_LINKS: readonly { to: AppPath; labelId: MessageId }[] = [
  { to: '/support', labelId: 'shell.footer.support' },
  { to: '/contactus', labelId: 'shell.footer.contactUs' },
  { to: '/outage-map', labelId: 'shell.footer.outageMap' },
  { to: '/disclaimers', labelId: 'shell.footer.disclaimers' },
];

const LINK = 'font-medium text-brand-800 underline-offset-2 hover:underline';

/**
 * The footer of every page (issue 16): where to get help (support, contact, the outage map), the terms, the
 * customer-service numbers, the language switch, the copyright and the version. Light whatever the header's theme.
 */
export function SiteFooter() {
  const intl = useIntl();
  const callUsId = useId();
  const { config } = usePortalBranding();
  const profile = useSessionProfile();
  // String, not number: a year is not formatted with grouping separators.
  const year = String(new Date().getFullYear());
  return (
    <footer data-header-theme="light" className="border-t border-line bg-surface text-sm text-ink print:hidden">
      <div className="mx-auto grid max-w-6xl gap-x-10 gap-y-6 px-4 py-8 md:grid-cols-[1fr_auto]">
        <nav aria-label={intl.formatMessage({ id: 'shell.footer.label' })}>
          <ul className="flex flex-wrap gap-x-6 gap-y-3">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={LINK}>
                  {intl.formatMessage({ id: link.labelId })}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        {config ? (
          <section aria-labelledby={callUsId}>
            <h2 id={callUsId} className="font-semibold text-navy-900">
              {intl.formatMessage({ id: 'shell.footer.callUs' })}
            </h2>
            <CustomerServiceNumbers className="mt-2" />
          </section>
        ) : null}
      </div>
      <div className="border-t border-line">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-3 px-4 py-4 text-ink-muted">
          <p>{intl.formatMessage({ id: 'shell.footer.copyright' }, { year })}</p>
          <LanguageSwitch signedIn={Boolean(profile)} />
          {config ? (
            <p data-testid="app-version">
              {intl.formatMessage({ id: 'shell.footer.version' }, { version: config.appVersion })}
              {config.environment !== 'prod' ? (
                <>
                  {' · '}
                  {intl.formatMessage({ id: 'shell.footer.environment' }, { environment: config.environment })}
                </>
              ) : null}
            </p>
          ) : null}
        </div>
      </div>
    </footer>
  );
}
