import {
  AppError,
  COOKIES,
  CSRF_PATH,
  CsrfResponseSchema,
  INTERACTION_LOGIN_PATH,
  INTERACTION_PASSKEY_LOGIN_PATH,
  INTERACTION_PASSKEY_OPTIONS_PATH,
  INTERACTION_PATH,
  InteractionDetailsResponseSchema,
  LANGUAGE_PATH,
  LanguageRequestSchema,
  LOGIN_CALLBACK_PATH,
  LOGIN_EDGE_PATH,
  LOGOUT_PATH,
  LoginRequestSchema,
  LoginResponseSchema,
  PasskeyLoginRequestSchema,
  PasskeyOptionsResponseSchema,
  PING_PATH,
  PingResponseSchema,
  SESSION_IDLE_SECONDS,
  SESSION_PROFILE_PATH,
  SessionProfileSchema,
  SIGN_IN_REDIRECT_PAGE,
  STEP_UP_PASSKEY_OPTIONS_PATH,
  STEP_UP_PASSKEY_PATH,
  STEP_UP_PATH,
  StepUpPasskeyRequestSchema,
  StepUpRequestSchema,
  StepUpResponseSchema,
} from '@vireo/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import * as client from 'openid-client';
import { z } from 'zod';
import { randomToken, sha256, signToken } from '../../platform/tokens';
import { authOf, cookieOptions } from '../../plugins/auth';
import { isDatabaseUnavailable } from '../../plugins/error-handler';
import { rateLimitOptions } from '../../plugins/rate-limit';
import { createLoginEdgeClient } from './login-edge';
import { LOGIN_EDGE_PARAMS } from './oidc-issuer';
import { openPortalSession, readProfileCookie } from './session-cookies';
import { safeSignInTarget } from './sign-in-target';

const LOGIN_TRANSACTION_SECONDS = 600;

/**
 * Sign-in (spec §7.1 login edge, §2.3 post-login, §3 cookies) and the session endpoints (§4, product-decisions.md).
 * The issuer is either the embedded one (`provider`) or an external one (`OIDC_ISSUER_URL`); in the second case the
 * interaction endpoints do not exist here.
 */
export const identityRoutes: FastifyPluginAsyncZod<{ provider: Provider | null; clientSecret: string }> = async (
  app,
  { provider, clientSecret },
) => {
  const identity = app.portal.services.identity;
  const { clock, config } = app.portal;
  const edge = createLoginEdgeClient(app, { clientSecret });
  const callbackUrl = `${config.publicUrl}${LOGIN_CALLBACK_PATH}`;

  /** The token the caller must echo: its session's when signed in, else a fresh signed one; also set as the cookie. */
  const issueCsrfToken = (request: FastifyRequest, reply: FastifyReply) => {
    const csrfToken = request.auth?.session.csrfToken ?? signToken(app.portal.secrets.cookieSecrets[0] as string);
    reply.setCookie(COOKIES.csrf, csrfToken, cookieOptions(app, { httpOnly: false }));
    return csrfToken;
  };

  const clearSessionCookies = (reply: FastifyReply) => {
    for (const name of [COOKIES.session, COOKIES.indicator, COOKIES.csrf]) {
      reply.clearCookie(name, { path: '/' });
    }
  };

  // Starts the authorization-code flow: state, nonce and the PKCE verifier stay on the server.
  app.get(
    LOGIN_EDGE_PATH,
    { schema: { tags: ['identity'], querystring: z.object({ targetUrl: z.string().max(4096).optional() }) } },
    async (request, reply) => {
      const configuration = await edge.configuration();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const transaction = randomToken();
      const now = clock.now();
      await identity.startLoginTransaction({
        id: sha256(transaction),
        state,
        nonce,
        codeVerifier,
        targetUrl: safeSignInTarget(request.query.targetUrl),
        createdAt: now,
        expiresAt: new Date(now.getTime() + LOGIN_TRANSACTION_SECONDS * 1000),
      });
      const url = client.buildAuthorizationUrl(configuration, {
        redirect_uri: callbackUrl,
        scope: 'openid',
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        // every sign-in shows the form, whatever session the issuer still has
        prompt: 'login',
        ...LOGIN_EDGE_PARAMS,
      });
      reply.setCookie(COOKIES.login, transaction, {
        ...cookieOptions(app, { httpOnly: true, maxAge: LOGIN_TRANSACTION_SECONDS }),
        path: LOGIN_CALLBACK_PATH,
      });
      return reply.redirect(url.href, 303);
    },
  );

  // The issuer's answer: exchange the code (with the verifier), then open a portal session.
  app.get(LOGIN_CALLBACK_PATH, { schema: { tags: ['identity'], hide: true } }, async (request, reply) => {
    const cookie = request.cookies[COOKIES.login];
    reply.clearCookie(COOKIES.login, { path: LOGIN_CALLBACK_PATH });
    const transaction = cookie ? await identity.consumeLoginTransaction(sha256(cookie)) : undefined;
    if (!transaction || transaction.expiresAt <= clock.now()) {
      request.log.warn('sign-in callback without a live login transaction');
      return reply.redirect('/login?signInError=expired', 303);
    }
    let userId: string;
    try {
      const tokens = await client.authorizationCodeGrant(
        await edge.configuration(),
        new URL(request.url, config.publicUrl),
        {
          pkceCodeVerifier: transaction.codeVerifier,
          expectedState: transaction.state,
          expectedNonce: transaction.nonce,
        },
      );
      const sub = tokens.claims()?.sub;
      if (!sub) throw new Error('no subject in the ID token');
      userId = sub;
    } catch (error) {
      request.log.warn({ err: error }, 'sign-in callback refused');
      return reply.redirect('/login?signInError=failed', 303);
    }
    const rememberMe = request.cookies[COOKIES.remember] === '1';
    reply.clearCookie(COOKIES.remember, { path: LOGIN_CALLBACK_PATH });
    await openPortalSession(app, request, reply, { userId, rememberMe });
    const target = safeSignInTarget(transaction.targetUrl);
    return reply.redirect(`${SIGN_IN_REDIRECT_PAGE}?targetUrl=${encodeURIComponent(target)}`, 303);
  });

  if (provider) {
    const interactionParams = z.object({ uid: z.string().min(1).max(128) });

    const interactionFor = async (
      request: { raw: import('node:http').IncomingMessage },
      reply: FastifyReply,
      uid: string,
    ) => {
      try {
        const details = await provider.interactionDetails(request.raw, reply.raw);
        if (details.uid !== uid) throw new Error('interaction mismatch');
        return details;
      } catch (error) {
        // the issuer's storage is the database: unreachable is 503 (retry), not "no such sign-in"
        if (isDatabaseUnavailable(error)) throw error;
        throw new AppError('NOT_FOUND', 'no such sign-in in progress');
      }
    };

    app.get(
      INTERACTION_PATH,
      {
        schema: { tags: ['identity'], params: interactionParams, response: { 200: InteractionDetailsResponseSchema } },
      },
      async (request, reply) => {
        await interactionFor(request, reply, request.params.uid);
        const remembered = readProfileCookie(request.cookies[COOKIES.profile]);
        const csrfToken = issueCsrfToken(request, reply);
        return {
          uid: request.params.uid,
          username: remembered?.username ?? null,
          csrfToken,
        };
      },
    );

    /** Ends the interaction with the user signed in: the issuer redirects to the callback, which opens the session. */
    const completeLogin = async (request: FastifyRequest, reply: FastifyReply, userId: string, rememberMe: boolean) => {
      reply.setCookie(COOKIES.remember, rememberMe ? '1' : '0', {
        ...cookieOptions(app, { httpOnly: true, maxAge: LOGIN_TRANSACTION_SECONDS }),
        path: LOGIN_CALLBACK_PATH,
      });
      return provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: userId, remember: false } },
        { mergeWithLastSubmission: false },
      );
    };

    // the passkey sign-in's options (ADR 029): a challenge bound to this interaction, replacing an earlier one
    app.post(
      INTERACTION_PASSKEY_OPTIONS_PATH,
      {
        schema: { tags: ['identity'], params: interactionParams, response: { 200: PasskeyOptionsResponseSchema } },
      },
      async (request, reply) => {
        await interactionFor(request, reply, request.params.uid);
        return app.portal.services.passkeys.signInOptions(request.params.uid);
      },
    );

    await app.register(async (scope) => {
      // product-decisions.md: 20 attempts per minute per client address, then 429
      await scope.register(
        (await import('@fastify/rate-limit')).default,
        rateLimitOptions(app, {
          name: 'login',
          max: config.loginRateLimitPerMinute,
          windowMs: 60_000,
          message: 'too many sign-in attempts',
        }),
      );
      scope.withTypeProvider<ZodTypeProvider>().post(
        INTERACTION_LOGIN_PATH,
        {
          schema: {
            tags: ['identity'],
            params: interactionParams,
            body: LoginRequestSchema,
            response: { 200: LoginResponseSchema },
          },
        },
        async (request, reply) => {
          await interactionFor(request, reply, request.params.uid);
          const { username, password, rememberMe } = request.body;
          const userId = await identity.signIn(username, password);
          return { redirectTo: await completeLogin(request, reply, userId, rememberMe) };
        },
      );
      // issue 18 item 2 (ADR 029): a passkey's assertion, verified against this interaction's challenge, completes the
      // same login as the password form; limited with it
      scope.withTypeProvider<ZodTypeProvider>().post(
        INTERACTION_PASSKEY_LOGIN_PATH,
        {
          schema: {
            tags: ['identity'],
            params: interactionParams,
            body: PasskeyLoginRequestSchema,
            response: { 200: LoginResponseSchema },
          },
        },
        async (request, reply) => {
          await interactionFor(request, reply, request.params.uid);
          const userId = await app.portal.services.passkeys.signIn(request.params.uid, request.body.credential);
          return { redirectTo: await completeLogin(request, reply, userId, request.body.rememberMe ?? false) };
        },
      );
    });
  }

  app.get(
    CSRF_PATH,
    { schema: { tags: ['session'], response: { 200: CsrfResponseSchema } } },
    async (request, reply) => ({
      csrfToken: issueCsrfToken(request, reply),
    }),
  );

  app.get(
    SESSION_PROFILE_PATH,
    { schema: { tags: ['session'], response: { 200: SessionProfileSchema } }, config: { access: 'session' } },
    async (request) => identity.profile(authOf(request)),
  );

  app.post(
    PING_PATH,
    { schema: { tags: ['session'], response: { 200: PingResponseSchema } }, config: { access: 'session' } },
    async (request) => ({
      idleTimeoutSeconds: SESSION_IDLE_SECONDS,
      expiresAt: authOf(request).session.expiresAt.toISOString(),
    }),
  );

  // wider-portal.md §3 step-up: the password again makes the session count as signed in now. Limited per client
  // address like the sign-in (a wrong password also counts toward the user's lockout).
  await app.register(async (scope) => {
    await scope.register(
      (await import('@fastify/rate-limit')).default,
      rateLimitOptions(app, {
        name: 'step-up',
        max: config.loginRateLimitPerMinute,
        windowMs: 60_000,
        message: 'too many step-up attempts',
      }),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      STEP_UP_PATH,
      {
        schema: { tags: ['session'], body: StepUpRequestSchema, response: { 200: StepUpResponseSchema } },
        config: { access: 'session' },
      },
      async (request) => identity.stepUp(authOf(request), request.body.password),
    );
    // its second way, a passkey of the user's own (issue 18 item 3): options bound to the session, then the answer
    scope.withTypeProvider<ZodTypeProvider>().post(
      STEP_UP_PASSKEY_OPTIONS_PATH,
      {
        schema: { tags: ['session'], response: { 200: PasskeyOptionsResponseSchema } },
        config: { access: 'session' },
      },
      async (request) => app.portal.services.passkeys.stepUpOptions(authOf(request)),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      STEP_UP_PASSKEY_PATH,
      {
        schema: { tags: ['session'], body: StepUpPasskeyRequestSchema, response: { 200: StepUpResponseSchema } },
        config: { access: 'session' },
      },
      async (request) => app.portal.services.passkeys.stepUp(authOf(request), request.body.credential),
    );
  });

  app.put(
    LANGUAGE_PATH,
    { schema: { tags: ['session'], body: LanguageRequestSchema }, config: { access: 'session' } },
    async (request, reply) => {
      // issue 18 item 1: the language is part of the profile, and its change is audited there (area profile)
      const auth = authOf(request);
      await app.portal.services.profile.setLanguage(
        { userId: auth.userId, accountId: auth.accountId },
        request.body.language,
      );
      return reply.status(204).send();
    },
  );

  // Sign-out (spec §7.1): end the session, clear what the browser keeps, and let the client go to the login page.
  // Without a live session there is nothing to forge, so the anti-forgery token is only checked when signed in.
  app.post(
    LOGOUT_PATH,
    { schema: { tags: ['session'] }, config: { csrf: 'when-signed-in' } },
    async (request, reply) => {
      if (request.auth) await identity.revoke(request.auth.session);
      clearSessionCookies(reply);
      // a remembered username (login-edge path) stays; the whole profile that earlier versions kept at `/` goes
      reply.clearCookie(COOKIES.profile, { path: '/' });
      reply.header('clear-site-data', '"cache", "storage"');
      return reply.status(204).send();
    },
  );
};
