import { COOKIES, LOGOUT_PATH, PING_PATH, PROFILE_COOKIE_PATH, SESSION_PROFILE_PATH } from '@vireo/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { browser, signIn } from '../../../test/sign-in';
import { auditEvents, memberships, users } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

const clock = fixedClock('2026-11-21T15:00:00Z');
let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase({ seed: clock.now() });
  ({ app } = await buildTestApp(database, { clock }));
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('sign-in through the OpenID Connect redirect flow', () => {
  it('signs harbor-owner in and lands on the requested page with a working session', async () => {
    const b = browser(app);
    const { landing } = await signIn(b, 'harbor-owner', { targetUrl: '/billing/pay-bill?open=otp' });
    expect(landing).toBe(`/sign-in-redirect?targetUrl=${encodeURIComponent('/billing/pay-bill?open=otp')}`);
    const profile = await b.request({ url: SESSION_PROFILE_PATH });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      username: 'harbor-owner',
      role: 'PRIMARY',
      accountName: 'Harbor Coffee Co.',
      accountType: 'COMMERCIAL',
    });
    expect(profile.json().capabilities).toContain('billing.pay');
    // "Signed in with the password" in Harbor's audit log
    const [owner] = await database.db
      .select({ id: users.id, accountId: memberships.accountId })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(eq(users.username, 'harbor-owner'));
    const entries = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'session.signed_in'), eq(auditEvents.actorUserId, owner?.id as string)));
    expect(entries.map((entry) => [entry.area, entry.actorKind, entry.accountId, entry.data])).toEqual([
      ['security', 'user', owner?.accountId, {}],
    ]);
  });

  it('names the account owner (its PRIMARY member) in every member’s profile, for access notices (issue 16)', async () => {
    const owner = browser(app);
    await signIn(owner, 'harbor-owner');
    const ownerProfile = (await owner.request({ url: SESSION_PROFILE_PATH })).json();
    const staff = browser(app);
    await signIn(staff, 'harbor-staff');
    const staffProfile = (await staff.request({ url: SESSION_PROFILE_PATH })).json();
    expect(staffProfile.role).toBe('STANDARD');
    expect(staffProfile.accountOwner).toEqual({
      firstName: ownerProfile.memberDetails.firstName,
      lastName: ownerProfile.memberDetails.lastName,
    });
    expect(staffProfile.accountOwner.firstName).not.toBe(staffProfile.memberDetails.firstName);
    // names only: no contact details of another member
    expect(Object.keys(staffProfile.accountOwner).sort()).toEqual(['firstName', 'lastName']);
  });

  it('matches usernames case-insensitively and defaults the target to /account-summary', async () => {
    const { landing } = await signIn(browser(app), 'Harbor-Billing');
    expect(landing).toBe('/sign-in-redirect?targetUrl=%2Faccount-summary');
  });

  it.each(['https://evil.example/phish', '//evil.example', '/api/pub/session/v1/logout', 'javascript:alert(1)'])(
    'sends a hostile targetUrl %j to /account-summary',
    async (targetUrl) => {
      const { landing } = await signIn(browser(app), 'harbor-admin', { targetUrl });
      expect(landing).toBe('/sign-in-redirect?targetUrl=%2Faccount-summary');
    },
  );

  it('sets the cookies of spec §3 with the right flags', async () => {
    const b = browser(app);
    await signIn(b, 'maple-owner');
    const session = b.jar.attributes(COOKIES.session)?.map((a) => a.toLowerCase()) ?? [];
    expect(session).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(session.some((a) => a.startsWith('max-age') || a.startsWith('expires'))).toBe(false);
    expect(b.jar.get(COOKIES.indicator)).toBe('1');
    expect(b.jar.attributes(COOKIES.indicator)?.map((a) => a.toLowerCase())).not.toContain('httponly');
    expect(b.jar.get(COOKIES.csrf)).toBeTruthy();
    // Remember me off: nothing of the user is kept in the browser for the sign-in page (issue 14 item 12)
    expect(b.jar.get(COOKIES.profile)).toBeUndefined();
  });

  it('marks every cookie Secure when the portal is served over HTTPS', async () => {
    const { app: secureApp } = await buildTestApp(database, {
      clock,
      env: { PUBLIC_URL: 'https://business.vireo.example' },
    });
    try {
      const b = browser(secureApp);
      const { landing } = await signIn(b, 'harbor-billing', { rememberMe: true });
      expect(landing).toBe('/sign-in-redirect?targetUrl=%2Faccount-summary');
      for (const name of [COOKIES.session, COOKIES.indicator, COOKIES.csrf, COOKIES.profile]) {
        expect(b.jar.attributes(name), name).toContain('Secure');
      }
    } finally {
      await secureApp.close();
    }
  });

  it('keeps the profile cookie 90 days with Remember me and prefills the username next time', async () => {
    const b = browser(app);
    await signIn(b, 'northgate-owner', { rememberMe: true });
    expect(b.jar.attributes(COOKIES.profile)).toContain('Max-Age=7776000');
    // issue 14 item 12: scripts cannot read it, it goes only to the login edge, and it holds the username alone
    expect(b.jar.attributes(COOKIES.profile)).toEqual(
      expect.arrayContaining(['HttpOnly', `Path=${PROFILE_COOKIE_PATH}`, 'SameSite=Lax']),
    );
    const profile = JSON.parse(Buffer.from(b.jar.get(COOKIES.profile) ?? '', 'base64url').toString());
    expect(profile).toEqual({ username: 'northgate-owner' });
    // the profile cookie alone grants nothing
    const stranger = browser(app);
    const forged = await stranger.request({
      url: SESSION_PROFILE_PATH,
      headers: { cookie: `${COOKIES.profile}=${b.jar.get(COOKIES.profile)}; ${COOKIES.indicator}=1` },
    });
    expect(forged.statusCode).toBe(401);
    const logout = await b.request({ method: 'POST', url: LOGOUT_PATH, headers: b.csrf() });
    expect(logout.statusCode).toBe(204);
    const { openSignInForm } = await import('../../../test/sign-in');
    const { details } = await openSignInForm(b);
    expect(details.username).toBe('northgate-owner');
  });

  it('forgets a remembered username at a sign-in without Remember me, and the whole profile an earlier version kept', async () => {
    const b = browser(app);
    await signIn(b, 'northgate-owner', { rememberMe: true });
    expect(b.jar.get(COOKIES.profile)).toBeTruthy();
    // the cookie earlier versions set at `/`, readable by scripts, with account number, company, ZIP and role
    const legacy = Buffer.from(JSON.stringify({ username: 'northgate-owner', accountNumber: '8255' })).toString(
      'base64url',
    );
    b.jar.store(`${COOKIES.profile}=${legacy}; Path=/; Max-Age=7776000`);
    const logout = await b.request({ method: 'POST', url: LOGOUT_PATH, headers: b.csrf() });
    expect(logout.statusCode).toBe(204);
    expect(b.jar.header('/account-summary')).not.toContain(COOKIES.profile);
    expect(b.jar.get(COOKIES.profile)).toBeTruthy();
    await signIn(b, 'northgate-owner');
    expect(b.jar.get(COOKIES.profile)).toBeUndefined();
  });

  it('issues a new session id at every sign-in and refuses the old one', async () => {
    const b = browser(app);
    await signIn(b, 'riverbend-owner');
    const first = b.jar.get(COOKIES.session);
    await signIn(b, 'riverbend-owner');
    const second = b.jar.get(COOKIES.session);
    expect(second).not.toBe(first);
    const old = await app.inject({ url: SESSION_PROFILE_PATH, headers: { cookie: `${COOKIES.session}=${first}` } });
    expect(old.statusCode).toBe(401);
  });
});

describe('sign-out', () => {
  it('ends the session, clears site data, and the old cookie is refused', async () => {
    const b = browser(app);
    await signIn(b, 'harbor-staff');
    const token = b.jar.get(COOKIES.session);
    const logout = await b.request({ method: 'POST', url: LOGOUT_PATH, headers: b.csrf() });
    expect(logout.statusCode).toBe(204);
    expect(logout.headers['clear-site-data']).toBe('"cache", "storage"');
    expect(b.jar.get(COOKIES.session)).toBeUndefined();
    const replay = await app.inject({ url: SESSION_PROFILE_PATH, headers: { cookie: `${COOKIES.session}=${token}` } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('UNAUTHENTICATED');
  });
});

describe('session limits on the server (product-decisions.md)', () => {
  it('ends a session idle for more than 900 s', async () => {
    const b = browser(app);
    await signIn(b, 'pinecrest-owner');
    clock.advance(899_000);
    expect((await b.request({ url: SESSION_PROFILE_PATH })).statusCode).toBe(200);
    clock.advance(901_000);
    const expired = await b.request({ url: SESSION_PROFILE_PATH });
    expect(expired.statusCode).toBe(401);
  });

  it('ends every session after 12 hours, however active', async () => {
    const b = browser(app);
    await signIn(b, 'summit-owner');
    for (let elapsed = 0; elapsed < 12 * 3600 - 800; elapsed += 800) {
      clock.advance(800_000);
      const ping = await b.request({ method: 'POST', url: PING_PATH, headers: b.csrf() });
      expect(ping.statusCode).toBe(200);
    }
    clock.advance(800_000);
    expect((await b.request({ method: 'POST', url: PING_PATH, headers: b.csrf() })).statusCode).toBe(401);
  });
});
