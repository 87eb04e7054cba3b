import {
  AUDIT_LOG_EXPORT_PATH,
  AUDIT_LOG_PATH,
  COMMUNITY_PROPERTIES_PATH,
  COMMUNITY_UNIT_ACCESS_PATH,
  COMMUNITY_UNIT_PATH,
  COMMUNITY_UNIT_RESIDENT_PATH,
  COMMUNITY_UNIT_WIFI_PATH,
  COMMUNITY_UNITS_PATH,
  COMPANY_DETAILS_PATH,
  EMAIL_CHANGE_PATH,
  type ErrorCode,
  GRAPHQL_AUXILIARY_PATH,
  GRAPHQL_PATH,
  GRAPHQL_VOICE_PATH,
  INVITATION_PATH,
  INVITATION_RESEND_PATH,
  INVITATIONS_PATH,
  LINK_ACCEPT_INVITATION_PATH,
  LINK_RENEW_PATH,
  LINK_RESET_PASSWORD_PATH,
  LINK_STATUS_PATH,
  LINK_VERIFY_PATH,
  MEMBER_PATH,
  NOTIFICATIONS_PATH,
  PARTNER_LOCATION_PATHS,
  PASSKEY_PATH,
  PASSKEY_REGISTRATION_OPTIONS_PATH,
  PASSKEY_REMOVE_PATH,
  PASSKEYS_PATH,
  PASSWORD_CHANGE_PATH,
  PASSWORD_CHECK_PATH,
  PAY_LINK_REVOKE_PATH,
  PAY_LINKS_PATH,
  PCI_QUICK_PAY_TOKENIZE_PATH,
  PERSONAL_DETAILS_PATH,
  PRIMARY_TRANSFER_PATH,
  PROPERTY_CONTACT_PATH,
  PROPERTY_CONTACT_PREFERENCES_PATH,
  PROPERTY_CONTACTS_PATH,
  PROPERTY_HOURS_EXCEPTION_PATH,
  PROPERTY_HOURS_EXCEPTIONS_PATH,
  PROPERTY_HOURS_PATH,
  PROPERTY_NAMES_PATH,
  QUICK_PAY_LINK_PATH,
  QUICK_PAY_LOOKUP_PATH,
  QUICK_PAY_PAYMENTS_PATH,
  RECOVER_PASSWORD_PATH,
  RECOVER_USERNAME_PATH,
  REGISTRATION_PATH,
  RESIDENT_IMPORT_DRY_RUN_PATH,
  RESIDENT_IMPORT_TEMPLATE_PATH,
  RESIDENT_IMPORTS_PATH,
  SESSION_END_PATH,
  SESSIONS_END_OTHERS_PATH,
  SESSIONS_PATH,
  STEP_UP_PASSKEY_OPTIONS_PATH,
  STEP_UP_PASSKEY_PATH,
  STEP_UP_PATH,
  TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH,
  TECH_AMENITIES_AGREEMENT_PATH,
  TECH_AMENITIES_PROPERTY_RAMP_LEDGER_PATH,
  TECH_AMENITIES_RAMP_LEDGER_PATH,
  TRACKING_AVAILABILITY_PATH,
  TRACKING_CALENDAR_PATH,
  TRACKING_CANCEL_PATH,
  TRACKING_CONFIRM_PATH,
  TRACKING_PATH,
  TRACKING_RESCHEDULE_PATH,
  TRACKING_VERIFY_PATH,
  USER_ACCESS_PATH,
  USER_DEACTIVATE_PATH,
  USER_PATH,
  USER_REACTIVATE_PATH,
  USER_ROLE_PATH,
  USERS_PATH,
} from '@vireo/shared';
import type { Access } from '../plugins/auth';

/**
 * The authorization matrix (quality-bars.md, Reliability and security: "role x endpoint matrix generated from the
 * live route table (anonymous, 4 roles, a user of another business)"). One entry per API route as registered
 * (method + URL pattern), with the access the route declares and, for each actor, the answer the request that
 * authorization.int.test.ts sends must get. A new route without an entry, or an entry whose route is gone, fails
 * that suite.
 *
 * Actors: `anonymous` (no session), the four portal roles of Harbor Coffee Co. and `otherBusiness`, the PRIMARY user
 * of Riverbend Auto Repair (demo-data.md). The requests carry Harbor's ids wherever a route takes an id, so an
 * id-bearing route answers `otherBusiness` 404 (another business's resource) and a route without ids answers it for
 * its own account.
 *
 * Outcome classes, each with one exact answer (status and error code):
 * - `public`: the route needs no session (access `public`); the answer is the route's own (`status`, `code`).
 * - `allowed`: authorization passed; the answer is the route's own for that request: a 2xx/3xx, or a business or
 *   validation answer that only comes after the access check (e.g. 404 NOT_FOUND for a made-up sign-in id).
 * - `unauthenticated`: 401 UNAUTHENTICATED (no session on a route that needs one).
 * - `forbidden`: 403 FORBIDDEN (the role lacks the capability, spec §6).
 * - `notFound`: 404 NOT_FOUND (another business's id: nothing read, nothing written).
 */
export const ACTORS = ['anonymous', 'PRIMARY', 'ADMIN', 'BILLING', 'STANDARD', 'otherBusiness'] as const;
export type Actor = (typeof ACTORS)[number];

/** Who each signed-in actor is (demo-data.md; all share the demo password). */
export const ACTOR_USERNAMES: Record<Exclude<Actor, 'anonymous'>, string> = {
  PRIMARY: 'harbor-owner',
  ADMIN: 'harbor-admin',
  BILLING: 'harbor-billing',
  STANDARD: 'harbor-staff',
  otherBusiness: 'riverbend-owner',
};

export type Outcome =
  | { class: 'public'; status: number; code?: ErrorCode }
  | { class: 'allowed'; status: number; code?: ErrorCode }
  | { class: 'unauthenticated' }
  | { class: 'forbidden' }
  | { class: 'notFound' };
export type OutcomeClass = Outcome['class'];

export type MatrixEntry = {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The URL pattern exactly as registered (`:param`, `*`). */
  url: string;
  /** What the route declares (`config.access`); the suite checks the live route declares the same. */
  access: Access;
  expect: Record<Actor, Outcome>;
};

/** The exact answer of an outcome: HTTP status and, for an error, its code (ERROR_STATUS in @vireo/shared). */
export function answerOf(outcome: Outcome): { status: number; code: ErrorCode | undefined } {
  switch (outcome.class) {
    case 'public':
    case 'allowed':
      return { status: outcome.status, code: outcome.code };
    case 'unauthenticated':
      return { status: 401, code: 'UNAUTHENTICATED' };
    case 'forbidden':
      return { status: 403, code: 'FORBIDDEN' };
    case 'notFound':
      return { status: 404, code: 'NOT_FOUND' };
  }
}

const UNAUTHENTICATED: Outcome = { class: 'unauthenticated' };
const FORBIDDEN: Outcome = { class: 'forbidden' };
const NOT_FOUND: Outcome = { class: 'notFound' };
const ok = (status: number, code?: ErrorCode): Outcome => ({ class: 'allowed', status, ...(code ? { code } : {}) });
const pub = (status: number, code?: ErrorCode): Outcome => ({ class: 'public', status, ...(code ? { code } : {}) });

/** A public route: every actor gets the same answer, with or without a session. */
const everyone = (answer: Outcome): Record<Actor, Outcome> => ({
  anonymous: answer,
  PRIMARY: answer,
  ADMIN: answer,
  BILLING: answer,
  STANDARD: answer,
  otherBusiness: answer,
});

/** A route for any signed-in user, of any business: the same answer with a session, 401 without. */
const anySession = (answer: Outcome): Record<Actor, Outcome> => ({ ...everyone(answer), anonymous: UNAUTHENTICATED });

/** The open doors' routes (issue 17), every one a public POST. */
export const OPEN_DOOR_PATHS = [
  PASSWORD_CHECK_PATH,
  REGISTRATION_PATH,
  RECOVER_USERNAME_PATH,
  RECOVER_PASSWORD_PATH,
  LINK_STATUS_PATH,
  LINK_VERIFY_PATH,
  LINK_RESET_PASSWORD_PATH,
  LINK_RENEW_PATH,
  LINK_ACCEPT_INVITATION_PATH,
];

/**
 * Quick Pay's routes (issue 17 items 6 and 7, wider-portal.md §1), every one a public POST: the lookup, a pay link's
 * opening, the card vault's guest door and the payment (with an Idempotency-Key).
 */
export const QUICK_PAY_PATHS = [
  QUICK_PAY_LOOKUP_PATH,
  QUICK_PAY_LINK_PATH,
  PCI_QUICK_PAY_TOKENIZE_PATH,
  QUICK_PAY_PAYMENTS_PATH,
];

/**
 * Tracking without sign-in (issue 20 item 3, wider-portal.md §7), every one a public POST with the link's token in
 * the body: the visit, its calendar file, the ZIP check, the windows and the three changes.
 */
export const TRACKING_PATHS = [
  TRACKING_PATH,
  TRACKING_CALENDAR_PATH,
  TRACKING_VERIFY_PATH,
  TRACKING_AVAILABILITY_PATH,
  TRACKING_CONFIRM_PATH,
  TRACKING_RESCHEDULE_PATH,
  TRACKING_CANCEL_PATH,
];

export const AUTHORIZATION_MATRIX: readonly MatrixEntry[] = [
  // OpenAPI document and its page (swagger plugin): public. The index file redirects to the page.
  { method: 'GET', url: '/api/docs', access: 'public', expect: everyone(pub(200)) },
  { method: 'HEAD', url: '/api/docs/', access: 'public', expect: everyone(pub(200)) },
  { method: 'GET', url: '/api/docs/static/index.html', access: 'public', expect: everyone(pub(302)) },
  { method: 'GET', url: '/api/docs/static/swagger-initializer.js', access: 'public', expect: everyone(pub(200)) },
  { method: 'GET', url: '/api/docs/json', access: 'public', expect: everyone(pub(200)) },
  { method: 'GET', url: '/api/docs/yaml', access: 'public', expect: everyone(pub(200)) },
  { method: 'GET', url: '/api/docs/static/*', access: 'public', expect: everyone(pub(200)) },

  // Sign-in (spec §7.1 login edge): public. The login edge redirects to the issuer; the callback without a login
  // transaction redirects to the login page; a sign-in interaction that does not exist is 404.
  { method: 'GET', url: '/api/pub/sbnetloginedge/login', access: 'public', expect: everyone(pub(303)) },
  { method: 'GET', url: '/api/pub/sbnetloginedge/callback', access: 'public', expect: everyone(pub(303)) },
  {
    method: 'GET',
    url: '/api/pub/sbnetloginedge/interaction/:uid',
    access: 'public',
    expect: everyone(pub(404, 'NOT_FOUND')),
  },
  {
    method: 'POST',
    url: '/api/pub/sbnetloginedge/interaction/:uid/login',
    access: 'public',
    expect: everyone(pub(404, 'NOT_FOUND')),
  },
  // issue 18 item 2 (ADR 029): the passkey sign-in of the same interaction
  {
    method: 'POST',
    url: '/api/pub/sbnetloginedge/interaction/:uid/passkey-options',
    access: 'public',
    expect: everyone(pub(404, 'NOT_FOUND')),
  },
  {
    method: 'POST',
    url: '/api/pub/sbnetloginedge/interaction/:uid/passkey-login',
    access: 'public',
    expect: everyone(pub(404, 'NOT_FOUND')),
  },

  // The open doors (issue 17, wider-portal.md §1): public; the matrix's request is an empty body, refused alike.
  ...OPEN_DOOR_PATHS.map(
    (url): MatrixEntry => ({
      method: 'POST',
      url,
      access: 'public',
      expect: everyone(pub(400, 'VALIDATION_FAILED')),
    }),
  ),

  // Quick Pay (issue 17 item 6): public; the matrix's request is an empty body, refused alike whoever sends it (a
  // signed-in user is a guest there too: nothing of the session is used).
  ...QUICK_PAY_PATHS.map(
    (url): MatrixEntry => ({
      method: 'POST',
      url,
      access: 'public',
      expect: everyone(pub(400, 'VALIDATION_FAILED')),
    }),
  ),
  // issue 23 item 2: client analytics' ingest, for anyone (a signed-in sender's batch carries the anti-forgery token)
  { method: 'POST', url: '/api/pub/analytics/v1/events', access: 'public', expect: everyone(pub(202)) },
  // issue 23 item 3: any signed-in user's own privacy settings and analytics events (their own rows, by pseudonym)
  { method: 'GET', url: '/api/pub/analytics/v1/privacy', access: 'session', expect: anySession(ok(200)) },
  { method: 'PUT', url: '/api/pub/analytics/v1/privacy', access: 'session', expect: anySession(ok(200)) },
  { method: 'GET', url: '/api/pub/analytics/v1/privacy/events', access: 'session', expect: anySession(ok(200)) },
  { method: 'DELETE', url: '/api/pub/analytics/v1/privacy/events', access: 'session', expect: anySession(ok(200)) },
  { method: 'GET', url: '/api/pub/analytics/v1/privacy/events/export', access: 'session', expect: anySession(ok(200)) },
  // the help centre (issue 21 items 1-2, spec §2.1 open pages): articles and search for anyone; an unknown article is
  // 404 and a search without its words 400, alike whoever asks
  { method: 'GET', url: '/api/pub/support/v1/articles', access: 'public', expect: everyone(pub(200)) },
  {
    method: 'GET',
    url: '/api/pub/support/v1/articles/:slug',
    access: 'public',
    expect: everyone(pub(404, 'NOT_FOUND')),
  },
  {
    method: 'GET',
    url: '/api/pub/support/v1/search',
    access: 'public',
    expect: everyone(pub(400, 'VALIDATION_FAILED')),
  },
  {
    method: 'GET',
    url: '/api/pub/support/v1/stores',
    access: 'public',
    expect: everyone(pub(400, 'VALIDATION_FAILED')),
  },
  // support forms (issue 21 item 4, spec §2.1 `/support/forms` open): a file, a ticket and a status link for anyone
  // (an empty request is refused alike whoever sends it); the tickets and the consented context for any signed-in user
  ...['/api/pub/support/v1/attachments', '/api/pub/support/v1/tickets', '/api/pub/support/v1/tickets/status'].map(
    (url): MatrixEntry => ({ method: 'POST', url, access: 'public', expect: everyone(pub(400, 'VALIDATION_FAILED')) }),
  ),
  { method: 'GET', url: '/api/pub/support/v1/tickets', access: 'session', expect: anySession(ok(200)) },
  { method: 'GET', url: '/api/pub/support/v1/tickets/context', access: 'session', expect: anySession(ok(200)) },
  // the outage map (issue 20 item 5, spec §2.1 open): the events for anyone; the address check refuses an empty body
  { method: 'GET', url: '/api/pub/outages/v1/outages', access: 'public', expect: everyone(pub(200)) },
  // issue 20 items 7-8: a callback (every user) and a credit or letter (billing roles) of a location or an outage that
  // is not the account's: 404 to every role allowed
  ...(
    [
      ['POST', '/api/pub/outages/v1/callbacks', 'account.view'],
      ['DELETE', '/api/pub/outages/v1/callbacks/:callbackId', 'account.view'],
      ['POST', '/api/pub/outages/v1/credits', 'billing.pay'],
      ['GET', '/api/pub/outages/v1/history/:reference/letter', 'billing.view'],
    ] as const
  ).map(
    ([method, url, access]): MatrixEntry => ({
      method,
      url,
      access,
      expect: {
        anonymous: UNAUTHENTICATED,
        PRIMARY: ok(404, 'NOT_FOUND'),
        ADMIN: ok(404, 'NOT_FOUND'),
        BILLING: ok(404, 'NOT_FOUND'),
        STANDARD: access === 'account.view' ? ok(404, 'NOT_FOUND') : FORBIDDEN,
        otherBusiness: ok(404, 'NOT_FOUND'),
      },
    }),
  ),
  {
    method: 'POST',
    url: '/api/pub/outages/v1/address-check',
    access: 'public',
    expect: everyone(pub(400, 'VALIDATION_FAILED')),
  },
  // issue 23 item 6: the partner footprint checks (spec §7.1), for anyone alike
  ...PARTNER_LOCATION_PATHS.map(
    (url): MatrixEntry => ({ method: 'GET', url, access: 'public', expect: everyone(pub(200)) }),
  ),
  // issue 23 item 6: the member edge (spec §7.1) with harbor-staff's guid: their own (200); anyone else's, of Harbor or
  // not, is not found
  {
    method: 'GET',
    url: MEMBER_PATH,
    access: 'session',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(404, 'NOT_FOUND'),
      ADMIN: ok(404, 'NOT_FOUND'),
      BILLING: ok(404, 'NOT_FOUND'),
      STANDARD: ok(200),
      otherBusiness: NOT_FOUND,
    },
  },
  // tracking a visit (issue 20 item 3): public; an empty body is refused alike whoever sends it (a signed-in user is
  // a visitor there too: the link, not the session, names the visit)
  ...TRACKING_PATHS.map(
    (url): MatrixEntry => ({
      method: 'POST',
      url,
      access: 'public',
      expect: everyone(pub(400, 'VALIDATION_FAILED')),
    }),
  ),

  // Pay links (issue 17 item 7): `billing.pay`. The list and a new link are the caller's own account's; revoking
  // names Harbor's link (404 to Riverbend; revoking a revoked link answers it as it is).
  {
    method: 'GET',
    url: PAY_LINKS_PATH,
    access: 'billing.pay',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(200),
      ADMIN: ok(200),
      BILLING: ok(200),
      STANDARD: FORBIDDEN,
      otherBusiness: ok(200),
    },
  },
  {
    method: 'POST',
    url: PAY_LINKS_PATH,
    access: 'billing.pay',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(201),
      ADMIN: ok(201),
      BILLING: ok(201),
      STANDARD: FORBIDDEN,
      otherBusiness: ok(201),
    },
  },
  {
    method: 'POST',
    url: PAY_LINK_REVOKE_PATH,
    access: 'billing.pay',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(200),
      ADMIN: ok(200),
      BILLING: ok(200),
      STANDARD: FORBIDDEN,
      otherBusiness: NOT_FOUND,
    },
  },

  // The audit log (issue 18 item 6, wider-portal.md §4): PRIMARY and ADMIN (audit.view), each of their own account.
  ...[AUDIT_LOG_PATH, AUDIT_LOG_EXPORT_PATH].map(
    (url): MatrixEntry => ({
      method: 'GET',
      url,
      access: 'audit.view',
      expect: {
        anonymous: UNAUTHENTICATED,
        PRIMARY: ok(200),
        ADMIN: ok(200),
        BILLING: FORBIDDEN,
        STANDARD: FORBIDDEN,
        otherBusiness: ok(200),
      },
    }),
  ),

  // Users and roles (issue 18 item 5, wider-portal.md §4): PRIMARY and ADMIN (users.manage), each of their own
  // account. The requests name Harbor's users (otherBusiness: 404), or a made-up id (404 after the access check); a
  // Primary transfer by an ADMIN is refused by the service (403), to a STANDARD user it is 422.
  ...(
    [
      ['GET', USERS_PATH, ok(200)],
      ['PUT', USER_ROLE_PATH, ok(200)],
      ['PUT', USER_ACCESS_PATH, ok(200)],
      ['POST', USER_DEACTIVATE_PATH, ok(200)],
      ['POST', USER_REACTIVATE_PATH, ok(200)],
      ['DELETE', USER_PATH, ok(404, 'NOT_FOUND')],
      ['GET', INVITATIONS_PATH, ok(200)],
      ['POST', INVITATIONS_PATH, ok(201)],
      ['POST', INVITATION_RESEND_PATH, ok(404, 'NOT_FOUND')],
      ['DELETE', INVITATION_PATH, ok(404, 'NOT_FOUND')],
    ] as const
  ).map(
    ([method, url, allowed]): MatrixEntry => ({
      method,
      url,
      access: 'users.manage',
      expect: {
        anonymous: UNAUTHENTICATED,
        PRIMARY: allowed,
        ADMIN: allowed,
        BILLING: FORBIDDEN,
        STANDARD: FORBIDDEN,
        // a list or an invitation of their own account; Harbor's users and made-up ids are not theirs
        otherBusiness: url === USERS_PATH || url === INVITATIONS_PATH ? allowed : NOT_FOUND,
      },
    }),
  ),
  {
    method: 'POST',
    url: PRIMARY_TRANSFER_PATH,
    access: 'users.manage',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(422, 'PRIMARY_TRANSFER_INVALID'),
      ADMIN: FORBIDDEN,
      BILLING: FORBIDDEN,
      STANDARD: FORBIDDEN,
      otherBusiness: NOT_FOUND,
    },
  },

  // Session (spec §4, product-decisions.md): the anti-forgery token and sign-out are public (sign-out only checks
  // the token when signed in); the profile, keep-alive and language need a session, any role.
  { method: 'GET', url: '/api/pub/session/v1/csrf', access: 'public', expect: everyone(pub(200)) },
  {
    method: 'GET',
    url: '/api/pub/session/v1/profile',
    access: 'session',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(200),
      ADMIN: ok(200),
      BILLING: ok(200),
      STANDARD: ok(200),
      otherBusiness: ok(200),
    },
  },
  {
    method: 'POST',
    url: '/api/pub/session/v1/ping',
    access: 'session',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(200),
      ADMIN: ok(200),
      BILLING: ok(200),
      STANDARD: ok(200),
      otherBusiness: ok(200),
    },
  },
  // wider-portal.md §3 step-up: any signed-in user, with their own password
  { method: 'POST', url: STEP_UP_PATH, access: 'session', expect: anySession(ok(200)) },
  // its second way (issue 18 item 3): options for a caller with a passkey; an assertion that verifies nowhere
  { method: 'POST', url: STEP_UP_PASSKEY_OPTIONS_PATH, access: 'session', expect: anySession(ok(200)) },
  {
    method: 'POST',
    url: STEP_UP_PASSKEY_PATH,
    access: 'session',
    expect: anySession(ok(422, 'PASSKEY_REFUSED')),
  },
  // issue 18 item 2: any signed-in user's own sessions (another session of the caller's, ended: 200) and password (the
  // right current password and a new one the policy refuses: 422, nothing changed)
  { method: 'GET', url: SESSIONS_PATH, access: 'session', expect: anySession(ok(200)) },
  { method: 'POST', url: SESSION_END_PATH, access: 'session', expect: anySession(ok(200)) },
  { method: 'POST', url: SESSIONS_END_OTHERS_PATH, access: 'session', expect: anySession(ok(200)) },
  { method: 'POST', url: PASSWORD_CHANGE_PATH, access: 'session', expect: anySession(ok(422, 'PASSWORD_REFUSED')) },
  // issue 18 item 1: any signed-in user's own personal details (a number that is no telephone number: 400, nothing
  // changed) and contact e-mail change (a link to the new address: 202); the company details need company.manage
  { method: 'GET', url: PERSONAL_DETAILS_PATH, access: 'session', expect: anySession(ok(200)) },
  { method: 'PUT', url: PERSONAL_DETAILS_PATH, access: 'session', expect: anySession(ok(400, 'VALIDATION_FAILED')) },
  // issue 18 item 4: one's own notifications matrix (the matrix's PUT names one event of the role's: refused, too few)
  { method: 'GET', url: NOTIFICATIONS_PATH, access: 'session', expect: anySession(ok(200)) },
  { method: 'PUT', url: NOTIFICATIONS_PATH, access: 'session', expect: anySession(ok(400, 'VALIDATION_FAILED')) },
  { method: 'POST', url: EMAIL_CHANGE_PATH, access: 'session', expect: anySession(ok(202)) },
  {
    method: 'GET',
    url: COMPANY_DETAILS_PATH,
    access: 'company.manage',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(200),
      ADMIN: ok(200),
      BILLING: FORBIDDEN,
      STANDARD: FORBIDDEN,
      otherBusiness: ok(200),
    },
  },
  {
    method: 'PUT',
    url: COMPANY_DETAILS_PATH,
    access: 'company.manage',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(400, 'VALIDATION_FAILED'),
      ADMIN: ok(400, 'VALIDATION_FAILED'),
      BILLING: FORBIDDEN,
      STANDARD: FORBIDDEN,
      otherBusiness: ok(400, 'VALIDATION_FAILED'),
    },
  },
  // issue 18 item 2 (ADR 029): any signed-in user's own passkeys: the list, a registration's options, an answer that
  // does not verify (422: no challenge of this session for it), a passkey of the caller's own renamed and removed
  { method: 'GET', url: PASSKEYS_PATH, access: 'session', expect: anySession(ok(200)) },
  { method: 'POST', url: PASSKEY_REGISTRATION_OPTIONS_PATH, access: 'session', expect: anySession(ok(200)) },
  { method: 'POST', url: PASSKEYS_PATH, access: 'session', expect: anySession(ok(422, 'PASSKEY_REFUSED')) },
  { method: 'PATCH', url: PASSKEY_PATH, access: 'session', expect: anySession(ok(200)) },
  { method: 'POST', url: PASSKEY_REMOVE_PATH, access: 'session', expect: anySession(ok(204)) },
  {
    method: 'PUT',
    url: '/api/pub/session/v1/language',
    access: 'session',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(204),
      ADMIN: ok(204),
      BILLING: ok(204),
      STANDARD: ok(204),
      otherBusiness: ok(204),
    },
  },
  { method: 'POST', url: '/api/pub/session/v1/logout', access: 'public', expect: everyone(pub(204)) },

  // What the shell needs before sign-in: public.
  { method: 'GET', url: '/api/pub/meta/v1/config', access: 'public', expect: everyone(pub(200)) },
  { method: 'GET', url: '/api/pub/flags/v1/flags', access: 'public', expect: everyone(pub(200)) },

  // Account (spec §7.1): `account.view`, which every role has; CPNI compliance needs a session only (ADR 008).
  // Services and equipment (issue 19 item 1): every role reads them; naming a device is the admin group's
  // (services.manage), and another business's device is 404
  {
    method: 'PUT',
    url: '/api/pub/services/v1/equipment/:equipmentId/nickname',
    access: 'services.manage',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(200),
      ADMIN: ok(200),
      BILLING: FORBIDDEN,
      STANDARD: FORBIDDEN,
      otherBusiness: NOT_FOUND,
    },
  },
  // issue 21 item 6: activating a self-install kit and setting its Wi-Fi, the admin group's; Harbor and Riverbend have no
  // kit (Maple's is activated in self-install.int.test.ts and e2e/specs/self-install.spec.ts): 404 to those allowed
  ...(['POST /api/pub/selfinstall/v1/kit/activation', 'PUT /api/pub/selfinstall/v1/kit/wifi'] as const).map(
    (key): MatrixEntry => ({
      method: key.split(' ')[0] as MatrixEntry['method'],
      url: key.split(' ')[1] as string,
      access: 'services.manage',
      expect: {
        anonymous: UNAUTHENTICATED,
        PRIMARY: ok(404, 'NOT_FOUND'),
        ADMIN: ok(404, 'NOT_FOUND'),
        BILLING: FORBIDDEN,
        STANDARD: FORBIDDEN,
        otherBusiness: ok(404, 'NOT_FOUND'),
      },
    }),
  ),
  // issue 21 item 7: the speed test's upload (counted and dropped) and its figures saved, for every member
  ...(
    [
      ['/api/pub/speedtest/v1/upload', 200],
      ['/api/pub/speedtest/v1/results', 201],
    ] as const
  ).map(
    ([url, status]): MatrixEntry => ({
      method: 'POST',
      url,
      access: 'account.view',
      expect: {
        anonymous: UNAUTHENTICATED,
        PRIMARY: ok(status),
        ADMIN: ok(status),
        BILLING: ok(status),
        STANDARD: ok(status),
        otherBusiness: ok(status),
      },
    }),
  ),
  // issue 21 item 5: troubleshooting's restart, the admin group's too
  {
    method: 'POST',
    url: '/api/pub/services/v1/equipment/:equipmentId/restart',
    access: 'services.manage',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(200),
      ADMIN: ok(200),
      BILLING: FORBIDDEN,
      STANDARD: FORBIDDEN,
      otherBusiness: NOT_FOUND,
    },
  },
  // Technician visits (issue 20 item 2, wider-portal.md §7): one visit and its calendar file for every user of the
  // account; confirming, moving and cancelling for PRIMARY, ADMIN and BILLING (appointments.manage). Another
  // business's visit is 404.
  ...(
    [
      ['GET', '/api/pub/sbnetserviceapptedge/v1/appointments/:appointmentId', 'account.view'],
      ['GET', '/api/pub/sbnetserviceapptedge/v1/appointments/calendar/:orderId/:jobId', 'account.view'],
      ['GET', '/api/pub/sbnetserviceapptedge/v1/appointments/:appointmentId/availability', 'appointments.manage'],
      ['POST', '/api/pub/sbnetserviceapptedge/v1/appointments/:appointmentId/confirm', 'appointments.manage'],
      ['POST', '/api/pub/sbnetserviceapptedge/v1/appointments/:appointmentId/reschedule', 'appointments.manage'],
      ['POST', '/api/pub/sbnetserviceapptedge/v1/appointments/:appointmentId/cancel', 'appointments.manage'],
    ] as const
  ).map(
    ([method, url, access]): MatrixEntry => ({
      method,
      url,
      access,
      expect: {
        anonymous: UNAUTHENTICATED,
        PRIMARY: ok(200),
        ADMIN: ok(200),
        BILLING: ok(200),
        STANDARD: access === 'account.view' ? ok(200) : FORBIDDEN,
        otherBusiness: NOT_FOUND,
      },
    }),
  ),
  // Change of service (issue 19 item 2): the admin group's (services.manage), each on its own account
  ...(
    [
      ['GET', '/api/pub/services/v1/changes/options', 200],
      ['POST', '/api/pub/services/v1/changes/preview', 200],
      ['POST', '/api/pub/services/v1/changes', 201],
    ] as const
  ).map(
    ([method, url, status]): MatrixEntry => ({
      method,
      url,
      access: 'services.manage',
      expect: {
        anonymous: UNAUTHENTICATED,
        PRIMARY: ok(status),
        ADMIN: ok(status),
        BILLING: FORBIDDEN,
        STANDARD: FORBIDDEN,
        // the request adds a phone line, which Riverbend (no business phone) cannot: refused on the field, after access
        otherBusiness: method === 'GET' ? ok(status) : ok(400, 'VALIDATION_FAILED'),
      },
    }),
  ),
  // The community variant (issue 22, wider-portal.md §10): `community.view` (every user of an account with a bulk
  // agreement) reads, `community.manage` (its admin group) changes. Harbor and Riverbend have none: refused before any
  // id is looked at (Lakeside's 404 for another account's property, unit, exception or contact: the IDOR cases and the
  // community, property-settings and tech-amenities int tests).
  ...(
    [
      // the portfolio and units (items 2-3)
      ['GET', COMMUNITY_PROPERTIES_PATH, 'community.view'],
      ['GET', COMMUNITY_UNITS_PATH, 'community.view'],
      ['GET', COMMUNITY_UNIT_PATH, 'community.view'],
      ['PUT', COMMUNITY_UNIT_ACCESS_PATH, 'community.manage'],
      ['PUT', COMMUNITY_UNIT_RESIDENT_PATH, 'community.manage'],
      ['POST', COMMUNITY_UNIT_WIFI_PATH, 'community.manage'],
      // residents from a CSV file (item 4)
      ['GET', RESIDENT_IMPORT_TEMPLATE_PATH, 'community.manage'],
      ['POST', RESIDENT_IMPORT_DRY_RUN_PATH, 'community.manage'],
      ['POST', RESIDENT_IMPORTS_PATH, 'community.manage'],
      // contract details and the ramp ledger (item 6)
      ['GET', TECH_AMENITIES_AGREEMENT_PATH, 'community.view'],
      ['GET', TECH_AMENITIES_AGREEMENT_DOCUMENT_PATH, 'community.view'],
      ['GET', TECH_AMENITIES_RAMP_LEDGER_PATH, 'community.view'],
      ['GET', TECH_AMENITIES_PROPERTY_RAMP_LEDGER_PATH, 'community.view'],
      // a property's settings: business hours and their exceptions, contacts, contact preferences (item 5)
      ['GET', PROPERTY_NAMES_PATH, 'community.view'],
      ['GET', PROPERTY_HOURS_PATH, 'community.view'],
      ['PUT', PROPERTY_HOURS_PATH, 'community.manage'],
      ['GET', PROPERTY_HOURS_EXCEPTIONS_PATH, 'community.view'],
      ['POST', PROPERTY_HOURS_EXCEPTIONS_PATH, 'community.manage'],
      ['PUT', PROPERTY_HOURS_EXCEPTION_PATH, 'community.manage'],
      ['DELETE', PROPERTY_HOURS_EXCEPTION_PATH, 'community.manage'],
      ['GET', PROPERTY_CONTACTS_PATH, 'community.view'],
      ['POST', PROPERTY_CONTACTS_PATH, 'community.manage'],
      ['PUT', PROPERTY_CONTACT_PATH, 'community.manage'],
      ['DELETE', PROPERTY_CONTACT_PATH, 'community.manage'],
      ['GET', PROPERTY_CONTACT_PREFERENCES_PATH, 'community.view'],
      ['PUT', PROPERTY_CONTACT_PREFERENCES_PATH, 'community.manage'],
    ] as const
  ).map(
    ([method, url, access]): MatrixEntry => ({
      method,
      url,
      access,
      expect: {
        anonymous: UNAUTHENTICATED,
        PRIMARY: FORBIDDEN,
        ADMIN: FORBIDDEN,
        BILLING: FORBIDDEN,
        STANDARD: FORBIDDEN,
        otherBusiness: FORBIDDEN,
      },
    }),
  ),
  // The voice manager (issue 19 items 3-4): CPNI (spec §2.1, ADR 008), `voice.manage`: the admin group of an account
  // with a phone-meta service. Riverbend has none: its PRIMARY is refused before any id is looked at.
  ...(
    [
      ['GET', '/api/pub/voice/v1/lines'],
      ['GET', '/api/pub/voice/v1/lines/:lineId/messages'],
      ['PATCH', '/api/pub/voice/v1/messages/:messageId'],
      ['GET', '/api/pub/phoneedge/v2/phone/messages/:messageId/media'],
      ['GET', '/api/pub/vox-con/voicemail/tn/:tn/unread-count'],
      ['GET', '/api/pub/voice/v1/lines/:lineId/calls'],
      ['GET', '/api/pub/voice/v1/lines/:lineId/calls/export'],
      ['PATCH', '/api/pub/voice/v1/lines/:lineId'],
      ['GET', '/api/pub/voice/v1/lines/:lineId/forwarding'],
      ['PUT', '/api/pub/voice/v1/lines/:lineId/forwarding'],
      ['GET', '/api/pub/voice/v1/lines/:lineId/call-guard'],
      ['PUT', '/api/pub/voice/v1/lines/:lineId/call-guard'],
      ['POST', '/api/pub/voice/v1/lines/:lineId/simulate'],
    ] as const
  ).map(
    ([method, url]): MatrixEntry => ({
      method,
      url,
      access: 'voice.manage',
      expect: {
        anonymous: UNAUTHENTICATED,
        PRIMARY: ok(200),
        ADMIN: ok(200),
        BILLING: FORBIDDEN,
        STANDARD: FORBIDDEN,
        otherBusiness: FORBIDDEN,
      },
    }),
  ),
  ...[
    '/api/pub/account/v1/accounts',
    '/api/pub/account/v1/services',
    // spec §7.1: the signed-in user's own assigned lines
    '/api/pub/phoneedge/v1/assignment/account',
    // spec §3/§4: the voice card (its CPNI parts only for a reader with access)
    '/api/pub/voice/v1/card',
    // issue 20 item 2: the account's technician visits (STANDARD views)
    '/api/pub/sbnetserviceapptedge/v1/appointments',
    // issue 20 item 6: outages and maintenance at the account's service address (spec §3 alerts)
    '/api/pub/alerts/v1/alerts',
    // issue 20 item 7: the outages at the account's locations and the user's own callbacks
    '/api/pub/outages/v1/callbacks',
    '/api/pub/valueaddedservices/v1/services',
    '/api/pub/services/v1/services',
    // issue 21 item 5: troubleshooting's check (an outage first, then the equipment)
    '/api/pub/support/v1/troubleshooting',
    // issue 21 item 6: the self-install kit (none: `kit: null`)
    '/api/pub/selfinstall/v1/kit',
    // issue 21 item 7: the speed test's bytes (an empty upload counts 0), its ping, and the user's own history
    '/api/pub/speedtest/v1/download',
    '/api/pub/speedtest/v1/ping',
    '/api/pub/speedtest/v1/results',
  ].map(
    (url): MatrixEntry => ({
      method: 'GET',
      url,
      access: 'account.view',
      expect: {
        anonymous: UNAUTHENTICATED,
        PRIMARY: ok(200),
        ADMIN: ok(200),
        BILLING: ok(200),
        STANDARD: ok(200),
        otherBusiness: ok(200),
      },
    }),
  ),
  {
    method: 'GET',
    url: '/api/pub/identity/v3/identity/cpni/compliance',
    access: 'session',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(200),
      ADMIN: ok(200),
      BILLING: ok(200),
      STANDARD: ok(200),
      otherBusiness: ok(200),
    },
  },

  // Billing reads (issue 4): `billing.view`, STANDARD 403 (spec §6). Lists and exports answer the caller's own
  // account; a Harbor statement id is 404 to Riverbend.
  ...[
    '/api/pub/billing/v1/summary',
    '/api/pub/account/v1/get-delinquency-schedule',
    '/api/pub/billing/v1/statements',
    '/api/pub/billing/v1/activity',
    '/api/pub/billing/v1/payments',
    '/api/pub/billing/v1/charges',
    '/api/pub/billing/v1/activity/export',
    '/api/pub/billing/v1/payments/export',
    '/api/pub/billing/v1/charges/export',
  ].map(
    (url): MatrixEntry => ({
      method: 'GET',
      url,
      access: 'billing.view',
      expect: {
        anonymous: UNAUTHENTICATED,
        PRIMARY: ok(200),
        ADMIN: ok(200),
        BILLING: ok(200),
        STANDARD: FORBIDDEN,
        otherBusiness: ok(200),
      },
    }),
  ),
  ...[
    '/api/pub/billing/v1/statements/:statementId',
    '/api/pub/billing/v1/statements/:statementId/pdf',
    '/api/pub/billing/v1/statements/:statementId/csv',
  ].map(
    (url): MatrixEntry => ({
      method: 'GET',
      url,
      access: 'billing.view',
      expect: {
        anonymous: UNAUTHENTICATED,
        PRIMARY: ok(200),
        ADMIN: ok(200),
        BILLING: ok(200),
        STANDARD: FORBIDDEN,
        otherBusiness: NOT_FOUND,
      },
    }),
  ),

  // The card vault (pci-edge): `billing.pay`. Tokenizing and the online-bank sign-in store for the caller's own
  // account (201); the security-code check of Harbor's saved Visa is 404 to Riverbend.
  {
    method: 'POST',
    url: '/api/pub/pciedge/pci/v1/payments',
    access: 'billing.pay',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(201),
      ADMIN: ok(201),
      BILLING: ok(201),
      STANDARD: FORBIDDEN,
      otherBusiness: ok(201),
    },
  },
  {
    method: 'POST',
    url: '/api/pub/pciedge/pci/v1/payments/verify',
    access: 'billing.pay',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(200),
      ADMIN: ok(200),
      BILLING: ok(200),
      STANDARD: FORBIDDEN,
      otherBusiness: NOT_FOUND,
    },
  },
  {
    method: 'POST',
    url: '/api/pub/pciedge/pci/v1/online-banking',
    access: 'billing.pay',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(201),
      ADMIN: ok(201),
      BILLING: ok(201),
      STANDARD: FORBIDDEN,
      otherBusiness: ok(201),
    },
  },

  // Payments (issue 5): paying needs `billing.pay`, a receipt `billing.view`. The requests pay with, read and
  // change Harbor's saved Visa and payments: all 404 to Riverbend.
  {
    method: 'GET',
    url: '/api/pub/billing/v1/payment-options',
    access: 'billing.pay',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(200),
      ADMIN: ok(200),
      BILLING: ok(200),
      STANDARD: FORBIDDEN,
      otherBusiness: ok(200),
    },
  },
  ...(
    [
      ['POST', '/api/pub/billing/v1/payments'],
      // spec §4 combined flows (issue 15): the payment with its Auto Pay and paperless parts
      ['POST', '/api/pub/billing/v1/checkout'],
      ['PUT', '/api/pub/billing/v1/scheduled-payments/:paymentId'],
      ['DELETE', '/api/pub/billing/v1/scheduled-payments/:paymentId'],
    ] as const
  ).map(
    ([method, url]): MatrixEntry => ({
      method,
      url,
      access: 'billing.pay',
      expect: {
        anonymous: UNAUTHENTICATED,
        PRIMARY: ok(200),
        ADMIN: ok(200),
        BILLING: ok(200),
        STANDARD: FORBIDDEN,
        otherBusiness: NOT_FOUND,
      },
    }),
  ),
  {
    method: 'GET',
    url: '/api/pub/billing/v1/payments/:paymentId',
    access: 'billing.view',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(200),
      ADMIN: ok(200),
      BILLING: ok(200),
      STANDARD: FORBIDDEN,
      otherBusiness: NOT_FOUND,
    },
  },

  // The wallet (issue 6): `billing.pay`. Saving a Harbor vault token (201), editing Harbor's Visa, deleting a Harbor
  // card: 404 to Riverbend.
  {
    method: 'GET',
    url: '/api/pub/billing/v1/payment-methods',
    access: 'billing.pay',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(200),
      ADMIN: ok(200),
      BILLING: ok(200),
      STANDARD: FORBIDDEN,
      otherBusiness: ok(200),
    },
  },
  {
    method: 'POST',
    url: '/api/pub/billing/v1/payment-methods',
    access: 'billing.pay',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(201),
      ADMIN: ok(201),
      BILLING: ok(201),
      STANDARD: FORBIDDEN,
      otherBusiness: NOT_FOUND,
    },
  },
  ...(['PATCH', 'DELETE'] as const).map(
    (method): MatrixEntry => ({
      method,
      url: '/api/pub/billing/v1/payment-methods/:paymentMethodId',
      access: 'billing.pay',
      expect: {
        anonymous: UNAUTHENTICATED,
        PRIMARY: ok(200),
        ADMIN: ok(200),
        BILLING: ok(200),
        STANDARD: FORBIDDEN,
        otherBusiness: NOT_FOUND,
      },
    }),
  ),

  // Auto Pay and paperless (issue 6): `billing.pay` on every route. Enrolling and changing the method name Harbor's
  // saved methods (404 to Riverbend); the debit day, cancellation and paperless apply to the caller's own account.
  ...(
    [
      ['GET', '/api/pub/billing/v1/autopay'],
      ['PUT', '/api/pub/billing/v1/autopay/date'],
      ['DELETE', '/api/pub/billing/v1/autopay'],
      ['PUT', '/api/pub/billing/v1/paperless'],
    ] as const
  ).map(
    ([method, url]): MatrixEntry => ({
      method,
      url,
      access: 'billing.pay',
      expect: {
        anonymous: UNAUTHENTICATED,
        PRIMARY: ok(200),
        ADMIN: ok(200),
        BILLING: ok(200),
        STANDARD: FORBIDDEN,
        otherBusiness: ok(200),
      },
    }),
  ),
  ...(
    [
      ['POST', '/api/pub/billing/v1/autopay'],
      ['PUT', '/api/pub/billing/v1/autopay/method'],
    ] as const
  ).map(
    ([method, url]): MatrixEntry => ({
      method,
      url,
      access: 'billing.pay',
      expect: {
        anonymous: UNAUTHENTICATED,
        PRIMARY: ok(200),
        ADMIN: ok(200),
        BILLING: ok(200),
        STANDARD: FORBIDDEN,
        otherBusiness: NOT_FOUND,
      },
    }),
  ),

  // Mobile billing and subscriptions (issue 7): reading `billing.view`, paying and cancelling `billing.pay`. The
  // suite gives Harbor a mobile line, a device, an order and a subscription (without a line every mobile path is 404
  // before it looks at an id). Paying Harbor's device, reading Harbor's order, cancelling Harbor's subscription: 404
  // to Riverbend.
  ...[
    '/api/pub/mobile/v1/billing',
    '/api/pub/mobile/v1/devices',
    '/api/pub/mobile/v1/transactions',
    '/api/pub/mobile/v1/orders',
    '/api/pub/billing/v1/subscriptions',
  ].map(
    (url): MatrixEntry => ({
      method: 'GET',
      url,
      access: 'billing.view',
      expect: {
        anonymous: UNAUTHENTICATED,
        PRIMARY: ok(200),
        ADMIN: ok(200),
        BILLING: ok(200),
        STANDARD: FORBIDDEN,
        otherBusiness: ok(200),
      },
    }),
  ),
  {
    method: 'GET',
    url: '/api/pub/mobile/v1/orders/:orderId',
    access: 'billing.view',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(200),
      ADMIN: ok(200),
      BILLING: ok(200),
      STANDARD: FORBIDDEN,
      otherBusiness: NOT_FOUND,
    },
  },
  {
    method: 'GET',
    url: '/api/pub/mobile/v1/payment-options',
    access: 'billing.pay',
    expect: {
      anonymous: UNAUTHENTICATED,
      PRIMARY: ok(200),
      ADMIN: ok(200),
      BILLING: ok(200),
      STANDARD: FORBIDDEN,
      otherBusiness: ok(200),
    },
  },
  ...(
    [
      ['POST', '/api/pub/mobile/v1/payments'],
      ['POST', '/api/pub/billing/v1/subscriptions/:subscriptionId/cancel'],
    ] as const
  ).map(
    ([method, url]): MatrixEntry => ({
      method,
      url,
      access: 'billing.pay',
      expect: {
        anonymous: UNAUTHENTICATED,
        PRIMARY: ok(200),
        ADMIN: ok(200),
        BILLING: ok(200),
        STANDARD: FORBIDDEN,
        otherBusiness: NOT_FOUND,
      },
    }),
  ),

  // Non-production knobs under /api/dev (product-decisions.md: demos and end-to-end tests move the billing clock,
  // flags and simulated faults). Registered outside production only (production's route table and OpenAPI have
  // none: plugins/dev-control.int.test.ts), for any signed-in user or the local operator's token, never anonymous
  // (issue 14 item 4). The requests change nothing: clear the maintenance override, read the fault knobs, reset the
  // clock.
  { method: 'PUT', url: '/api/dev/flags/:name', access: 'session', expect: anySession(ok(200)) },
  { method: 'PUT', url: '/api/dev/processor/faults', access: 'session', expect: anySession(ok(200)) },
  { method: 'PUT', url: '/api/dev/billing-system/faults', access: 'session', expect: anySession(ok(200)) },
  { method: 'PUT', url: '/api/dev/network-ops/faults', access: 'session', expect: anySession(ok(200)) },
  // issue 22 item 5: an outage made on demand over a served address; the request names one not on the network (404)
  { method: 'POST', url: '/api/dev/network-ops/events', access: 'session', expect: anySession(ok(404, 'NOT_FOUND')) },
  { method: 'PUT', url: '/api/dev/voice-platform/faults', access: 'session', expect: anySession(ok(200)) },
  { method: 'PUT', url: '/api/dev/dispatch/faults', access: 'session', expect: anySession(ok(200)) },
  { method: 'PUT', url: '/api/dev/provisioning/faults', access: 'session', expect: anySession(ok(200)) },
  { method: 'GET', url: '/api/dev/clock', access: 'session', expect: anySession(ok(200)) },
  // The mailbox (wider-portal.md §2): read-only, open without sign-in outside production (plugins/dev-control.ts).
  { method: 'GET', url: '/api/dev/mailbox/emails', access: 'public', expect: everyone(pub(200)) },
  {
    method: 'GET',
    url: '/api/dev/mailbox/emails/:emailId/html',
    access: 'public',
    expect: everyone(pub(404, 'NOT_FOUND')),
  },
  { method: 'GET', url: '/api/dev/mailbox/texts', access: 'public', expect: everyone(pub(200)) },
  // issue 23 item 2: the analytics event viewer's API, read-only and open as the mailbox (plugins/dev-control.ts)
  { method: 'GET', url: '/api/dev/analytics/v1/events', access: 'public', expect: everyone(pub(200)) },
  // issue 23 item 4: the server's log lines of a support code, beside the viewer's events (the same access)
  { method: 'GET', url: '/api/dev/analytics/v1/log-lines', access: 'public', expect: everyone(pub(200)) },
  { method: 'POST', url: '/api/dev/clock', access: 'session', expect: anySession(ok(200)) },

  // issue 23 item 5: the GraphQL endpoints (spec §7.2), POST and GET, asked `{ __typename }`. Each field needs the
  // capability of the REST route it mirrors: graphql-authorization.int.test.ts holds every field to this matrix.
  ...(['GET', 'POST'] as const).flatMap((method): MatrixEntry[] => [
    { method, url: GRAPHQL_PATH, access: 'session', expect: anySession(ok(200)) },
    { method, url: GRAPHQL_AUXILIARY_PATH, access: 'public', expect: everyone(pub(200)) },
    { method, url: GRAPHQL_VOICE_PATH, access: 'session', expect: anySession(ok(200)) },
  ]),
];

/** `METHOD url`: how routes are named in the suite's messages. */
export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
