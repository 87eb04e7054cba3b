import { Link } from '@tanstack/react-router';
import { usePortalBranding } from '../../features/meta/hooks/use-portal-branding';
import type { HeaderTheme } from './header-theme';
import { LanguageSwitch } from './language-switch';

function LogoMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
      <rect width="32" height="32" rx="7" className="fill-brand-300" />
      <path d="M7 9h4.2L16 20.4 20.8 9H25l-7.1 15h-3.8z" className="fill-navy-900" />
    </svg>
  );
}

export function SiteHeader({ theme }: { theme: HeaderTheme }) {
  const { brandName } = usePortalBranding();
  return (
    <header data-header-theme={theme} className="border-b border-(--header-border) bg-(--header-bg) text-(--header-fg)">
      <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
        <Link to="/" className="flex items-center gap-3 rounded-md text-lg font-semibold tracking-tight">
          <LogoMark />
          <span>{brandName}</span>
        </Link>
        <LanguageSwitch />
      </div>
    </header>
  );
}
