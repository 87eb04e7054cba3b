import type { HeaderRouteData, LayoutFlow } from '../route-static-data';

export type HeaderVariant = 'full' | 'simple' | 'simpleWithBack' | 'webForm' | 'buyFlow' | 'hidden';

/** spec §2.4: which header a route's data asks for; the more specific key wins. */
export function headerVariant(header: HeaderRouteData = {}): HeaderVariant {
  if (header.isHidden) return 'hidden';
  if (header.showBuyflowHeader) return 'buyFlow';
  if (header.showSimpleHeaderWithBackButton) return 'simpleWithBack';
  if (header.showSimple && header.isFlat) return 'webForm';
  if (header.showSimple) return 'simple';
  return 'full';
}

export function hasBackButton(header: HeaderRouteData = {}): boolean {
  return headerVariant(header) === 'simpleWithBack' && header.simpleHeaderSettings?.backLinkVisible !== false;
}

/** spec §2.4: side menu (≥ 1090 px) and mobile footer navigation: signed-in users, standard flow only. */
export function showsSideNavigation(flow: LayoutFlow = 'standard', signedIn = false): boolean {
  return signedIn && flow === 'standard';
}

/** spec §2.4: pages that never show the page alert banner. */
export const ALERT_BANNER_HIDDEN_PATHS: readonly string[] = ['/account-summary', '/sign-in-redirect', '/contactus'];

/**
 * spec §2.4: the page alert banner is hidden in focused flows, on account-summary, sign-in-redirect, the contact-us
 * page, and support pages without a back button.
 */
export function isAlertBannerHidden(route: { pathname: string; flow?: LayoutFlow; header?: HeaderRouteData }): boolean {
  if (route.flow === 'focused') return true;
  const path = route.pathname.length > 1 ? route.pathname.replace(/\/+$/, '') : route.pathname;
  if (ALERT_BANNER_HIDDEN_PATHS.includes(path)) return true;
  if (path === '/support' || path.startsWith('/support/')) return !hasBackButton(route.header);
  return false;
}

export type NavigationEvent =
  | { type: 'start'; pathname: string }
  | { type: 'end'; pathname: string }
  | { type: 'cancel'; pathname: string }
  | { type: 'error' };

/** spec §4: /support/category pages show their own progress, so a navigation to one does not turn it on. */
const NO_INDICATOR_ON_START = '/support/category';
/** spec §4: exactly this page keeps the indicator on after navigating; the page turns it off when it is ready. */
const KEEPS_INDICATOR_AFTER_NAVIGATION = '/security-suite';

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * spec §4 loading indicator: on at navigation start (except on /support/category), off at navigation end or cancel
 * (except exactly /security-suite; /security-suite/new-device turns it off as usual), off on error.
 */
export function nextLoadingIndicator(visible: boolean, event: NavigationEvent): boolean {
  switch (event.type) {
    case 'start':
      return isUnder(event.pathname, NO_INDICATOR_ON_START) ? visible : true;
    case 'end':
    case 'cancel':
      return event.pathname === KEEPS_INDICATOR_AFTER_NAVIGATION ? visible : false;
    case 'error':
      return false;
  }
}
