import {
  addDays,
  LEASE_DATE_MAX,
  LEASE_DATE_MIN,
  LEASE_DATE_OUT_OF_RANGE,
  MOVE_OUT_BEFORE_MOVE_IN,
  MOVE_OUT_PAST,
  type UnitDetail,
} from '@vireo/shared';
import { and, eq, isNull, like } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lakesideUnits } from '../../../test/community';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { communityUnits, jobs, outboxEmails, outboxTexts, properties } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import type { Provisioning } from '../provisioning/provisioning';
import { unitPassphrase } from '../provisioning/provisioning';
import { MOVE_IN_JOB, MOVE_OUT_JOB } from './lease-jobs';

/**
 * A community unit's changes (issue 22 item 3, wider-portal.md §10) through the API on the Lakeside demo data: access
 * suspended and restored (on the simulated network first; its failure changes nothing), the resident edited or a new
 * one moved in (access by the lease: at once for a lease begun, by the job on the move-in day; ended by the job the
 * day after the move-out), the Wi-Fi details sent by e-mail or text; every refusal specific; every change audited.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });
const ZONE = 'America/New_York';
const TODAY = '2026-11-21';

let manager: Browser;
let leasing: Browser;
let lakesideId: string;
let units: Awaited<ReturnType<typeof lakesideUnits>>;

/** A unit's id by property and number ("North 101"). */
const unit = (name: string) => units.id(name);
const accessUrl = (name: string) => `/api/pub/community/v1/units/${unit(name)}/access`;
const residentUrl = (name: string) => `/api/pub/community/v1/units/${unit(name)}/resident`;
const wifiUrl = (name: string) => `/api/pub/community/v1/units/${unit(name)}/wifi-credentials`;
const provisioning = () => portal.app().portal.services.provisioning as Provisioning;
const row = (name: string) => units.row(name);
const auditsOf = (name: string) => units.audits(name);

const resident = (change: Record<string, unknown> = {}) => ({
  name: 'Rosa Delgado',
  email: 'rosa.delgado@example.com',
  phone: '(704) 555-0199',
  moveIn: '2026-06-01',
  moveOut: null,
  ...change,
});

beforeAll(async () => {
  units = await lakesideUnits(portal.database().db);
  lakesideId = units.accountId;
  manager = await portal.as('lakeside-manager');
  leasing = await portal.as('lakeside-leasing');
});

// each request a second after the one before: the audit log's order is its time
beforeEach(() => clock.advance(1_000));

describe('suspending and restoring access', () => {
  it('suspends an active unit on the network, then restores it; each once in the audit log', async () => {
    const suspended = await manager.request({
      headers: manager.csrf(),
      method: 'PUT',
      url: accessUrl('North 101'),
      payload: { access: 'suspended' },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json<UnitDetail>()).toMatchObject({ number: '101', access: 'suspended', occupancy: 'occupied' });
    expect(provisioning().unitAccessOf(unit('North 101'))).toBe('suspended');
    expect((await row('North 101'))?.access).toBe('suspended');
    // a second click changes nothing and records nothing
    const again = await manager.request({
      headers: manager.csrf(),
      method: 'PUT',
      url: accessUrl('North 101'),
      payload: { access: 'suspended' },
    });
    expect(again.json<UnitDetail>().access).toBe('suspended');
    // the leasing office's admin restores it (community.manage), a second later
    clock.advance(1_000);
    const restored = await leasing.request({
      headers: leasing.csrf(),
      method: 'PUT',
      url: accessUrl('North 101'),
      payload: { access: 'active' },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(provisioning().unitAccessOf(unit('North 101'))).toBe('active');
    const entries = await auditsOf('North 101');
    expect(entries.map((entry) => entry.action)).toEqual(['unit.access_restored', 'unit.access_suspended']);
    expect(entries[1]).toMatchObject({ actorKind: 'user', area: 'community', accountId: lakesideId });
    expect(entries[1]?.data).toMatchObject({ property: 'Lakeside North', unit: '101' });
  });

  it('refuses a unit never activated (provisioning activates it), with the reason', async () => {
    const response = await manager.request({
      headers: manager.csrf(),
      method: 'PUT',
      url: accessUrl('Commons 130'),
      payload: { access: 'suspended' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatchObject({ code: 'CONFLICT', details: { reason: 'notActivated' } });
    expect((await row('Commons 130'))?.access).toBe('inactive');
  });

  it('changes nothing when the network does not answer (503), and then works', async () => {
    provisioning().faults.set('unitAccess', 1);
    const failed = await manager.request({
      headers: manager.csrf(),
      method: 'PUT',
      url: accessUrl('South 102'),
      payload: { access: 'suspended' },
    });
    expect(failed.statusCode).toBe(503);
    expect((await row('South 102'))?.access).toBe('active');
    expect(await auditsOf('South 102')).toEqual([]);
    const retried = await manager.request({
      headers: manager.csrf(),
      method: 'PUT',
      url: accessUrl('South 102'),
      payload: { access: 'suspended' },
    });
    expect(retried.json<UnitDetail>().access).toBe('suspended');
  });

  it('refuses another value than suspended or active', async () => {
    const response = await manager.request({
      headers: manager.csrf(),
      method: 'PUT',
      url: accessUrl('South 103'),
      payload: { access: 'inactive' },
    });
    expect(response.statusCode).toBe(400);
    expect((await row('South 103'))?.access).toBe('active');
  });
});

describe("editing a unit's resident", () => {
  it('saves the resident with the number in E.164 and records which fields changed', async () => {
    const before = await row('North 104');
    const response = await manager.request({
      headers: manager.csrf(),
      method: 'PUT',
      url: residentUrl('North 104'),
      payload: resident({ name: before?.residentName, moveIn: before?.moveIn, email: 'new.address@example.com' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UnitDetail>().resident).toMatchObject({
      email: 'new.address@example.com',
      phone: '+17045550199',
    });
    const [entry] = await auditsOf('North 104');
    expect(entry?.action).toBe('unit.resident_updated');
    expect(entry?.data).toMatchObject({ changed: ['email', 'phone'], newResident: false });
    // the same again changes nothing
    await manager.request({
      headers: manager.csrf(),
      method: 'PUT',
      url: residentUrl('North 104'),
      payload: resident({ name: before?.residentName, moveIn: before?.moveIn, email: 'new.address@example.com' }),
    });
    expect(await auditsOf('North 104')).toHaveLength(1);
  });

  it.each([
    [
      'a move-out before the move-in',
      { moveIn: '2026-06-01', moveOut: '2026-05-31' },
      'body.moveOut',
      MOVE_OUT_BEFORE_MOVE_IN,
    ],
    ['a move-out in the past', { moveOut: addDays(TODAY, -1) }, 'body.moveOut', MOVE_OUT_PAST],
    ['a number that is not one', { phone: '555' }, 'body.phone', 'phone.invalid'],
    ['a card number in the name', { name: 'Rosa 4111 1111 1111 1111' }, 'body.name', 'text.cardNumberRefused'],
  ])('refuses %s on its field, and keeps the unit as it was', async (_, change, path, code) => {
    const before = await row('North 106');
    const response = await manager.request({
      headers: manager.csrf(),
      method: 'PUT',
      url: residentUrl('North 106'),
      payload: resident(change),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual(expect.arrayContaining([expect.objectContaining({ path, code })]));
    expect(await row('North 106')).toEqual(before);
  });

  it('moves a resident into a vacant unit: a lease begun gets access at once', async () => {
    const response = await manager.request({
      headers: manager.csrf(),
      method: 'PUT',
      url: residentUrl('Commons 140'),
      payload: resident({ moveIn: TODAY }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UnitDetail>()).toMatchObject({ occupancy: 'occupied', access: 'active' });
    expect(provisioning().unitAccessOf(unit('Commons 140'))).toBe('active');
    // one transaction: the same instant
    expect((await auditsOf('Commons 140')).map((entry) => entry.action).sort()).toEqual([
      'unit.moved_in',
      'unit.resident_updated',
    ]);
  });

  // found by the input fuzzing (1,000 runs): a lease ending 9999-12-31 answered 500 (its move-out job's day has no date)
  it('takes a lease from 1900 through 2199, and refuses a date beyond with the reason, keeping the unit', async () => {
    const before = await row('Commons 142');
    const refused = await manager.request({
      headers: manager.csrf(),
      method: 'PUT',
      url: residentUrl('Commons 142'),
      payload: resident({ moveIn: '1990-01-01', moveOut: '9999-12-31' }),
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.fields).toEqual([{ path: 'body.moveOut', code: LEASE_DATE_OUT_OF_RANGE }]);
    expect(await row('Commons 142')).toEqual(before);
    const response = await manager.request({
      headers: manager.csrf(),
      method: 'PUT',
      url: residentUrl('Commons 142'),
      payload: resident({ moveIn: LEASE_DATE_MIN, moveOut: LEASE_DATE_MAX }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<UnitDetail>()).toMatchObject({
      occupancy: 'occupied',
      access: 'active',
      resident: { moveIn: LEASE_DATE_MIN, moveOut: LEASE_DATE_MAX },
    });
  });
});

describe("sending a resident the unit's Wi-Fi", () => {
  it('e-mails the network and the passphrase of the tenancy, in the language asked, and audits without them', async () => {
    const target = await row('North 110');
    expect(target?.residentEmail, 'North 110 has an e-mail in the demo data').toBeTruthy();
    const response = await manager.request({
      headers: manager.csrf(),
      method: 'POST',
      url: wifiUrl('North 110'),
      payload: { channel: 'email', language: 'es' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const email = target?.residentEmail as string;
    expect(response.json()).toEqual({ channel: 'email', sentTo: `${email[0]}•••${email.slice(email.indexOf('@'))}` });
    const [mail] = await portal.database().db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));
    expect(mail?.subject).toBe('Su Wi-Fi en Lakeside North');
    const passphrase = unitPassphrase(unit('North 110'), target?.moveIn as string);
    expect(mail?.body).toContain(`Contraseña: ${passphrase}`);
    expect(mail?.body).toContain('Red: Lakeside North Residents');
    const [entry] = await auditsOf('North 110');
    expect(entry).toMatchObject({ action: 'unit.wifi_sent', data: expect.objectContaining({ channel: 'email' }) });
    expect(JSON.stringify(entry?.data)).not.toContain(passphrase);
  });

  it('texts it to the mobile number', async () => {
    const target = await row('North 108');
    const response = await manager.request({
      headers: manager.csrf(),
      method: 'POST',
      url: wifiUrl('North 108'),
      payload: { channel: 'text', language: 'en' },
    });
    expect(response.json()).toEqual({ channel: 'text', sentTo: `•••• ${target?.residentPhone?.slice(-4)}` });
    const [text] = await portal
      .database()
      .db.select()
      .from(outboxTexts)
      .where(eq(outboxTexts.toNumber, target?.residentPhone as string));
    expect(text?.body).toContain(unitPassphrase(unit('North 108'), target?.moveIn as string));
  });

  it('refuses a suspended unit, a vacant one and a resident without the address asked for, with the reason', async () => {
    const { db } = portal.database();
    const [noEmail] = await db
      .select({ number: communityUnits.number, property: properties.name })
      .from(communityUnits)
      .innerJoin(properties, eq(properties.id, communityUnits.propertyId))
      .where(
        and(
          eq(communityUnits.accountId, lakesideId),
          eq(communityUnits.access, 'active'),
          eq(communityUnits.occupancy, 'occupied'),
          isNull(communityUnits.residentEmail),
        ),
      )
      .limit(1);
    expect(noEmail, 'a resident without e-mail in the demo data').toBeDefined();
    const cases = [
      ['North 123', 'accessSuspended'],
      ['North 117', 'noResident'],
      [`${noEmail?.property.replace('Lakeside ', '')} ${noEmail?.number}`, 'noDestination'],
    ] as const;
    for (const [name, reason] of cases) {
      const response = await manager.request({
        headers: manager.csrf(),
        method: 'POST',
        url: wifiUrl(name),
        payload: { channel: 'email', language: 'en' },
      });
      expect(response.statusCode, name).toBe(409);
      expect(response.json().error.details, name).toEqual({ reason });
    }
  });
});

describe('the lease job', () => {
  const run = () => portal.app().portal.services.background.run();

  it('grants access on a future move-in day, and ends it the day after the move-out, once each', async () => {
    const moveIn = addDays(TODAY, 3);
    const saved = await manager.request({
      headers: manager.csrf(),
      method: 'PUT',
      url: residentUrl('Commons 141'),
      payload: resident({ moveIn, moveOut: addDays(TODAY, 5) }),
    });
    expect(saved.json<UnitDetail>()).toMatchObject({ occupancy: 'occupied', access: 'inactive' });
    const queued = await portal
      .database()
      .db.select()
      .from(jobs)
      .where(like(jobs.uniqueKey, `%${unit('Commons 141')}%`));
    expect(queued.map((job) => job.kind).sort()).toEqual([MOVE_IN_JOB, MOVE_OUT_JOB]);

    // the day before: nothing yet
    clock.set(new Date(new Date(`${addDays(TODAY, 2)}T23:59:00-05:00`)));
    await run();
    expect((await row('Commons 141'))?.access).toBe('inactive');
    // 00:00 of the move-in day, New York time
    clock.set(new Date(`${moveIn}T00:00:00-05:00`));
    await run();
    expect((await row('Commons 141'))?.access).toBe('active');
    // through the move-out day, then vacant
    clock.set(new Date(`${addDays(TODAY, 5)}T23:00:00-05:00`));
    await run();
    expect((await row('Commons 141'))?.occupancy).toBe('occupied');
    clock.set(new Date(`${addDays(TODAY, 6)}T00:00:00-05:00`));
    await run();
    await run();
    expect(await row('Commons 141')).toMatchObject({ occupancy: 'vacant', access: 'inactive', residentName: null });
    expect(provisioning().unitAccessOf(unit('Commons 141'))).toBe('inactive');
    const actions = (await auditsOf('Commons 141')).map((entry) => [entry.action, entry.actorKind]);
    expect(actions).toEqual([
      ['unit.moved_out', 'system'],
      ['unit.moved_in', 'system'],
      ['unit.resident_updated', 'user'],
    ]);
  });

  it('ends a seeded move-out on its day (the seed queues the job), and a date changed since does nothing', async () => {
    // North 105 moves out 24 days after the seed's day; North 131 in 61 days, moved earlier by its manager
    const n131 = await row('North 131');
    const earlier = addDays(TODAY, 20);
    // a new session: the clock moved past the last one's idle limit
    const b = await portal.as('lakeside-manager');
    const saved = await b.request({
      headers: b.csrf(),
      method: 'PUT',
      url: residentUrl('North 131'),
      payload: resident({
        name: n131?.residentName,
        email: n131?.residentEmail,
        phone: n131?.residentPhone,
        moveIn: n131?.moveIn,
        moveOut: earlier,
      }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    clock.set(new Date(`${addDays(TODAY, 25)}T12:00:00-05:00`));
    await run();
    expect(await row('North 105')).toMatchObject({ occupancy: 'vacant', access: 'inactive' });
    expect(await row('North 131')).toMatchObject({ occupancy: 'vacant', access: 'inactive' });
    // the job of the date first announced (61 days) finds the unit vacant and does nothing
    clock.set(new Date(`${addDays(TODAY, 62)}T12:00:00-05:00`));
    await run();
    expect((await auditsOf('North 131')).filter((entry) => entry.action === 'unit.moved_out')).toHaveLength(1);
  });

  it('retries a move-out when the network does not answer', async () => {
    const n145 = await row('North 145');
    const moveOut = addDays(clock.today(ZONE), 0);
    // a new session: the clock moved past the last one's idle limit
    const b = await portal.as('lakeside-manager');
    const saved = await b.request({
      headers: b.csrf(),
      method: 'PUT',
      url: residentUrl('North 145'),
      payload: resident({
        name: n145?.residentName,
        email: n145?.residentEmail,
        phone: n145?.residentPhone,
        moveIn: n145?.moveIn,
        moveOut,
      }),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    clock.set(new Date(`${addDays(moveOut, 1)}T08:00:00-05:00`));
    provisioning().faults.set('unitAccess', 1);
    await expect(run()).rejects.toThrow();
    expect((await row('North 145'))?.occupancy).toBe('occupied');
    clock.advance(60 * 60_000);
    await run();
    expect((await row('North 145'))?.occupancy).toBe('vacant');
  });
});
