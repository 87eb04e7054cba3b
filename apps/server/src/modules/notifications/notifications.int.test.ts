import {
  CHOOSABLE_NOTIFICATION_EVENTS,
  CSRF_PATH,
  LINK_RENEW_PATH,
  LINK_STATUS_PATH,
  LINK_VERIFY_PATH,
  NOTIFICATIONS_PATH,
  type NotificationSettings,
  PASSWORD_CHANGE_PATH,
  PERSONAL_DETAILS_PATH,
} from '@vireo/shared';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { latestLink } from '../../../test/invitations';
import { type Browser, browser, DEMO_PASSWORD, openSignInForm, submitSignIn } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { auditEvents, memberships, outboxEmails, outboxTexts, passkeys, users } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

// 22:00 in New York (Harbor's zone): inside the quiet hours (21:00-08:00)
const portal = signedInApp({ clock: fixedClock('2026-11-22T03:00:00Z') });

const put = (b: Browser, payload: unknown) =>
  b.request({ method: 'PUT', url: NOTIFICATIONS_PATH, headers: b.csrf(), payload: payload as object });

/** Every choosable event of an admin, e-mail on, text off, but `changes`. */
function choices(changes: Record<string, { email: boolean; text: boolean }> = {}) {
  return CHOOSABLE_NOTIFICATION_EVENTS.map((event) => ({ event, email: true, text: false, ...changes[event] }));
}

async function userId(username: string) {
  const [row] = await portal.database().db.select({ id: users.id }).from(users).where(eq(users.username, username));
  return row?.id as string;
}

describe('the notifications matrix (issue 18 item 4, wider-portal.md §3)', () => {
  it('answers the defaults of the role: every e-mail, no text, security on both and locked', async () => {
    const owner = await portal.as('harbor-owner');
    const answer = await owner.request({ url: NOTIFICATIONS_PATH });
    expect(answer.statusCode, answer.body).toBe(200);
    const settings = answer.json() as NotificationSettings;
    expect(settings.choices.map((choice) => choice.event)).toEqual([...CHOOSABLE_NOTIFICATION_EVENTS, 'security']);
    expect(settings.choices.find((choice) => choice.event === 'security')).toEqual({
      event: 'security',
      email: true,
      text: true,
      locked: true,
    });
    expect(settings.choices.filter((choice) => !choice.locked).every((c) => c.email && !c.text)).toBe(true);
    expect(settings.quietHours).toEqual({ startHour: 21, endHour: 8 });
    expect(settings.timeZone).toMatch(/^America\//);
    // "users and roles changed" is the admins' only
    const billing = await portal.as('harbor-billing');
    const events = ((await billing.request({ url: NOTIFICATIONS_PATH })).json() as NotificationSettings).choices;
    expect(events.map((choice) => choice.event)).not.toContain('users_changed');
    expect(events).toHaveLength(CHOOSABLE_NOTIFICATION_EVENTS.length);
    // STANDARD does not see billing (product-decisions.md, roles): nor its notices
    const staff = await portal.as('harbor-staff');
    const staffEvents = ((await staff.request({ url: NOTIFICATIONS_PATH })).json() as NotificationSettings).choices;
    expect(staffEvents.map((choice) => choice.event)).toEqual(['outage', 'appointment_reminder', 'security']);
  });

  it('saves every event at once, audits what changed, and refuses a missing, repeated or foreign event', async () => {
    const owner = await portal.as('harbor-admin');
    const saved = await put(owner, { choices: choices({ payment_received: { email: false, text: true } }) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as NotificationSettings).choices.find((c) => c.event === 'payment_received')).toMatchObject({
      email: false,
      text: true,
    });
    const entries = await portal
      .database()
      .db.select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'notifications.changed'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ area: 'profile', result: 'succeeded', actorKind: 'user' });
    expect(entries[0]?.data).toEqual({ changed: [{ event: 'payment_received', email: false, text: true }] });
    // the same choices again: no entry
    expect(
      (await put(owner, { choices: choices({ payment_received: { email: false, text: true } }) })).statusCode,
    ).toBe(200);
    const again = await portal
      .database()
      .db.select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'notifications.changed'));
    expect(again).toHaveLength(1);

    const refusals = [
      { choices: choices().slice(1) },
      { choices: [...choices(), { event: 'bill_ready', email: true, text: true }] },
      { choices: [...choices().slice(1), { event: 'security', email: false, text: false }] },
    ];
    for (const body of refusals) {
      const refused = await put(owner, body);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.code).toBe('VALIDATION_FAILED');
    }
    const billing = await portal.as('harbor-billing');
    const foreign = await put(billing, { choices: choices() });
    expect(foreign.statusCode, foreign.body).toBe(400);
    expect(foreign.json().error.fields).toEqual([{ path: 'body.choices.7.event', code: 'invalid_value' }]);
    // nothing of the refused bodies was kept
    const kept = ((await owner.request({ url: NOTIFICATIONS_PATH })).json() as NotificationSettings).choices;
    expect(kept.find((c) => c.event === 'bill_ready')).toMatchObject({ email: true, text: false });
  });

  it('sends a notice on the chosen channels only; a text waits out the quiet hours, a security notice does not', async () => {
    const { db } = portal.database();
    const b = await portal.as('harbor-owner');
    const details = await b.request({
      method: 'PUT',
      url: PERSONAL_DETAILS_PATH,
      headers: b.csrf(),
      payload: { firstName: 'Hannah', lastName: 'Owner', mobilePhone: '(212) 555-0147' },
    });
    expect(details.statusCode, details.body).toBe(200);
    expect((await put(b, { choices: choices({ payment_failed: { email: false, text: true } }) })).statusCode).toBe(200);
    const id = await userId('harbor-owner');
    const [owner] = await db.select().from(users).where(eq(users.id, id));
    const { notifications } = portal.app().portal.services;
    const notice = (event: 'payment_failed' | 'bill_ready' | 'security', kind: string) =>
      db.transaction((tx) =>
        notifications.notify(tx, {
          user: { id, email: owner?.email as string, language: 'es' },
          accountId: null,
          event,
          kind,
          compose: (t) => ({
            subject: `${kind} ${t('sms.passwordChanged', { username: 'x' })}`,
            text: kind,
            sms: kind,
          }),
        }),
      );
    expect(await notice('payment_failed', 'test-failed')).toEqual({ email: false, text: true });
    expect(await notice('bill_ready', 'test-bill')).toEqual({ email: true, text: false });
    expect(await notice('security', 'test-security')).toEqual({ email: true, text: true });

    const texts = await db.select().from(outboxTexts).where(eq(outboxTexts.toNumber, '+12125550147'));
    const byKind = Object.fromEntries(texts.map((text) => [text.kind, text]));
    expect(Object.keys(byKind).sort()).toEqual(['test-failed', 'test-security']);
    // 22:00 in the account's zone: the payment notice waits for 08:00 there; the security notice goes at once
    expect(byKind['test-failed']?.sendAfter.toISOString()).toBe('2026-11-22T13:00:00.000Z');
    expect(byKind['test-failed']?.immediate).toBe(false);
    expect(byKind['test-security']?.sendAfter.getTime()).toBe(portal.clock.now().getTime());
    expect(byKind['test-failed']?.body).toMatch(/^Vireo Business: test-failed$/);
    expect(byKind['test-security']?.body).toMatch(/^Vireo Business: test-security .*\/verify-link\?token=/);
    const mails = await db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.toAddress, owner?.email as string));
    const kinds = mails.map((mail) => mail.kind);
    expect(kinds).toContain('test-bill');
    expect(kinds).toContain('test-security');
    expect(kinds).not.toContain('test-failed');
    // the security e-mail carries "This wasn't me", in the user's language
    expect(mails.find((mail) => mail.kind === 'test-security')?.body).toMatch(
      /No fui yo: .*\n.*\/verify-link\?token=/s,
    );
  });
});

describe('"This wasn\'t me" (issue 18 item 4, wider-portal.md §3)', () => {
  it('ends every session, removes the passkeys of the last 24 hours and requires a reset', async () => {
    const { db } = portal.database();
    const b = await portal.as('maple-owner');
    const other = await portal.as('maple-owner');
    const id = await userId('maple-owner');
    const now = portal.clock.now();
    await db.insert(passkeys).values([
      {
        userId: id,
        credentialId: 'cred-new',
        publicKey: 'pk',
        name: 'New',
        createdAt: new Date(now.getTime() - 3_600_000),
      },
      {
        userId: id,
        credentialId: 'cred-old',
        publicKey: 'pk',
        name: 'Old',
        createdAt: new Date(now.getTime() - 3 * 86_400_000),
      },
    ]);
    // a password change is a security notice: always e-mailed, with the link
    const changed = await b.request({
      method: 'POST',
      url: PASSWORD_CHANGE_PATH,
      headers: b.csrf(),
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'lantern harbor tide forty two' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const { mail } = await latestLink(db, 'maple-owner@maplestreetbakery.example', 'password-changed');
    const token = mail?.body.split("This wasn't me")[1]?.match(/token=([A-Za-z0-9_-]{43})/)?.[1];
    expect(token, mail?.body).toBeDefined();

    const visitor = browser(portal.app(), { remoteAddress: '10.77.0.1' });
    await visitor.request({ url: CSRF_PATH });
    const status = await visitor.request({
      method: 'POST',
      url: LINK_STATUS_PATH,
      headers: visitor.csrf(),
      payload: { token },
    });
    expect(status.json()).toMatchObject({ state: 'valid', purpose: 'not_me', username: 'maple-owner' });
    const verified = await visitor.request({
      method: 'POST',
      url: LINK_VERIFY_PATH,
      headers: visitor.csrf(),
      payload: { token },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ purpose: 'not_me', username: 'maple-owner' });

    // every session ended (the one that changed the password too)
    for (const session of [b, other])
      expect((await session.request({ url: PERSONAL_DETAILS_PATH })).statusCode).toBe(401);
    const left = await db.select({ name: passkeys.name }).from(passkeys).where(eq(passkeys.userId, id));
    expect(left.map((row) => row.name)).toEqual(['Old']);
    const [row] = await db.select().from(users).where(eq(users.id, id));
    expect(row?.passwordResetRequired).toBe(true);
    const attempt = browser(portal.app(), { remoteAddress: '10.77.0.2' });
    const { uid } = await openSignInForm(attempt);
    const refused = await submitSignIn(attempt, uid, {
      username: 'maple-owner',
      password: 'lantern harbor tide forty two',
    });
    expect([refused.statusCode, refused.json().error.code]).toEqual([403, 'PASSWORD_RESET_REQUIRED']);
    const [entry] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'security.not_me'), eq(auditEvents.targetId, id)))
      .orderBy(desc(auditEvents.at));
    // in Maple's audit log, which its PRIMARY reads
    const [maple] = await db.select({ id: memberships.accountId }).from(memberships).where(eq(memberships.userId, id));
    expect(entry).toMatchObject({
      accountId: maple?.id,
      area: 'security',
      actorKind: 'user',
      data: { sessionsEnded: 1, passkeysRemoved: 1 },
    });
    expect(maple?.id).toEqual(expect.any(String));
    // single use
    const twice = await visitor.request({
      method: 'POST',
      url: LINK_VERIFY_PATH,
      headers: visitor.csrf(),
      payload: { token },
    });
    expect([twice.statusCode, twice.json().error.code]).toEqual([410, 'LINK_USED']);
    // and not renewed from itself: nothing is said to be sent, and nothing is
    const mailsBefore = (await db.select().from(outboxEmails)).length;
    const renewed = await visitor.request({
      method: 'POST',
      url: LINK_RENEW_PATH,
      headers: visitor.csrf(),
      payload: { token, language: 'en' },
    });
    expect([renewed.statusCode, renewed.json().error?.code]).toEqual([409, 'CONFLICT']);
    expect((await db.select().from(outboxEmails)).length).toBe(mailsBefore);
  });
});
