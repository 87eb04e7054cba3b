/**
 * Business constants. Every number lives here once (product-decisions.md); nothing repeats them as literals.
 */

// spec §9
export const MAX_FUTURE_PAYMENTS = 2;
export const AUTO_PAY_DISCOUNT_CENTS = 500;
export const MIN_PAYMENT_CENTS = 100;
export const CVV_LENGTH = 3;
export const CVV_LENGTH_AMEX = 4;
export const ZIP_LENGTH = 5;
/** product-decisions.md is silent: the longest Name on Card / Name on Account the vault keeps. */
export const HOLDER_NAME_MAX_LENGTH = 100;
export const CARD_EXPIRY_MAX_YEARS = 20;
export const PAYMENT_POSTING_HOURS = 24;
export const SESSION_PROFILE_REMEMBER_SECONDS = 7_776_000;
export const ONE_DAY_SECONDS = 86_400;
export const KEEP_ALIVE_PING_SECONDS = 30;
export const IDLE_BEFORE_TIMEOUT_MODAL_SECONDS = 780;
export const TIMEOUT_MODAL_SECONDS = 120;
export const POST_LOGIN_REDIRECT_MS = 100;
export const BREAKPOINT_SIDE_MENU_PX = 1090;
export const SIDE_MENU_WIDTH_PX = 250;
export const NARROW_LAYOUT_PX = 608;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const REQUIREMENTS_VERSION = '2.3120';
export const APP_VERSION = '13.22.0-rc.0';
export const API_KEY = 'SMB';
export const CLIENT_TYPE = 'account-support SMB';
export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** A stored language (a user's, possibly unset) as a Locale: its own when it is one, else `fallback`. */
export function localeOf(language: string | null | undefined, fallback: Locale = DEFAULT_LOCALE): Locale {
  return (LOCALES as readonly string[]).includes(language ?? '') ? (language as Locale) : fallback;
}

// spec §9: environments are detected by host suffix
export const PORTAL_ENVS = ['dev', 'qa', 'engprod', 'stage', 'prod', 'uat', 'ephemeral', 'docker', 'mock'] as const;
export type PortalEnv = (typeof PORTAL_ENVS)[number];
/**
 * Spec §7.3: the header naming the platform a call came from; the portal's browser app sends `web`. Here, not with
 * the analytics schemas: every page's first script sends it, and importing it from there kept those schemas in it.
 */
export const PLATFORM_HEADER = 'x-sspp-platform';
export const WEB_PLATFORM = 'web';
/**
 * Spec §7.3: a call's trace id. The browser names each of its calls with one (issue 23 item 4: its support code) and
 * the server answers it back, or its own request id for a caller that sent none.
 */
export const TRACE_HEADER = 'x-trace-id';

/**
 * Issue 23 item 3: set by the server to `operational` while the signed-in person has usage analytics off, so that
 * the browser's analytics client (which reads it, as it reads Global Privacy Control) does not send page views.
 * It grants and proves nothing: the ingest applies the person's stored choice itself.
 */
export const ANALYTICS_CHOICE_COOKIE = 'vb_analytics';

export const PORTAL_VARIANTS = ['business', 'community'] as const;
export type PortalVariant = (typeof PORTAL_VARIANTS)[number];

// product-decisions.md: brand and variants
export const DEFAULT_BRAND_NAME = 'Vireo Business';
export const COMMUNITY_BRAND_NAME = 'Vireo Community Solutions';
export const DOCUMENT_TITLE = {
  business: 'Vireo Business | My Account',
  community: 'Your Community Solutions Account',
};

// product-decisions.md: billing cycle
export const CYCLE_DAY_MIN = 1;
export const CYCLE_DAY_MAX = 28;
export const STATEMENT_VISIBLE_AFTER_DAYS = 1;
export const DUE_AFTER_STATEMENT_DAYS = 21;

// product-decisions.md: delinquency thresholds, in days past the due date of the oldest unpaid statement
export const DELINQUENCY_INTERRUPTION_WARNING_DAYS = 30;
export const DELINQUENCY_SUSPENSION_WARNING_DAYS = 45;
export const DELINQUENCY_SOFT_DISCONNECT_DAYS = 60;
export const DELINQUENCY_DISCONNECT_DAYS = 90;
export const DELINQUENCY_ANALYTICS_MIN_DAYS = 30;
export const CORE_RESTORE_MINUTES = 2;
export const MOBILE_RESTORE_MINUTES = 60;

/** spec §2.4: the mobile transactions' tabs, in their order (`all` is the page without a filter). */
export const MOBILE_TRANSACTION_TYPES = ['all', 'payments', 'refunds'] as const;

// product-decisions.md: one-time payments
export const MAX_PAYMENT_CENTS = 2_500_000;
export const LAST_FUTURE_PAYMENT_DAYS = 60;
export const PAYMENT_CUTOFF = { hour: 20, minute: 0, timeZone: 'America/New_York' } as const;

// product-decisions.md: Auto Pay and wallet
export const AUTO_PAY_CHANGE_LOCK_DAYS = 2;
export const MAX_SAVED_METHODS = 10;

// product-decisions.md: sessions and sign-in
export const SESSION_IDLE_SECONDS = 900;
export const SESSION_ABSOLUTE_SECONDS = 12 * 60 * 60;
export const LOGIN_LOCKOUT_FAILURES = 10;
export const LOGIN_LOCKOUT_WINDOW_MINUTES = 15;
export const LOGIN_LOCKOUT_MINUTES = 30;
export const LOGIN_RATE_LIMIT_PER_MINUTE = 20;

// Card testing (issue 14 item 11: trying stolen card numbers against the vault's checks and the processor).
// product-decisions.md and the spec give no numbers: these are ours (ADR 009), in the spirit of the sign-in limits.
/** Vault operations (tokenize, security-code check, bank sign-in) per account, and per client address, in a window. */
export const VAULT_ATTEMPTS_PER_WINDOW = 30;
export const VAULT_ATTEMPTS_WINDOW_MINUTES = 10;
/** Consecutive declines on an account after which each further attempt waits, the wait doubling with each decline. */
export const CARD_DECLINES_BEFORE_DELAY = 5;
export const CARD_DECLINE_FIRST_DELAY_SECONDS = 30;
/** Consecutive declines after which card and bank attempts on the account pause (as a sign-in lock does). */
export const CARD_DECLINES_BEFORE_PAUSE = 10;
export const CARD_DECLINE_PAUSE_MINUTES = 30;
/** How long a run of declines is remembered without a new one; a payment that goes through ends it at once. */
export const CARD_DECLINE_MEMORY_HOURS = 24;

/** Demo history length (demo-data.md): 13 months of statements per account. */
export const DEMO_HISTORY_MONTHS = 13;

/**
 * issue 14 item 5: the deepest JSON a request body may nest (objects and arrays). No API body comes near it; a deeper
 * one is refused with 400 while it is parsed, before anything walks it.
 */
export const MAX_JSON_DEPTH = 32;
/** Auto Pay enrolment scopes: the core services (Internet, TV, Business Phone) and Mobile, enrolled apart (spec §4). */
export const AUTO_PAY_SCOPES = ['core', 'mobile'] as const;

/** wider-portal.md §2: text messages wait out the quiet hours (21:00-08:00 in the account's time zone), security notices excepted. */
export const QUIET_HOURS = { startHour: 21, endHour: 8 } as const;
/**
 * An e-mail's delivery (wider-portal.md §2, issue 17): retried with exponential backoff from 30 s (30 s, 1 min, 2 min,
 * ... capped at an hour), 8 attempts in all (about an hour and a quarter), then left as failed.
 */
export const EMAIL_DELIVERY_ATTEMPTS = 8;
export const EMAIL_RETRY_FIRST_DELAY_MS = 30_000;
/** Any other job: retried from a minute, at most an hour apart, 10 attempts. */
export const JOB_ATTEMPTS = 10;
export const JOB_RETRY_FIRST_DELAY_MS = 60_000;
export const JOB_RETRY_MAX_DELAY_MS = 3_600_000;
/** How often a running server looks for e-mail to deliver (seconds matter to a person waiting for a link). */
export const EMAIL_DELIVERY_EVERY_MS = 2_000;
/** wider-portal.md §1 (NIST SP 800-63B, ASVS 5 V6): a password is 12-128 characters, with no composition rules. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
/** wider-portal.md §1: how long an e-mailed link works, by what it does (minutes). */
export const LINK_EXPIRY_MINUTES = {
  verify_email: 24 * 60,
  password_reset: 30,
  invitation: 72 * 60,
  email_change: 24 * 60,
  // a security notice's "This wasn't me" (issue 18 item 4): a week, for a notice read days later
  not_me: 7 * 24 * 60,
} as const;
/** "This wasn't me" removes the passkeys added within this many hours (wider-portal.md §3). */
export const NOT_ME_PASSKEY_HOURS = 24;
/** wider-portal.md §1: 3 wrong statement security codes for an account within an hour lock its registration an hour. */
export const REGISTRATION_CODE_FAILURES = 3;
export const REGISTRATION_LOCK_MINUTES = 60;
/** Requests that e-mail a person (recovery, registration, a new link), per client address in 10 minutes. */
export const EMAIL_REQUESTS_PER_WINDOW = 10;
export const EMAIL_REQUESTS_WINDOW_MINUTES = 10;
/** wider-portal.md §1 Quick Pay: account lookups (account number + service ZIP) per client address in 10 minutes. */
export const QUICK_PAY_LOOKUPS_PER_WINDOW = 5;
export const QUICK_PAY_WINDOW_MINUTES = 10;
/** Quick Pay payments (each with its own Idempotency-Key) per client address in 10 minutes. */
export const QUICK_PAY_PAYMENTS_PER_WINDOW = 20;
/** How long a Quick Pay session (the token a lookup answers) lets its guest tokenize and pay, from the lookup. */
export const QUICK_PAY_SESSION_MINUTES = 20;
/** wider-portal.md §1 pay links: an expiry of 1 to 30 days, one use or up to this many, a short optional note. */
export const PAY_LINK_MAX_DAYS = 30;
export const PAY_LINK_MAX_USES = 10;
export const PAY_LINK_NOTE_MAX_LENGTH = 200;
/** wider-portal.md §3 step-up: dangerous actions need a sign-in (password or passkey) within this many minutes. */
export const STEP_UP_MINUTES = 10;
/** wider-portal.md §4 time-boxed access: the inviter is reminded this many days before the access ends. */
export const ACCESS_END_REMINDER_DAYS = 3;
/** wider-portal.md §3 notifications: "Auto Pay draft coming" is sent this many days before the draft. */
export const AUTOPAY_UPCOMING_NOTICE_DAYS = 3;
/** How far ahead an invitation's end of access may be set (days). */
export const ACCESS_END_MAX_DAYS = 366;
/** wider-portal.md §4: the audit log keeps entries this many days. */
export const AUDIT_RETENTION_DAYS = 400;
/** The audit log's CSV export: at most this many entries per file (the filters narrow it). */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;
/**
 * The audit log's areas (wider-portal.md §4 filters): each action belongs to one, by its prefix (`auditAreaOf`).
 * Later areas (voice, appointments, …) add theirs here.
 */
export const AUDIT_AREAS = [
  'payments',
  'autopay',
  'wallet',
  'paperless',
  'pay_links',
  'users',
  'security',
  'profile',
  'services',
  /** Issue 19: voicemail, lines, forwarding and Call Guard. */
  'voice',
  /** Issue 20: technician visits. */
  'appointments',
  /** Issue 20 items 7-8: outage callbacks and credits. */
  'outages',
  /** Issue 21 item 4: support tickets. */
  'support',
  /** Issue 22: the community variant (units and residents, property settings, the agreement). */
  'community',
  'account',
] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];
/**
 * Every action the audit log records (issue 18 item 6), `<subject>.<verb>`: the prefix gives the area
 * (`auditAreaOf`), the verb the result (`failed`, `returned`, `…_refused` failed). Each has words in the web's and the
 * CSV's catalogs (tests hold them to this list); a later area adds its actions here.
 */
export const AUDIT_ACTIONS = [
  'payment.submitted',
  'payment.scheduled',
  'payment.scheduled_edited',
  'payment.cancelled',
  'payment.processing',
  'payment.pending',
  'payment.successful',
  'payment.failed',
  'payment.returned',
  'quick_pay.opened',
  'autopay.enrolled',
  'autopay.method_changed',
  'autopay.date_changed',
  'autopay.cancelled',
  'paperless.enrolled',
  'paperless.unenrolled',
  'payment_method.added',
  'payment_method.edited',
  'payment_method.deleted',
  'pay_link.created',
  'pay_link.revoked',
  'pay_link.used',
  'user.registered',
  'user.invited',
  'user.invitation_accepted',
  'user.invitation_resent',
  'user.invitation_deleted',
  'user.role_changed',
  'user.access_changed',
  'user.access_ended',
  'user.deactivated',
  'user.reactivated',
  'user.removed',
  'user.primary_transferred',
  'user.reset_requested',
  'user.password_reset',
  'registration.started',
  'registration.code_refused',
  'session.signed_in',
  'session.signed_in_passkey',
  'session.confirmed',
  'session.ended',
  'session.ended_others',
  'password.changed',
  'passkey.added',
  'passkey.renamed',
  'passkey.removed',
  'security.not_me',
  'profile.updated',
  'profile.language_changed',
  'profile.email_change_requested',
  'profile.email_changed',
  'company.updated',
  'notifications.changed',
  'mobile.restored',
  'service.restored',
  'subscription.cancelled',
  'equipment.renamed',
  // issue 21 item 5: troubleshooting's restart (it stayed offline: failed)
  'equipment.restarted',
  'equipment.restart_failed',
  // issue 21 item 6: self-install's activation steps (one failed: failed) and the gateway's Wi-Fi
  'self_install.step_completed',
  'self_install.step_failed',
  'self_install.wifi_set',
  // issue 21 item 7: a speed test's figures saved to the user's history
  'speed_test.recorded',
  // issue 19 item 2: a change of service (another internet tier, TV, a phone line)
  'service.changed',
  // issue 19 item 4: voicemail (wider-portal.md §6)
  'voicemail.heard',
  'voicemail.unheard',
  'voicemail.deleted',
  'voicemail.restored',
  // issue 19 items 6-8: lines, forwarding, Call Guard
  'voice_line.updated',
  'forwarding.changed',
  'call_guard.changed',
  // issue 20 item 2: technician visits (wider-portal.md §7)
  'appointment.confirmed',
  'appointment.rescheduled',
  'appointment.cancelled',
  // issue 20 items 7-8: outage callbacks and credits (wider-portal.md §8)
  'outage_callback.subscribed',
  'outage_callback.unsubscribed',
  'outage_credit.requested',
  // issue 21 item 4: support forms (wider-portal.md §9)
  'support_ticket.created',
  // issue 22 item 3: a community unit's access and resident (wider-portal.md §10); moved in/out by the lease job
  'unit.access_suspended',
  'unit.access_restored',
  'unit.wifi_sent',
  'unit.resident_updated',
  // a resident entered ahead to follow the current one (community_next_tenancies)
  'unit.next_resident_set',
  'unit.moved_in',
  'unit.moved_out',
  // issue 22 item 4: residents imported from a CSV file (one entry, beside each unit's own)
  'unit.residents_imported',
  // issue 22 item 5: a property's business hours, holidays and closures, contacts and contact preferences
  'business_hours.changed',
  'hours_exception.added',
  'hours_exception.changed',
  'hours_exception.removed',
  'property_contact.added',
  'property_contact.changed',
  'property_contact.removed',
  'contact_preferences.changed',
  /** Issue 23 item 3: the person's usage analytics choice, and their analytics events deleted. */
  'privacy.usage_changed',
  'privacy.events_deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
/** Who acted: a portal user, a guest (Quick Pay, a pay link), or Vireo itself (jobs: Auto Pay drafts, settlement). */
export const AUDIT_ACTOR_KINDS = ['user', 'guest', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];
export const AUDIT_RESULTS = ['succeeded', 'failed'] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];
const AUDIT_AREA_BY_PREFIX: Record<string, AuditArea> = {
  payment: 'payments',
  quick_pay: 'payments',
  autopay: 'autopay',
  payment_method: 'wallet',
  paperless: 'paperless',
  pay_link: 'pay_links',
  user: 'users',
  invitation: 'users',
  registration: 'users',
  session: 'security',
  password: 'security',
  passkey: 'security',
  step_up: 'security',
  security: 'security',
  profile: 'profile',
  company: 'profile',
  privacy: 'profile',
  notifications: 'profile',
  service: 'services',
  subscription: 'services',
  mobile: 'services',
  equipment: 'services',
  self_install: 'services',
  speed_test: 'services',
  voicemail: 'voice',
  voice_line: 'voice',
  forwarding: 'voice',
  call_guard: 'voice',
  appointment: 'appointments',
  outage_callback: 'outages',
  outage_credit: 'outages',
  support_ticket: 'support',
  unit: 'community',
  business_hours: 'community',
  hours_exception: 'community',
  property_contact: 'community',
  contact_preferences: 'community',
};
/** The area of an audit action (`payment.submitted` -> payments); `account` when its prefix is not listed. */
export function auditAreaOf(action: string): AuditArea {
  return AUDIT_AREA_BY_PREFIX[action.split('.')[0] ?? ''] ?? 'account';
}
