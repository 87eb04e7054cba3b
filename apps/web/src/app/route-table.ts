import type { StaticDataRouteOption } from '@tanstack/react-router';
import { DEFAULT_TARGET_URL, type FlagName } from '@vireo/shared';
import type { MessageId } from '../messages';
import type { FlagFallback, RouteGuard } from './guards';

/**
 * The portal's routes as data (spec §2.1–§2.3). `router.tsx` builds the route tree from it and
 * `route-table.test.tsx` walks it, so a route, a redirect or a guard exists in one place only.
 */

/** Which lazy module renders a page. `placeholder` is the titled page of screens that later issues build. */
export type Screen =
  | 'home'
  | 'placeholder'
  | 'accountSummary'
  | 'billingHome'
  | 'payBill'
  | 'billPayOptions'
  | 'statements'
  | 'statementDetail'
  | 'accountActivity'
  | 'paymentHistory'
  | 'mobileBilling'
  | 'mobilePayment'
  | 'mobileTransactions'
  | 'mobileOrder'
  | 'streaming'
  | 'signIn'
  | 'signInRedirect'
  | 'maintenance'
  | 'notFound';

export type PageRoute = {
  path: string;
  screen: Screen;
  staticData: StaticDataRouteOption & { guards: readonly RouteGuard[] };
};

export type RedirectRoute = {
  path: string;
  to: string;
};

const signIn: RouteGuard = { type: 'signIn' };
/** spec §6: billing needs a non-standard role (the `billing.view` capability). */
const billingAccess: RouteGuard = { type: 'billingAccess' };
const tdcs: RouteGuard = { type: 'tdcs' };
const tdcsOverride: RouteGuard = { type: 'tdcsOverride' };
const cpni: RouteGuard = { type: 'cpniCompliance' };
const selfInstall: RouteGuard = { type: 'selfInstall' };
const NOT_FOUND: FlagFallback = { type: 'notFound' };
/** spec §2.3: where a signed-in user lands (the post-login default). */
const visitorOnly: RouteGuard = { type: 'visitorOnly', to: DEFAULT_TARGET_URL };

function flag(name: FlagName, otherwise: FlagFallback = NOT_FOUND): RouteGuard {
  return { type: 'featureFlag', flag: name, otherwise };
}

type PageOptions = Omit<StaticDataRouteOption, 'guards' | 'titleId'> & { screen?: Screen };

function page(path: string, titleId: MessageId, guards: readonly RouteGuard[], options: PageOptions = {}): PageRoute {
  const { screen = 'placeholder', ...staticData } = options;
  return { path, screen, staticData: { ...staticData, titleId, guards } };
}

/** spec §2.1 redirects. `/login` is not one: it is the sign-in screen (the OIDC interaction page). */
export const REDIRECT_ROUTES: readonly RedirectRoute[] = [
  { path: '/manage-users', to: '/user-preferences/people' },
  { path: '/voice', to: '/services/voice/call-guard' },
  { path: '/services-overview', to: '/' },
  { path: '/search', to: '/search-results' },
];

/**
 * spec §2.1 trailing-slash forms. The root route redirects every path with a trailing slash to its slashless form
 * (router.tsx), so these need no route of their own; the table keeps them so that the test proves each one.
 */
export const TRAILING_SLASH_REDIRECTS: readonly RedirectRoute[] = [
  { path: '/user-preferences/', to: '/user-preferences' },
  { path: '/troubleshoot-stub/', to: '/troubleshoot-stub' },
  { path: '/billing-stub/', to: '/billing-stub' },
  { path: '/services/internet/speed-test/', to: '/services/internet/speed-test' },
];

const focused = { flow: 'focused', narrow: true, header: { showSimple: true } } as const satisfies PageOptions;
const buyFlow = { flow: 'nestedBuy', header: { showBuyflowHeader: true } } as const satisfies PageOptions;

export const PAGE_ROUTES: readonly PageRoute[] = [
  // Shell pages. `/` is eager (router.tsx); /404 must render when a chunk fails, so it is eager too.
  // spec §2.1 / §2.3: the root is the visitors' landing page; a signed-in user goes on to the account summary.
  page('/', 'pages.home', [visitorOnly], { screen: 'home', header: { pageName: 'home' } }),
  page('/404', 'notFound.title', [], { screen: 'notFound' }),
  page('/maintenance', 'maintenance.title', [], {
    screen: 'maintenance',
    flow: 'fullWidthHeaderOnly',
    header: { type: 'light', pageName: 'maintenance' },
  }),

  // Sign-in (spec §2.2 /login, §2.3 post-login).
  page('/login', 'pages.signIn', [], {
    ...focused,
    screen: 'signIn',
    header: { showSimple: true, isSkipToContentRouting: false, pageName: 'login' },
  }),
  page('/sign-in-redirect', 'pages.signInRedirect', [], { ...focused, screen: 'signInRedirect' }),

  // spec §2.3: open without sign-in.
  page('/verify-link', 'pages.verifyLink', [], focused),
  page('/account-recovery', 'pages.accountRecovery', [], focused),
  page('/create-account', 'pages.createAccount', [], focused),
  page('/create-sub-account', 'pages.createSubAccount', [], focused),
  page('/wg', 'pages.guestAccess', [], focused),
  page('/wg/login', 'pages.guestSignIn', [], focused),
  page('/wg/account-recovery', 'pages.accountRecovery', [], focused),
  // spec §2.3: open in production only; elsewhere they need sign-in.
  page('/wg/payment-options', 'pages.paymentOptions', [signIn], focused),
  page('/wg/pay-bill', 'pages.payBill', [signIn], focused),
  page('/create-fsecure-account', 'pages.createSecurityAccount', [signIn], focused),
  page('/appointment-tracking', 'pages.appointmentTracking', [signIn]),
  page('/internetservices', 'pages.internetServices', [signIn]),
  page('/hostways', 'pages.hostingServices', [signIn]),

  // spec §2.1: open lazy routes.
  page('/outage-map', 'pages.outageMap', [], { header: { isViewPortHeightLocked: true } }),
  page('/contactus', 'pages.contactUs', []),
  page('/page', 'pages.information', []),
  page('/page/$slug', 'pages.information', []),
  page('/search-results', 'pages.searchResults', []),
  page('/support', 'pages.support', []),
  page('/support/forms', 'pages.supportForms', [], {
    flow: 'fullWidthHeaderOnly',
    header: { showSimple: true, isFlat: true },
  }),
  page('/support/category/$categoryId', 'pages.supportCategory', [], {
    header: { showSimpleHeaderWithBackButton: true },
  }),
  page('/disclaimers', 'pages.disclaimers', []),

  // spec §2.2 portal paths behind sign-in.
  page('/account-summary', 'pages.accountSummary', [signIn], { screen: 'accountSummary' }),
  page('/billing', 'pages.billing', [signIn, billingAccess], { screen: 'billingHome' }),
  page('/billing/pay-bill', 'pages.payBill', [signIn, billingAccess], { screen: 'payBill' }),
  page('/billing/bill-pay-options', 'pages.billPayOptions', [signIn, billingAccess], { screen: 'billPayOptions' }),
  page('/billing/view-statements', 'pages.statements', [signIn, billingAccess], { screen: 'statements' }),
  // The digital statement (spec §2.4); not a spec §2.2 path, so its address is ours.
  page('/billing/view-statements/$statementId', 'pages.statement', [signIn, billingAccess], {
    screen: 'statementDetail',
  }),
  page('/billing/account-activity', 'pages.accountActivity', [signIn, billingAccess], { screen: 'accountActivity' }),
  page('/billing/payment-history', 'pages.paymentHistory', [signIn, billingAccess], { screen: 'paymentHistory' }),
  // Issue 7, spec §2.4 mobile billing and streaming subscriptions; not spec §2.2 paths, so their addresses are ours.
  page('/billing/mobile', 'pages.mobileBilling', [signIn, billingAccess], { screen: 'mobileBilling' }),
  page('/billing/mobile/pay', 'pages.mobilePayment', [signIn, billingAccess], { screen: 'mobilePayment' }),
  page('/billing/mobile/transactions', 'pages.mobileTransactions', [signIn, billingAccess], {
    screen: 'mobileTransactions',
  }),
  page('/billing/mobile/orders/$orderId', 'pages.mobileOrder', [signIn, billingAccess], { screen: 'mobileOrder' }),
  page('/billing/streaming', 'pages.streaming', [signIn, billingAccess], { screen: 'streaming' }),
  page('/tv', 'pages.tv', [signIn]),
  page('/profile-and-settings', 'pages.profileSettings', [signIn]),
  page('/manage-users/list', 'pages.users', [signIn]),
  page('/community', 'pages.community', [signIn]),
  page('/service-appointments', 'pages.serviceAppointments', [signIn]),
  page('/appointment-tracking/reschedule-appointment', 'pages.rescheduleAppointment', [signIn]),
  page('/appointment-tracking/cancel-appointment', 'pages.cancelAppointment', [signIn]),
  page('/outage-callback', 'pages.outageCallback', [signIn]),
  page('/desktop-security', 'pages.desktopSecurity', [signIn]),

  // spec §2.1 lazy routes behind sign-in.
  page('/homepage-mfe', 'pages.homepage', [signIn]),
  page('/upgrade', 'pages.changeService', [signIn], buyFlow),
  page('/buy', 'pages.buy', [signIn], buyFlow),
  page('/manage-business-hours', 'pages.businessHours', [signIn]),
  page('/manage-property-contacts', 'pages.propertyContacts', [signIn]),
  page('/property-contact-preferences', 'pages.propertyContactPreferences', [signIn]),
  page('/tech-amenities-stub', 'pages.techAmenities', [signIn]),

  // spec §2.1 behind a feature flag (off: not found, unless the spec says otherwise).
  page('/security-suite', 'pages.securitySuite', [flag('securitySuite'), signIn]),
  page('/security-suite/new-device', 'pages.securitySuiteNewDevice', [flag('securitySuite'), signIn]),
  page('/user-preferences', 'pages.userPreferences', [flag('userPreferences'), signIn]),
  page('/user-preferences/people', 'pages.people', [flag('userPreferences'), signIn]),
  page('/troubleshoot-stub', 'pages.troubleshooting', [flag('troubleshootStub'), signIn]),
  page('/troubleshoot-stub-2', 'pages.troubleshooting', [flag('troubleshootStub'), signIn]),
  page('/billing-stub', 'pages.billing', [flag('billingStub'), signIn]),
  page('/billing-stub-2', 'pages.billing', [flag('billingStub'), signIn]),
  page('/property-contract-details', 'pages.propertyContractDetails', [
    flag('techAmenitiesPropertyHome', { type: 'redirect', to: '/' }),
    signIn,
  ]),
  page('/manage', 'pages.manageProperties', [
    flag('techAmenitiesMfe', { type: 'redirect', to: '/maintenance' }),
    signIn,
  ]),
  page('/manage/unit-ramp-billing', 'pages.unitRampBilling', [
    flag('techAmenitiesMfe', { type: 'redirect', to: '/maintenance' }),
    signIn,
  ]),
  page('/manage/all-properties/unit-ramp-billing', 'pages.unitRampBilling', [
    flag('techAmenitiesMfe', { type: 'redirect', to: '/maintenance' }),
    signIn,
  ]),

  // spec §2.1 self-install: sign-in and the self-install guard.
  page('/selfinstall', 'pages.selfInstall', [signIn, selfInstall], {
    flow: 'focused',
    header: { showSimpleHeaderWithBackButton: true },
  }),
  page('/selfinstall/$page', 'pages.selfInstall', [signIn, selfInstall], {
    flow: 'focused',
    header: { showSimpleHeaderWithBackButton: true },
  }),

  // spec §2.1 services: the equipment module behind sign-in, TDCS and the TDCS override load guard.
  page('/services', 'pages.services', [tdcsOverride, signIn, tdcs]),
  page('/services/voice', 'pages.voice', [signIn]),
  page('/services/tv', 'pages.tv', [signIn]),
  page('/services/internet', 'pages.internet', [signIn]),
  page('/services/internet/speed-test', 'pages.speedTest', [flag('speedTest'), signIn, tdcs]),
  // spec §2.1: with the voice flag off (production) these load the voice module behind sign-in and TDCS. The
  // flag-on module is not described, so both settings show the same module for now.
  page('/services/voice/phone', 'pages.phone', [signIn, tdcs]),
  page('/services/voice/call-guard', 'pages.callGuard', [signIn, tdcs]),
  page('/services/voice/call-forwarding', 'pages.callForwarding', [signIn, tdcs]),
  page('/services/voice/version', 'pages.voiceVersion', [signIn, tdcs]),

  // spec §2.1 / §2.2 voice manager, behind the CPNI compliance guard.
  page('/voice/messages', 'pages.voiceMessages', [signIn, cpni]),
  page('/voice/call-logs', 'pages.callLogs', [signIn, cpni]),
  page('/voice/manage-lines', 'pages.manageLines', [signIn, cpni]),
  page('/voice/forwarding-manager', 'pages.forwardingManager', [signIn, cpni]),
];
