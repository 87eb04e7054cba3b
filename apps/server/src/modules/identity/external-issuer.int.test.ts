import { COOKIES, CSRF_HEADER, LOGIN_CALLBACK_PATH, SESSION_PROFILE_PATH } from '@vireo/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, PROD_SECRETS } from '../../../test/app';
import { CookieJar } from '../../../test/cookie-jar';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { freePort } from '../../../test/ports';
import { fixedClock } from '../../platform/clock';

// OIDC_ISSUER_URL: the portal signs users in through an issuer it does not host. Here the issuer is another
// portal instance on its own origin, reached over real HTTP, so discovery, the token exchange and the browser's
// trip between two origins all happen as they would with any external identity provider.

const clock = fixedClock('2026-11-21T15:00:00Z');
let database: TestDatabase;
let issuer: FastifyInstance;
let portal: FastifyInstance;
let issuerOrigin: string;
let portalOrigin: string;

beforeAll(async () => {
  database = await createTestDatabase({ seed: clock.now() });
  const [issuerPort, portalPort] = [await freePort(), await freePort()];
  issuerOrigin = `http://127.0.0.1:${issuerPort}`;
  portalOrigin = `http://localhost:${portalPort}`;
  const shared = { OIDC_CLIENT_SECRET: PROD_SECRETS.OIDC_CLIENT_SECRET, COOKIE_SECRETS: PROD_SECRETS.COOKIE_SECRETS };
  ({ app: issuer } = await buildTestApp(database, {
    clock,
    env: { ...shared, PUBLIC_URL: issuerOrigin, OIDC_REDIRECT_URIS: `${portalOrigin}${LOGIN_CALLBACK_PATH}` },
  }));
  ({ app: portal } = await buildTestApp(database, {
    clock,
    env: { ...shared, PUBLIC_URL: portalOrigin, OIDC_ISSUER_URL: `${issuerOrigin}/oidc` },
  }));
  await issuer.listen({ port: issuerPort, host: '127.0.0.1' });
  await portal.listen({ port: portalPort, host: '127.0.0.1' });
});
afterAll(async () => {
  await portal?.close();
  await issuer?.close();
  await database?.close();
});

/** A browser over real HTTP: one cookie jar per origin, redirects followed by the test. */
function httpBrowser() {
  const jars = new Map<string, CookieJar>();
  const jar = (origin: string) => {
    if (!jars.has(origin)) jars.set(origin, new CookieJar());
    return jars.get(origin) as CookieJar;
  };
  return {
    jar,
    async go(url: string, init: RequestInit = {}) {
      const target = new URL(url);
      const headers = new Headers(init.headers);
      const cookie = jar(target.origin).header(target.pathname);
      if (cookie) headers.set('cookie', cookie);
      const response = await fetch(target, { ...init, headers, redirect: 'manual' });
      jar(target.origin).store(response.headers.getSetCookie());
      const location = response.headers.get('location');
      return { response, location: location ? new URL(location, target).href : null };
    },
  };
}

it('signs in through an external issuer and opens a session on the portal', async () => {
  const b = httpBrowser();
  const start = await b.go(`${portalOrigin}/api/pub/sbnetloginedge/login?targetUrl=%2Fbilling`);
  expect(start.response.status).toBe(303);
  expect(start.location?.startsWith(`${issuerOrigin}/oidc/auth?`)).toBe(true);
  // the interaction happens on the issuer's origin
  const authorize = await b.go(start.location as string);
  expect(authorize.response.status).toBe(303);
  const form = new URL(authorize.location as string);
  expect(form.origin).toBe(issuerOrigin);
  const uid = form.searchParams.get('interaction') as string;
  const details = await b.go(`${issuerOrigin}/api/pub/sbnetloginedge/interaction/${uid}`);
  expect(details.response.status).toBe(200);
  const login = await b.go(`${issuerOrigin}/api/pub/sbnetloginedge/interaction/${uid}/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: issuerOrigin,
      [CSRF_HEADER]: b.jar(issuerOrigin).get(COOKIES.csrf) ?? '',
    },
    body: JSON.stringify({ username: 'harbor-billing', password: 'Vireo-Demo-2026', rememberMe: false }),
  });
  expect(login.response.status).toBe(200);
  const { redirectTo } = (await login.response.json()) as { redirectTo: string };
  const resume = await b.go(new URL(redirectTo, issuerOrigin).href);
  expect(resume.location?.startsWith(`${portalOrigin}${LOGIN_CALLBACK_PATH}?`)).toBe(true);
  // back on the portal: the code is exchanged with the external issuer over HTTP
  const callback = await b.go(resume.location as string);
  expect(callback.response.status).toBe(303);
  expect(callback.location).toBe(`${portalOrigin}/sign-in-redirect?targetUrl=%2Fbilling`);
  const profile = await b.go(`${portalOrigin}${SESSION_PROFILE_PATH}`);
  expect(profile.response.status).toBe(200);
  expect(await profile.response.json()).toMatchObject({ username: 'harbor-billing', role: 'BILLING' });
  // the portal with an external issuer hosts no interaction endpoints of its own
  expect((await b.go(`${portalOrigin}/api/pub/sbnetloginedge/interaction/${uid}`)).response.status).toBe(404);
});
