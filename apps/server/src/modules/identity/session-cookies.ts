import { AppError, COOKIES, PROFILE_COOKIE_PATH, SESSION_PROFILE_REMEMBER_SECONDS } from '@vireo/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cookieOptions } from '../../plugins/auth';
import type { AuthContext } from './identity.service';

/** The remembered username: the only thing the sign-in page needs to prefill (issue 14 item 12). */
type ProfileCookie = { username: string };

export function readProfileCookie(value: string | undefined): ProfileCookie | null {
  if (!value) return null;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<ProfileCookie>;
    return typeof parsed.username === 'string' && parsed.username.length <= 64 ? { username: parsed.username } : null;
  } catch {
    return null;
  }
}

/** Both the remembered username and the whole profile that earlier versions kept at `/`. */
export function clearProfileCookie(reply: FastifyReply) {
  reply.clearCookie(COOKIES.profile, { path: '/' });
  reply.clearCookie(COOKIES.profile, { path: PROFILE_COOKIE_PATH });
}

/**
 * Opens a portal session for a user who has just proved who they are, and sets the cookies of spec §3: the OIDC
 * callback after a sign-in, and an accepted invitation (wider-portal.md §1: "lands signed in"). A new session id at
 * every sign-in; the one the browser had before is ended.
 */
export async function openPortalSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  { userId, rememberMe }: { userId: string; rememberMe: boolean },
): Promise<AuthContext> {
  const { identity } = app.portal.services;
  const previous = request.cookies[COOKIES.session];
  if (previous) {
    const old = await identity.resolve(previous);
    if (old) await identity.revoke(old.session);
  }
  const { token, csrfToken } = await identity.createSession({
    userId,
    rememberMe,
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'],
  });
  const auth = await identity.resolve(token);
  if (!auth) throw new AppError('INTERNAL', 'new session did not resolve');
  reply.setCookie(COOKIES.session, token, cookieOptions(app, { httpOnly: true }));
  reply.setCookie(COOKIES.indicator, '1', cookieOptions(app, { httpOnly: false }));
  reply.setCookie(COOKIES.csrf, csrfToken, cookieOptions(app, { httpOnly: false }));
  // Remember me keeps the username, and only it, for the sign-in form (spec §3, §9: 90 days); without it nothing
  // of the user stays in the browser after sign-out. HttpOnly, and sent only to the login edge.
  clearProfileCookie(reply);
  if (rememberMe) {
    const { username } = await identity.profile(auth);
    reply.setCookie(
      COOKIES.profile,
      Buffer.from(JSON.stringify({ username } satisfies ProfileCookie)).toString('base64url'),
      cookieOptions(app, { httpOnly: true, path: PROFILE_COOKIE_PATH, maxAge: SESSION_PROFILE_REMEMBER_SECONDS }),
    );
  }
  return auth;
}
