import { AppError, type Capability, COOKIES, CSRF_HEADER, isApiPath } from '@vireo/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthContext } from '../modules/identity/identity.service';
import { safeEqual, verifySignedToken } from '../platform/tokens';
import { isLocalOperator } from './dev-control';

/** Who may call a route: anyone, any signed-in user, or a signed-in user with a capability (spec §6). */
export type Access = 'public' | 'session' | Capability;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Declared by every API route; `public` when absent. */
    access?: Access;
    /** `when-signed-in`: a request without a live session skips the token check (it can change nothing). */
    csrf?: 'always' | 'when-signed-in';
    /** A non-production dev control (plugins/dev-control.ts): a session or the local operator; open in maintenance. */
    devControl?: true;
    /** wider-portal.md §3: a dangerous action, refused STEP_UP_REQUIRED without a sign-in in the last 10 minutes. */
    stepUp?: true;
  }
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie on API requests; null when not signed in. */
    auth: AuthContext | null;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);

/** Cookie options for everything the portal sets: Secure when the portal is served over HTTPS. */
export function cookieOptions(app: FastifyInstance, options: { httpOnly: boolean; maxAge?: number; path?: string }) {
  return {
    path: options.path ?? '/',
    sameSite: 'lax' as const,
    secure: app.portal.config.publicUrl.startsWith('https://'),
    httpOnly: options.httpOnly,
    ...(options.maxAge !== undefined ? { maxAge: options.maxAge } : {}),
  };
}

/**
 * Anti-forgery checks on every state-changing API request (quality-bars.md): fetch metadata must be same-origin,
 * an Origin header must be the portal's, a body must be JSON (no text/plain "simple" requests), and the
 * `X-CSRF-Token` header must match: the session's token when signed in, else a token signed by the server and
 * equal to the `vb_csrf` cookie (the sign-in form and the non-production tools).
 */
function checkCsrf(app: FastifyInstance, request: FastifyRequest) {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && !ALLOWED_FETCH_SITES.has(site))
    throw new AppError('CSRF_REJECTED', `fetch site ${site}`);
  const origin = request.headers.origin;
  if (origin !== undefined) {
    // the configured origins only, never one made of the request's own Host header (issue 14 item 4)
    if (!app.portal.origins.includes(origin)) throw new AppError('CSRF_REJECTED', `origin ${origin}`);
  }
  // the content types a cross-site form or `no-cors` fetch can send without a preflight
  const type = String(request.headers['content-type'] ?? '').toLowerCase();
  if (/^(text\/plain|application\/x-www-form-urlencoded|multipart\/form-data)\b/.test(type)) {
    throw new AppError('CSRF_REJECTED', `content type ${type}`);
  }
  if (!request.auth && request.routeOptions.config.csrf === 'when-signed-in') return;
  const header = request.headers[CSRF_HEADER];
  if (typeof header !== 'string' || header.length === 0) throw new AppError('CSRF_REJECTED', 'no token');
  if (request.auth) {
    if (!safeEqual(header, request.auth.session.csrfToken)) throw new AppError('CSRF_REJECTED', 'token mismatch');
    return;
  }
  const cookie = request.cookies[COOKIES.csrf];
  if (!cookie || !safeEqual(header, cookie) || !verifySignedToken(app.portal.secrets.cookieSecrets, header)) {
    throw new AppError('CSRF_REJECTED', 'anonymous token mismatch');
  }
}

/** The signed-in context of a request that passed its route's access check. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'sign-in required');
  return request.auth;
}

/** Who acts, as an account's module service takes it: the account, the user, what they may do, the account's clock. */
export type AccountActor = {
  accountId: string;
  userId: string;
  capabilities: readonly Capability[];
  timeZone: string;
  requestId: string;
};

export function accountActorOf(request: FastifyRequest): AccountActor {
  const auth = authOf(request);
  return {
    accountId: auth.accountId,
    userId: auth.userId,
    capabilities: auth.capabilities,
    timeZone: auth.account.timeZone,
    requestId: request.id,
  };
}

/**
 * On every API request: resolve the session, enforce the route's declared access (401 without a session, 401
 * IN_MAINTENANCE in maintenance, 403 without the capability), then the anti-forgery checks on state-changing
 * methods. Authentication comes first, so an expired session answers 401 and the client signs out.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const identity = app.portal.services.identity;
    app.decorateRequest('auth', null);

    app.addHook('onRequest', async (request) => {
      if (!isApiPath(request.url)) return;
      const token = request.cookies[COOKIES.session];
      if (token) request.auth = await identity.resolve(token);
      const access = request.routeOptions.config.access ?? 'public';
      if (access !== 'public') {
        // the dev controls (non-production only) also answer the local operator, and lift maintenance too
        const devControl = request.routeOptions.config.devControl === true;
        const operator = devControl && isLocalOperator(request, app.portal.devControlToken);
        if (!request.auth && !operator) throw new AppError('UNAUTHENTICATED', 'sign-in required');
        if (!devControl && (await app.portal.services.flags.isEnabled('maintenance', app.portal.environment))) {
          throw new AppError('IN_MAINTENANCE', 'the portal is in maintenance');
        }
        if (access !== 'session' && !request.auth?.capabilities.includes(access)) {
          throw new AppError('FORBIDDEN', `needs ${access}`);
        }
      }
      if (STATE_CHANGING.has(request.method)) checkCsrf(app, request);
      if (request.routeOptions.config.stepUp && request.auth) identity.requireRecentSignIn(request.auth);
    });
  },
  { name: 'auth', dependencies: ['@fastify/cookie'] },
);
