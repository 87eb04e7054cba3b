import {
  LOGIN_LOCKOUT_FAILURES,
  PASSWORD_CHANGE_PATH,
  SESSION_PROFILE_PATH,
  SESSIONS_END_OTHERS_PATH,
  SESSIONS_PATH,
  type SessionsResponse,
  STEP_UP_MINUTES,
  STEP_UP_PATH,
} from '@vireo/shared';
import { and, desc, eq, isNull, notInArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { browser, DEMO_PASSWORD, post, signIn } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { auditEvents, outboxEmails, sessions, users } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * Security (issue 18 item 2, wider-portal.md §3) through the API: the signed-in sessions (this device marked,
 * another browser's with its browser, OS and truncated address), ending one or all the others, and the password
 * change (the current password checked as a sign-in; the policy; every other session ends, this one stays).
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });
const MINUTE = 60_000;
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const NEW_PASSWORD = 'Lantern-Harbor-Tide-42';

let addresses = 0;
/** A browser of `username` signed in from a public address (or the one given), with a user agent. */
async function signedInFrom(username: string, userAgent: string, remoteAddress?: string) {
  addresses += 1;
  const b = browser(portal.app(), { remoteAddress: remoteAddress ?? `203.0.${addresses}.77`, userAgent });
  await signIn(b, username);
  return b;
}

async function sessionsOf(b: ReturnType<typeof browser>) {
  const answer = await b.request({ url: SESSIONS_PATH });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as SessionsResponse).sessions;
}

const endPath = (id: string) => `${SESSIONS_PATH}/${id}/end`;
const stillSignedIn = async (b: ReturnType<typeof browser>) =>
  (await b.request({ url: SESSION_PROFILE_PATH })).statusCode === 200;

async function lastAudit(username: string) {
  const { db } = portal.database();
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  const [row] = await db
    .select()
    .from(auditEvents)
    // the change's entry, not the sign-ins of this test's sessions (recorded at the same instant of the fixed clock)
    .where(
      and(
        eq(auditEvents.actorUserId, user?.id as string),
        notInArray(auditEvents.action, ['session.signed_in', 'session.signed_in_passkey', 'session.confirmed']),
      ),
    )
    .orderBy(desc(auditEvents.at))
    .limit(1);
  return row;
}

describe('the signed-in sessions', () => {
  it('lists the live sessions newest first, this device marked, another browser with its browser and place', async () => {
    const chrome = await signedInFrom('harbor-admin', CHROME_MAC, '198.51.100.23');
    clock.advance(MINUTE);
    const firefox = await signedInFrom('harbor-admin', FIREFOX_WINDOWS, '10.1.2.3');
    const sessions = await sessionsOf(firefox);
    expect(sessions).toHaveLength(2);
    const [mine, other] = sessions;
    expect(mine).toMatchObject({ current: true, browser: 'Firefox 133', os: 'Windows', place: { kind: 'local' } });
    expect(other).toMatchObject({
      current: false,
      browser: 'Chrome 131',
      os: 'macOS',
      place: { kind: 'address', prefix: '198.51.100.0' },
    });
    // the id is a public one, never the token's hash (64 hex characters)
    for (const session of sessions) expect(session.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(sessions)).not.toMatch(/[0-9a-f]{64}/);
    // the Chrome session sees the same two, itself marked
    expect((await sessionsOf(chrome)).map((s) => s.current)).toEqual([false, true]);
  });

  it('leaves out sessions idle past the limit and signed-out ones', async () => {
    const old = await signedInFrom('maple-owner', CHROME_MAC);
    clock.advance(16 * MINUTE);
    const now = await signedInFrom('maple-owner', FIREFOX_WINDOWS);
    const gone = await signedInFrom('maple-owner', FIREFOX_WINDOWS);
    await post(gone, '/api/pub/session/v1/logout', undefined);
    const sessions = await sessionsOf(now);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.current).toBe(true);
    expect(await stillSignedIn(old)).toBe(false);
  });

  it('ends one other session, which stops working at once; this device is refused (sign-out ends it)', async () => {
    const other = await signedInFrom('northgate-owner', CHROME_MAC);
    const me = await signedInFrom('northgate-owner', FIREFOX_WINDOWS);
    expect(await stillSignedIn(other)).toBe(true);
    const listed = await sessionsOf(me);
    const mine = listed.find((s) => s.current);
    const theirs = listed.find((s) => !s.current);
    const ended = await post(me, endPath(theirs?.id as string), undefined);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ sessionsEnded: 1 });
    expect(await stillSignedIn(other)).toBe(false);
    expect((await sessionsOf(me)).map((s) => s.current)).toEqual([true]);
    expect(await lastAudit('northgate-owner')).toMatchObject({ action: 'session.ended', area: 'security' });
    // an ended session is not found again; this device is refused
    expect((await post(me, endPath(theirs?.id as string), undefined)).statusCode).toBe(404);
    const self = await post(me, endPath(mine?.id as string), undefined);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.code).toBe('CONFLICT');
    expect(await stillSignedIn(me)).toBe(true);
  });

  it("answers another user's session id 404, and ends nothing", async () => {
    const riverbend = await signedInFrom('riverbend-owner', CHROME_MAC);
    const [theirs] = await sessionsOf(riverbend);
    const harbor = await signedInFrom('harbor-billing', FIREFOX_WINDOWS);
    const answer = await post(harbor, endPath(theirs?.id as string), undefined);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error.code).toBe('NOT_FOUND');
    expect(await stillSignedIn(riverbend)).toBe(true);
    expect((await post(harbor, endPath('not-a-uuid'), undefined)).statusCode).toBe(400);
  });

  it('ends every other session of the user, and only theirs', async () => {
    const a = await signedInFrom('summit-owner', CHROME_MAC);
    const b = await signedInFrom('summit-owner', CHROME_MAC);
    const me = await signedInFrom('summit-owner', FIREFOX_WINDOWS);
    const someoneElse = await signedInFrom('lakeside-manager', CHROME_MAC);
    const answer = await post(me, SESSIONS_END_OTHERS_PATH, undefined);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ sessionsEnded: 2 });
    expect([await stillSignedIn(a), await stillSignedIn(b), await stillSignedIn(me)]).toEqual([false, false, true]);
    expect(await stillSignedIn(someoneElse)).toBe(true);
    expect(await lastAudit('summit-owner')).toMatchObject({
      action: 'session.ended_others',
      area: 'security',
      data: { sessionsEnded: 2 },
    });
  });
});

describe('changing the password', () => {
  it("ends the other browser's session, keeps this one (proven now), e-mails a notice and signs in with the new one", async () => {
    const other = await signedInFrom('harbor-staff', CHROME_MAC);
    const me = await signedInFrom('harbor-staff', FIREFOX_WINDOWS);
    clock.advance((STEP_UP_MINUTES + 1) * MINUTE);
    await me.request({ url: SESSION_PROFILE_PATH });
    const answer = await post(me, PASSWORD_CHANGE_PATH, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ sessionsEnded: 1 });
    expect(await stillSignedIn(other)).toBe(false);
    expect(await stillSignedIn(me)).toBe(true);
    // proven now: a dangerous action goes through without asking again
    const { db } = portal.database();
    const [staff] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'harbor-staff'));
    const live = await db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, staff?.id as string), isNull(sessions.revokedAt)));
    expect(live.map((row) => row.authenticatedAt?.toISOString())).toEqual([clock.now().toISOString()]);
    const audit = await lastAudit('harbor-staff');
    expect(audit).toMatchObject({ action: 'password.changed', area: 'security', data: { sessionsEnded: 1 } });
    const [email] = await db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.kind, 'password-changed'), eq(outboxEmails.toAddress, (await staffEmail()) as string)))
      .orderBy(desc(outboxEmails.createdAt))
      .limit(1);
    expect(email?.subject).toBe('Your password was changed');
    expect(email?.body).toContain('every other session was signed out');
    // the old password no longer signs in; the new one does
    const fresh = browser(portal.app(), { remoteAddress: '203.0.200.1' });
    await expect(signIn(fresh, 'harbor-staff')).rejects.toThrow();
    await signIn(fresh, 'harbor-staff', { password: NEW_PASSWORD });
    expect(await stillSignedIn(fresh)).toBe(true);
  });

  it("e-mails the notice in the reader's language; the old password is refused at the step-up, the new one works", async () => {
    const me = await signedInFrom('pinecrest-owner', FIREFOX_WINDOWS);
    expect(
      (
        await me.request({
          method: 'PUT',
          url: '/api/pub/session/v1/language',
          headers: me.csrf(),
          payload: { language: 'es' },
        })
      ).statusCode,
    ).toBe(204);
    const answer = await post(me, PASSWORD_CHANGE_PATH, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
    expect(answer.statusCode, answer.body).toBe(200);
    const { db } = portal.database();
    const [row] = await db.select().from(users).where(eq(users.username, 'pinecrest-owner'));
    const [email] = await db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.kind, 'password-changed'), eq(outboxEmails.toAddress, row?.email as string)));
    expect(email).toMatchObject({ language: 'es', subject: 'Se cambió su contraseña' });
    expect(email?.body).toContain('se cerraron las demás sesiones');
    const confirmations = () =>
      db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'session.confirmed'), eq(auditEvents.actorUserId, row?.id as string)));
    expect((await post(me, STEP_UP_PATH, { password: DEMO_PASSWORD })).statusCode).toBe(401);
    expect(await confirmations()).toEqual([]);
    expect((await post(me, STEP_UP_PATH, { password: NEW_PASSWORD })).statusCode).toBe(200);
    // "Identity confirmed" in the account's audit log (wider-portal.md §3 step-up), by the password: no passkey named
    expect((await confirmations()).map((entry) => [entry.area, entry.accountId === null, entry.data])).toEqual([
      ['security', false, {}],
    ]);
  });

  it('refuses a wrong current password with INVALID_CREDENTIALS, counted toward the lockout', async () => {
    const me = await signedInFrom('harbor-owner', FIREFOX_WINDOWS);
    const { db } = portal.database();
    const before = await db.select().from(users).where(eq(users.username, 'harbor-owner'));
    const answer = await post(me, PASSWORD_CHANGE_PATH, {
      currentPassword: 'wrong-password',
      newPassword: NEW_PASSWORD,
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().error.code).toBe('INVALID_CREDENTIALS');
    const [after] = await db.select().from(users).where(eq(users.username, 'harbor-owner'));
    expect(after?.failedLoginCount).toBe((before[0]?.failedLoginCount ?? 0) + 1);
    expect(after?.passwordHash).toBe(before[0]?.passwordHash);
    expect(LOGIN_LOCKOUT_FAILURES).toBeGreaterThan(1);
    // still signed in, the password unchanged
    expect(await stillSignedIn(me)).toBe(true);
  });

  it('refuses a new password the policy refuses, naming the problem on newPassword, and changes nothing', async () => {
    const other = await signedInFrom('riverbend-billing', CHROME_MAC);
    const me = await signedInFrom('riverbend-billing', FIREFOX_WINDOWS);
    const { db } = portal.database();
    const [before] = await db.select().from(users).where(eq(users.username, 'riverbend-billing'));
    for (const [newPassword, code] of [
      ['short', 'password.tooShort'],
      ['riverbend-billing-2026', 'password.containsUsername'],
    ] as const) {
      const answer = await post(me, PASSWORD_CHANGE_PATH, { currentPassword: DEMO_PASSWORD, newPassword });
      expect(answer.statusCode, answer.body).toBe(422);
      const error = answer.json().error as { code: string; fields: { path: string; code: string }[] };
      expect(error.code).toBe('PASSWORD_REFUSED');
      expect(error.fields).toContainEqual({ path: 'body.newPassword', code });
    }
    const [after] = await db.select().from(users).where(eq(users.username, 'riverbend-billing'));
    expect(after?.passwordHash).toBe(before?.passwordHash);
    expect(await stillSignedIn(other)).toBe(true);
  });

  it('refuses unknown fields, and answers 401 without a session', async () => {
    const me = await signedInFrom('harbor-owner', CHROME_MAC);
    const answer = await post(me, PASSWORD_CHANGE_PATH, {
      currentPassword: DEMO_PASSWORD,
      newPassword: NEW_PASSWORD,
      extra: 1,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.code).toBe('VALIDATION_FAILED');
    const visitor = await portal.visitor();
    expect((await visitor.request({ url: SESSIONS_PATH })).statusCode).toBe(401);
  });
});

async function staffEmail() {
  const [row] = await portal
    .database()
    .db.select({ email: users.email })
    .from(users)
    .where(eq(users.username, 'harbor-staff'));
  return row?.email;
}
