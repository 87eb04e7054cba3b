import type { MessageId } from '../messages';
import type { RouteGuard } from './guards';

/** spec §2.4: the header comes in a dark and a light theme. */
export type HeaderTheme = 'dark' | 'light';

/**
 * spec §2.4 header route data, with the spec's keys. Variants: `showSimple` (simple), `showSimple` + `isFlat`
 * (web form: flat, for the embedded support forms), `showSimpleHeaderWithBackButton` (simple with a back link),
 * `showBuyflowHeader` (buy flow), `isHidden` (none). Otherwise the full header.
 */
export type HeaderRouteData = {
  /** The theme; dark unless a route says otherwise. */
  type?: HeaderTheme;
  /** The page fills exactly the viewport and scrolls inside `<main>` (full-height tools such as maps). */
  isViewPortHeightLocked?: boolean;
  /** Whether arriving on the route moves focus to the main content (default true); false when the page focuses. */
  isSkipToContentRouting?: boolean;
  /** Whether the logo is a link home (default true, except in the buy-flow header). */
  logoClickable?: boolean;
  showSimple?: boolean;
  /** No bottom border: the header sits flush on the page (web forms). */
  isFlat?: boolean;
  showSimpleHeaderWithBackButton?: boolean;
  showBuyflowHeader?: boolean;
  /** Passed to analytics with the page view (the analytics issue reads it; nothing uses it yet). */
  analyticsData?: Readonly<Record<string, string>>;
  isHidden?: boolean;
  /** Stable English page identifier for analytics, never shown (the shown title is `titleId`). */
  pageName?: string;
  simpleHeaderSettings?: {
    /** Where the logo of the simple header leads (default `/`). */
    logoUrl?: string;
    /** Message id of the logo link's accessible name (default: the brand name). */
    logoAltText?: MessageId;
    /** Whether the simple header with back button shows it (default true). */
    backLinkVisible?: boolean;
  };
};

/**
 * spec §2.4: the side menu (≥ 1090 px) and the mobile footer navigation show only in the standard flow; focused
 * flows (sign-in, self-install), nested buy flows and full-width-header-only pages have neither.
 */
export type LayoutFlow = 'standard' | 'focused' | 'nestedBuy' | 'fullWidthHeaderOnly';

/**
 * The area of the portal a route belongs to while its screen is still to come (issue 16 item 5): its placeholder says
 * what the page will hold (wider-portal.md §1-§10) and where to go meanwhile.
 */
export const COMING_AREAS = ['profile', 'services', 'information', 'security', 'billing'] as const;
export type ComingArea = (typeof COMING_AREAS)[number];

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    header?: HeaderRouteData;
    flow?: LayoutFlow;
    /** spec §2.4: the narrow no-side layout, 608 px wide. */
    narrow?: boolean;
    /** The page's translated name: its heading and, for screens of later issues, the placeholder's heading. */
    titleId?: MessageId;
    /** The area whose issue builds the route's screen; every route that shows the placeholder has one. */
    area?: ComingArea;
    /** Access rules, in the order they run (app/guards.ts). */
    guards?: readonly RouteGuard[];
  }
}
