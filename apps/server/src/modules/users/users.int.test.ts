import {
  INVITATIONS_PATH,
  type Invitation,
  LINK_ACCEPT_INVITATION_PATH,
  LINK_STATUS_PATH,
  type ManagedUser,
  PAY_LINKS_PATH,
  PRIMARY_TRANSFER_PATH,
  SESSION_PROFILE_PATH,
  STEP_UP_MINUTES,
  STEP_UP_PATH,
  USERS_PATH,
} from '@vireo/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inviteToDemoAccount, latestLink } from '../../../test/invitations';
import { type Browser, DEMO_PASSWORD, post } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { auditEvents, memberships, outboxEmails, paymentMethods, users } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * Users and roles (issue 18 item 5, wider-portal.md §3-§4) through the API: Harbor's PRIMARY and ADMIN list users and
 * invitations, invite, resend and delete invitations, change roles (after a step-up), deactivate, reactivate and
 * remove users; an ADMIN never acts on the PRIMARY, nobody on themselves; the PRIMARY transfers the role to an active
 * ADMIN; time-boxed access ends by the background work, with a reminder 3 days before.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });
const MINUTE = 60_000;

function send(b: Browser, method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: unknown) {
  return b.request({
    method,
    url,
    headers: b.csrf(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function listUsers(b: Browser, query = '') {
  const answer = await b.request({ url: `${USERS_PATH}${query}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as { items: ManagedUser[]; nextCursor: string | null; previousCursor: string | null };
}

async function userId(username: string) {
  const [row] = await portal.database().db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username}`);
  return row.id;
}

const userPath = (id: string, action = '') => `${USERS_PATH}/${id}${action}`;

async function auditActions(targetId: string) {
  const rows = await portal.database().db.select().from(auditEvents).where(eq(auditEvents.targetId, targetId));
  return rows.map((row) => row.action);
}

describe('the users list', () => {
  it("lists Harbor's members by name with status, role and what the PRIMARY may do to each", async () => {
    const owner = await portal.as('harbor-owner');
    const page = await listUsers(owner);
    const byName = Object.fromEntries(page.items.map((u) => [u.username, u]));
    expect(Object.keys(byName).sort()).toEqual([
      'harbor-admin',
      'harbor-billing',
      'harbor-former',
      'harbor-owner',
      'harbor-staff',
    ]);
    expect(byName['harbor-former']).toMatchObject({ status: 'deactivated', can: { reactivate: true } });
    expect(byName['harbor-owner']?.isYou).toBe(true);
    expect(byName['harbor-owner']?.can).toEqual({
      changeRole: false,
      deactivate: false,
      reactivate: false,
      remove: false,
      changeAccess: false,
      receivePrimary: false,
    });
    expect(byName['harbor-admin']?.can.receivePrimary).toBe(true);
    expect(byName['harbor-staff']?.can).toMatchObject({ changeRole: true, deactivate: true, receivePrimary: false });
    // the order is last name, first name
    const keys = page.items.map((u) => `${u.lastName} ${u.firstName}`.toLowerCase());
    expect(keys).toEqual([...keys].sort());
  });

  it('searches name, username and e-mail, and pages by keyset both ways', async () => {
    const admin = await portal.as('harbor-admin');
    const found = await listUsers(admin, '?q=BILLING');
    expect(found.items.map((u) => u.username)).toEqual(['harbor-billing']);
    expect((await listUsers(admin, '?q=%25')).items).toEqual([]);
    const first = await listUsers(admin, '?limit=2');
    expect(first.items).toHaveLength(2);
    expect(first.previousCursor).toBeNull();
    const second = await listUsers(admin, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((u) => u.id)).not.toContain(first.items[0]?.id);
    const back = await listUsers(admin, `?limit=2&cursor=${second.previousCursor}`);
    expect(back.items.map((u) => u.id)).toEqual(first.items.map((u) => u.id));
    // the ADMIN cannot act on the PRIMARY
    const all = await listUsers(admin);
    expect(all.items.find((u) => u.role === 'PRIMARY')?.can).toMatchObject({ changeRole: false, remove: false });
    expect(all.items.every((u) => !u.can.receivePrimary)).toBe(true);
  });

  it('is refused to BILLING and STANDARD users', async () => {
    for (const name of ['harbor-billing', 'harbor-staff']) {
      const answer = await (await portal.as(name)).request({ url: USERS_PATH });
      expect(answer.statusCode).toBe(403);
    }
  });
});

describe('protected users', () => {
  it('refuses an ADMIN acting on the PRIMARY and anyone acting on themselves', async () => {
    const admin = await portal.as('harbor-admin');
    const ownerId = await userId('harbor-owner');
    const adminId = await userId('harbor-admin');
    for (const [method, path, body] of [
      ['PUT', userPath(ownerId, '/role'), { role: 'BILLING' }],
      ['POST', userPath(ownerId, '/deactivate'), undefined],
      ['DELETE', userPath(ownerId), undefined],
      ['PUT', userPath(ownerId, '/access'), { accessEndsOn: '2026-12-20' }],
    ] as const) {
      const answer = await send(admin, method, path, body);
      expect(answer.statusCode, `${method} ${path}`).toBe(403);
      expect(answer.json().error).toMatchObject({ code: 'USER_PROTECTED', details: { reason: 'primary' } });
    }
    const self = await send(admin, 'POST', userPath(adminId, '/deactivate'));
    expect(self.json().error).toMatchObject({ code: 'USER_PROTECTED', details: { reason: 'self' } });
    // an ADMIN cannot transfer the Primary role
    const transfer = await post(admin, PRIMARY_TRANSFER_PATH, { userId: adminId });
    expect(transfer.json().error?.code).toBe('FORBIDDEN');
  });

  it("answers another business's user 404", async () => {
    const other = await portal.as('riverbend-owner');
    const answer = await send(other, 'POST', userPath(await userId('harbor-staff'), '/deactivate'));
    expect(answer.statusCode).toBe(404);
  });
});

describe('step-up (wider-portal.md §3)', () => {
  it('asks for the password again after 10 minutes, counts a wrong one, and lets the change through after it', async () => {
    const owner = await portal.as('harbor-owner');
    const staffId = await userId('harbor-staff');
    clock.advance((STEP_UP_MINUTES + 1) * MINUTE);
    const stale = await send(owner, 'PUT', userPath(staffId, '/role'), { role: 'BILLING' });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('STEP_UP_REQUIRED');
    // pay-link creation is a dangerous action too
    const link = await post(owner, PAY_LINKS_PATH, { capCents: 10_000, expiresInDays: 7, usesAllowed: 1 });
    expect(link.json().error?.code).toBe('STEP_UP_REQUIRED');

    const wrong = await post(owner, STEP_UP_PATH, { password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    const [counted] = await portal
      .database()
      .db.select({ failures: users.failedLoginCount })
      .from(users)
      .where(eq(users.id, await userId('harbor-owner')));
    expect(counted?.failures).toBe(1);

    const proven = await post(owner, STEP_UP_PATH, { password: DEMO_PASSWORD });
    expect(proven.statusCode, proven.body).toBe(200);
    expect(new Date(proven.json().validUntil).getTime()).toBe(clock.now().getTime() + STEP_UP_MINUTES * MINUTE);
    const changed = await send(owner, 'PUT', userPath(staffId, '/role'), { role: 'BILLING' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user).toMatchObject({ role: 'BILLING', status: 'active' });
    // the member's next request has the new role's capabilities
    const staff = await portal.as('harbor-staff');
    expect((await staff.request({ url: SESSION_PROFILE_PATH })).json().role).toBe('BILLING');
    const back = await send(owner, 'PUT', userPath(staffId, '/role'), { role: 'STANDARD' });
    expect(back.json().user.role).toBe('STANDARD');
    expect(await auditActions(staffId)).toEqual(['user.role_changed', 'user.role_changed']);
    // each change is a security notice to the member, with "This wasn't me" (issue 18 item 4)
    const notices = await portal.database().db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'role-changed'));
    expect(notices.map((mail) => mail.toAddress)).toEqual([
      'harbor-staff@harborcoffee.example',
      'harbor-staff@harborcoffee.example',
    ]);
    expect(notices[0]?.body).toContain("This wasn't me");
    // deactivation is not a step-up action
    clock.advance((STEP_UP_MINUTES + 1) * MINUTE);
    expect((await send(owner, 'POST', userPath(staffId, '/deactivate'))).statusCode).toBe(200);
    expect((await send(owner, 'POST', userPath(staffId, '/reactivate'))).statusCode).toBe(200);
  });
});

describe('deactivate, reactivate, remove', () => {
  it('deactivation ends the sessions and refuses sign-in; reactivation gives access back', async () => {
    const admin = await portal.as('harbor-admin');
    const staff = await portal.as('harbor-staff');
    const staffId = await userId('harbor-staff');
    const off = await send(admin, 'POST', userPath(staffId, '/deactivate'));
    expect(off.json().user).toMatchObject({ status: 'deactivated', can: { reactivate: true, deactivate: false } });
    expect((await staff.request({ url: SESSION_PROFILE_PATH })).statusCode).toBe(401);
    await expect(portal.as('harbor-staff')).rejects.toThrow();
    const on = await send(admin, 'POST', userPath(staffId, '/reactivate'));
    expect(on.json().user.status).toBe('active');
    const again = await portal.as('harbor-staff');
    expect((await again.request({ url: SESSION_PROFILE_PATH })).statusCode).toBe(200);
    expect((await auditActions(staffId)).slice(-2)).toEqual(['user.deactivated', 'user.reactivated']);
  });

  it("removes a user's sign-in but keeps the account's payment methods, and the audit log keeps the name", async () => {
    const db = portal.database().db;
    const owner = await portal.as('harbor-owner');
    const { token } = await inviteToDemoAccount(portal.app(), db, {
      email: 'temp.helper@harborcoffee.example',
      firstName: 'Temp',
      lastName: 'Helper',
      role: 'BILLING',
    });
    const accepted = await post(await portal.visitor(), LINK_ACCEPT_INVITATION_PATH, {
      token,
      username: 'temp-helper',
      password: 'a long enough passphrase 42',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const tempId = await userId('temp-helper');
    const methodsBefore = await db.select().from(paymentMethods);
    const removed = await send(owner, 'DELETE', userPath(tempId));
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await db.select().from(users).where(eq(users.id, tempId))).toEqual([]);
    const [entry] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, tempId), eq(auditEvents.action, 'user.removed')));
    expect(entry?.data).toMatchObject({ name: 'Temp Helper', role: 'BILLING' });
    expect(entry?.actorUserId).toBe(await userId('harbor-owner'));
    expect(await db.select().from(paymentMethods)).toHaveLength(methodsBefore.length);
  });
});

describe('invitations', () => {
  it('lists pending and expired invitations, invites, refuses a taken address, resends and deletes', async () => {
    const db = portal.database().db;
    const owner = await portal.as('harbor-owner');
    const list = await owner.request({ url: INVITATIONS_PATH });
    expect(list.statusCode, list.body).toBe(200);
    const seeded = (list.json().items as Invitation[]).map((i) => [i.email, i.status, i.role]);
    expect(seeded).toEqual(
      expect.arrayContaining([
        ['sam.ortiz@harborcoffee.example', 'pending', 'BILLING'],
        ['lee.park@harborcoffee.example', 'expired', 'STANDARD'],
      ]),
    );

    const made = await post(owner, INVITATIONS_PATH, {
      email: 'Bea.Keeper@HarborCoffee.example',
      firstName: 'Bea',
      lastName: 'Keeper',
      role: 'BILLING',
      accessEndsOn: '2026-12-31',
      language: 'es',
    });
    expect(made.statusCode, made.body).toBe(201);
    const invitation = made.json().invitation as Invitation;
    expect(invitation).toMatchObject({ email: 'bea.keeper@harborcoffee.example', status: 'pending', role: 'BILLING' });
    // the end of 31 December in Harbor's zone (America/New_York): 1 January 05:00 UTC
    expect(invitation.accessEndsAt).toBe('2027-01-01T05:00:00.000Z');
    const first = await latestLink(db, 'bea.keeper@harborcoffee.example', 'invitation');
    expect(first.mail?.language).toBe('es');

    const taken = await post(owner, INVITATIONS_PATH, {
      email: 'harbor-billing@harborcoffee.example',
      firstName: 'Dup',
      lastName: 'Licate',
      role: 'STANDARD',
      language: 'en',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'ALREADY_MEMBER' });
    const past = await post(owner, INVITATIONS_PATH, {
      email: 'someone@harborcoffee.example',
      firstName: 'Some',
      lastName: 'One',
      role: 'STANDARD',
      accessEndsOn: '2026-11-21',
      language: 'en',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields).toEqual([{ path: 'body.accessEndsOn', code: 'out_of_range' }]);

    clock.advance(60 * MINUTE);
    // an hour idle ends a session: the owner signs in again
    const later = await portal.as('harbor-owner');
    const resent = await post(later, `${INVITATIONS_PATH}/${invitation.id}/resend`, {});
    expect(resent.statusCode, resent.body).toBe(200);
    const renewed = resent.json().invitation as Invitation;
    expect(renewed.id).not.toBe(invitation.id);
    expect(new Date(renewed.expiresAt).getTime()).toBe(new Date(invitation.expiresAt).getTime() + 60 * MINUTE);
    const second = await latestLink(db, 'bea.keeper@harborcoffee.example', 'invitation');
    expect(second.token).not.toBe(first.token);
    // the old link no longer opens anything
    const oldLink = await post(await portal.visitor(), LINK_STATUS_PATH, { token: first.token });
    expect(oldLink.json().state).toBe('unknown');

    const deleted = await send(later, 'DELETE', `${INVITATIONS_PATH}/${renewed.id}`);
    expect(deleted.statusCode).toBe(204);
    const after = (await later.request({ url: INVITATIONS_PATH })).json().items as Invitation[];
    expect(after.map((i) => i.email)).not.toContain('bea.keeper@harborcoffee.example');
    expect(await auditActions(renewed.id)).toEqual(['user.invitation_resent', 'user.invitation_deleted']);
  });
});

describe('time-boxed access', () => {
  it('reminds the inviter 3 days before, once, and deactivates the member when it ends', async () => {
    const db = portal.database().db;
    const owner = await portal.as('harbor-owner');
    const billingId = await userId('harbor-billing');
    const set = await send(owner, 'PUT', userPath(billingId, '/access'), { accessEndsOn: '2026-12-10' });
    expect(set.statusCode, set.body).toBe(200);
    const [membership] = await db.select().from(memberships).where(eq(memberships.userId, billingId));
    await db
      .update(memberships)
      .set({ invitedByUserId: await userId('harbor-owner') })
      .where(eq(memberships.id, membership?.id ?? ''));
    const users = portal.app().portal.services.users;
    const reminders = () => db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'access-ending'));
    expect(await users.runAccessEnds()).toBe(0);
    clock.set('2026-12-08T15:00:00Z');
    expect(await users.runAccessEnds()).toBe(1);
    expect(await users.runAccessEnds()).toBe(0);
    const sent = await reminders();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.toAddress).toBe('harbor-owner@harborcoffee.example');
    expect(sent[0]?.subject).toContain('December 10, 2026');
    const session = await portal.as('harbor-billing');
    clock.set('2026-12-11T05:00:00Z');
    expect(await users.runAccessEnds()).toBe(1);
    expect((await session.request({ url: SESSION_PROFILE_PATH })).statusCode).toBe(401);
    const [entry] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, billingId), eq(auditEvents.action, 'user.access_ended')));
    expect(entry?.actorUserId).toBeNull();
    // reactivating lifts the ended access, so the next run leaves the member alone
    const admin = await portal.as('harbor-admin');
    expect((await send(admin, 'POST', userPath(billingId, '/reactivate'))).json().user.accessEndsAt).toBeNull();
    expect(await users.runAccessEnds()).toBe(0);
  });
});

describe('transfer Primary', () => {
  it('goes only to an active ADMIN; the old PRIMARY becomes ADMIN, in one step', async () => {
    const owner = await portal.as('harbor-owner');
    const staff = await post(owner, PRIMARY_TRANSFER_PATH, { userId: await userId('harbor-staff') });
    expect(staff.statusCode).toBe(422);
    expect(staff.json().error.code).toBe('PRIMARY_TRANSFER_INVALID');
    const adminId = await userId('harbor-admin');
    const done = await post(owner, PRIMARY_TRANSFER_PATH, { userId: adminId });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user).toMatchObject({ id: adminId, role: 'PRIMARY' });
    expect((await owner.request({ url: SESSION_PROFILE_PATH })).json().role).toBe('ADMIN');
    const roles = await portal
      .database()
      .db.select({ role: memberships.role })
      .from(memberships)
      .where(
        eq(
          memberships.accountId,
          (await portal.database().db.select().from(memberships).where(eq(memberships.userId, adminId)))[0]
            ?.accountId ?? '',
        ),
      );
    expect(roles.filter((r) => r.role === 'PRIMARY')).toHaveLength(1);
    // the entry keeps the actor's role as they acted
    const [transferred] = await portal
      .database()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, adminId), eq(auditEvents.action, 'user.primary_transferred')));
    expect(transferred).toMatchObject({ actorRole: 'PRIMARY', area: 'users', actorKind: 'user' });
    // and back, by the new PRIMARY
    const admin = await portal.as('harbor-admin');
    const back = await post(admin, PRIMARY_TRANSFER_PATH, { userId: await userId('harbor-owner') });
    expect(back.statusCode, back.body).toBe(200);
  });
});
