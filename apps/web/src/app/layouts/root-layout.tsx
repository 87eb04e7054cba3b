import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useLocation, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { flagsQueryOptions } from '../../features/flags/get-flags';
import { usePortalDocumentTitle } from '../../features/meta/hooks/use-portal-branding';
import { useSessionProfile } from '../../features/session/api/get-session-profile';
import { headerVariant, isAlertBannerHidden, showsSideNavigation } from './layout-rules';
import { LoadingBar, LoadingIndicatorContext, useLoadingIndicator } from './loading-indicator';
import { focusMainContent, MAIN_CONTENT_ID } from './main-content';
import { type PageAlert, PageAlertBanner, PageAlertContext } from './page-alert-banner';
import { useRouteStaticData } from './route-layout';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { SkipLink } from './skip-link';

// Signed-in chrome is lazy: visitors never download it. The navigation suspends until the flags it depends on are
// there; RootLayout starts reading them with the chunk. (Both lazy parts ask for the module; its messages are fetched
// once: messages/slices.ts.)
const loadNavigation = () => import('./signed-in-navigation');
const SideMenu = lazy(() => loadNavigation().then((module) => ({ default: module.SideMenu })));
const MobileFooterNav = lazy(() => loadNavigation().then((module) => ({ default: module.MobileFooterNav })));
const SessionTimeout = lazy(() =>
  import('../../features/session/components/session-timeout').then((module) => ({ default: module.SessionTimeout })),
);
// issue 20 item 6: the outage or maintenance under way at the account's address, for the banner (after the document)
const OutageBannerSource = lazy(() =>
  import('../../features/outages/components/outage-banner-source').then((module) => ({
    default: module.OutageBannerSource,
  })),
);
// wider-portal.md §3: "Confirm it’s you" for every dangerous action; its dialog's code loads when first needed.
const StepUpHost = lazy(() =>
  import('../../features/session/components/step-up-host').then((module) => ({ default: module.StepUpHost })),
);

/**
 * True once the document has loaded. The session timeout (its activity tracking, pings and dialog) is not part of a
 * page's first render, so it loads after the page's own code and data (ADR 012: budgets count the first render).
 */
function useDocumentLoaded(): boolean {
  const [loaded, setLoaded] = useState(() => document.readyState === 'complete');
  useEffect(() => {
    if (loaded) return;
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad, { once: true });
    return () => window.removeEventListener('load', onLoad);
  }, [loaded]);
  return loaded;
}

/**
 * After a client-side navigation, focus moves to the new page's content, as a full page load would do for a screen
 * reader, unless the route handles focus itself (`isSkipToContentRouting: false`); the router scrolls to the top
 * (spec §2.1).
 */
function useFocusMainOnNavigation(enabled: boolean): void {
  const router = useRouter();
  const enabledRef = useRef(enabled);
  enabledRef.current = enabled;
  useEffect(
    () =>
      router.subscribe('onResolved', (event) => {
        if (event.fromLocation && event.pathChanged && enabledRef.current) focusMainContent();
      }),
    [router],
  );
}

/**
 * spec §2.4 layout: header, side menu ≥ 1090 px, mobile footer navigation below, alert banner, narrow layout.
 * Printing keeps the page's content only (`print:hidden` on the chrome), e.g. the digital statement.
 */
export function RootLayout() {
  const staticData = useRouteStaticData();
  const pathname = useLocation({ select: (location) => location.pathname });
  const profile = useSessionProfile();
  const signedIn = Boolean(profile);
  const queryClient = useQueryClient();
  // What TanStack's usePrefetchQuery does, for signed-in pages only: a no-op once the flags are read (or being read).
  if (signedIn) void queryClient.prefetchQuery(flagsQueryOptions());
  const documentLoaded = useDocumentLoaded();
  const [loading, loadingControls] = useLoadingIndicator();
  const [pageAlert, setPageAlert] = useState<PageAlert | null>(null);
  // a page's own alert first, else network operations' for the account's address
  const [networkAlert, setNetworkAlert] = useState<PageAlert | null>(null);
  const alert = pageAlert ?? networkAlert;
  usePortalDocumentTitle();

  const header = staticData.header ?? {};
  const flow = staticData.flow ?? 'standard';
  const variant = headerVariant(header);
  const sideNavigation = showsSideNavigation(flow, signedIn);
  const showBanner = alert !== null && !isAlertBannerHidden({ pathname, flow, header });
  useFocusMainOnNavigation(header.isSkipToContentRouting !== false);

  return (
    <LoadingIndicatorContext value={loadingControls}>
      <PageAlertContext value={setPageAlert}>
        <div
          className={header.isViewPortHeightLocked ? 'flex h-dvh flex-col overflow-hidden' : 'flex min-h-dvh flex-col'}
        >
          <SkipLink />
          <LoadingBar visible={loading} />
          {/* The header, the page and the mobile footer navigation fill the viewport at least, so the footer starts
              below the fold: a page that is still loading does not show it, and the page growing when its data
              arrives does not move it in view. */}
          <div
            className={
              header.isViewPortHeightLocked ? 'flex min-h-0 flex-1 flex-col' : 'flex min-h-svh flex-col print:min-h-0'
            }
          >
            {variant === 'hidden' ? null : (
              <SiteHeader header={header} variant={variant} signedIn={signedIn} sideNavigation={sideNavigation} />
            )}
            <div className="flex min-h-0 flex-1">
              {sideNavigation ? (
                <aside className="hidden w-side-menu shrink-0 border-r border-line bg-surface side-menu:block print:hidden">
                  <Suspense fallback={null}>
                    <SideMenu />
                  </Suspense>
                </aside>
              ) : null}
              <div className="flex min-w-0 flex-1 flex-col">
                {showBanner ? <PageAlertBanner alert={alert} /> : null}
                <main
                  id={MAIN_CONTENT_ID}
                  tabIndex={-1}
                  aria-busy={loading || undefined}
                  className={`flex-1 ${header.isViewPortHeightLocked ? 'overflow-auto' : ''}`}
                >
                  {staticData.narrow ? (
                    <div className="mx-auto w-full max-w-(--breakpoint-narrow)">
                      <Outlet />
                    </div>
                  ) : (
                    <Outlet />
                  )}
                </main>
              </div>
            </div>
            {sideNavigation ? (
              <div className="sticky bottom-0 z-30 min-h-14 border-t border-line bg-surface side-menu:hidden print:hidden">
                <Suspense fallback={null}>
                  <MobileFooterNav />
                </Suspense>
              </div>
            ) : null}
          </div>
          <SiteFooter />
          {signedIn && documentLoaded ? (
            <Suspense fallback={null}>
              <SessionTimeout />
            </Suspense>
          ) : null}
          {signedIn && documentLoaded ? (
            <Suspense fallback={null}>
              <StepUpHost />
            </Suspense>
          ) : null}
          {signedIn && documentLoaded ? (
            <Suspense fallback={null}>
              <OutageBannerSource onAlert={setNetworkAlert} />
            </Suspense>
          ) : null}
        </div>
      </PageAlertContext>
    </LoadingIndicatorContext>
  );
}
