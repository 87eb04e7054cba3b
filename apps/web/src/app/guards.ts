import { type Capability, type FlagName, type FlagValues, isCpniCompliant, type PortalEnv } from '@vireo/shared';
import { SELF_INSTALL_EXTERNAL_URL } from './external-endpoints';

/** What a feature-flag guard does when its flag is off. */
export type FlagFallback = { type: 'notFound' } | { type: 'redirect'; to: string };

/**
 * spec §2.1 / §6 route guards, as data. Load guards (feature flags) come first in a route's list, as they do not
 * depend on the user; then sign-in; then the guards that look at the signed-in account.
 */
export type RouteGuard =
  /** Sign-in guard: most routes. The paths of spec §2.3 pass without a session. */
  | { type: 'signIn' }
  | { type: 'featureFlag'; flag: FlagName; otherwise: FlagFallback }
  /**
   * TDCS guard (services routes). The spec names it but never says what it checks; ADR 008 decides it is the
   * sign-in guard under its spec name, so the route table reads like spec §2.1.
   */
  | { type: 'tdcs' }
  /** TDCS override load guard (the services equipment module): as above (ADR 008). */
  | { type: 'tdcsOverride' }
  /**
   * CPNI compliance guard (voice-manager routes, spec §2.1). Call logs, messages and line settings are customer
   * proprietary network information: only a user who may manage voice (`voice.manage`, the rule the server's
   * GET /api/pub/identity/v3/identity/cpni/compliance answers with) enters; others go to the account summary (ADR 008).
   */
  | { type: 'cpniCompliance' }
  /** spec §2.1 self-install guard: whitelist and traffic redirect. */
  | { type: 'selfInstall' }
  /**
   * spec §6: billing access needs a non-standard role (`billing.view`). A signed-in user without it goes to the
   * account summary, which says why; the server refuses the billing APIs anyway (403 FORBIDDEN), the client only hides.
   * An enterprise account's billing addresses all lead to the billing home's enterprise landing page.
   */
  | { type: 'billingAccess' }
  /**
   * A page for the holders of one capability (roles.ts), e.g. the users page (`users.manage`, wider-portal.md §4:
   * PRIMARY and ADMIN). Others go to the account summary, which says why; the server refuses the APIs anyway.
   */
  | {
      type: 'capability';
      capability: Capability;
      /** What the account summary says (default `noAdminAccess`); the community pages: the account has no bulk agreement. */
      notice?: AccessNotice;
    }
  /**
   * spec §2.1 root routing: a page for visitors only (the landing page `/`). A signed-in user goes to `to`, the
   * signed-in home (spec §2.3: /account-summary). The session profile decides, never the `session=1` hint, and a
   * profile that cannot be read counts as signed out (the visitor's page still shows).
   */
  | { type: 'visitorOnly'; to: string }
  /**
   * Tools for the portal's own people (issue 16 item 6: the living style guide at /dev/ui): outside production only.
   * In production the route answers as a page that does not exist, its code never loaded.
   */
  | { type: 'nonProduction' };

export type AccessContext = {
  /** The path being entered, without query. */
  pathname: string;
  signedIn: boolean;
  /** What the signed-in user may do (session profile); empty when signed out. */
  capabilities: readonly Capability[];
  /** The signed-in user's account is an enterprise account (session profile): its billing is suppressed. */
  isEnterprise: boolean;
  flags: FlagValues;
  env: PortalEnv;
};

/**
 * Why a signed-in user was sent to the account summary instead of the page they opened, said on the page they land on
 * (issue 14: a STANDARD user was bounced from billing with no word). Carried as `?notice=` on the redirect; the
 * account summary reads it (its route's search schema, route-search.ts).
 */
export const ACCESS_NOTICES = [
  'noBillingAccess',
  'noVoiceAccess',
  'noAdminAccess',
  'noCommunityAccess',
  'noCommunityManage',
] as const;
export type AccessNotice = (typeof ACCESS_NOTICES)[number];

export type AccessDecision =
  | { type: 'allow' }
  /** A client-side redirect inside the portal, with the reason the landing page states. */
  | { type: 'redirect'; to: string; search?: { notice: AccessNotice } }
  | { type: 'notFound' }
  /** Full-page navigation to the login edge with the current path as `targetUrl`. */
  | { type: 'signIn' }
  /** Full-page navigation to another site. */
  | { type: 'external'; href: string };

const ALLOW: AccessDecision = { type: 'allow' };

/** spec §2.3: paths allowed without authentication. */
export const OPEN_PATHS: readonly string[] = [
  '/',
  '/verify-link',
  '/account-recovery',
  '/create-account',
  '/create-sub-account',
  '/wg/',
  '/wg/login',
  '/wg/account-recovery',
];

/**
 * spec §2.3: production adds these; wider-portal.md §1 opens them in every environment, so that demos and tests
 * exercise what production users see.
 */
export const PRODUCTION_OPEN_PATHS: readonly string[] = [
  '/wg/payment-options',
  '/wg/pay-bill',
  '/create-fsecure-account',
  '/appointment-tracking',
  '/desktop-security',
  '/voice',
  '/internetservices',
  '/services/voice',
  '/services/tv',
  '/services/internet',
  '/hostways',
];

function withoutTrailingSlash(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * Exact matches only (after dropping a trailing slash): `/services/voice` being open in production must not open
 * `/services/voice/call-guard`, which the spec puts behind sign-in and the TDCS guard.
 */
export function isOpenPath(pathname: string): boolean {
  const path = withoutTrailingSlash(pathname);
  return [...OPEN_PATHS, ...PRODUCTION_OPEN_PATHS].some((entry) => withoutTrailingSlash(entry) === path);
}

/** spec §2.1: self-install pages that stay reachable when self-install is off. */
export const SELF_INSTALL_WHITELIST: readonly string[] = [
  'contact-to-continue',
  'contact-to-activate',
  'nothing-to-set-up',
];
export const SELF_INSTALL_CONTACT_PATH = '/selfinstall/contact-to-continue';
/** Where a signed-in user without billing access lands when they open a billing address. */
export const NO_BILLING_ACCESS_PATH = '/account-summary';
/**
 * Where an enterprise account's billing addresses lead: the billing home, which shows it the enterprise landing page
 * (product-decisions.md, spec §1 / §8 BILLING_SUPPRESSED).
 */
export const ENTERPRISE_BILLING_LANDING_PATH = '/billing';

export function selfInstallPage(pathname: string): string {
  return withoutTrailingSlash(pathname).split('/')[2] ?? '';
}

function decideSelfInstall(context: AccessContext): AccessDecision {
  if (context.flags.selfInstall) return ALLOW;
  if (SELF_INSTALL_WHITELIST.includes(selfInstallPage(context.pathname))) return ALLOW;
  return context.flags.trafficRedirect
    ? { type: 'redirect', to: SELF_INSTALL_CONTACT_PATH }
    : { type: 'external', href: SELF_INSTALL_EXTERNAL_URL[context.env] };
}

export function decideGuard(guard: RouteGuard, context: AccessContext): AccessDecision {
  switch (guard.type) {
    case 'signIn':
      return context.signedIn || isOpenPath(context.pathname) ? ALLOW : { type: 'signIn' };
    case 'featureFlag':
      if (context.flags[guard.flag]) return ALLOW;
      return guard.otherwise.type === 'notFound' ? { type: 'notFound' } : { type: 'redirect', to: guard.otherwise.to };
    case 'tdcs':
    case 'tdcsOverride':
      return context.signedIn ? ALLOW : { type: 'signIn' };
    case 'cpniCompliance':
      if (!context.signedIn) return { type: 'signIn' };
      return isCpniCompliant(context.capabilities)
        ? ALLOW
        : { type: 'redirect', to: NO_BILLING_ACCESS_PATH, search: { notice: 'noVoiceAccess' } };
    case 'selfInstall':
      return decideSelfInstall(context);
    case 'billingAccess':
      if (!context.signedIn) return { type: 'signIn' };
      // spec §6: standard users have no billing; the account summary says so (issue 14)
      if (!context.capabilities.includes('billing.view')) {
        return { type: 'redirect', to: NO_BILLING_ACCESS_PATH, search: { notice: 'noBillingAccess' } };
      }
      // issue 14: every billing address of an enterprise account leads to the enterprise landing page, decided here
      // once (bill-pay options, mobile and streaming told the enterprise owner that the role lacked billing)
      if (context.isEnterprise && withoutTrailingSlash(context.pathname) !== ENTERPRISE_BILLING_LANDING_PATH) {
        return { type: 'redirect', to: ENTERPRISE_BILLING_LANDING_PATH };
      }
      return ALLOW;
    case 'capability':
      if (!context.signedIn) return { type: 'signIn' };
      return context.capabilities.includes(guard.capability)
        ? ALLOW
        : { type: 'redirect', to: NO_BILLING_ACCESS_PATH, search: { notice: guard.notice ?? 'noAdminAccess' } };
    case 'visitorOnly':
      return context.signedIn ? { type: 'redirect', to: guard.to } : ALLOW;
    case 'nonProduction':
      return context.env === 'prod' ? { type: 'notFound' } : ALLOW;
  }
}

/** The first guard that does not allow decides; a route without guards is open. */
export function decideAccess(guards: readonly RouteGuard[], context: AccessContext): AccessDecision {
  for (const guard of guards) {
    const decision = decideGuard(guard, context);
    if (decision.type !== 'allow') return decision;
  }
  return ALLOW;
}

/** Guards that only pass a signed-in user (an open path aside). */
export function requiresSignIn(guards: readonly RouteGuard[]): boolean {
  return guards.some(
    (guard) =>
      guard.type !== 'featureFlag' &&
      guard.type !== 'selfInstall' &&
      guard.type !== 'visitorOnly' &&
      guard.type !== 'nonProduction',
  );
}

/** Guards that look at whether a session is live without requiring one (a visitor's page). */
export function asksForSession(guards: readonly RouteGuard[]): boolean {
  return guards.some((guard) => guard.type === 'visitorOnly');
}

/**
 * Guards that must pass before a route's code is fetched: a non-production tool's chunk is never requested in
 * production (router.tsx otherwise starts a route's chunk beside its guards).
 */
export function loadsCodeAfterAccess(guards: readonly RouteGuard[]): boolean {
  return guards.some((guard) => guard.type === 'nonProduction');
}

export function needsFlags(guards: readonly RouteGuard[]): boolean {
  return guards.some((guard) => guard.type === 'featureFlag' || guard.type === 'selfInstall');
}
