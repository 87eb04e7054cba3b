import { existsSync } from 'node:fs';
import { resolve, sep } from 'node:path';
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

const INVALID_URL = 'The request URL is not valid';
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
 * issue 14 item 8: the file of the web root a request path names, '' when it can name none (the root itself), or
 * null when the path is not the root's: it is decoded once and refused with a NUL, a backslash or a `.`/`..`
 * segment, then confined to the root. Called before any file-system call, so what a path answers never depends on
 * what exists outside the web root.
 */
export function webRootFile(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\u0000') || decoded.includes('\\')) return null;
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) return null;
  const file = resolve(root, `.${decoded}`);
  // no file of the build has a `%` in its name (and the static server would decode it a second time)
  if (file === root || decoded.includes('%')) return '';
  return file.startsWith(`${root}${sep}`) ? file.slice(root.length + 1) : null;
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
        const file = webRootFile(dir, request.url.split('?')[0] ?? '/');
        if (file === null) return sendError(reply, request, new AppError('VALIDATION_FAILED', INVALID_URL));
        if (file === '') return sendError(reply, request, new AppError('NOT_FOUND', 'No such asset'));
        return reply.sendFile(file);
      });
    }
    // issue 14 item 15: the portal's own host names (PUBLIC_URL's and the other configured portal origins')
    const publicOrigin = new URL(app.portal.config.publicUrl).origin;
    const ownHostnames = new Set(app.portal.origins.map((origin) => new URL(origin).hostname.toLowerCase()));
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      if (hasApp && wantsPage && !path.startsWith('/api/') && !path.startsWith('/assets/')) {
        const file = webRootFile(dir as string, path);
        if (file === null) return sendError(reply, request, new AppError('VALIDATION_FAILED', INVALID_URL));
        // A page opened on another host (127.0.0.1 for localhost) would sign in nowhere: its cookies and the issuer
        // belong to PUBLIC_URL. It goes to the same path and query there: the target's origin is always PUBLIC_URL's
        // (the path is appended to it, never resolved against it), so no Host makes this an open redirect, and the
        // Host decides nothing else. The API answers on any host, as before.
        if (!ownHostnames.has(request.hostname.toLowerCase()) && /^\/[\x21-\x7e]*$/.test(request.url)) {
          return reply.redirect(`${publicOrigin}${request.url}`, 302);
        }
        if (/\.[a-z0-9]+$/i.test(file) && existsSync(resolve(dir as string, file))) return reply.sendFile(file);
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
