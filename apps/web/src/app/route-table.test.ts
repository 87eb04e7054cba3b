import { createMemoryHistory, isNotFound } from '@tanstack/react-router';
import {
  capabilitiesOf,
  defaultFlags,
  type FlagValues,
  LOGIN_EDGE_PATH,
  PORTAL_ROLES,
  type SessionProfile,
} from '@vireo/shared';
import { describe, expect, it, vi } from 'vitest';
import { browserNavigation } from '../lib/browser-navigation';
import { stubApi, TEST_PORTAL_CONFIG, testProfile } from '../test/fake-api';
import { createQueryClient } from './query-client';
import { PAGE_ROUTES, REDIRECT_ROUTES, TRAILING_SLASH_REDIRECTS } from './route-table';
import { createAppRouter } from './router';
import { PLACEHOLDER_SCREEN } from './screens';

type Outcome =
  /** The route's own page renders at the same address. */
  | 'page'
  /** Full-page navigation to the login edge with the address as targetUrl. */
  | 'signIn'
  /** The not-found page, at the same address. */
  | 'notFound'
  /** A client-side redirect to this path. */
  | `/${string}`;

/**
 * What each route does for a visitor and for a signed-in user with the production flag defaults (product-decisions.md:
 * speedTest, trafficRedirect, techAmenities*, troubleshootStub and billingStub are off in prod). Written out by hand
 * from spec §2.1–§2.3, not derived from the route table, so that the table is checked against the spec.
 * `/login` has its own tests (sign-in-page.test.tsx).
 */
const EXPECTED: Record<string, { visitor: Outcome; prodFlags: Outcome }> = {
  // spec §2.1 / §2.3: the root is the visitors' landing page; a signed-in user goes on to the account summary.
  '/': { visitor: 'page', prodFlags: '/account-summary' },
  '/404': { visitor: 'page', prodFlags: 'page' },
  // issue 16 item 6: the style guide is open outside production (not found in production: its own test below)
  '/dev/ui': { visitor: 'page', prodFlags: 'page' },
  // issue 17 item 1: the mailbox likewise (not found in production: the same test)
  '/dev/mailbox': { visitor: 'page', prodFlags: 'page' },
  // issue 23 item 2: the analytics viewer likewise
  '/dev/analytics': { visitor: 'page', prodFlags: 'page' },
  '/maintenance': { visitor: 'page', prodFlags: 'page' },
  '/sign-in-redirect': { visitor: 'page', prodFlags: 'page' },
  '/verify-link': { visitor: 'page', prodFlags: 'page' },
  '/account-recovery': { visitor: 'page', prodFlags: 'page' },
  '/create-account': { visitor: 'page', prodFlags: 'page' },
  '/create-sub-account': { visitor: 'page', prodFlags: 'page' },
  '/wg': { visitor: 'page', prodFlags: 'page' },
  '/wg/account-recovery': { visitor: 'page', prodFlags: 'page' },
  '/wg/payment-options': { visitor: 'page', prodFlags: 'page' },
  '/wg/pay-bill': { visitor: 'page', prodFlags: 'page' },
  '/create-fsecure-account': { visitor: 'page', prodFlags: 'page' },
  '/appointment-tracking': { visitor: 'page', prodFlags: 'page' },
  '/internetservices': { visitor: 'page', prodFlags: 'page' },
  '/hostways': { visitor: 'page', prodFlags: 'page' },
  '/outage-map': { visitor: 'page', prodFlags: 'page' },
  '/contactus': { visitor: 'page', prodFlags: 'page' },
  '/page': { visitor: 'page', prodFlags: 'page' },
  '/page/$slug': { visitor: 'page', prodFlags: 'page' },
  '/search-results': { visitor: 'page', prodFlags: 'page' },
  '/support': { visitor: 'page', prodFlags: 'page' },
  '/support/forms': { visitor: 'page', prodFlags: 'page' },
  '/support/category/$categoryId': { visitor: 'page', prodFlags: 'page' },
  '/disclaimers': { visitor: 'page', prodFlags: 'page' },
  '/account-summary': { visitor: 'signIn', prodFlags: 'page' },
  '/billing': { visitor: 'signIn', prodFlags: 'page' },
  '/billing/pay-bill': { visitor: 'signIn', prodFlags: 'page' },
  '/billing/bill-pay-options': { visitor: 'signIn', prodFlags: 'page' },
  '/billing/pay-links': { visitor: 'signIn', prodFlags: 'page' },
  '/billing/view-statements': { visitor: 'signIn', prodFlags: 'page' },
  '/billing/view-statements/$statementId': { visitor: 'signIn', prodFlags: 'page' },
  '/billing/account-activity': { visitor: 'signIn', prodFlags: 'page' },
  '/billing/payment-history': { visitor: 'signIn', prodFlags: 'page' },
  '/billing/mobile': { visitor: 'signIn', prodFlags: 'page' },
  '/billing/mobile/pay': { visitor: 'signIn', prodFlags: 'page' },
  '/billing/mobile/transactions': { visitor: 'signIn', prodFlags: 'page' },
  '/billing/mobile/orders/$orderId': { visitor: 'signIn', prodFlags: 'page' },
  '/billing/streaming': { visitor: 'signIn', prodFlags: 'page' },
  '/tv': { visitor: 'signIn', prodFlags: 'page' },
  '/profile-and-settings': { visitor: 'signIn', prodFlags: 'page' },
  '/profile-and-settings/audit-log': { visitor: 'signIn', prodFlags: 'page' },
  // issue 23 item 3: the person's own analytics events and choice, for every signed-in role (its own test below)
  '/profile-and-settings/privacy': { visitor: 'signIn', prodFlags: 'page' },
  '/manage-users/list': { visitor: 'signIn', prodFlags: 'page' },
  // issue 22 (wider-portal.md §10): for accounts with a bulk agreement (`community.view`); Harbor Coffee has none, so
  // its owner is told why on the account summary (a community manager's visit: its own test below)
  '/community': { visitor: 'signIn', prodFlags: '/account-summary' },
  // issue 22 item 3: a property's units; not a spec §2.2 path, so its address is ours
  '/community/properties/$propertyId': { visitor: 'signIn', prodFlags: '/account-summary' },
  '/community/units/$unitId': { visitor: 'signIn', prodFlags: '/account-summary' },
  // issue 22 item 4: residents imported from a file, for the account's managers (`community.manage`)
  '/community/import-residents': { visitor: 'signIn', prodFlags: '/account-summary' },
  '/service-appointments': { visitor: 'signIn', prodFlags: 'page' },
  '/appointment-tracking/reschedule-appointment': { visitor: 'signIn', prodFlags: 'page' },
  '/appointment-tracking/cancel-appointment': { visitor: 'signIn', prodFlags: 'page' },
  '/outage-callback': { visitor: 'signIn', prodFlags: 'page' },
  '/desktop-security': { visitor: 'page', prodFlags: 'page' },
  '/homepage-mfe': { visitor: 'signIn', prodFlags: 'page' },
  '/upgrade': { visitor: 'signIn', prodFlags: 'page' },
  '/buy': { visitor: 'signIn', prodFlags: 'page' },
  // issue 22 item 5: a property's settings, `community.view` too
  '/manage-business-hours': { visitor: 'signIn', prodFlags: '/account-summary' },
  '/manage-property-contacts': { visitor: 'signIn', prodFlags: '/account-summary' },
  '/property-contact-preferences': { visitor: 'signIn', prodFlags: '/account-summary' },
  // issue 22 item 6: `community.view` too (Harbor Coffee has no bulk agreement)
  '/tech-amenities-stub': { visitor: 'signIn', prodFlags: '/account-summary' },
  '/security-suite': { visitor: 'signIn', prodFlags: 'page' },
  '/security-suite/new-device': { visitor: 'signIn', prodFlags: 'page' },
  '/user-preferences': { visitor: 'signIn', prodFlags: 'page' },
  '/user-preferences/people': { visitor: 'signIn', prodFlags: 'page' },
  '/troubleshoot-stub': { visitor: 'signIn', prodFlags: 'notFound' },
  '/troubleshoot-stub-2': { visitor: 'signIn', prodFlags: 'notFound' },
  '/billing-stub': { visitor: 'signIn', prodFlags: 'notFound' },
  '/billing-stub-2': { visitor: 'signIn', prodFlags: 'notFound' },
  // to the root, which sends a signed-in user on to the account summary
  '/property-contract-details': { visitor: 'signIn', prodFlags: '/account-summary' },
  '/manage': { visitor: 'signIn', prodFlags: '/maintenance' },
  '/manage/unit-ramp-billing': { visitor: 'signIn', prodFlags: '/maintenance' },
  '/manage/all-properties/unit-ramp-billing': { visitor: 'signIn', prodFlags: '/maintenance' },
  '/selfinstall': { visitor: 'signIn', prodFlags: 'page' },
  '/selfinstall/$page': { visitor: 'signIn', prodFlags: 'page' },
  '/services': { visitor: 'signIn', prodFlags: 'page' },
  '/services/voice': { visitor: 'page', prodFlags: 'page' },
  '/services/tv': { visitor: 'page', prodFlags: 'page' },
  '/services/internet': { visitor: 'page', prodFlags: 'page' },
  '/services/internet/speed-test': { visitor: 'signIn', prodFlags: 'notFound' },
  '/services/voice/phone': { visitor: 'signIn', prodFlags: 'page' },
  '/services/voice/call-guard': { visitor: 'signIn', prodFlags: 'page' },
  '/services/voice/call-forwarding': { visitor: 'signIn', prodFlags: 'page' },
  '/services/voice/version': { visitor: 'signIn', prodFlags: 'page' },
  '/voice/messages': { visitor: 'signIn', prodFlags: 'page' },
  '/voice/call-logs': { visitor: 'signIn', prodFlags: 'page' },
  '/voice/manage-lines': { visitor: 'signIn', prodFlags: 'page' },
  '/voice/forwarding-manager': { visitor: 'signIn', prodFlags: 'page' },
};

const SAMPLE_PARAMS: Record<string, string> = {
  $slug: 'about-us',
  $categoryId: 'internet',
  // a page self-install has (issue 21 item 6); any other is not found (below)
  $page: 'check-contents',
  $statementId: 'st-2026-10',
  $orderId: 'b7c1d2e3-4f5a-4b6c-8d7e-9f0a1b2c3d01',
  $propertyId: 'c0ffee00-0000-4000-8000-000000000001',
};

/** The community pages (issue 22): `community.view`, which only an account with a bulk agreement has. */
const COMMUNITY_PATHS: readonly string[] = [
  '/community',
  '/community/properties/$propertyId',
  '/community/units/$unitId',
  // issue 22 item 5: a property's settings
  '/manage-business-hours',
  '/manage-property-contacts',
  '/property-contact-preferences',
];
/** Residents imported from a file (issue 22 item 4): `community.manage`, a community account's managers. */
const COMMUNITY_IMPORT = '/community/import-residents';
/**
 * Contract details and the tech amenities (issue 22 item 6): `community.view` too, behind their flags (on in
 * development) but for `/tech-amenities-stub`.
 */
const TECH_AMENITIES_PATHS: readonly string[] = [
  '/tech-amenities-stub',
  '/property-contract-details',
  '/manage',
  '/manage/unit-ramp-billing',
  '/manage/all-properties/unit-ramp-billing',
];

function samplePath(routePath: string): string {
  return routePath.replace(/\$\w+/g, (param) => SAMPLE_PARAMS[param] ?? 'x');
}

type Visit = { profile?: SessionProfile | null; flags?: Partial<FlagValues> | 'error'; env?: 'dev' | 'prod' };

/** Loads `path` in a fresh router (no rendering) and reports what happened. */
async function visit(path: string, { profile = null, flags, env = 'dev' }: Visit = {}) {
  stubApi({ profile, flags, config: { ...TEST_PORTAL_CONFIG, environment: env } });
  const assign = vi.mocked(browserNavigation.assign);
  const router = createAppRouter({
    queryClient: createQueryClient({ retry: false }),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  // A guard that leaves the page never lets the load finish; stop waiting as soon as it asks to leave.
  await Promise.race([
    router.load(),
    vi.waitUntil(() => assign.mock.calls.length > 0, { timeout: 2_000, interval: 5 }),
  ]);
  const leftFor = assign.mock.calls[0]?.[0];
  const matches = router.state.matches;
  return {
    leftFor,
    pathname: router.state.location.pathname,
    search: router.state.location.search as Record<string, unknown>,
    routeId: matches.at(-1)?.routeId,
    notFound: matches.some((match) => isNotFound(match.error)) || matches.length === 1,
  };
}

async function expectOutcome(routePath: string, outcome: Outcome, options: Visit) {
  const path = samplePath(routePath);
  const result = await visit(path, options);
  switch (outcome) {
    case 'page':
      expect(result.leftFor, `${path} should not leave the app`).toBeUndefined();
      expect(result.notFound).toBe(false);
      expect(result.pathname).toBe(path);
      expect(result.routeId).toBe(routePath);
      return;
    case 'signIn':
      expect(result.leftFor).toBe(`${LOGIN_EDGE_PATH}?${new URLSearchParams({ targetUrl: path })}`);
      return;
    case 'notFound':
      expect(result.leftFor).toBeUndefined();
      expect(result.notFound).toBe(true);
      expect(result.pathname).toBe(path);
      return;
    default:
      expect(result.leftFor).toBeUndefined();
      expect(result.pathname).toBe(outcome);
  }
}

const PROD_FLAGS = defaultFlags('prod');
/** The sign-in screens enter the OIDC flow (route-access.ts enterSignIn): tested on their own below. */
const SIGN_IN_PATHS: readonly string[] = ['/login', '/wg/login'];
const routesUnderTest = PAGE_ROUTES.filter((route) => !SIGN_IN_PATHS.includes(route.path));

describe('route table (spec §2.1–§2.3)', () => {
  it('has an expectation for every route, and a route for every expectation', () => {
    expect(routesUnderTest.map((route) => route.path).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it('starts the sign-in from the guest sign-in (/wg/login, issue 17), or sends a signed-in user home', async () => {
    expect((await visit('/wg/login')).leftFor).toBe(LOGIN_EDGE_PATH);
    vi.mocked(browserNavigation.assign).mockClear();
    const signedIn = await visit('/wg/login', { profile: testProfile('PRIMARY') });
    expect(signedIn.leftFor).toBeUndefined();
    expect(signedIn.pathname).toBe('/account-summary');
  });

  it('names the area of every route still showing the placeholder, and of no other (issue 16 item 5)', () => {
    const placeholders = PAGE_ROUTES.filter((route) => route.screen === PLACEHOLDER_SCREEN);
    expect(placeholders.length).toBeGreaterThan(0);
    expect(placeholders.filter((route) => route.staticData.area === undefined).map((route) => route.path)).toEqual([]);
    const others = PAGE_ROUTES.filter((route) => route.screen !== PLACEHOLDER_SCREEN);
    expect(others.filter((route) => route.staticData.area !== undefined).map((route) => route.path)).toEqual([]);
  });

  describe('a visitor (not signed in)', () => {
    it.each(routesUnderTest.map((route) => [route.path, EXPECTED[route.path]?.visitor ?? 'page'] as const))(
      '%s → %s',
      async (path, outcome) => {
        await expectOutcome(path, outcome, {});
      },
    );
  });

  describe('a signed-in owner with the production flag defaults', () => {
    it.each(routesUnderTest.map((route) => [route.path, EXPECTED[route.path]?.prodFlags ?? 'page'] as const))(
      '%s → %s',
      async (path, outcome) => {
        await expectOutcome(path, outcome, { profile: testProfile('PRIMARY'), flags: PROD_FLAGS });
      },
    );
  });

  describe('a signed-in owner with the development flag defaults (everything but voice on)', () => {
    it.each(
      routesUnderTest.map(
        (route) =>
          [
            route.path,
            route.path === '/' || [...COMMUNITY_PATHS, ...TECH_AMENITIES_PATHS, COMMUNITY_IMPORT].includes(route.path)
              ? '/account-summary'
              : 'page',
          ] as const,
      ),
    )('%s → %s', async (path, outcome) => {
      await expectOutcome(path, outcome, { profile: testProfile('PRIMARY') });
    });
  });

  describe('the community pages (issue 22, wider-portal.md §10)', () => {
    it.each(COMMUNITY_PATHS)('%s opens for any user of an account with a bulk agreement', async (path) => {
      const capabilities = capabilitiesOf('STANDARD', { hasBulkAgreement: true });
      const profile = testProfile('STANDARD', { hasBulkAgreement: true, capabilities });
      await expectOutcome(path, 'page', { profile, flags: PROD_FLAGS });
    });

    it.each(COMMUNITY_PATHS)('%s sends a business account to the account summary, which says why', async (path) => {
      const result = await visit(samplePath(path), { profile: testProfile('PRIMARY') });
      expect(result.pathname).toBe('/account-summary');
    });

    it('/community/import-residents opens for a manager (community.manage) and tells another user why not', async () => {
      const path = COMMUNITY_IMPORT;
      const admin = testProfile('ADMIN', {
        hasBulkAgreement: true,
        capabilities: capabilitiesOf('ADMIN', { hasBulkAgreement: true }),
      });
      await expectOutcome(path, 'page', { profile: admin, flags: PROD_FLAGS });
      const standard = testProfile('STANDARD', {
        hasBulkAgreement: true,
        capabilities: capabilitiesOf('STANDARD', { hasBulkAgreement: true }),
      });
      const result = await visit(path, { profile: standard });
      expect(result.pathname).toBe('/account-summary');
      expect(result.search).toMatchObject({ notice: 'noCommunityManage' });
    });

    it.each(TECH_AMENITIES_PATHS)('%s opens for a user with a bulk agreement when its flag is on', async (path) => {
      const capabilities = capabilitiesOf('STANDARD', { hasBulkAgreement: true });
      const profile = testProfile('STANDARD', { hasBulkAgreement: true, capabilities });
      await expectOutcome(path, 'page', { profile });
    });
  });

  describe('the CPNI compliance guard (spec §2.1, ADR 008)', () => {
    it.each(['/voice/messages', '/voice/call-logs', '/voice/manage-lines', '/voice/forwarding-manager'])(
      '%s sends a billing clerk, who may not see CPNI, to the account summary',
      async (path) => {
        await expectOutcome(path, '/account-summary', { profile: testProfile('BILLING') });
      },
    );
  });

  describe('the privacy page (issue 23 item 3, wider-portal.md §11)', () => {
    it.each(PORTAL_ROLES)('opens for a signed-in %s user, whatever the role may see', async (role) => {
      await expectOutcome('/profile-and-settings/privacy', 'page', { profile: testProfile(role), flags: PROD_FLAGS });
    });
  });

  describe('a visitor in production and elsewhere (spec §2.3 production additions, wider-portal.md §1)', () => {
    it.each([
      '/wg/payment-options',
      '/wg/pay-bill',
      '/create-fsecure-account',
      '/appointment-tracking',
      '/desktop-security',
      '/internetservices',
      '/services/voice',
      '/services/tv',
      '/services/internet',
      '/hostways',
    ])('%s is open', async (path) => {
      await expectOutcome(path, 'page', { env: 'prod', flags: PROD_FLAGS });
      await expectOutcome(path, 'page', { env: 'dev' });
    });

    it.each(['/services/voice/call-guard', '/account-summary', '/services'])('%s still needs sign-in', async (path) => {
      await expectOutcome(path, 'signIn', { env: 'prod', flags: PROD_FLAGS });
    });

    it.each([
      ['/dev/ui', 'the style guide'],
      ['/dev/mailbox', 'the mailbox'],
      ['/dev/analytics', 'the analytics viewer'],
    ])('%s, %s, is not found, for a visitor and a signed-in user, and its code never loads', async (path) => {
      const route = PAGE_ROUTES.find((entry) => entry.path === path);
      if (!route || !('load' in route.screen)) throw new Error(`${path} is a lazy screen`);
      const load = vi.spyOn(route.screen, 'load');
      await expectOutcome(path, 'notFound', { env: 'prod', flags: PROD_FLAGS });
      await expectOutcome(path, 'notFound', { env: 'prod', flags: PROD_FLAGS, profile: testProfile('PRIMARY') });
      expect(load).not.toHaveBeenCalled();
      await expectOutcome(path, 'page', { env: 'dev' });
      expect(load).toHaveBeenCalled();
      await expectOutcome(path, 'page', { env: 'dev', profile: testProfile('PRIMARY') });
    });

    it('sends /voice to the call-guard page, which needs sign-in', async () => {
      const result = await visit('/voice', { env: 'prod', flags: PROD_FLAGS });
      expect(result.leftFor).toBe(`${LOGIN_EDGE_PATH}?targetUrl=%2Fservices%2Fvoice%2Fcall-guard`);
    });
  });

  describe('redirects (spec §2.1)', () => {
    it.each(REDIRECT_ROUTES.map((entry) => [entry.path, entry.to]))('%s → %s', async (from, to) => {
      const result = await visit(from, { profile: testProfile('PRIMARY') });
      expect(result.leftFor).toBeUndefined();
      // the root sends a signed-in user on to the account summary
      expect(result.pathname).toBe(to === '/' ? '/account-summary' : to);
    });

    it('/services-overview → / for a visitor, who sees the landing page there', async () => {
      const result = await visit('/services-overview');
      expect(result.leftFor).toBeUndefined();
      expect(result.pathname).toBe('/');
      expect(result.routeId).toBe('/');
    });

    it.each(TRAILING_SLASH_REDIRECTS.map((entry) => [entry.path, entry.to]))('%s → %s', async (from, to) => {
      const result = await visit(from, { profile: testProfile('PRIMARY') });
      expect(result.pathname).toBe(to);
      expect(result.routeId).toBe(to);
    });

    it('keeps the query when it drops a trailing slash', async () => {
      const result = await visit('/billing-stub/?open=otp', { profile: testProfile('PRIMARY') });
      expect(result.pathname).toBe('/billing-stub');
    });

    it('covers exactly the redirects the spec lists', () => {
      expect(REDIRECT_ROUTES).toEqual([
        { path: '/manage-users', to: '/user-preferences/people' },
        { path: '/voice', to: '/services/voice/call-guard' },
        { path: '/services-overview', to: '/' },
        { path: '/search', to: '/search-results' },
      ]);
      expect(TRAILING_SLASH_REDIRECTS.map((entry) => entry.path)).toEqual([
        '/user-preferences/',
        '/troubleshoot-stub/',
        '/billing-stub/',
        '/services/internet/speed-test/',
      ]);
    });
  });

  describe('self-install (spec §2.1)', () => {
    const selfInstallOff = { selfInstall: false };

    it('sends a page outside the whitelist to contact-to-continue when traffic redirect is on', async () => {
      const result = await visit('/selfinstall/modem', {
        profile: testProfile(),
        flags: { ...selfInstallOff, trafficRedirect: true },
      });
      expect(result.pathname).toBe('/selfinstall/contact-to-continue');
      expect(result.routeId).toBe('/selfinstall/$page');
    });

    it('sends it to the external endpoint of the environment when traffic redirect is off', async () => {
      const result = await visit('/selfinstall/modem', {
        profile: testProfile(),
        flags: { ...selfInstallOff, trafficRedirect: false },
        env: 'prod',
      });
      expect(result.leftFor).toBe('https://selfinstall.vireo.example/business');
    });

    it('answers not found for a page self-install does not have, the toggle on', async () => {
      await expectOutcome('/selfinstall/modem', 'notFound', { profile: testProfile() });
    });

    it('keeps the whitelisted pages open', async () => {
      const result = await visit('/selfinstall/nothing-to-set-up', {
        profile: testProfile(),
        flags: { ...selfInstallOff, trafficRedirect: false },
      });
      expect(result.leftFor).toBeUndefined();
      expect(result.pathname).toBe('/selfinstall/nothing-to-set-up');
    });
  });

  describe('billing access (spec §6)', () => {
    const BILLING_PATHS = routesUnderTest
      .map((route) => route.path)
      .filter((path) => path === '/billing' || path.startsWith('/billing/'));

    it('guards every billing address', () => {
      expect(BILLING_PATHS).toHaveLength(13);
      for (const path of BILLING_PATHS) {
        const route = routesUnderTest.find((entry) => entry.path === path);
        expect(route?.staticData.guards, path).toContainEqual({ type: 'billingAccess' });
      }
    });

    it.each(BILLING_PATHS)('%s sends harbor-staff (STANDARD) to the account summary', async (path) => {
      await expectOutcome(path, '/account-summary', { profile: testProfile('STANDARD') });
    });

    it.each(BILLING_PATHS)('%s opens for harbor-billing (BILLING)', async (path) => {
      await expectOutcome(path, 'page', { profile: testProfile('BILLING') });
    });
  });

  describe('flags', () => {
    it('falls back to the production defaults when the flags call fails (dev would have them on)', async () => {
      await expectOutcome('/services/internet/speed-test', 'notFound', { profile: testProfile(), flags: 'error' });
      await expectOutcome('/manage', '/maintenance', { profile: testProfile(), flags: 'error' });
      await expectOutcome('/security-suite', 'page', { profile: testProfile(), flags: 'error' });
    });
  });
});
