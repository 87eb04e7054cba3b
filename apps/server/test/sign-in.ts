import { COOKIES, CSRF_HEADER, INTERACTION_LOGIN_PATH, INTERACTION_PATH, LOGIN_EDGE_PATH } from '@vireo/shared';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { CookieJar } from './cookie-jar';

export const DEMO_PASSWORD = 'Vireo-Demo-2026';

type Sent = Pick<InjectOptions, 'method' | 'headers' | 'payload'> & { url: string };
/** What a request answers, whichever way it travelled (inject's shape). */
export type Answer = {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: a test reads the JSON it expects, as inject's answers let it
  json: () => any;
};

/** A browser-like client: follows nothing by itself, keeps cookies, talks to the portal's public origin. */
export function browser(app: FastifyInstance, options: { remoteAddress?: string; userAgent?: string } = {}) {
  const origin = app.portal.config.publicUrl;
  const agent = options.userAgent ? { 'user-agent': options.userAgent } : {};
  return cookieClient(origin, (opts) =>
    app.inject({ ...opts, headers: { ...agent, ...opts.headers }, remoteAddress: options.remoteAddress }),
  );
}

/**
 * The same client over real HTTP, for a server running as a process (`startServerProcess`): `origin` is its
 * PUBLIC_URL, which the requests are sent to unless `route` names another server for a request (several instances
 * behind one public origin, as a load balancer spreads them: the headers stay the public origin's).
 */
export function httpBrowser(origin: string, options: { route?: (path: string) => string } = {}) {
  return cookieClient(origin, async (opts) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(opts.headers ?? {})) {
      if (value !== undefined && name !== 'host') headers.set(name, String(value));
    }
    const payload = opts.payload;
    const body = payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload);
    if (body !== undefined && typeof payload !== 'string' && !headers.has('content-type')) {
      headers.set('content-type', 'application/json');
    }
    const response = await fetch(new URL(opts.url, options.route?.(opts.url) ?? origin), {
      method: opts.method ?? 'GET',
      headers,
      body,
      redirect: 'manual',
    });
    const text = await response.text();
    const answerHeaders: Answer['headers'] = {};
    response.headers.forEach((value, name) => {
      answerHeaders[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) answerHeaders['set-cookie'] = cookies;
    return { statusCode: response.status, headers: answerHeaders, body: text, json: () => JSON.parse(text) };
  });
}

function cookieClient<R extends Answer>(origin: string, send: (opts: Sent) => Promise<R>) {
  const jar = new CookieJar();
  const host = new URL(origin).host;
  const request = async (opts: InjectOptions & { url: string }) => {
    const url = opts.url.startsWith('http') ? new URL(opts.url) : new URL(opts.url, origin);
    const response = await send({
      method: opts.method,
      payload: opts.payload,
      url: `${url.pathname}${url.search}`,
      headers: {
        host,
        cookie: jar.header(url.pathname),
        // behind a TLS-terminating proxy, as a portal served over HTTPS is
        ...(origin.startsWith('https://') ? { 'x-forwarded-proto': 'https' } : {}),
        ...(opts.headers ?? {}),
      },
    });
    jar.store(response.headers['set-cookie'] as string | string[] | undefined);
    return response;
  };
  /** The anti-forgery headers a page of the portal would send. */
  const csrf = () => ({ [CSRF_HEADER]: jar.get(COOKIES.csrf) ?? '', origin });
  return { jar, request, csrf, origin };
}

/** The in-process client (`browser`), whose answers are inject's. */
export type Browser = ReturnType<typeof browser>;

/** A POST with the browser's anti-forgery token (a session's, or a visitor's pair). */
export function post(b: Browser, url: string, payload: unknown, headers: Record<string, string> = {}) {
  return b.request({
    method: 'POST',
    url,
    headers: { ...b.csrf(), ...headers },
    payload: payload as Record<string, unknown>,
  });
}
/** Either client: what the sign-in and payment helpers need. */
export type Client = ReturnType<typeof cookieClient<Answer>>;

/** Starts a sign-in at the login edge and follows it to the sign-in form; returns the interaction id. */
export async function openSignInForm(b: Client, targetUrl?: string) {
  const start = await b.request({
    url: `${LOGIN_EDGE_PATH}${targetUrl === undefined ? '' : `?targetUrl=${encodeURIComponent(targetUrl)}`}`,
  });
  expect(start.statusCode).toBe(303);
  const authorize = await b.request({ url: String(start.headers.location) });
  expect(authorize.statusCode, authorize.body).toBe(303);
  const form = new URL(String(authorize.headers.location), b.origin);
  expect(form.pathname).toBe('/login');
  const uid = form.searchParams.get('interaction') ?? '';
  const details = await b.request({ url: INTERACTION_PATH.replace(':uid', uid) });
  expect(details.statusCode, details.body).toBe(200);
  return {
    uid,
    authorizeUrl: String(start.headers.location),
    details: details.json() as { csrfToken: string; username: string | null },
  };
}

/** Submits the sign-in form. */
export function submitSignIn<B extends Client>(
  b: B,
  uid: string,
  body: { username: string; password: string; rememberMe?: boolean },
) {
  return b.request({
    method: 'POST',
    url: INTERACTION_LOGIN_PATH.replace(':uid', uid),
    headers: b.csrf(),
    payload: { rememberMe: false, ...body },
  });
}

/** The whole redirect flow, as a browser follows it; returns where the portal finally sends the user. */
export async function signIn<B extends Client>(
  b: B,
  username: string,
  options: { password?: string; rememberMe?: boolean; targetUrl?: string } = {},
) {
  const { uid } = await openSignInForm(b, options.targetUrl);
  const submitted = await submitSignIn(b, uid, {
    username,
    password: options.password ?? DEMO_PASSWORD,
    rememberMe: options.rememberMe ?? false,
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const resume = await b.request({ url: submitted.json().redirectTo });
  expect(resume.statusCode, resume.body).toBe(303);
  const callback = await b.request({ url: String(resume.headers.location) });
  expect(callback.statusCode, callback.body).toBe(303);
  return { landing: String(callback.headers.location), callbackResponse: callback };
}
