import { Outlet, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { usePortalDocumentTitle } from '../../features/meta/hooks/use-portal-branding';
import { useHeaderTheme } from './header-theme';
import { focusMainContent, MAIN_CONTENT_ID } from './main-content';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

/**
 * After a client-side navigation, focus moves to the new page's content, as a full page load would do for a screen
 * reader; the router itself scrolls to the top (spec §2.1).
 */
function useFocusMainOnNavigation(): void {
  const router = useRouter();
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        if (event.fromLocation && event.pathChanged) focusMainContent();
      }),
    [router],
  );
}

export function RootLayout() {
  const headerTheme = useHeaderTheme();
  usePortalDocumentTitle();
  useFocusMainOnNavigation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader theme={headerTheme} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
