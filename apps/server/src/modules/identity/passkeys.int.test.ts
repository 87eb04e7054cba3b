import {
  INTERACTION_PASSKEY_LOGIN_PATH,
  INTERACTION_PASSKEY_OPTIONS_PATH,
  PASSKEY_REGISTRATION_OPTIONS_PATH,
  PASSKEYS_MAX,
  PASSKEYS_PATH,
  PAY_LINKS_PATH,
  SESSION_PROFILE_PATH,
  STEP_UP_MINUTES,
  STEP_UP_PASSKEY_OPTIONS_PATH,
  STEP_UP_PASSKEY_PATH,
} from '@vireo/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { type Browser, browser, openSignInForm, post, signIn } from '../../../test/sign-in';
import { assertPasskey, createPasskey, type SoftPasskey } from '../../../test/webauthn';
import { auditEvents, outboxEmails, passkeys, sessions, users } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

const clock = fixedClock('2026-11-21T15:00:00Z');
let database: TestDatabase;
let app: FastifyInstance;
let origin: string;

beforeAll(async () => {
  database = await createTestDatabase({ seed: clock.now() });
  ({ app } = await buildTestApp(database, { clock }));
  origin = new URL(app.portal.config.publicUrl).origin;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

let ip = 0;
const nextAddress = () => `10.7.${Math.floor(++ip / 250)}.${ip % 250}`;

async function signedIn(username: string) {
  const b = browser(app, { remoteAddress: nextAddress() });
  await signIn(b, username);
  return b;
}

/** Adds a passkey through the routes, as the profile page does; returns the key and the answer. */
async function addPasskey(b: Browser, name: string) {
  const options = await post(b, PASSKEY_REGISTRATION_OPTIONS_PATH, undefined);
  expect(options.statusCode, options.body).toBe(200);
  const { passkey, response } = createPasskey(options.json(), origin);
  const added = await post(b, PASSKEYS_PATH, { name, credential: response });
  return { passkey, added };
}

/** The passkey sign-in of the sign-in form, up to the issuer's redirect; `answer` shapes the assertion sent. */
async function passkeySignIn(
  passkey: SoftPasskey,
  answer: (options: { challenge: string; rpId?: string }) => unknown = (options) =>
    assertPasskey(passkey, options, origin),
) {
  const b = browser(app, { remoteAddress: nextAddress() });
  const { uid } = await openSignInForm(b);
  const options = await post(b, INTERACTION_PASSKEY_OPTIONS_PATH.replace(':uid', uid), undefined);
  expect(options.statusCode, options.body).toBe(200);
  const credential = answer(options.json());
  const login = await post(b, INTERACTION_PASSKEY_LOGIN_PATH.replace(':uid', uid), { credential });
  return { b, uid, options: options.json(), credential, login };
}

async function finishSignIn(b: Browser, redirectTo: string) {
  const resume = await b.request({ url: redirectTo });
  expect(resume.statusCode, resume.body).toBe(303);
  const callback = await b.request({ url: String(resume.headers.location) });
  expect(callback.statusCode, callback.body).toBe(303);
  return String(callback.headers.location);
}

describe('passkeys (issue 18 item 2, ADR 029)', () => {
  let owner: Browser;
  let key: SoftPasskey;
  let passkeyId: string;

  it('adds a passkey: verified, listed with its name, audited, a security notice e-mailed', async () => {
    owner = await signedIn('maple-owner');
    const { passkey, added } = await addPasskey(owner, '  Office laptop  ');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Office laptop', lastUsedAt: null });
    key = passkey;
    passkeyId = added.json().id;
    const list = await owner.request({ url: PASSKEYS_PATH });
    expect(list.json()).toEqual({ passkeys: [added.json()], max: PASSKEYS_MAX });
    const [audit] = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'passkey.added'))
      .orderBy(desc(auditEvents.at));
    expect(audit).toMatchObject({ targetId: passkeyId, area: 'security', result: 'succeeded' });
    const [mail] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'passkey-added'));
    expect(mail?.body).toContain('Office laptop');
    expect(mail?.body).toContain('maple-owner');
  });

  it('refuses a registration answer whose challenge was used already (single-use) or never asked', async () => {
    const options = await post(owner, PASSKEY_REGISTRATION_OPTIONS_PATH, undefined);
    const { response } = createPasskey(options.json(), origin);
    const first = await post(owner, PASSKEYS_PATH, { name: 'Phone', credential: response });
    expect(first.statusCode, first.body).toBe(201);
    const replay = await post(owner, PASSKEYS_PATH, { name: 'Phone again', credential: response });
    expect(replay.json().error.code).toBe('PASSKEY_REFUSED');
    // a challenge of another session does not verify in this one
    const other = await signedIn('maple-owner');
    const foreign = await post(other, PASSKEY_REGISTRATION_OPTIONS_PATH, undefined);
    const { response: stray } = createPasskey(foreign.json(), origin);
    expect((await post(owner, PASSKEYS_PATH, { name: 'Stray', credential: stray })).json().error.code).toBe(
      'PASSKEY_REFUSED',
    );
    // without user verification
    const again = await post(owner, PASSKEY_REGISTRATION_OPTIONS_PATH, undefined);
    const { response: noUv } = createPasskey(again.json(), origin, { uv: false });
    expect((await post(owner, PASSKEYS_PATH, { name: 'No PIN', credential: noUv })).statusCode).toBe(422);
    await post(owner, `${PASSKEYS_PATH}/${first.json().id}/remove`, undefined);
  });

  it('refuses a card number as a name', async () => {
    const { added } = await addPasskey(owner, 'Card 4111 1111 1111 1111');
    expect(added.statusCode).toBe(400);
  });

  it('signs in with the passkey: the same OIDC login, session, last sign-in and last use', async () => {
    const { b, login } = await passkeySignIn(key);
    expect(login.statusCode, login.body).toBe(200);
    const landing = await finishSignIn(b, login.json().redirectTo);
    expect(landing).toContain('/sign-in-redirect');
    const profile = await b.request({ url: SESSION_PROFILE_PATH });
    expect(profile.json().username).toBe('maple-owner');
    const [row] = await database.db.select().from(passkeys).where(eq(passkeys.id, passkeyId));
    expect(row?.lastUsedAt).toEqual(clock.now());
    expect(row?.counter).toBe(1);
    const [user] = await database.db.select().from(users).where(eq(users.username, 'maple-owner'));
    expect(user?.lastSignInAt).toEqual(clock.now());
    const [audit] = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'session.signed_in_passkey'), eq(auditEvents.targetId, passkeyId)));
    // "Signed in with a passkey", the passkey named (audit log target)
    expect(audit).toMatchObject({ accountId: user?.id ? expect.any(String) : null, area: 'security' });
    expect(audit?.data).toEqual({ name: row?.name });
    expect(row?.name).toEqual(expect.any(String));
  });

  it("confirms it's you with the passkey (the step-up's second way, issue 18 item 3), only with one's own", async () => {
    const userIdOf = async (username: string) =>
      (await database.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0]?.id ?? '';
    const mapleId = await userIdOf('maple-owner');
    const stale = new Date(clock.now().getTime() - (STEP_UP_MINUTES + 1) * 60_000);
    await database.db.update(sessions).set({ authenticatedAt: stale }).where(eq(sessions.userId, mapleId));
    const payLink = () => post(owner, PAY_LINKS_PATH, { capCents: 10_000, expiresInDays: 7, usesAllowed: 1 });
    expect((await payLink()).json().error?.code).toBe('STEP_UP_REQUIRED');

    const options = await post(owner, STEP_UP_PASSKEY_OPTIONS_PATH, undefined);
    expect(options.statusCode, options.body).toBe(200);
    // only the user's own passkeys are offered
    expect(options.json().allowCredentials.map((c: { id: string }) => c.id)).toEqual([
      assertPasskey(key, options.json(), origin).id,
    ]);
    // another user's passkey, a good signature over this session's challenge: refused, nothing proven
    const harbor = await signedIn('harbor-owner');
    const { passkey: harborKey } = await addPasskey(harbor, 'Harbor desk');
    const foreign = await post(owner, STEP_UP_PASSKEY_PATH, {
      credential: assertPasskey(harborKey, options.json(), origin),
    });
    expect(foreign.json().error.code).toBe('PASSKEY_REFUSED');
    // the challenge was taken by that answer: a fresh one, a wrong signature
    const again = (await post(owner, STEP_UP_PASSKEY_OPTIONS_PATH, undefined)).json();
    const tampered = await post(owner, STEP_UP_PASSKEY_PATH, {
      credential: assertPasskey(key, again, origin, { tamper: true }),
    });
    expect(tampered.json().error.code).toBe('PASSKEY_REFUSED');
    expect((await payLink()).json().error?.code).toBe('STEP_UP_REQUIRED');

    const fresh = (await post(owner, STEP_UP_PASSKEY_OPTIONS_PATH, undefined)).json();
    const credential = assertPasskey(key, fresh, origin);
    const proven = await post(owner, STEP_UP_PASSKEY_PATH, { credential });
    expect(proven.statusCode, proven.body).toBe(200);
    expect(new Date(proven.json().validUntil).getTime()).toBe(clock.now().getTime() + STEP_UP_MINUTES * 60_000);
    const made = await payLink();
    expect(made.statusCode, made.body).toBe(201);
    // "Identity confirmed" with the passkey's name, once: the refused answers above wrote nothing
    const confirmed = await database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'session.confirmed'), eq(auditEvents.actorUserId, mapleId)));
    const [keyRow] = await database.db.select().from(passkeys).where(eq(passkeys.userId, mapleId));
    expect(confirmed.map((entry) => [entry.area, entry.data])).toEqual([['security', { name: keyRow?.name }]]);
    // only this session counts as signed in now; the answer is single-use
    const proved = await database.db
      .select({ at: sessions.authenticatedAt })
      .from(sessions)
      .where(eq(sessions.userId, mapleId));
    expect(proved.filter((row) => row.at?.getTime() === clock.now().getTime())).toHaveLength(1);
    expect((await post(owner, STEP_UP_PASSKEY_PATH, { credential })).json().error.code).toBe('PASSKEY_REFUSED');
    // a user with no passkey is told to use the password: the options are refused
    const none = await signedIn('northgate-owner');
    expect((await post(none, STEP_UP_PASSKEY_OPTIONS_PATH, undefined)).json().error.code).toBe('PASSKEY_REFUSED');
  });

  it('refuses a wrong signature, a replayed challenge and an unknown passkey, with one answer', async () => {
    const wrong = await passkeySignIn(key, (options) => assertPasskey(key, options, origin, { tamper: true }));
    expect(wrong.login.statusCode).toBe(422);
    expect(wrong.login.json().error.code).toBe('PASSKEY_REFUSED');

    const ok = await passkeySignIn(key);
    expect(ok.login.statusCode, ok.login.body).toBe(200);
    // the same assertion again on the same interaction: its challenge is gone
    const replay = await post(ok.b, INTERACTION_PASSKEY_LOGIN_PATH.replace(':uid', ok.uid), {
      credential: ok.credential,
    });
    expect(replay.statusCode).toBeGreaterThanOrEqual(400);
    expect(replay.statusCode).toBeLessThan(500);
    // a fresh challenge answered with an old assertion (its challenge) does not verify either
    const stale = await passkeySignIn(key, () => ok.credential);
    expect(stale.login.json().error.code).toBe('PASSKEY_REFUSED');

    const stranger = createPasskey({ challenge: 'x', rp: {}, user: { id: 'eA' } }, origin).passkey;
    const unknown = await passkeySignIn(stranger, (options) => assertPasskey(stranger, options, origin));
    expect(unknown.login.json().error.code).toBe('PASSKEY_REFUSED');
  });

  it('refuses a disabled or locked user as the password form does', async () => {
    const { passkey, added } = await addPasskey(await signedIn('summit-owner'), 'Desk');
    expect(added.statusCode, added.body).toBe(201);
    await database.db
      .update(users)
      .set({ lockedUntil: new Date(clock.now().getTime() + 60_000) })
      .where(eq(users.username, 'summit-owner'));
    expect((await passkeySignIn(passkey)).login.json().error.code).toBe('INVALID_CREDENTIALS');
    await database.db
      .update(users)
      .set({ lockedUntil: null, status: 'disabled' })
      .where(eq(users.username, 'summit-owner'));
    expect((await passkeySignIn(passkey)).login.json().error.code).toBe('INVALID_CREDENTIALS');
    await database.db.update(users).set({ status: 'active' }).where(eq(users.username, 'summit-owner'));
  });

  it("never shows, renames or removes another user's passkey, nor registers its credential again", async () => {
    const other = await signedIn('northgate-owner');
    const options = await post(other, PASSKEY_REGISTRATION_OPTIONS_PATH, undefined);
    const { response } = createPasskey(options.json(), origin, { credentialId: key.credentialId });
    const taken = await post(other, PASSKEYS_PATH, { name: 'Copied', credential: response });
    expect(taken.json().error.code).toBe('PASSKEY_REFUSED');
    expect((await other.request({ url: PASSKEYS_PATH })).json().passkeys).toEqual([]);
    const rename = await other.request({
      method: 'PATCH',
      url: `${PASSKEYS_PATH}/${passkeyId}`,
      headers: other.csrf(),
      payload: { name: 'Mine now' },
    });
    expect(rename.statusCode).toBe(404);
    expect((await post(other, `${PASSKEYS_PATH}/${passkeyId}/remove`, undefined)).statusCode).toBe(404);
    const [row] = await database.db.select().from(passkeys).where(eq(passkeys.id, passkeyId));
    expect(row?.name).toBe('Office laptop');
  });

  it('renames and removes the passkey; a removed one no longer signs in', async () => {
    const rename = await owner.request({
      method: 'PATCH',
      url: `${PASSKEYS_PATH}/${passkeyId}`,
      headers: owner.csrf(),
      payload: { name: 'Work laptop' },
    });
    expect(rename.statusCode, rename.body).toBe(200);
    expect(rename.json().name).toBe('Work laptop');
    expect((await post(owner, `${PASSKEYS_PATH}/${passkeyId}/remove`, undefined)).statusCode).toBe(204);
    expect((await owner.request({ url: PASSKEYS_PATH })).json().passkeys).toEqual([]);
    const actions = await database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.targetId, passkeyId));
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['passkey.renamed', 'passkey.removed']));
    expect((await passkeySignIn(key)).login.json().error.code).toBe('PASSKEY_REFUSED');
  });

  it(`keeps at most ${PASSKEYS_MAX} passkeys per user`, async () => {
    const b = await signedIn('pinecrest-owner');
    for (let i = 0; i < PASSKEYS_MAX; i++) {
      const { added } = await addPasskey(b, `Key ${i}`);
      expect(added.statusCode, added.body).toBe(201);
    }
    const full = await post(b, PASSKEY_REGISTRATION_OPTIONS_PATH, undefined);
    expect(full.json().error.code).toBe('PASSKEYS_FULL');
    await database.db.delete(passkeys);
  });
});
