import {
  COMPANY_DETAILS_PATH,
  type CompanyDetails,
  EMAIL_CHANGE_PATH,
  LANGUAGE_PATH,
  LINK_STATUS_PATH,
  LINK_VERIFY_PATH,
  PERSONAL_DETAILS_PATH,
  type PersonalDetails,
} from '@vireo/shared';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { latestLink } from '../../../test/invitations';
import type { Browser } from '../../../test/sign-in';
import { post } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { accounts, auditEvents, outboxEmails, users } from '../../db/schema';

const portal = signedInApp();

function send(b: Browser, method: 'PUT' | 'POST', url: string, payload: Record<string, unknown>) {
  return b.request({ method, url, headers: b.csrf(), payload });
}

async function auditOf(action: string) {
  return portal
    .database()
    .db.select()
    .from(auditEvents)
    .where(eq(auditEvents.action, action))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id));
}

describe('Personal details (issue 18 item 1, wider-portal.md §3)', () => {
  it('answers the signed-in user’s own details, and nothing without a session', async () => {
    const b = await portal.as('maple-owner');
    const answer = await b.request({ url: PERSONAL_DETAILS_PATH });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      username: 'maple-owner',
      email: 'maple-owner@maplestreetbakery.example',
      mobilePhone: null,
      pendingEmail: null,
    });
    const anonymous = await portal.app().inject({ url: PERSONAL_DETAILS_PATH });
    expect(anonymous.statusCode).toBe(401);
  });

  it('changes the names and the mobile number (kept E.164, a national number read as a US one), audited', async () => {
    const b = await portal.as('maple-owner');
    const changed = await send(b, 'PUT', PERSONAL_DETAILS_PATH, {
      firstName: ' Marta ',
      lastName: 'Ellison',
      mobilePhone: '(212) 555-0147',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ firstName: 'Marta', lastName: 'Ellison', mobilePhone: '+12125550147' });
    const [entry] = await auditOf('profile.updated');
    expect(entry).toMatchObject({ area: 'profile', result: 'succeeded', actorKind: 'user' });
    expect(entry?.data).toEqual({ changed: ['firstName', 'lastName', 'mobilePhone'] });
    // the same values again change nothing and write no entry
    const before = (await auditOf('profile.updated')).length;
    const again = await send(b, 'PUT', PERSONAL_DETAILS_PATH, {
      firstName: 'Marta',
      lastName: 'Ellison',
      mobilePhone: '+1 212 555 0147',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await auditOf('profile.updated')).toHaveLength(before);
    // an empty number removes it
    const cleared = await send(b, 'PUT', PERSONAL_DETAILS_PATH, {
      firstName: 'Marta',
      lastName: 'Ellison',
      mobilePhone: '',
    });
    expect((cleared.json() as PersonalDetails).mobilePhone).toBeNull();
  });

  it('refuses a number that is not a telephone number, and a card number in a name; nothing changes', async () => {
    const b = await portal.as('maple-owner');
    const bad = await send(b, 'PUT', PERSONAL_DETAILS_PATH, { firstName: 'A', lastName: 'B', mobilePhone: '555-01' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: [{ path: 'body.mobilePhone', code: 'phone.invalid' }],
    });
    const card = await send(b, 'PUT', PERSONAL_DETAILS_PATH, {
      firstName: '4242 4242 4242 4242',
      lastName: 'B',
      mobilePhone: '',
    });
    expect(card.statusCode).toBe(400);
    expect(JSON.stringify(card.json().error.fields)).toContain('text.cardNumberRefused');
    const [row] = await portal.database().db.select().from(users).where(eq(users.username, 'maple-owner'));
    expect(row?.firstName).not.toBe('A');
  });

  it('the language change is audited (PUT /session/v1/language)', async () => {
    const b = await portal.as('maple-owner');
    const answer = await send(b, 'PUT', LANGUAGE_PATH, { language: 'es' });
    expect(answer.statusCode, answer.body).toBe(204);
    const [entry] = await auditOf('profile.language_changed');
    expect(entry).toMatchObject({ area: 'profile' });
    expect(entry?.data).toMatchObject({ to: 'es' });
    expect((await b.request({ url: PERSONAL_DETAILS_PATH })).json()).toMatchObject({ language: 'es' });
    await send(b, 'PUT', LANGUAGE_PATH, { language: 'en' });
  });
});

describe('Contact e-mail change (a link to the new address, a notice to the old one: CPNI)', () => {
  it('changes the address only when the link is confirmed', async () => {
    const b = await portal.as('summit-owner');
    const db = portal.database().db;
    const old = 'summit-owner@summitlogistics.example';
    const [before] = await db.select({ email: users.email }).from(users).where(eq(users.username, 'summit-owner'));
    expect(before?.email).toBe(old);
    const next = 'dispatch@summit-new.example';
    const requested = await send(b, 'POST', EMAIL_CHANGE_PATH, { email: 'Dispatch@Summit-New.example' });
    expect(requested.statusCode, requested.body).toBe(202);
    expect(requested.json()).toMatchObject({ pendingEmail: next });
    // the notice went to the old address at once; the link to the new one
    const notices = await db
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.toAddress, old), eq(outboxEmails.kind, 'email-change-notice')));
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toContain(next);
    const { token } = await latestLink(db, next, 'email-change');
    expect(token).toBeTruthy();
    // nothing changed yet; the pending address is shown
    const pending = (await b.request({ url: PERSONAL_DETAILS_PATH })).json() as PersonalDetails;
    expect(pending).toMatchObject({ email: old, pendingEmail: next });

    const visitor = await portal.visitor();
    const status = await post(visitor, LINK_STATUS_PATH, { token });
    expect(status.json()).toEqual({ state: 'valid', purpose: 'email_change', username: 'summit-owner' });
    const verified = await post(visitor, LINK_VERIFY_PATH, { token });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ purpose: 'email_change', username: 'summit-owner' });
    const after = (await b.request({ url: PERSONAL_DETAILS_PATH })).json() as PersonalDetails;
    expect(after).toMatchObject({ email: next, pendingEmail: null });
    expect(await auditOf('profile.email_change_requested')).toHaveLength(1);
    const [changed] = await auditOf('profile.email_changed');
    expect(changed).toMatchObject({ area: 'profile', accountId: expect.any(String) });
    // single use
    expect((await post(visitor, LINK_VERIFY_PATH, { token })).json().error.code).toBe('LINK_USED');
    await db.update(users).set({ email: old }).where(eq(users.username, 'summit-owner'));
  });

  it('refuses the address the user already has', async () => {
    const b = await portal.as('summit-owner');
    const same = await send(b, 'POST', EMAIL_CHANGE_PATH, { email: 'summit-owner@summitlogistics.example' });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.fields).toEqual([{ path: 'body.email', code: 'email.unchanged' }]);
  });
});

describe('Company details (company.manage: PRIMARY and ADMIN)', () => {
  const details = {
    displayName: 'Harbor Coffee',
    businessPhone: '212-555-0199',
    billingContactName: 'Dana Reyes',
    billingContactEmail: 'ap@harborcoffee.example',
  };

  it('answers the company with its read-only service address, and changes what may change, audited', async () => {
    const b = await portal.as('harbor-admin');
    const read = await b.request({ url: COMPANY_DETAILS_PATH });
    expect(read.statusCode, read.body).toBe(200);
    const before = read.json() as CompanyDetails;
    expect(before).toMatchObject({ displayName: 'Harbor Coffee Co.', businessPhone: null, billingContactName: null });
    expect(before.serviceAddress?.zip).toMatch(/^\d{5}$/);
    const changed = await send(b, 'PUT', COMPANY_DETAILS_PATH, details);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({
      ...before,
      ...details,
      businessPhone: '+12125550199',
    });
    const [entry] = await auditOf('company.updated');
    expect(entry).toMatchObject({ area: 'profile', actorRole: 'ADMIN' });
    const [row] = await portal
      .database()
      .db.select({ companyName: accounts.companyName })
      .from(accounts)
      .where(eq(accounts.accountNumber, before.accountNumber));
    // the legal name on the account stays
    expect(row?.companyName).toBe('Harbor Coffee Co.');
  });

  it('refuses BILLING and STANDARD, and a bad business phone', async () => {
    for (const username of ['harbor-billing', 'harbor-staff']) {
      const b = await portal.as(username);
      expect((await b.request({ url: COMPANY_DETAILS_PATH })).statusCode).toBe(403);
      expect((await send(b, 'PUT', COMPANY_DETAILS_PATH, details)).statusCode).toBe(403);
    }
    const owner = await portal.as('harbor-owner');
    const bad = await send(owner, 'PUT', COMPANY_DETAILS_PATH, { ...details, businessPhone: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual([{ path: 'body.businessPhone', code: 'phone.invalid' }]);
  });
});
