import { capabilitiesOf, defaultFlags, type FlagValues, type PortalEnv } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { SELF_INSTALL_EXTERNAL_URL } from './external-endpoints';
import {
  type AccessContext,
  type AccessDecision,
  decideAccess,
  decideGuard,
  isOpenPath,
  loadsCodeAfterAccess,
  type RouteGuard,
  requiresSignIn,
} from './guards';

const ALL_ON = Object.fromEntries(Object.keys(defaultFlags('dev')).map((name) => [name, true])) as FlagValues;
const ALL_OFF = Object.fromEntries(Object.keys(defaultFlags('dev')).map((name) => [name, false])) as FlagValues;

function context(overrides: Partial<AccessContext> = {}): AccessContext {
  return {
    pathname: '/account-summary',
    signedIn: true,
    capabilities: capabilitiesOf('PRIMARY'),
    isEnterprise: false,
    flags: ALL_ON,
    env: 'dev',
    ...overrides,
  };
}

const ALLOW: AccessDecision = { type: 'allow' };
const SIGN_IN: AccessDecision = { type: 'signIn' };

describe('isOpenPath (spec §2.3; wider-portal.md §1: the production additions are open everywhere)', () => {
  it.each<[string, boolean]>([
    ['/', true],
    ['/verify-link', true],
    ['/account-recovery', true],
    ['/create-account', true],
    ['/create-sub-account', true],
    ['/wg', true],
    ['/wg/', true],
    ['/wg/login', true],
    ['/wg/account-recovery', true],
    // the production additions
    ['/wg/pay-bill', true],
    ['/wg/payment-options', true],
    ['/create-fsecure-account', true],
    ['/appointment-tracking', true],
    ['/desktop-security', true],
    ['/voice', true],
    ['/internetservices', true],
    ['/services/voice', true],
    ['/services/tv', true],
    ['/services/internet', true],
    ['/hostways', true],
    // exact matches only
    ['/services/voice/call-guard', false],
    ['/account-summary', false],
    ['/account-recovery/extra', false],
    ['/wg/pay-bill/extra', false],
  ])('%s → %s', (pathname, open) => {
    expect(isOpenPath(pathname)).toBe(open);
  });
});

describe('decideGuard', () => {
  const cases: [string, RouteGuard, Partial<AccessContext>, AccessDecision][] = [
    ['sign-in passes a signed-in user', { type: 'signIn' }, {}, ALLOW],
    [
      'visitor-only sends a signed-in user on',
      { type: 'visitorOnly', to: '/account-summary' },
      {},
      { type: 'redirect', to: '/account-summary' },
    ],
    ['visitor-only lets a visitor in', { type: 'visitorOnly', to: '/account-summary' }, { signedIn: false }, ALLOW],
    ['sign-in stops a visitor', { type: 'signIn' }, { signedIn: false }, SIGN_IN],
    ['non-production lets a visitor in outside production', { type: 'nonProduction' }, { signedIn: false }, ALLOW],
    [
      'non-production answers not found in production, signed in or not',
      { type: 'nonProduction' },
      { env: 'prod' },
      { type: 'notFound' },
    ],
    [
      'non-production answers not found to a visitor in production',
      { type: 'nonProduction' },
      { signedIn: false, env: 'prod' },
      { type: 'notFound' },
    ],
    [
      'sign-in lets a visitor through on an open path',
      { type: 'signIn' },
      { signedIn: false, pathname: '/wg/login' },
      ALLOW,
    ],
    [
      'sign-in opens the production additions in prod',
      { type: 'signIn' },
      { signedIn: false, pathname: '/services/tv', env: 'prod' },
      ALLOW,
    ],
    // wider-portal.md §1: and in every other environment
    ['sign-in opens them in dev too', { type: 'signIn' }, { signedIn: false, pathname: '/services/tv' }, ALLOW],
    [
      'sign-in keeps what lies under them closed',
      { type: 'signIn' },
      { signedIn: false, pathname: '/services/tv/extra' },
      SIGN_IN,
    ],
    [
      'a flag that is on passes',
      { type: 'featureFlag', flag: 'speedTest', otherwise: { type: 'notFound' } },
      {},
      ALLOW,
    ],
    [
      'a flag that is off gives not-found',
      { type: 'featureFlag', flag: 'speedTest', otherwise: { type: 'notFound' } },
      { flags: { ...ALL_ON, speedTest: false } },
      { type: 'notFound' },
    ],
    [
      'a flag that is off redirects when told to',
      { type: 'featureFlag', flag: 'techAmenitiesMfe', otherwise: { type: 'redirect', to: '/maintenance' } },
      { flags: ALL_OFF },
      { type: 'redirect', to: '/maintenance' },
    ],
    ['TDCS requires sign-in, then allows', { type: 'tdcs' }, { signedIn: false }, SIGN_IN],
    ['TDCS allows a signed-in user', { type: 'tdcs' }, {}, ALLOW],
    ['TDCS override requires sign-in', { type: 'tdcsOverride' }, { signedIn: false }, SIGN_IN],
    ['CPNI requires sign-in', { type: 'cpniCompliance' }, { signedIn: false, pathname: '/voice/messages' }, SIGN_IN],
    [
      'CPNI sends a user who may not manage voice to the account summary',
      { type: 'cpniCompliance' },
      { pathname: '/voice/messages', capabilities: capabilitiesOf('PRIMARY') },
      { type: 'redirect', to: '/account-summary', search: { notice: 'noVoiceAccess' } },
    ],
    [
      'CPNI lets an admin of an account with phone service through',
      { type: 'cpniCompliance' },
      { pathname: '/voice/call-logs', capabilities: capabilitiesOf('ADMIN', { hasPhoneMeta: true }) },
      ALLOW,
    ],
    [
      'a capability guard requires sign-in',
      { type: 'capability', capability: 'users.manage' },
      { signedIn: false, capabilities: [] },
      SIGN_IN,
    ],
    [
      'a capability guard lets an ADMIN manage users (wider-portal.md §4)',
      { type: 'capability', capability: 'users.manage' },
      { pathname: '/manage-users/list', capabilities: capabilitiesOf('ADMIN') },
      ALLOW,
    ],
    [
      'a capability guard sends a BILLING user from the users page to the account summary, which says why',
      { type: 'capability', capability: 'users.manage' },
      { pathname: '/manage-users/list', capabilities: capabilitiesOf('BILLING') },
      { type: 'redirect', to: '/account-summary', search: { notice: 'noAdminAccess' } },
    ],
    [
      'a capability guard with its own notice says it: a business account has no community pages (issue 22)',
      { type: 'capability', capability: 'community.view', notice: 'noCommunityAccess' },
      { pathname: '/community', capabilities: capabilitiesOf('PRIMARY') },
      { type: 'redirect', to: '/account-summary', search: { notice: 'noCommunityAccess' } },
    ],
    [
      'a capability guard sends a STANDARD user from the users page too',
      { type: 'capability', capability: 'users.manage' },
      { pathname: '/user-preferences/people', capabilities: capabilitiesOf('STANDARD') },
      { type: 'redirect', to: '/account-summary', search: { notice: 'noAdminAccess' } },
    ],
    ['billing access requires sign-in', { type: 'billingAccess' }, { signedIn: false, capabilities: [] }, SIGN_IN],
    [
      'billing access allows a billing clerk (BILLING)',
      { type: 'billingAccess' },
      { pathname: '/billing', capabilities: capabilitiesOf('BILLING') },
      ALLOW,
    ],
    [
      'billing access sends a STANDARD user to the account summary (spec §6)',
      { type: 'billingAccess' },
      { pathname: '/billing', capabilities: capabilitiesOf('STANDARD') },
      { type: 'redirect', to: '/account-summary', search: { notice: 'noBillingAccess' } },
    ],
    [
      'billing access sends a STANDARD user away from mobile billing and streaming too (issue 7)',
      { type: 'billingAccess' },
      { pathname: '/billing/mobile/pay', capabilities: capabilitiesOf('STANDARD') },
      { type: 'redirect', to: '/account-summary', search: { notice: 'noBillingAccess' } },
    ],
    [
      'billing access sends an enterprise owner from mobile billing to the billing home’s enterprise landing (issue 14)',
      { type: 'billingAccess' },
      { pathname: '/billing/mobile', capabilities: capabilitiesOf('PRIMARY'), isEnterprise: true },
      { type: 'redirect', to: '/billing' },
    ],
    [
      'billing access lets an enterprise owner into the billing home, which is the enterprise landing',
      { type: 'billingAccess' },
      { pathname: '/billing', capabilities: capabilitiesOf('PRIMARY'), isEnterprise: true },
      ALLOW,
    ],
    [
      'billing access lets a billing clerk into the streaming subscriptions (issue 7)',
      { type: 'billingAccess' },
      { pathname: '/billing/streaming', capabilities: capabilitiesOf('BILLING') },
      ALLOW,
    ],
  ];
  it.each(cases)('%s', (_title, guard, overrides, expected) => {
    expect(decideGuard(guard, context(overrides))).toEqual(expected);
  });
});

describe('self-install guard (spec §2.1)', () => {
  const guard: RouteGuard = { type: 'selfInstall' };
  const off = (trafficRedirect: boolean) => ({ ...ALL_ON, selfInstall: false, trafficRedirect });

  it.each([
    ['/selfinstall', { selfInstall: true }, ALLOW],
    ['/selfinstall/modem', { selfInstall: true }, ALLOW],
  ] as const)('with self-install on, %s is allowed', (pathname, flags, expected) => {
    expect(decideGuard(guard, context({ pathname, flags: { ...ALL_ON, ...flags } }))).toEqual(expected);
  });

  it.each(['contact-to-continue', 'contact-to-activate', 'nothing-to-set-up'])(
    'with self-install off, the whitelisted page %s stays reachable',
    (page) => {
      expect(decideGuard(guard, context({ pathname: `/selfinstall/${page}`, flags: off(false) }))).toEqual(ALLOW);
      expect(decideGuard(guard, context({ pathname: `/selfinstall/${page}/`, flags: off(true) }))).toEqual(ALLOW);
    },
  );

  it('with self-install off and traffic redirect on, another page goes to contact-to-continue', () => {
    expect(decideGuard(guard, context({ pathname: '/selfinstall/modem', flags: off(true) }))).toEqual({
      type: 'redirect',
      to: '/selfinstall/contact-to-continue',
    });
    expect(decideGuard(guard, context({ pathname: '/selfinstall', flags: off(true) }))).toEqual({
      type: 'redirect',
      to: '/selfinstall/contact-to-continue',
    });
  });

  it.each<PortalEnv>(['dev', 'qa', 'stage', 'prod'])(
    'with self-install and traffic redirect off, %s sends the user to its external endpoint',
    (env) => {
      const decision = decideGuard(guard, context({ pathname: '/selfinstall/modem', flags: off(false), env }));
      expect(decision).toEqual({ type: 'external', href: SELF_INSTALL_EXTERNAL_URL[env] });
    },
  );

  it('has a distinct external endpoint per environment', () => {
    const urls = Object.values(SELF_INSTALL_EXTERNAL_URL);
    expect(new Set(urls).size).toBe(urls.length);
    for (const url of urls) expect(url).toMatch(/^https:\/\//);
  });
});

describe('decideAccess', () => {
  it('lets the first guard that refuses decide: a flag that is off beats sign-in', () => {
    const guards: RouteGuard[] = [
      { type: 'featureFlag', flag: 'speedTest', otherwise: { type: 'notFound' } },
      { type: 'signIn' },
    ];
    expect(decideAccess(guards, context({ signedIn: false, flags: ALL_OFF }))).toEqual({ type: 'notFound' });
    expect(decideAccess(guards, context({ signedIn: false }))).toEqual(SIGN_IN);
    expect(decideAccess(guards, context())).toEqual(ALLOW);
  });

  it('opens a route without guards to everyone', () => {
    expect(decideAccess([], context({ signedIn: false, flags: ALL_OFF }))).toEqual(ALLOW);
  });

  it('knows which guard lists need a session', () => {
    expect(requiresSignIn([{ type: 'signIn' }])).toBe(true);
    expect(requiresSignIn([{ type: 'cpniCompliance' }])).toBe(true);
    expect(requiresSignIn([{ type: 'featureFlag', flag: 'voice', otherwise: { type: 'notFound' } }])).toBe(false);
    expect(requiresSignIn([])).toBe(false);
    expect(requiresSignIn([{ type: 'nonProduction' }])).toBe(false);
  });

  it("loads a non-production route's code only once it is let in", () => {
    expect(loadsCodeAfterAccess([{ type: 'nonProduction' }])).toBe(true);
    expect(loadsCodeAfterAccess([{ type: 'signIn' }])).toBe(false);
    expect(loadsCodeAfterAccess([])).toBe(false);
  });
});
