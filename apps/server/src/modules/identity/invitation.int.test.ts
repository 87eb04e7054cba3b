import {
  COOKIES,
  LINK_ACCEPT_INVITATION_PATH,
  LINK_RESET_PASSWORD_PATH,
  LINK_STATUS_PATH,
  PING_PATH,
  RECOVER_PASSWORD_PATH,
  SESSION_PROFILE_PATH,
} from '@vireo/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inviteToDemoAccount, latestLink } from '../../../test/invitations';
import { browser, post, signIn } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { auditEvents, emailLinks, memberships, users } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * Invitations (issue 17 item 3, wider-portal.md §1 "Invitation acceptance", §4 "Invite"): an invitation made for Harbor
 * Coffee is e-mailed with its `/create-sub-account` link (72 h, single-use); the link's status says what it is; the
 * person chooses a username and a password (the policy of Create account) and lands signed in with the invited role.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });

const invite = (invitation: Parameters<typeof inviteToDemoAccount>[2]) =>
  inviteToDemoAccount(portal.app(), portal.database().db, invitation);
const userNamed = async (username: string) =>
  (await portal.database().db.select().from(users).where(eq(users.username, username)))[0];

describe('an invitation', () => {
  it('is e-mailed, accepted once with a username and password, and lands the new member signed in', async () => {
    const email = 'dana@harborcoffee.example';
    const sent = await invite({ email, firstName: 'Dana', lastName: 'Whitfield', role: 'BILLING', language: 'es' });
    expect(sent.sentTo).toBe(email);
    expect(sent.expiresAt.toISOString()).toBe('2026-11-24T15:00:00.000Z');
    // the e-mail: in the invited person's language, with the /create-sub-account link
    expect(sent.mail.language).toBe('es');
    expect(sent.mail.subject).toBe('Le invitan a la cuenta de negocio de Harbor Coffee Co.');
    expect(sent.mail.body).toContain('para la facturación');
    expect(sent.mail.html).toContain(`/create-sub-account?token=${sent.token}`);
    const [link] = await portal.database().db.select().from(emailLinks).where(eq(emailLinks.email, email));
    expect(link).toMatchObject({ purpose: 'invitation', accountId: sent.accountId, createdByUserId: sent.inviterId });
    expect(link?.data).toMatchObject({ role: 'BILLING', firstName: 'Dana', lastName: 'Whitfield', language: 'es' });
    expect(link?.tokenHash).not.toContain(sent.token);

    const b = await portal.visitor();
    // the page asks first: an invitation has no username yet (null, documented in security.md)
    expect((await post(b, LINK_STATUS_PATH, { token: sent.token })).json()).toEqual({
      state: 'valid',
      purpose: 'invitation',
      username: null,
    });
    // the policy of Create account (ADR 027): a password holding the username is refused; a taken username too
    const weak = await post(b, LINK_ACCEPT_INVITATION_PATH, {
      token: sent.token,
      username: 'dana-w',
      password: 'the dana-w ledger book',
    });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().error).toMatchObject({
      code: 'PASSWORD_REFUSED',
      fields: [{ path: 'body.password', code: 'password.containsUsername' }],
    });
    const taken = await post(b, LINK_ACCEPT_INVITATION_PATH, {
      token: sent.token,
      username: 'Harbor-Admin',
      password: 'ledgers by the harbor lights',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'USERNAME_TAKEN', fields: [{ path: 'body.username' }] });
    expect(await userNamed('dana-w')).toBeUndefined();

    const accepted = await post(b, LINK_ACCEPT_INVITATION_PATH, {
      token: sent.token,
      username: 'Dana-W',
      password: 'ledgers by the harbor lights',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ username: 'dana-w' });
    // signed in: the session's cookies, as a sign-in sets them
    expect(b.jar.get(COOKIES.session)).toBeDefined();
    expect(b.jar.get(COOKIES.indicator)).toBe('1');
    const profile = await b.request({ url: SESSION_PROFILE_PATH });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json()).toMatchObject({
      username: 'dana-w',
      role: 'BILLING',
      accountName: 'Harbor Coffee Co.',
      language: 'es',
      memberDetails: { firstName: 'Dana', lastName: 'Whitfield', contactEmail: email },
    });
    // the session's own anti-forgery token came with it
    expect((await b.request({ method: 'POST', url: PING_PATH, headers: b.csrf() })).statusCode).toBe(200);
    const member = await userNamed('dana-w');
    const [membership] = await portal
      .database()
      .db.select()
      .from(memberships)
      .where(eq(memberships.userId, member?.id ?? ''));
    expect(membership).toMatchObject({ accountId: sent.accountId, role: 'BILLING' });
    const audit = await portal
      .database()
      .db.select()
      .from(auditEvents)
      .where(eq(auditEvents.accountId, sent.accountId));
    // (the seeded invitations of demo-data.md are Harbor's too: this one is told by its address)
    expect(audit.filter((entry) => entry.action === 'user.invited' && entry.data.email === email)).toHaveLength(1);
    expect(audit.find((entry) => entry.action === 'user.invitation_accepted')).toMatchObject({
      actorUserId: member?.id,
      targetId: member?.id,
      data: { role: 'BILLING', invitedBy: sent.inviterId },
    });

    // single use: a second acceptance is LINK_USED, whatever it asks for
    const again = await post(await portal.visitor(), LINK_ACCEPT_INVITATION_PATH, {
      token: sent.token,
      username: 'dana-two',
      password: 'ledgers by the harbor lights',
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('LINK_USED');
    expect((await post(b, LINK_STATUS_PATH, { token: sent.token })).json().state).toBe('used');
    // and the new member signs in as anyone does
    const later = browser(portal.app(), { remoteAddress: '10.71.0.1' });
    await signIn(later, 'dana-w', { password: 'ledgers by the harbor lights' });
  });

  it('expires after 72 hours', async () => {
    const sent = await invite({ email: 'late@harborcoffee.example', role: 'STANDARD' });
    const b = await portal.visitor();
    clock.advance(72 * 60 * 60_000 - 1_000);
    try {
      expect((await post(b, LINK_STATUS_PATH, { token: sent.token })).json().state).toBe('valid');
      clock.advance(2_000);
      expect((await post(b, LINK_STATUS_PATH, { token: sent.token })).json()).toEqual({
        state: 'expired',
        purpose: 'invitation',
        username: null,
      });
      const late = await post(b, LINK_ACCEPT_INVITATION_PATH, {
        token: sent.token,
        username: 'late-comer',
        password: 'ledgers by the harbor lights',
      });
      expect(late.statusCode).toBe(410);
      expect(late.json().error.code).toBe('LINK_EXPIRED');
      expect(await userNamed('late-comer')).toBeUndefined();
    } finally {
      clock.set('2026-11-21T15:00:00Z');
    }
  });

  it('answers LINK_UNKNOWN for an unknown token and for a link of another purpose', async () => {
    const b = await portal.visitor();
    const body = { username: 'nobody-new', password: 'ledgers by the harbor lights' };
    const unknown = await post(b, LINK_ACCEPT_INVITATION_PATH, { ...body, token: 'A'.repeat(43) });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('LINK_UNKNOWN');
    const email = 'harbor-staff@harborcoffee.example';
    await post(b, RECOVER_PASSWORD_PATH, { email, language: 'en' });
    const { token } = await latestLink(portal.database().db, email, 'password-reset');
    const other = await post(b, LINK_ACCEPT_INVITATION_PATH, { ...body, token });
    expect(other.json().error.code).toBe('LINK_UNKNOWN');
    // the reset link is untouched by it
    const reset = await post(b, LINK_RESET_PASSWORD_PATH, { token, password: 'steamed milk and rain' });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('is made only by the PRIMARY or an ADMIN of the account, and never for the PRIMARY role', async () => {
    await expect(
      invite({ inviter: 'harbor-admin', email: 'a@harborcoffee.example', role: 'ADMIN' }),
    ).resolves.toMatchObject({ sentTo: 'a@harborcoffee.example' });
    for (const inviter of ['harbor-billing', 'harbor-staff']) {
      await expect(invite({ inviter, email: 'b@harborcoffee.example' })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    }
    const harbor = await invite({ email: 'c@harborcoffee.example' });
    const riverbendOwner = await userNamed('riverbend-owner');
    await expect(
      portal.app().portal.services.invitations.createInvitation({
        accountId: harbor.accountId,
        invitedBy: riverbendOwner?.id ?? '',
        email: 'd@harborcoffee.example',
        firstName: 'D',
        lastName: 'E',
        role: 'STANDARD',
        language: 'en',
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(
      portal.app().portal.services.invitations.createInvitation({
        accountId: harbor.accountId,
        invitedBy: harbor.inviterId,
        email: 'e@harborcoffee.example',
        firstName: 'E',
        lastName: 'F',
        role: 'PRIMARY' as 'ADMIN',
        language: 'en',
      }),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect((await latestLink(portal.database().db, 'b@harborcoffee.example', 'invitation')).mail).toBeUndefined();
  });
});
