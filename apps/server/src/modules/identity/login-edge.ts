import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { ISSUER_PREFIX } from './oidc-issuer';

/**
 * The login edge's OpenID Connect client configuration (openid-client), discovered once. For the embedded issuer
 * the HTTP calls go straight into this app (`inject`), so no instance ever calls itself over the network.
 */
export function createLoginEdgeClient(app: FastifyInstance, options: { clientSecret: string }) {
  const { config } = app.portal;
  const embedded = config.oidc.issuerUrl === undefined;
  const issuer = config.oidc.issuerUrl ?? `${config.publicUrl}${ISSUER_PREFIX}`;
  let discovered: Promise<client.Configuration> | undefined;

  const injectFetch = async (url: string, init: RequestInit): Promise<Response> => {
    const target = new URL(url);
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: { ...headers, host: target.host, 'x-forwarded-proto': target.protocol.replace(':', '') },
      payload: init.body === undefined || init.body === null ? undefined : String(init.body),
    });
    return new Response(response.rawPayload, {
      status: response.statusCode,
      headers: Object.entries(response.headers).flatMap(([name, value]) =>
        value === undefined
          ? []
          : (Array.isArray(value) ? value : [String(value)]).map((v) => [name, v] as [string, string]),
      ),
    });
  };

  return {
    issuer,
    configuration(): Promise<client.Configuration> {
      discovered ??= client
        .discovery(new URL(issuer), config.oidc.clientId, undefined, client.ClientSecretBasic(options.clientSecret), {
          ...(issuer.startsWith('http://') ? { execute: [client.allowInsecureRequests] } : {}),
          ...(embedded ? { [client.customFetch]: injectFetch } : {}),
        })
        .catch((error: unknown) => {
          discovered = undefined;
          throw error;
        });
      return discovered;
    },
  };
}
