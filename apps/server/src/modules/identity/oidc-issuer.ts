import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEFAULT_TARGET_URL, LOGIN_CALLBACK_PATH } from '@vireo/shared';
import type { FastifyInstance } from 'fastify';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';
import type { Db } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { createOidcAdapterFactory } from './oidc-adapter';
import type { IdentitySecrets } from './secrets';

export const ISSUER_PREFIX = '/oidc';
/** spec §7.1: the login edge's extra authorization parameters. */
export const LOGIN_EDGE_PARAMS = {
  identity_domain: 'consumer',
  use_case: 'portals',
  credential_type: 'password',
  account_type: 'COMMERCIAL',
  target: DEFAULT_TARGET_URL,
} as const;

// product-decisions.md: a code lives 60 s and is single-use (oidc-provider revokes the grant on reuse)
const TTL = {
  AuthorizationCode: 60,
  Interaction: 600,
  Session: 12 * 3600,
  Grant: 12 * 3600,
  IdToken: 300,
  AccessToken: 300,
};

/** The embedded OpenID Connect issuer (oidc-provider), mounted at /oidc, storing everything in the portal database. */
export function createIssuer(options: {
  publicUrl: string;
  clientId: string;
  /** Callbacks of other portal origins this issuer also serves. */
  extraRedirectUris?: string[];
  secrets: IdentitySecrets;
  db: Db;
  clock: Clock;
}): Provider {
  const { publicUrl, clientId, secrets } = options;
  const provider = new Provider(`${publicUrl}${ISSUER_PREFIX}`, {
    adapter: createOidcAdapterFactory(options.db, options.clock),
    clients: [
      {
        client_id: clientId,
        client_secret: secrets.clientSecret,
        redirect_uris: [`${publicUrl}${LOGIN_CALLBACK_PATH}`, ...(options.extraRedirectUris ?? [])],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    // PKCE on every request; oidc-provider accepts only S256, so `plain` is refused
    pkce: { required: () => true },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
    claims: { openid: ['sub'] },
    scopes: ['openid'],
    extraParams: Object.keys(LOGIN_EDGE_PARAMS),
    cookies: {
      keys: secrets.cookieSecrets,
      // the interaction cookie must reach the portal's API, not only the /login page it points at
      short: { path: '/', sameSite: 'lax', httpOnly: true, signed: true },
      long: { sameSite: 'lax', httpOnly: true, signed: true },
    },
    jwks: secrets.jwks as never,
    ttl: TTL,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/login?interaction=${encodeURIComponent(interaction.uid)}` },
    // The portal is the only client and is first-party: no consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const client = ctx.oidc.client;
      const session = ctx.oidc.session;
      if (!client || !session?.accountId) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid');
      await grant.save();
      return grant;
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      const text = String(out.error_description ?? out.error).replace(/[<>&"']/g, '');
      ctx.body = `<!doctype html><html lang="en"><title>Sign-in error</title><main><h1>Sign-in error</h1><p>${text}</p><p><a href="/login">Try again</a></p></main></html>`;
    },
  });
  // The provider (Koa) trusts X-Forwarded-Host/-Proto when `proxy` is on, with no notion of which peer sent them;
  // `mountIssuer` writes them from PUBLIC_URL on every request, so what it trusts is the portal's configuration,
  // never a client's header (issue 14 item 9), and an HTTPS PUBLIC_URL behind a TLS proxy still sets Secure cookies.
  provider.proxy = true;
  return provider;
}

/**
 * Mounts the issuer under /oidc; its body parsing and responses are oidc-provider's own. The host and protocol it
 * sees are PUBLIC_URL's (issue 14 item 9): discovery, redirects and the interaction's `redirectTo` name the portal,
 * whatever Host or X-Forwarded-* a request carried; the client address is Fastify's (TRUST_PROXY).
 */
export async function mountIssuer(app: FastifyInstance, provider: Provider, { publicUrl }: { publicUrl: string }) {
  const origin = new URL(publicUrl);
  const callback = provider.callback() as (req: IncomingMessage, res: ServerResponse) => void;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const handler = (request: { raw: IncomingMessage; ip: string }, reply: { hijack(): void; raw: ServerResponse }) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      raw.headers.host = origin.host;
      raw.headers['x-forwarded-host'] = origin.host;
      raw.headers['x-forwarded-proto'] = origin.protocol.replace(':', '');
      raw.headers['x-forwarded-for'] = request.ip;
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(ISSUER_PREFIX.length) || '/';
      callback(raw, reply.raw);
    };
    scope.all(ISSUER_PREFIX, { schema: { hide: true } }, handler);
    scope.all(`${ISSUER_PREFIX}/*`, { schema: { hide: true } }, handler);
  });
}
