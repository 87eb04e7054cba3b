import { useIntl } from 'react-intl';
import { usePortalBranding } from '../../features/meta/hooks/use-portal-branding';

export function SiteFooter() {
  const intl = useIntl();
  const { config } = usePortalBranding();
  // String, not number: a year is not formatted with grouping separators.
  const year = String(new Date().getFullYear());
  return (
    <footer className="border-t border-line bg-surface print:hidden">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-1 px-4 py-6 text-sm text-ink-muted">
        <p>{intl.formatMessage({ id: 'shell.footer.copyright' }, { year })}</p>
        {config ? (
          <p>
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
    </footer>
  );
}
