import { Link, useRouter } from '@tanstack/react-router';
import { useIntl } from 'react-intl';
import { usePortalBranding } from '../../features/meta/hooks/use-portal-branding';
import { SignOutButton } from '../../features/session/components/sign-out-button';
import type { HeaderRouteData } from '../route-static-data';
import { LanguageSwitch } from './language-switch';
import { type HeaderVariant, hasBackButton } from './layout-rules';

function LogoMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
      <rect width="32" height="32" rx="7" className="fill-brand-300" />
      <path d="M7 9h4.2L16 20.4 20.8 9H25l-7.1 15h-3.8z" className="fill-navy-900" />
    </svg>
  );
}

const LOGO_CLASS = 'flex items-center gap-3 rounded-md text-lg font-semibold tracking-tight';

function Logo({ header, variant }: { header: HeaderRouteData; variant: HeaderVariant }) {
  const intl = useIntl();
  const { brandName } = usePortalBranding();
  const settings = header.simpleHeaderSettings;
  const clickable = header.logoClickable ?? variant !== 'buyFlow';
  const label = settings?.logoAltText ? intl.formatMessage({ id: settings.logoAltText }) : undefined;
  const content = (
    <>
      <LogoMark />
      <span>{brandName}</span>
    </>
  );
  if (!clickable) return <span className={LOGO_CLASS}>{content}</span>;
  const to = settings?.logoUrl ?? '/';
  if (/^https?:/.test(to)) {
    return (
      <a href={to} aria-label={label} className={LOGO_CLASS}>
        {content}
      </a>
    );
  }
  return (
    <Link to={to} aria-label={label} className={LOGO_CLASS}>
      {content}
    </Link>
  );
}

function BackButton() {
  const intl = useIntl();
  const router = useRouter();
  return (
    <button
      type="button"
      onClick={() => router.history.back()}
      className="inline-flex min-h-11 cursor-pointer items-center gap-1 rounded-md px-2 font-medium hover:bg-(--header-hover-bg)"
    >
      <span aria-hidden="true">←</span>
      {intl.formatMessage({ id: 'shell.header.back' })}
    </button>
  );
}

type SiteHeaderProps = {
  header: HeaderRouteData;
  variant: HeaderVariant;
  signedIn: boolean;
};

/**
 * spec §2.4 header: dark or light theme (`type`); full, simple, simple with back link, web-form (flat) and buy-flow
 * variants. Every variant keeps the language switch and, for a signed-in user, the Sign out control.
 */
export function SiteHeader({ header, variant, signedIn }: SiteHeaderProps) {
  const intl = useIntl();
  const flat = variant === 'webForm' || header.isFlat;
  return (
    <header
      data-header-theme={header.type ?? 'dark'}
      data-header-variant={variant}
      className={`border-b bg-(--header-bg) text-(--header-fg) print:hidden ${flat ? 'border-transparent' : 'border-(--header-border)'}`}
    >
      <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
        <div className="flex items-center gap-3">
          {hasBackButton(header) ? <BackButton /> : null}
          <Logo header={header} variant={variant} />
          {variant === 'buyFlow' ? (
            <span className="text-sm font-medium text-(--header-fg)">
              {intl.formatMessage({ id: 'shell.header.secureCheckout' })}
            </span>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <LanguageSwitch signedIn={signedIn} />
          {signedIn ? <SignOutButton /> : null}
        </div>
      </div>
    </header>
  );
}
