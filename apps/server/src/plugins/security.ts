import type { IncomingMessage, ServerResponse } from 'node:http';
import { isApiPath } from '@vireo/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** quality-bars.md: CSP, HSTS, nosniff, Referrer-Policy on every response. */
const applyHelmet = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // react-aria sets inline style attributes for positioning overlays
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      formAction: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
    },
  },
  strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
  frameguard: { action: 'deny' },
});

/** helmet's headers on the raw response, before anything is written to it. */
function applySecurityHeaders(request: IncomingMessage, response: ServerResponse): Promise<void> {
  return new Promise((resolve, reject) =>
    applyHelmet(request, response, (error) => (error ? reject(error) : resolve())),
  );
}

const isApiAnswer = (url: string) => isApiPath(url) && !url.startsWith('/api/docs');

/**
 * What the hooks below give every answer, for the router's own refusals (a malformed URL), which no hook sees
 * (app.ts `frameworkErrors`).
 */
export async function setSecurityHeadersWithoutHooks(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await applySecurityHeaders(request.raw, reply.raw);
  if (isApiAnswer(request.url)) reply.header('cache-control', 'no-store');
}

/** quality-bars.md: the security headers on every response; no-store on API responses. */
export const securityPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, reply) => applySecurityHeaders(request.raw, reply.raw));
    app.addHook('onSend', async (request, reply, payload) => {
      if (isApiAnswer(request.url)) reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'security' },
);
