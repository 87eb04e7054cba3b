import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  AppError,
  COOKIES,
  containsCardNumber,
  FLAGS_PATH,
  PORTAL_CONFIG_PATH,
  SESSION_PROFILE_PATH,
} from '@vireo/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './error-handler';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const preload = (path: string) => `<${path}>; rel=preload; as=fetch; crossorigin=use-credentials`;

/**
 * What the app asks for first, announced with the page (a `Link` header), so the browser fetches it while it is
 * still downloading the app's code instead of after (docs/performance.md, LCP): the portal configuration, and, when
 * the session hint cookie says there is a session, the session profile and the flags every signed-in page waits for
 * (visitors make no call that must fail, nor one their pages do not need).
 */
function firstRequests(cookies: Record<string, string | undefined>): string {
  const paths = [PORTAL_CONFIG_PATH];
  if (cookies[COOKIES.indicator] === '1') paths.push(SESSION_PROFILE_PATH, FLAGS_PATH);
  return paths.map(preload).join(', ');
}

/**
 * Serves the built web app: hashed assets cached for a year, compressed (brotli or gzip, made at build time), `index.html` revalidated every time, and a history
 * fallback so deep links load the app. Unknown `/api` paths answer the JSON 404 instead.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, { root }: { root: string | undefined }) => {
    const dir = root ? resolve(root) : undefined;
    const hasApp = dir !== undefined && existsSync(resolve(dir, 'index.html'));
    if (hasApp) {
      await app.register(fastifyStatic, {
        root: dir,
        wildcard: false,
        index: false,
        cacheControl: false,
        // the build writes `.br` and `.gz` twins of its text files (apps/web/vite.config.ts `precompressed`)
        preCompressed: true,
        setHeaders: (res, path) => {
          res.header('cache-control', path.includes('/assets/') ? IMMUTABLE : 'no-cache');
        },
      });
      app.get('/assets/*', { schema: { hide: true } }, (request, reply) => {
        const file = (request.params as { '*': string })['*'];
        return reply.sendFile(`assets/${file}`);
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      if (hasApp && wantsPage && !path.startsWith('/api/') && !path.startsWith('/assets/')) {
        if (/\.[a-z0-9]+$/i.test(path) && existsSync(resolve(dir as string, `.${path}`))) {
          return reply.sendFile(path.slice(1));
        }
        return reply
          .header('cache-control', 'no-cache')
          .header('link', firstRequests(request.cookies))
          .sendFile('index.html');
      }
      // the answer never echoes a card number sent in the path (issue 14 item 6)
      const shown = containsCardNumber(path) ? '(a path holding a card number)' : path;
      return sendError(reply, request, new AppError('NOT_FOUND', `No route for ${request.method} ${shown}`));
    });
  },
  { name: 'spa' },
);
