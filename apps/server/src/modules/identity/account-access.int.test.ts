import {
  LINK_RENEW_PATH,
  LINK_RESET_PASSWORD_PATH,
  LINK_STATUS_PATH,
  LINK_VERIFY_PATH,
  PASSWORD_CHECK_PATH,
  RECOVER_PASSWORD_PATH,
  RECOVER_USERNAME_PATH,
  REGISTRATION_PATH,
  SESSION_PROFILE_PATH,
} from '@vireo/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { latestLink } from '../../../test/invitations';
import { browser, DEMO_PASSWORD, openSignInForm, post, signIn, submitSignIn } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { accounts, addresses, auditEvents, memberships, outboxEmails, users } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * The open doors (issue 17 items 2-5, wider-portal.md §1) through the API: Create account for Oak & Ivy Florist (no
 * portal user; statement code 482913), the verification link, the one answer for wrong details and the lock after
 * 3 wrong codes, account recovery with its one answer, the reset link (30 min, single-use) that ends every session
 * and lifts a lockout, and the password check.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });

const OAK = { billingAccount: '8260170080085566', zip: '97205', statementCode: '482913' };
const NEW_OWNER = {
  firstName: 'Rosa',
  lastName: 'Quintero',
  username: 'oakivy-rosa',
  email: 'rosa@oakandivy.example',
  password: 'peonies and ferns at dawn',
  language: 'en' as const,
};

/** The newest e-mail to an address, and the token in its link (test/invitations.ts). */
const latestMail = (to: string, kind: string) => latestLink(portal.database().db, to, kind);

async function mailCount(to: string) {
  return (await portal.database().db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, to))).length;
}

describe('the password check', () => {
  it('judges a password: refused for common or short or holding the username, scored for the meter', async () => {
    const b = await portal.visitor();
    const check = async (password: string, username?: string) =>
      (await post(b, PASSWORD_CHECK_PATH, { password, ...(username ? { username } : {}) })).json();
    expect(await check('password1234')).toMatchObject({ acceptable: false, problems: ['common'], score: 0 });
    expect(await check('pine-ridge7')).toMatchObject({ acceptable: false, problems: ['tooShort'] });
    expect(await check('the oakivy-rosa shop', 'oakivy-rosa')).toMatchObject({ problems: ['containsUsername'] });
    expect(await check('peonies and ferns at dawn')).toEqual({
      acceptable: true,
      problems: [],
      score: 4,
      warning: null,
    });
  });
});

describe('Create account', () => {
  it('gives one answer for an unknown account, a wrong ZIP and a wrong code', async () => {
    const b = await portal.visitor();
    for (const wrong of [
      { ...OAK, billingAccount: '8260170080089999' },
      { ...OAK, zip: '97204' },
      { ...OAK, statementCode: '000000' },
    ]) {
      const answer = await post(b, REGISTRATION_PATH, { ...NEW_OWNER, ...wrong });
      expect(answer.statusCode, answer.body).toBe(422);
      expect(answer.json().error).toMatchObject({ code: 'REGISTRATION_MISMATCH' });
    }
    expect(await mailCount(NEW_OWNER.email)).toBe(0);
  });

  it('refuses a refused password before looking at the account', async () => {
    const answer = await post(await portal.visitor(), REGISTRATION_PATH, {
      ...NEW_OWNER,
      ...OAK,
      password: 'password1234',
    });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().error).toMatchObject({
      code: 'PASSWORD_REFUSED',
      fields: [{ path: 'body.password', code: 'password.common' }],
    });
  });

  it("tells the owner's colleague to ask for an invitation when the account has a PRIMARY", async () => {
    const [harbor] = await portal
      .database()
      .db.select()
      .from(accounts)
      .where(eq(accounts.accountNumber, '8260170010011234'));
    const answer = await post(await portal.visitor(), REGISTRATION_PATH, {
      ...NEW_OWNER,
      username: 'harbor-newcomer',
      email: 'newcomer@harborcoffee.example',
      billingAccount: '8260 1700 1001 1234',
      zip: '04101',
      statementCode: harbor?.statementCode,
    });
    expect(answer.statusCode, answer.body).toBe(409);
    expect(answer.json().error.code).toBe('ACCOUNT_HAS_OWNER');
  });

  it("creates Oak & Ivy's owner from nothing: the e-mail's link, pressed, makes a PRIMARY who signs in", async () => {
    const b = await portal.visitor();
    const answer = await post(b, REGISTRATION_PATH, { ...NEW_OWNER, ...OAK });
    expect(answer.statusCode, answer.body).toBe(202);
    expect(answer.json()).toEqual({ sentTo: NEW_OWNER.email });
    // nothing exists before the link is pressed
    expect(await portal.database().db.select().from(users).where(eq(users.username, NEW_OWNER.username))).toEqual([]);
    const { mail, token } = await latestMail(NEW_OWNER.email, 'verify-email');
    expect(mail?.html).toContain('/verify-link?token=');
    expect(token).toBeDefined();
    // the link's page asks first: its status says what it is, and acts on nothing
    const status = await post(b, LINK_STATUS_PATH, { token });
    expect(status.json()).toEqual({ state: 'valid', purpose: 'verify_email', username: NEW_OWNER.username });
    const verified = await post(b, LINK_VERIFY_PATH, { token });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ purpose: 'verify_email', username: NEW_OWNER.username });
    const [member] = await portal
      .database()
      .db.select({ role: memberships.role, email: users.email, language: users.language })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(eq(users.username, NEW_OWNER.username));
    expect(member).toEqual({ role: 'PRIMARY', email: NEW_OWNER.email, language: 'en' });
    // single use
    const again = await post(b, LINK_VERIFY_PATH, { token });
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('LINK_USED');
    // the new owner signs in; the account now refuses a second registration
    const owner = browser(portal.app(), { remoteAddress: '10.61.0.1' });
    await signIn(owner, NEW_OWNER.username, { password: NEW_OWNER.password });
    const profile = await owner.request({ url: SESSION_PROFILE_PATH });
    expect(profile.json()).toMatchObject({ role: 'PRIMARY', accountNumber: OAK.billingAccount });
    const second = await post(await portal.visitor(), REGISTRATION_PATH, {
      ...NEW_OWNER,
      username: 'oakivy-two',
      ...OAK,
    });
    expect(second.json().error.code).toBe('ACCOUNT_HAS_OWNER');
    const audit = await portal
      .database()
      .db.select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'user.registered'));
    expect(audit).toHaveLength(1);
  });
});

describe('the registration lock', () => {
  it('locks an account for an hour after 3 wrong codes, even against the right one, then lets it in', async () => {
    const [pinecrest] = await portal
      .database()
      .db.select()
      .from(accounts)
      .where(eq(accounts.companyName, 'Pinecrest Dental'));
    if (!pinecrest?.statementCode) throw new Error('Pinecrest has no statement code');
    // Pinecrest has an owner: past the lock it answers ACCOUNT_HAS_OWNER, which shows the code was right
    const [address] = await portal
      .database()
      .db.select({ zip: addresses.zip })
      .from(addresses)
      .where(and(eq(addresses.accountId, pinecrest.id), eq(addresses.kind, 'service')));
    const attempt = async (statementCode: string) =>
      post(await portal.visitor(), REGISTRATION_PATH, {
        ...NEW_OWNER,
        username: 'pinecrest-new',
        billingAccount: pinecrest.accountNumber,
        zip: address?.zip,
        statementCode,
      });
    const wrong = pinecrest.statementCode === '111111' ? '222222' : '111111';
    expect((await attempt(wrong)).json().error.code).toBe('REGISTRATION_MISMATCH');
    expect((await attempt(wrong)).json().error.code).toBe('REGISTRATION_MISMATCH');
    const third = await attempt(wrong);
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('REGISTRATION_LOCKED');
    expect((await attempt(pinecrest.statementCode)).json().error.code).toBe('REGISTRATION_LOCKED');
    clock.advance(60 * 60_000 + 1_000);
    try {
      expect((await attempt(pinecrest.statementCode)).json().error.code).toBe('ACCOUNT_HAS_OWNER');
    } finally {
      clock.set('2026-11-21T15:00:00Z');
    }
  });
});

describe('account recovery', () => {
  it('forgot username: the same answer for a known and an unknown address; only the known one gets mail', async () => {
    const b = await portal.visitor();
    const known = await post(b, RECOVER_USERNAME_PATH, { email: 'HARBOR-ADMIN@harborcoffee.example', language: 'en' });
    const unknown = await post(b, RECOVER_USERNAME_PATH, { email: 'nobody@harborcoffee.example', language: 'en' });
    expect([known.statusCode, unknown.statusCode]).toEqual([202, 202]);
    expect(known.json()).toEqual({ sentTo: 'harbor-admin@harborcoffee.example' });
    expect(unknown.json()).toEqual({ sentTo: 'nobody@harborcoffee.example' });
    const { mail } = await latestMail('harbor-admin@harborcoffee.example', 'username-reminder');
    expect(mail?.body).toContain('harbor-admin');
    expect(await mailCount('nobody@harborcoffee.example')).toBe(0);
  });

  it('resets harbor-admin by the e-mailed link: the old password fails, sessions end, a lockout is lifted', async () => {
    const email = 'harbor-admin@harborcoffee.example';
    const signedIn = browser(portal.app(), { remoteAddress: '10.62.0.1' });
    await signIn(signedIn, 'harbor-admin');
    // lock the user out with 10 wrong passwords
    const attacker = browser(portal.app(), { remoteAddress: '10.62.0.2' });
    for (let n = 0; n < 10; n++) {
      const { uid } = await openSignInForm(attacker);
      await submitSignIn(attacker, uid, { username: 'harbor-admin', password: 'wrong password here' });
    }
    const [locked] = await portal.database().db.select().from(users).where(eq(users.username, 'harbor-admin'));
    expect(locked?.lockedUntil).not.toBeNull();

    const b = await portal.visitor();
    expect((await post(b, RECOVER_PASSWORD_PATH, { email, language: 'es' })).statusCode).toBe(202);
    const { mail, token } = await latestMail(email, 'password-reset');
    // harbor-admin has chosen no language: the page's (es) is the e-mail's
    expect(mail?.language).toBe('es');
    expect(mail?.subject).toBe('Restablezca su contraseña');
    expect((await post(b, LINK_STATUS_PATH, { token })).json()).toEqual({
      state: 'valid',
      purpose: 'password_reset',
      username: 'harbor-admin',
    });
    const weak = await post(b, LINK_RESET_PASSWORD_PATH, { token, password: 'harbor-admin rocks' });
    expect(weak.json().error).toMatchObject({ code: 'PASSWORD_REFUSED' });
    const reset = await post(b, LINK_RESET_PASSWORD_PATH, { token, password: 'espresso on the quay 2026' });
    expect(reset.statusCode, reset.body).toBe(200);
    // the earlier session is over, the old password fails, the new one works (the lockout lifted)
    expect((await signedIn.request({ url: SESSION_PROFILE_PATH })).statusCode).toBe(401);
    const again = browser(portal.app(), { remoteAddress: '10.62.0.3' });
    const { uid } = await openSignInForm(again);
    expect((await submitSignIn(again, uid, { username: 'harbor-admin', password: DEMO_PASSWORD })).statusCode).toBe(
      401,
    );
    await signIn(again, 'harbor-admin', { password: 'espresso on the quay 2026' });
    // the link worked once; the change was told to the user
    expect(
      (await post(b, LINK_RESET_PASSWORD_PATH, { token, password: 'another long phrase' })).json().error.code,
    ).toBe('LINK_USED');
    expect((await latestMail(email, 'password-changed')).mail?.subject).toBe('Your password was changed');
    // the request and the reset are in Harbor's audit log, which its PRIMARY and ADMIN read
    const [harbor] = await portal
      .database()
      .db.select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.companyName, 'Harbor Coffee Co.'));
    const entries = await portal
      .database()
      .db.select({ action: auditEvents.action, accountId: auditEvents.accountId })
      .from(auditEvents)
      .where(and(eq(auditEvents.actorUserId, locked?.id as string), eq(auditEvents.area, 'users')));
    expect(entries.sort((a, b) => a.action.localeCompare(b.action))).toEqual([
      { action: 'user.password_reset', accountId: harbor?.id },
      { action: 'user.reset_requested', accountId: harbor?.id },
    ]);
    expect(harbor?.id).toEqual(expect.any(String));
  });

  it('a reset link expires after 30 minutes; a new one can be asked for from it', async () => {
    const email = 'harbor-staff@harborcoffee.example';
    const b = await portal.visitor();
    await post(b, RECOVER_PASSWORD_PATH, { email, language: 'en' });
    const { token } = await latestMail(email, 'password-reset');
    clock.advance(30 * 60_000 + 1_000);
    try {
      expect((await post(b, LINK_STATUS_PATH, { token })).json().state).toBe('expired');
      const late = await post(b, LINK_RESET_PASSWORD_PATH, { token, password: 'a long enough phrase' });
      expect(late.statusCode).toBe(410);
      expect(late.json().error.code).toBe('LINK_EXPIRED');
      const renewed = await post(b, LINK_RENEW_PATH, { token, language: 'en' });
      expect(renewed.json()).toEqual({ sentTo: email });
      const fresh = await latestMail(email, 'password-reset');
      expect(fresh.token).not.toBe(token);
      expect((await post(b, LINK_STATUS_PATH, { token: fresh.token })).json().state).toBe('valid');
    } finally {
      clock.set('2026-11-21T15:00:00Z');
    }
  });

  it('an unknown token is unknown', async () => {
    const b = await portal.visitor();
    const token = 'A'.repeat(43);
    expect((await post(b, LINK_STATUS_PATH, { token })).json()).toEqual({
      state: 'unknown',
      purpose: null,
      username: null,
    });
    expect((await post(b, LINK_VERIFY_PATH, { token })).statusCode).toBe(404);
  });
});

describe('enumeration (issue 17: one answer and one timing, medians within 25 ms)', () => {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length / 2;
    return ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  };
  /** 16 requests of each kind, alternating (machine noise falls on both), each from its own address. */
  async function compare(url: string, known: () => unknown, unknown: () => unknown) {
    const times = { known: [] as number[], unknown: [] as number[] };
    const bodies = new Set<string>();
    for (let i = 0; i < 16; i++) {
      for (const [side, body] of [
        ['known', known()],
        ['unknown', unknown()],
      ] as const) {
        const b = await portal.visitor();
        const started = performance.now();
        const answer = await post(b, url, body);
        times[side].push(performance.now() - started);
        bodies.add(
          `${answer.statusCode} ${JSON.stringify({ ...answer.json(), error: answer.json().error && { ...answer.json().error, requestId: undefined } })}`,
        );
      }
    }
    return { figures: { knownMs: median(times.known), unknownMs: median(times.unknown) }, bodies };
  }

  it('forgot password: a known address and an unknown one', async () => {
    const { figures, bodies } = await compare(
      RECOVER_PASSWORD_PATH,
      () => ({ email: 'maple-owner@maplestreetbakery.example', language: 'en' }),
      () => ({ email: 'maple-owner@maplestreet.example', language: 'en' }),
    );
    console.info('forgot-password medians', figures);
    // the answer names the address typed: the same answer for each address, whether it has users or not
    expect(bodies.size).toBe(2);
    expect([...bodies].every((body) => body.startsWith('202 '))).toBe(true);
    expect(Math.abs(figures.knownMs - figures.unknownMs), JSON.stringify(figures)).toBeLessThanOrEqual(25);
  });

  it('forgot username: a known address and an unknown one', async () => {
    const { figures } = await compare(
      RECOVER_USERNAME_PATH,
      () => ({ email: 'riverbend-owner@riverbendauto.example', language: 'en' }),
      () => ({ email: 'riverbend-nobody@riverbendauto.example', language: 'en' }),
    );
    console.info('forgot-username medians', figures);
    expect(Math.abs(figures.knownMs - figures.unknownMs), JSON.stringify(figures)).toBeLessThanOrEqual(25);
  });

  it('Create account: a real account with a wrong ZIP and an account that does not exist', async () => {
    const { figures, bodies } = await compare(
      REGISTRATION_PATH,
      () => ({
        ...NEW_OWNER,
        username: 'timing-probe',
        billingAccount: '8260170050057890',
        zip: '00000',
        statementCode: '123456',
      }),
      () => ({
        ...NEW_OWNER,
        username: 'timing-probe',
        billingAccount: '8260170050050000',
        zip: '00000',
        statementCode: '123456',
      }),
    );
    console.info('registration refusal medians', figures);
    expect(bodies).toEqual(
      new Set([
        `422 ${JSON.stringify({ error: { code: 'REGISTRATION_MISMATCH', message: 'account details do not match' } })}`,
      ]),
    );
    expect(Math.abs(figures.knownMs - figures.unknownMs), JSON.stringify(figures)).toBeLessThanOrEqual(25);
  });
});
