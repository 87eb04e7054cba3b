import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { CircleHelp, Search } from 'lucide-react';
import { useId } from 'react';
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

const HEADER_CONTROL =
  'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-2 font-medium hover:bg-(--header-hover-bg)';
const ICON = 'size-5 shrink-0';

/**
 * The search entry (issue 16): from 768 px a search box whose words open /search-results (built with the support
 * area); below, a link there. The search landmark is named, the field labelled.
 */
function SearchEntry() {
  const intl = useIntl();
  const navigate = useNavigate();
  const inputId = useId();
  const label = intl.formatMessage({ id: 'shell.header.searchLabel' });
  return (
    <>
      <search aria-label={label} className="hidden min-w-0 flex-1 md:flex md:max-w-md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            const words = String(new FormData(event.currentTarget).get('q') ?? '').trim();
            void navigate({ to: '/search-results', search: words ? { q: words } : {} });
          }}
          className="flex min-w-0 flex-1"
        >
          <label htmlFor={inputId} className="sr-only">
            {label}
          </label>
          <input
            id={inputId}
            name="q"
            type="search"
            maxLength={200}
            autoComplete="off"
            placeholder={intl.formatMessage({ id: 'shell.header.searchPlaceholder' })}
            className="min-h-11 min-w-0 flex-1 rounded-l-md border border-(--header-control-border) bg-surface px-3 text-base text-ink placeholder:text-ink-muted"
          />
          <button
            type="submit"
            className="inline-flex min-h-11 cursor-pointer items-center rounded-r-md border border-l-0 border-(--header-control-border) px-3 hover:bg-(--header-hover-bg)"
          >
            <Search aria-hidden="true" focusable="false" className={ICON} />
            <span className="sr-only">{intl.formatMessage({ id: 'shell.header.search' })}</span>
          </button>
        </form>
      </search>
      <Link to="/search-results" className={`${HEADER_CONTROL} md:hidden`}>
        <Search aria-hidden="true" focusable="false" className={ICON} />
        <span className="sr-only">{intl.formatMessage({ id: 'shell.header.search' })}</span>
      </Link>
    </>
  );
}

function HelpEntry() {
  const intl = useIntl();
  return (
    <Link to="/support" className={HEADER_CONTROL}>
      <CircleHelp aria-hidden="true" focusable="false" className={ICON} />
      <span className="sr-only md:not-sr-only">{intl.formatMessage({ id: 'shell.header.help' })}</span>
    </Link>
  );
}

type SiteHeaderProps = {
  header: HeaderRouteData;
  variant: HeaderVariant;
  signedIn: boolean;
  /** The page has the side menu (from 1090 px): the logo then sits above it, the rest over the page's column. */
  sideNavigation: boolean;
};

/**
 * spec §2.4 header: dark or light theme (`type`); full, simple, simple with back link, web-form (flat) and buy-flow
 * variants. Every variant keeps the language switch (in the footer below 768 px) and, for a signed-in user, the Sign
 * out control; the full header adds the search and help entries (issue 16). Its content lines up with the page: the
 * logo with the side menu's items, the controls with the right edge of the page's column (`max-w-6xl px-4`, as every
 * page's content).
 */
export function SiteHeader({ header, variant, signedIn, sideNavigation }: SiteHeaderProps) {
  const intl = useIntl();
  const flat = variant === 'webForm' || header.isFlat;
  const full = variant === 'full';
  const lead = (
    <div className="flex shrink-0 items-center gap-3">
      {hasBackButton(header) ? <BackButton /> : null}
      <Logo header={header} variant={variant} />
      {variant === 'buyFlow' ? (
        <span className="text-sm font-medium text-(--header-fg)">
          {intl.formatMessage({ id: 'shell.header.secureCheckout' })}
        </span>
      ) : null}
    </div>
  );
  return (
    <header
      data-header-theme={header.type ?? 'dark'}
      data-header-variant={variant}
      className={`border-b bg-(--header-bg) text-(--header-fg) print:hidden ${flat ? 'border-transparent' : 'border-(--header-border)'}`}
    >
      <div className="flex min-h-16 items-center">
        {sideNavigation ? <div className="hidden w-side-menu shrink-0 pl-7 side-menu:block">{lead}</div> : null}
        <div className="min-w-0 flex-1">
          <div className="mx-auto flex max-w-6xl items-center gap-x-4 px-4 py-3">
            <div className={sideNavigation ? 'side-menu:hidden' : undefined}>{lead}</div>
            <div className="flex min-w-0 flex-1 items-center justify-end gap-x-2 md:gap-x-3">
              {full ? <SearchEntry /> : null}
              {full ? <HelpEntry /> : null}
              <div className="hidden md:block">
                <LanguageSwitch signedIn={signedIn} />
              </div>
              {signedIn ? <SignOutButton /> : null}
            </div>
          </div>
        </div>
      </div>
    </header>
  );
}
