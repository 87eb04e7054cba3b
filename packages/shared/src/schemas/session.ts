import { z } from 'zod';
import { CAPABILITIES, PORTAL_ROLES, USER_TYPES } from '../roles';

// spec §7.1 and §3: the login edge, the session endpoints and the cookies
export const LOGIN_EDGE_PATH = '/api/pub/sbnetloginedge/login';
export const LOGIN_CALLBACK_PATH = '/api/pub/sbnetloginedge/callback';
export const INTERACTION_PATH = '/api/pub/sbnetloginedge/interaction/:uid';
export const INTERACTION_LOGIN_PATH = '/api/pub/sbnetloginedge/interaction/:uid/login';
export const LOGOUT_PATH = '/api/pub/session/v1/logout';
export const PING_PATH = '/api/pub/session/v1/ping';
export const SESSION_PROFILE_PATH = '/api/pub/session/v1/profile';
export const LANGUAGE_PATH = '/api/pub/session/v1/language';
/** An anti-forgery token for the caller: the session's when signed in, else a signed one (also set as a cookie). */
export const CSRF_PATH = '/api/pub/session/v1/csrf';
/** Where the login edge sends the browser after a successful sign-in (spec §2.4 names the sign-in-redirect page). */
export const SIGN_IN_REDIRECT_PAGE = '/sign-in-redirect';
export const DEFAULT_TARGET_URL = '/account-summary';

export const COOKIES = {
  /** Opaque session token: HttpOnly, SameSite=Lax, Secure over HTTPS. */
  session: 'vb_sid',
  /** spec §4: "a session cookie is set to 1"; readable by the client, grants nothing. */
  indicator: 'session',
  /** Anti-forgery token, readable by the client, echoed in the `X-CSRF-Token` header. */
  csrf: 'vb_csrf',
  /**
   * The remembered username (spec §3 session profile, §9 90 days), set only with Remember me: HttpOnly, scoped to
   * the login edge (`PROFILE_COOKIE_PATH`), holding the username and nothing else; never grants access by itself.
   * The rest of the session profile comes from `SESSION_PROFILE_PATH` (docs/security.md, issue 14 item 12).
   */
  profile: 'vb_profile',
  /** The login edge's transaction (state, nonce, PKCE verifier live on the server). */
  login: 'vb_login',
  /** The sign-in form's Remember me, carried to the callback (scoped to its path). */
  remember: 'vb_remember',
} as const;
export const CSRF_HEADER = 'x-csrf-token';
/** Where the remembered-username cookie is sent: the sign-in interaction reads it, the callback sets it. */
export const PROFILE_COOKIE_PATH = '/api/pub/sbnetloginedge/';

/** Only same-origin paths are accepted as a post-login target (spec §2.3); anything else goes to the default. */
export function safeTargetUrl(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return DEFAULT_TARGET_URL;
  // a path on this origin: not `//host` or `/\\host` (protocol-relative), no scheme, no control characters
  const hasControl = [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
  // (the server also drops a target holding a card number: identity/sign-in-target.ts, issue 14 item 6)
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || hasControl) {
    return DEFAULT_TARGET_URL;
  }
  const path = value.split(/[?#]/)[0] ?? '';
  if (path.startsWith('/api/') || path === '/login' || path === SIGN_IN_REDIRECT_PAGE) return DEFAULT_TARGET_URL;
  return value;
}

export const InteractionDetailsResponseSchema = z.object({
  uid: z.string(),
  /** Prefilled from the remembered session profile (Remember me). */
  username: z.string().nullable(),
  /** Anti-forgery token for the login form of this interaction. */
  csrfToken: z.string(),
});
export type InteractionDetailsResponse = z.infer<typeof InteractionDetailsResponseSchema>;

export const LoginResponseSchema = z.object({ redirectTo: z.string() });

/** spec §3 session profile, with the member details and what the user may do. */
export const SessionProfileSchema = z.object({
  accountType: z.literal('COMMERCIAL'),
  role: z.enum(PORTAL_ROLES),
  username: z.string(),
  guid: z.string(),
  accountNumber: z.string(),
  accountName: z.string(),
  zip: z.string(),
  footprint: z.enum(['CHTR', 'TWC', 'BHN']),
  userType: z.enum(USER_TYPES),
  rememberMe: z.boolean(),
  siteVersion: z.string(),
  isEnterprise: z.boolean(),
  hasBulkAgreement: z.boolean(),
  /** The language the user chose; null until they choose one (the device's language applies meanwhile). */
  language: z.enum(['en', 'es']).nullable(),
  capabilities: z.array(z.enum(CAPABILITIES)),
  memberDetails: z.object({ firstName: z.string(), lastName: z.string(), contactEmail: z.string() }),
  /**
   * The account's owner (its PRIMARY member), whom an access notice names as the person who can change a role
   * (issue 16 item 4); null when the account has none. Names only: no contact details of another member.
   */
  accountOwner: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  /** Session limits, so the client can time its warnings (spec §9). */
  idleTimeoutSeconds: z.number().int(),
  expiresAt: z.iso.datetime(),
});
export type SessionProfile = z.infer<typeof SessionProfileSchema>;

export const PingResponseSchema = z.object({ idleTimeoutSeconds: z.number().int(), expiresAt: z.iso.datetime() });

export const CsrfResponseSchema = z.object({ csrfToken: z.string() });

export const LanguageRequestSchema = z.strictObject({ language: z.enum(['en', 'es']) });
