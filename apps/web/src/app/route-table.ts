import type { StaticDataRouteOption } from '@tanstack/react-router';
import { DEFAULT_TARGET_URL, type FlagName } from '@vireo/shared';
import type { MessageId } from '../messages';
import type { FlagFallback, RouteGuard } from './guards';
import { SEARCH } from './route-search';
import {
  billingScreen,
  HOME_SCREEN,
  NOT_FOUND_SCREEN,
  PLACEHOLDER_SCREEN,
  readyScreen,
  type Screen,
  SIGN_IN_SCREEN,
  screenOf,
  voiceScreen,
} from './screens';

/**
 * The portal's routes as data (spec §2.1–§2.3). `router.tsx` builds the route tree from it and
 * `route-table.test.tsx` walks it, so a route, a redirect or a guard exists in one place only.
 */

/** A route's search schema (route-search.ts); none: the route reads no search params. */
export type SearchSchema = ((input: Record<string, unknown>) => Record<string, unknown>) | undefined;

export type PageRoute<P extends string = string, S extends SearchSchema = SearchSchema> = {
  path: P;
  screen: Screen;
  search: S;
  staticData: StaticDataRouteOption & { guards: readonly RouteGuard[] };
};

export type RedirectRoute<P extends string = string> = {
  path: P;
  to: string;
};

const signIn: RouteGuard = { type: 'signIn' };
/** spec §6: billing needs a non-standard role (the `billing.view` capability). */
const billingAccess: RouteGuard = { type: 'billingAccess' };
/** wider-portal.md §4: the users page is for the PRIMARY and ADMINs (`users.manage`). */
const usersAccess: RouteGuard = { type: 'capability', capability: 'users.manage' };
/** wider-portal.md §4: the audit log is for the PRIMARY and ADMINs (`audit.view`). */
const auditAccess: RouteGuard = { type: 'capability', capability: 'audit.view' };
/** wider-portal.md §10: the community pages are for every user of an account with a bulk agreement (`community.view`). */
const communityAccess: RouteGuard = { type: 'capability', capability: 'community.view', notice: 'noCommunityAccess' };
/** Issue 22 item 4: residents imported from a file, for the account's managers (`community.manage`). */
const communityManage: RouteGuard = {
  type: 'capability',
  capability: 'community.manage',
  notice: 'noCommunityManage',
};
const tdcs: RouteGuard = { type: 'tdcs' };
const tdcsOverride: RouteGuard = { type: 'tdcsOverride' };
const cpni: RouteGuard = { type: 'cpniCompliance' };
const selfInstall: RouteGuard = { type: 'selfInstall' };
const NOT_FOUND: FlagFallback = { type: 'notFound' };
/** spec §2.3: where a signed-in user lands (the post-login default). */
const visitorOnly: RouteGuard = { type: 'visitorOnly', to: DEFAULT_TARGET_URL };
/** Outside production only: in production the route is not found and its code is never loaded. */
const nonProduction: RouteGuard = { type: 'nonProduction' };

function flag(name: FlagName, otherwise: FlagFallback = NOT_FOUND): RouteGuard {
  return { type: 'featureFlag', flag: name, otherwise };
}

type PageOptions<S extends SearchSchema = undefined> = Omit<StaticDataRouteOption, 'guards' | 'titleId'> & {
  /** What the route renders (screens.ts); none: the placeholder. */
  screen?: Screen;
  search?: S;
};

function page<const P extends string, S extends SearchSchema = undefined>(
  path: P,
  titleId: MessageId,
  guards: readonly RouteGuard[],
  options: PageOptions<S> = {},
): PageRoute<P, S> {
  const { screen = PLACEHOLDER_SCREEN, search, ...staticData } = options;
  return { path, screen, search: search as S, staticData: { ...staticData, titleId, guards } };
}

/** spec §2.1 redirects. `/login` is not one: it is the sign-in screen (the OIDC interaction page). */
export const REDIRECT_ROUTES = [
  { path: '/manage-users', to: '/user-preferences/people' },
  { path: '/voice', to: '/services/voice/call-guard' },
  { path: '/services-overview', to: '/' },
  { path: '/search', to: '/search-results' },
] as const satisfies readonly RedirectRoute[];

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

/** issue 17: the open doors' screens (features/account-access), one lazy entry for the four (its screens.ts). */
const ACCOUNT_ACCESS = {
  createAccount: screenOf(() => import('../features/account-access/components/screens'), 'CreateAccountPage'),
  verifyLink: screenOf(() => import('../features/account-access/components/screens'), 'VerifyLinkPage'),
  subAccount: screenOf(() => import('../features/account-access/components/screens'), 'CreateSubAccountPage'),
  recovery: screenOf(() => import('../features/account-access/components/screens'), 'AccountRecoveryPage'),
};

/** The technician visits' pages (issue 20): one lazy chunk for the list and the one-visit pages. */
const APPOINTMENTS = () => import('../features/appointments/components/appointments-page');
/** The outages' pages (issue 20): the map and the signed-in callbacks, credits and letters, one lazy chunk. */
const OUTAGES = () => import('../features/outages/components/outage-map-page');
/** The help centre's pages (issue 21 items 1-2): support, topics, articles, legal pages, search; one lazy chunk. */
const SUPPORT_PAGES = () => import('../features/support/components/support-pages');
/** Troubleshooting and the speed test (issue 21 items 5, 7): one lazy module (app/routes/help-tools.tsx). */
const HELP_TOOLS = () => import('./routes/help-tools');
/** Troubleshooting: the internet's and the TV and phone's, one screen for both routes. */
const TROUBLESHOOT_SCREEN = screenOf(HELP_TOOLS, 'TroubleshootRoute');
/** Self-install's pages (issue 21 item 6): the kit's page and each step's, one screen in one lazy chunk. */
const SELF_INSTALL_SCREEN = screenOf(() => import('./routes/self-install-page'), 'SelfInstallRoute');
/** issue 19 item 1: the desktop security and security suite pages (features/services), one module for the three. */
const SECURITY_PAGES = () => import('../features/services/components/security-pages');

/** issue 19 items 1-2: the services page and each product's page (features/services), one module. */
const SERVICES_PAGES = () => import('../features/services/components/services-page');

/** issue 19 item 2: change of service (features/services), one module for /upgrade and /buy. */
const CHANGE_PAGES = () => import('../features/services/components/change-service-page');

/** issue 19 items 5-8: the voice manager's line pages (features/voice), one module for the five routes. */
const LINE_PAGES = () => import('../features/voice/components/line-pages');

/** issue 22 items 2-3 (wider-portal.md §10): the portfolio and a property's units (features/community), one chunk. */
const COMMUNITY_PAGES = () => import('../features/community/components/community-pages');
/** issue 22 item 6 (wider-portal.md §10): contract details and the ramp ledger (features/tech-amenities), one chunk. */
const TECH_AMENITIES_PAGES = () => import('../features/tech-amenities/components/tech-amenities-pages');
/** issue 22 item 5 (wider-portal.md §10): business hours, property contacts, contact preferences; one chunk. */
const PROPERTY_SETTINGS_PAGES = () => import('../features/property-settings/components/property-settings-pages');

/** issue 18 item 5: the users page, at its spec §2.2 path and at its userPreferences one (one chunk for both). */
const USERS_SCREEN = screenOf(() => import('../features/users/components/users-page'), 'UsersPage');

const focused = { flow: 'focused', narrow: true, header: { showSimple: true } } as const satisfies PageOptions;
const buyFlow = { flow: 'nestedBuy', header: { showBuyflowHeader: true } } as const satisfies PageOptions;

export const PAGE_ROUTES = [
  // Shell pages. `/` is eager (router.tsx); /404 must render when a chunk fails, so it is eager too.
  // spec §2.1 / §2.3: the root is the visitors' landing page; a signed-in user goes on to the account summary.
  page('/', 'pages.home', [visitorOnly], { screen: HOME_SCREEN, header: { pageName: 'home' } }),
  page('/404', 'notFound.title', [], { screen: NOT_FOUND_SCREEN }),
  page('/maintenance', 'maintenance.title', [], {
    screen: screenOf(() => import('./routes/maintenance.lazy'), 'MaintenancePage'),
    flow: 'fullWidthHeaderOnly',
    header: { type: 'light', pageName: 'maintenance' },
  }),

  // issue 16 item 6: the living style guide, open without sign-in outside production.
  page('/dev/ui', 'styleGuide.title', [nonProduction], {
    screen: screenOf(() => import('./routes/style-guide/style-guide-page'), 'StyleGuidePage'),
  }),
  // issue 17 item 1: every e-mail and text message the portal sent (wider-portal.md §2), open without sign-in outside
  // production, for demos and browser tests.
  page('/dev/mailbox', 'mailbox.title', [nonProduction], {
    screen: screenOf(() => import('../features/mailbox/components/mailbox-page'), 'MailboxPage'),
  }),
  // issue 23 item 2: the events the analytics ingest kept (wider-portal.md §11), open without sign-in outside
  // production, for developers and browser tests.
  page('/dev/analytics', 'analyticsViewer.title', [nonProduction], {
    screen: screenOf(
      () => import('../features/analytics-viewer/components/analytics-viewer-page'),
      'AnalyticsViewerPage',
    ),
  }),

  // Sign-in (spec §2.2 /login, §2.3 post-login).
  page('/login', 'pages.signIn', [], {
    ...focused,
    screen: SIGN_IN_SCREEN,
    header: { showSimple: true, isSkipToContentRouting: false, pageName: 'login' },
  }),
  page('/sign-in-redirect', 'pages.signInRedirect', [], {
    ...focused,
    screen: screenOf(() => import('./routes/sign-in-redirect-page'), 'SignInRedirectPage'),
  }),

  // spec §2.3: open without sign-in.
  page('/verify-link', 'pages.verifyLink', [], {
    ...focused,
    screen: ACCOUNT_ACCESS.verifyLink,
    search: SEARCH.linkToken,
  }),
  page('/account-recovery', 'pages.accountRecovery', [], {
    ...focused,
    screen: ACCOUNT_ACCESS.recovery,
    search: SEARCH.accountRecovery,
  }),
  page('/create-account', 'pages.createAccount', [], { ...focused, screen: ACCOUNT_ACCESS.createAccount }),
  page('/create-sub-account', 'pages.createSubAccount', [], {
    ...focused,
    screen: ACCOUNT_ACCESS.subAccount,
    search: SEARCH.linkToken,
  }),
  page('/wg', 'pages.guestAccess', [], {
    ...focused,
    screen: screenOf(() => import('./routes/guest/guest-entry-page'), 'GuestEntryPage'),
  }),
  // the guest's sign-in is the sign-in (the OIDC flow starts at the login edge, as from /login)
  page('/wg/login', 'pages.guestSignIn', [], { ...focused, screen: SIGN_IN_SCREEN }),
  page('/wg/account-recovery', 'pages.accountRecovery', [], {
    ...focused,
    screen: ACCOUNT_ACCESS.recovery,
    search: SEARCH.accountRecovery,
  }),
  // spec §2.3: open in production, and by wider-portal.md §1 in every environment (the sign-in guard lets them pass).
  page('/wg/payment-options', 'pages.paymentOptions', [signIn], {
    ...focused,
    screen: screenOf(() => import('./routes/guest/payment-options-page'), 'PaymentOptionsPage'),
  }),
  page('/wg/pay-bill', 'pages.payBill', [signIn], {
    ...focused,
    search: SEARCH.guestPay,
    screen: screenOf(() => import('../features/payments/components/guest-pay-page'), 'GuestPayPage'),
  }),
  page('/create-fsecure-account', 'pages.createSecurityAccount', [signIn], { ...focused, area: 'security' }),
  // issue 20 item 3 (wider-portal.md §7): a visit by its tracking link, without sign-in (spec §2.1: open in production)
  page('/appointment-tracking', 'pages.appointmentTracking', [signIn], {
    search: SEARCH.linkToken,
    screen: screenOf(APPOINTMENTS, 'TrackingPage'),
  }),
  page('/internetservices', 'pages.internetServices', [signIn], { area: 'services' }),
  page('/hostways', 'pages.hostingServices', [signIn], { area: 'services' }),

  // spec §2.1: open lazy routes.
  // issue 20 item 5 (wider-portal.md §8): the list first, then the map
  page('/outage-map', 'pages.outageMap', [], {
    header: { isViewPortHeightLocked: true },
    screen: screenOf(OUTAGES, 'OutageMapPage'),
  }),
  // issue 21 item 3: every customer-service number, hours, writing to us, the stores nearest a ZIP code
  page('/contactus', 'pages.contactUs', [], {
    screen: screenOf(SUPPORT_PAGES, 'ContactPage'),
  }),
  page('/page', 'pages.information', [], { area: 'information' }),
  // issue 21 items 1-2 (wider-portal.md §9): articles, topics, the legal pages and the search
  page('/page/$slug', 'pages.information', [], {
    screen: screenOf(SUPPORT_PAGES, 'ArticlePage'),
  }),
  page('/search-results', 'pages.searchResults', [], {
    search: SEARCH.searchResults,
    screen: screenOf(SUPPORT_PAGES, 'SearchResultsPage'),
  }),
  page('/support', 'pages.support', [], {
    screen: screenOf(SUPPORT_PAGES, 'SupportPage'),
  }),
  // issue 21 item 4: writing to support, the user's tickets, a visitor's status link (`?token=`)
  page('/support/forms', 'pages.supportForms', [], {
    flow: 'fullWidthHeaderOnly',
    header: { showSimple: true, isFlat: true },
    search: SEARCH.supportForms,
    screen: screenOf(() => import('./routes/support-forms-page'), 'SupportFormsRoute'),
  }),
  page('/support/category/$categoryId', 'pages.supportCategory', [], {
    header: { showSimpleHeaderWithBackButton: true },
    screen: screenOf(SUPPORT_PAGES, 'SupportCategoryPage'),
  }),
  page('/disclaimers', 'pages.disclaimers', [], {
    screen: screenOf(SUPPORT_PAGES, 'DisclaimersPage'),
  }),

  // spec §2.2 portal paths behind sign-in.
  page('/account-summary', 'pages.accountSummary', [signIn], {
    screen: screenOf(() => import('./routes/account-summary-page'), 'AccountSummaryPage'),
    search: SEARCH.accountSummary,
  }),
  page('/billing', 'pages.billing', [signIn, billingAccess], {
    screen: screenOf(() => import('./routes/billing-home-page'), 'BillingHomePage'),
  }),
  page('/billing/pay-bill', 'pages.payBill', [signIn, billingAccess], {
    screen: billingScreen(() => import('./routes/pay-bill-page'), 'PayBillPage'),
    search: SEARCH.payBill,
  }),
  page('/billing/bill-pay-options', 'pages.billPayOptions', [signIn, billingAccess], {
    screen: billingScreen(() => import('../features/wallet/components/wallet-page'), 'WalletPage'),
  }),
  // issue 17 item 7: pay links for a bookkeeper; not a spec §2.2 path, so its address is ours
  page('/billing/pay-links', 'pages.payLinks', [signIn, billingAccess], {
    screen: billingScreen(() => import('../features/pay-links/components/pay-links-page'), 'PayLinksPage'),
  }),
  page('/billing/view-statements', 'pages.statements', [signIn, billingAccess], {
    screen: billingScreen(() => import('../features/billing/components/statements-page'), 'StatementsPage'),
    search: SEARCH.statements,
  }),
  // The digital statement (spec §2.4); not a spec §2.2 path, so its address is ours.
  page('/billing/view-statements/$statementId', 'pages.statement', [signIn, billingAccess], {
    screen: billingScreen(() => import('../features/billing/components/statement-detail-page'), 'StatementDetailPage'),
  }),
  page('/billing/account-activity', 'pages.accountActivity', [signIn, billingAccess], {
    screen: billingScreen(() => import('../features/billing/components/account-activity-page'), 'AccountActivityPage'),
    search: SEARCH.accountActivity,
  }),
  page('/billing/payment-history', 'pages.paymentHistory', [signIn, billingAccess], {
    screen: billingScreen(() => import('../features/billing/components/payment-history-page'), 'PaymentHistoryPage'),
    search: SEARCH.paymentHistory,
  }),
  // Issue 7, spec §2.4 mobile billing and streaming subscriptions; not spec §2.2 paths, so their addresses are ours.
  page('/billing/mobile', 'pages.mobileBilling', [signIn, billingAccess], {
    screen: screenOf(() => import('./routes/mobile-billing-page'), 'MobileBillingScreen'),
  }),
  page('/billing/mobile/pay', 'pages.mobilePayment', [signIn, billingAccess], {
    screen: screenOf(() => import('./routes/mobile-payment-page'), 'MobilePaymentPage'),
    search: SEARCH.mobilePayment,
  }),
  page('/billing/mobile/transactions', 'pages.mobileTransactions', [signIn, billingAccess], {
    screen: screenOf(() => import('../features/mobile/components/mobile-transactions-page'), 'MobileTransactionsPage'),
    search: SEARCH.mobileTransactions,
  }),
  page('/billing/mobile/orders/$orderId', 'pages.mobileOrder', [signIn, billingAccess], {
    screen: screenOf(() => import('../features/mobile/components/mobile-order-detail-page'), 'MobileOrderDetailPage'),
  }),
  page('/billing/streaming', 'pages.streaming', [signIn, billingAccess], {
    screen: screenOf(() => import('../features/mobile/components/streaming-page'), 'StreamingPage'),
  }),
  page('/tv', 'pages.tv', [signIn], { screen: screenOf(SERVICES_PAGES, 'TvPage') }),
  // issue 18 item 2: the Security section (password, signed-in sessions) and the audit log link
  page('/profile-and-settings', 'pages.profileSettings', [signIn], {
    screen: screenOf(() => import('./routes/profile-settings-page'), 'ProfileSettingsPage'),
  }),
  // issue 18 item 6: the audit log; not a spec §2.2 path, so its address is ours
  page('/profile-and-settings/audit-log', 'pages.auditLog', [signIn, auditAccess], {
    screen: screenOf(() => import('../features/audit-log/components/audit-log-page'), 'AuditLogPage'),
  }),
  // issue 23 item 3 (wider-portal.md §11): what analytics kept about the person, for every signed-in role; our address
  page('/profile-and-settings/privacy', 'pages.privacy', [signIn], {
    screen: screenOf(() => import('../features/privacy/components/privacy-page'), 'PrivacyPage'),
  }),
  page('/manage-users/list', 'pages.users', [signIn, usersAccess], { screen: USERS_SCREEN }),
  // issue 22 item 2 (wider-portal.md §10): the portfolio, one card per property
  page('/community', 'pages.community', [signIn, communityAccess], {
    screen: screenOf(COMMUNITY_PAGES, 'PortfolioPage'),
  }),
  // issue 22 item 4: residents imported from a CSV file (our address)
  page('/community/import-residents', 'pages.communityImport', [signIn, communityAccess, communityManage], {
    // a chunk of its own: a manager's page, not in the portfolio's first load
    screen: screenOf(() => import('../features/community/components/resident-import-page'), 'ResidentImportPage'),
  }),
  // issue 22 item 3: a property's units and residents; not a spec §2.2 path, so its address is ours
  page('/community/properties/$propertyId', 'pages.communityProperty', [signIn, communityAccess], {
    screen: screenOf(COMMUNITY_PAGES, 'PropertyUnitsPage'),
  }),
  // issue 22 item 3: one unit, its resident, access and Wi-Fi details (our address, as the property's)
  page('/community/units/$unitId', 'pages.communityUnit', [signIn, communityAccess], {
    screen: screenOf(COMMUNITY_PAGES, 'UnitPage'),
  }),
  // issue 20 item 2 (wider-portal.md §7): the account's technician visits
  page('/service-appointments', 'pages.serviceAppointments', [signIn], {
    screen: screenOf(APPOINTMENTS, 'AppointmentsPage'),
  }),
  // spec §2.1: one visit's change, signed in (the account's appointments module, with the page's panel open)
  page('/appointment-tracking/reschedule-appointment', 'pages.rescheduleAppointment', [signIn], {
    search: SEARCH.visit,
    screen: screenOf(APPOINTMENTS, 'RescheduleVisitPage'),
  }),
  page('/appointment-tracking/cancel-appointment', 'pages.cancelAppointment', [signIn], {
    search: SEARCH.visit,
    screen: screenOf(APPOINTMENTS, 'CancelVisitPage'),
  }),
  // issue 20 items 7-8 (wider-portal.md §8): callbacks, outage credits and letters at the account's locations
  page('/outage-callback', 'pages.outageCallback', [signIn], {
    screen: screenOf(OUTAGES, 'OutageCallbackPage'),
  }),
  page('/desktop-security', 'pages.desktopSecurity', [signIn], {
    // issue 19 item 1: what desktop security is, and the account's own (wider-portal.md §5)
    screen: screenOf(SECURITY_PAGES, 'DesktopSecurityPage'),
  }),

  // spec §2.1 lazy routes behind sign-in.
  page('/homepage-mfe', 'pages.homepage', [signIn], { area: 'services' }),
  // issue 19 item 2 (wider-portal.md §5): change of service with the next bill's preview, one module for both
  page('/upgrade', 'pages.changeService', [signIn], {
    ...buyFlow,
    screen: screenOf(CHANGE_PAGES, 'UpgradePage'),
  }),
  page('/buy', 'pages.buy', [signIn], { ...buyFlow, screen: screenOf(CHANGE_PAGES, 'BuyPage') }),
  // issue 22 item 5: a property's settings, the property in the address (`?propertyId=`)
  page('/manage-business-hours', 'pages.businessHours', [signIn, communityAccess], {
    search: SEARCH.propertySettings,
    screen: screenOf(PROPERTY_SETTINGS_PAGES, 'BusinessHoursPage'),
  }),
  page('/manage-property-contacts', 'pages.propertyContacts', [signIn, communityAccess], {
    search: SEARCH.propertySettings,
    screen: screenOf(PROPERTY_SETTINGS_PAGES, 'PropertyContactsPage'),
  }),
  page('/property-contact-preferences', 'pages.propertyContactPreferences', [signIn, communityAccess], {
    search: SEARCH.propertySettings,
    screen: screenOf(PROPERTY_SETTINGS_PAGES, 'ContactPreferencesPage'),
  }),
  // issue 22 item 6: each property's tech amenities this month, with the ramp ledger's and the contract's links
  page('/tech-amenities-stub', 'pages.techAmenities', [signIn, communityAccess], {
    screen: screenOf(TECH_AMENITIES_PAGES, 'TechAmenitiesPage'),
  }),

  // spec §2.1 behind a feature flag (off: not found, unless the spec says otherwise).
  page('/security-suite', 'pages.securitySuite', [flag('securitySuite'), signIn], {
    // issue 19 item 1 (wider-portal.md §5); the screen turns the loading indicator off when ready (spec §4)
    screen: readyScreen(SECURITY_PAGES, 'SecuritySuitePage'),
  }),
  page('/security-suite/new-device', 'pages.securitySuiteNewDevice', [flag('securitySuite'), signIn], {
    screen: screenOf(SECURITY_PAGES, 'SecuritySuiteNewDevicePage'),
  }),
  page('/user-preferences', 'pages.userPreferences', [flag('userPreferences'), signIn], { area: 'profile' }),
  page('/user-preferences/people', 'pages.people', [flag('userPreferences'), signIn, usersAccess], {
    screen: USERS_SCREEN,
  }),
  // issue 21 item 5: troubleshooting, an outage at the service address first (the internet; TV and phone)
  page('/troubleshoot-stub', 'pages.troubleshooting', [flag('troubleshootStub'), signIn], {
    screen: TROUBLESHOOT_SCREEN,
  }),
  page('/troubleshoot-stub-2', 'pages.troubleshooting', [flag('troubleshootStub'), signIn], {
    screen: TROUBLESHOOT_SCREEN,
  }),
  page('/billing-stub', 'pages.billing', [flag('billingStub'), signIn], { area: 'billing' }),
  page('/billing-stub-2', 'pages.billing', [flag('billingStub'), signIn], { area: 'billing' }),
  page(
    '/property-contract-details',
    'pages.propertyContractDetails',
    [flag('techAmenitiesPropertyHome', { type: 'redirect', to: '/' }), signIn, communityAccess],
    { screen: screenOf(TECH_AMENITIES_PAGES, 'ContractDetailsPage') },
  ),
  page(
    '/manage',
    'pages.manageProperties',
    [flag('techAmenitiesMfe', { type: 'redirect', to: '/maintenance' }), signIn, communityAccess],
    { screen: screenOf(TECH_AMENITIES_PAGES, 'ManagePropertiesPage') },
  ),
  page(
    '/manage/unit-ramp-billing',
    'pages.unitRampBilling',
    [flag('techAmenitiesMfe', { type: 'redirect', to: '/maintenance' }), signIn, communityAccess],
    { search: SEARCH.rampBilling, screen: screenOf(TECH_AMENITIES_PAGES, 'PropertyRampPage') },
  ),
  page(
    '/manage/all-properties/unit-ramp-billing',
    'pages.unitRampBilling',
    [flag('techAmenitiesMfe', { type: 'redirect', to: '/maintenance' }), signIn, communityAccess],
    { screen: screenOf(TECH_AMENITIES_PAGES, 'AllPropertiesRampPage') },
  ),

  // spec §2.1 self-install: sign-in and the self-install guard.
  // issue 21 item 6 (wider-portal.md §9): the kit's steps and the whitelist's pages, one lazy chunk
  page('/selfinstall', 'pages.selfInstall', [signIn, selfInstall], {
    flow: 'focused',
    header: { showSimpleHeaderWithBackButton: true },
    screen: SELF_INSTALL_SCREEN,
  }),
  page('/selfinstall/$page', 'pages.selfInstall', [signIn, selfInstall], {
    flow: 'focused',
    header: { showSimpleHeaderWithBackButton: true },
    screen: SELF_INSTALL_SCREEN,
  }),

  // spec §2.1 services: the equipment module behind sign-in, TDCS and the TDCS override load guard.
  page('/services', 'pages.services', [tdcsOverride, signIn, tdcs], {
    // issue 19 item 1: services, plans, lines and equipment (wider-portal.md §5)
    screen: screenOf(SERVICES_PAGES, 'ServicesPage'),
  }),
  // issue 19: each product's page (the service, its plans and equipment, and where to go from it)
  page('/services/voice', 'pages.voice', [signIn], {
    screen: screenOf(SERVICES_PAGES, 'VoiceServicePage'),
  }),
  page('/services/tv', 'pages.tv', [signIn], { screen: screenOf(SERVICES_PAGES, 'TvPage') }),
  page('/services/internet', 'pages.internet', [signIn], {
    screen: screenOf(SERVICES_PAGES, 'InternetPage'),
  }),
  // issue 21 item 7: the speed test against the portal's own server, its verdict and the user's history
  page('/services/internet/speed-test', 'pages.speedTest', [flag('speedTest'), signIn, tdcs], {
    screen: screenOf(HELP_TOOLS, 'SpeedTestPage'),
  }),
  // spec §2.1: with the voice flag off (production) these load the voice module behind sign-in and TDCS. The
  // flag-on module is not described, so both settings show the same module for now.
  page('/services/voice/phone', 'pages.phone', [signIn, tdcs], { screen: voiceScreen(LINE_PAGES, 'PhonePage') }),
  // issue 19 items 7-8 (wider-portal.md §6): a line's Call Guard and forwarding, for who may manage voice
  page('/services/voice/call-guard', 'pages.callGuard', [signIn, tdcs], {
    screen: voiceScreen(LINE_PAGES, 'CallGuardPage'),
  }),
  page('/services/voice/call-forwarding', 'pages.callForwarding', [signIn, tdcs], {
    screen: voiceScreen(LINE_PAGES, 'CallForwardingPage'),
  }),
  // issue 19 item 8: which version of the voice network (classic switch or IMS core) each line runs on
  page('/services/voice/version', 'pages.voiceVersion', [signIn, tdcs], {
    screen: voiceScreen(LINE_PAGES, 'VoiceVersionPage'),
  }),

  // spec §2.1 / §2.2 voice manager, behind the CPNI compliance guard.
  page('/voice/messages', 'pages.voiceMessages', [signIn, cpni], {
    // issue 19 item 4: voicemail and faxes per line (wider-portal.md §6)
    screen: screenOf(() => import('../features/voice/components/voicemail-page'), 'VoicemailPage'),
  }),
  // issue 19 items 5-7 (wider-portal.md §6): the call logs, the lines, forwarding with the rule simulator
  page('/voice/call-logs', 'pages.callLogs', [signIn, cpni], {
    screen: screenOf(LINE_PAGES, 'CallLogsPage'),
  }),
  page('/voice/manage-lines', 'pages.manageLines', [signIn, cpni], {
    screen: screenOf(LINE_PAGES, 'ManageLinesPage'),
  }),
  page('/voice/forwarding-manager', 'pages.forwardingManager', [signIn, cpni], {
    screen: screenOf(LINE_PAGES, 'ForwardingManagerPage'),
  }),
] as const;
