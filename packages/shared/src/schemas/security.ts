import { z } from 'zod';
import { NewPasswordSchema } from './account-access';

/**
 * Security (issue 18 item 2, wider-portal.md §3), for any signed-in user about themselves: the sessions they are
 * signed in with (browser and OS from the user agent, the approximate place from the truncated address, last active,
 * this device marked), ending one or all the others, and changing the password (the current one required; every
 * other session ends). Passkeys come later.
 */
export const SESSIONS_PATH = '/api/pub/session/v1/sessions';
export const SESSION_END_PATH = `${SESSIONS_PATH}/:sessionId/end`;
export const SESSIONS_END_OTHERS_PATH = `${SESSIONS_PATH}/end-others`;
export const PASSWORD_CHANGE_PATH = '/api/pub/session/v1/password';
/** The page the security section lives on. */
export const PROFILE_SETTINGS_PAGE = '/profile-and-settings';

/** At most this many sessions are listed (a person has a few; the newest activity first). */
export const SESSIONS_LIST_MAX = 50;

export const SessionParamsSchema = z.strictObject({ sessionId: z.uuid() });

/**
 * Where a session was signed in from, as far as a truncated address tells (there is no place database): the /24 or
 * /48 prefix, or a private or loopback range ('local'), or nothing known.
 */
export const SessionPlaceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('address'), prefix: z.string() }),
  z.object({ kind: z.literal('local') }),
  z.object({ kind: z.literal('unknown') }),
]);
export type SessionPlace = z.infer<typeof SessionPlaceSchema>;

export const SignedInSessionSchema = z.object({
  /** A public id of its own (never the session token's hash). */
  id: z.uuid(),
  /** "Chrome 131"; null when the user agent does not say. */
  browser: z.string().nullable(),
  /** "macOS"; null when the user agent does not say. */
  os: z.string().nullable(),
  place: SessionPlaceSchema,
  createdAt: z.iso.datetime({ offset: true }),
  lastSeenAt: z.iso.datetime({ offset: true }),
  /** The session this request was made with ("this device"). */
  current: z.boolean(),
});
export type SignedInSession = z.infer<typeof SignedInSessionSchema>;

export const SessionsResponseSchema = z.object({ sessions: z.array(SignedInSessionSchema) });
export type SessionsResponse = z.infer<typeof SessionsResponseSchema>;

/** What an ending did: how many sessions it ended. */
export const SessionsEndedResponseSchema = z.object({ sessionsEnded: z.number().int().min(0) });
export type SessionsEndedResponse = z.infer<typeof SessionsEndedResponseSchema>;

export const ChangePasswordRequestSchema = z.strictObject({
  /** Checked as a sign-in is: a wrong one counts toward the lockout. */
  currentPassword: z.string().min(1).max(1024),
  newPassword: NewPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;
