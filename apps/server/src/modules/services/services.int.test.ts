import { type Equipment, SERVICES_PATH, type ServicesResponse } from '@vireo/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { auditEvents, equipment } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { NETWORK_OPS_EVENTS_PATH } from '../network-ops/network-ops';

/**
 * Services and equipment (issue 19 item 1, wider-portal.md §5) through the API: Harbor's three services with the plans
 * billed now, its lines and its equipment (identifiers masked, online from network operations, spec §5's nickname
 * rule), naming a device (the admin group's, audited) and network operations not answering; an outage at the premises
 * takes the devices of the services it stops offline while it lasts.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });

async function services(b: Browser): Promise<ServicesResponse> {
  const answer = await b.request({ url: SERVICES_PATH });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const deviceIdOf = async (identifier: string) =>
  (
    await portal.database().db.select({ id: equipment.id }).from(equipment).where(eq(equipment.identifier, identifier))
  )[0]?.id as string;

function rename(b: Browser, id: string, nickname: string) {
  return b.request({
    method: 'PUT',
    url: `/api/pub/services/v1/equipment/${id}/nickname`,
    headers: b.csrf(),
    payload: { nickname },
  });
}

const byModel = (list: readonly Equipment[], model: string) => list.find((device) => device.model === model);

describe('the services page data', () => {
  it("lists Harbor's internet, TV and phone with the plans billed now, its lines and its equipment", async () => {
    const answer = await services(await portal.as('harbor-owner'));
    expect(answer.deviceStatusAvailable).toBe(true);
    expect(answer.serviceAddress).toMatchObject({ city: expect.any(String), zip: expect.stringMatching(/^\d{5}$/) });
    expect(answer.services.map((s) => [s.key, s.status, s.plans, s.lineCount])).toEqual([
      ['INTERNET', 'Active', ['Business Internet Gig', 'Static IP address'], null],
      ['VIDEO', 'Active', ['Business TV Select'], null],
      ['VOICE', 'Assigned', ['Business Voice, 3 lines'], 3],
    ]);
    const internet = answer.services[0]?.equipment ?? [];
    expect(internet.map((d) => [d.deviceType, d.identifier, d.nickname, d.canNickname, d.status])).toEqual([
      ['modem', '•••• 1001', 'Front counter gateway', true, 'online'],
      ['router', '•••• 1002', null, true, 'online'],
    ]);
    // spec §5 on CHTR: the DVR and the receiver cannot be named; the voice adapter can
    const tv = answer.services[1]?.equipment ?? [];
    expect(tv.map((d) => [d.deviceType, d.canNickname])).toEqual([
      ['dvr', false],
      ['digital_receiver', false],
    ]);
    expect(answer.services[2]?.equipment.map((d) => [d.deviceType, d.canNickname])).toEqual([['voice_adapter', true]]);
    // the whole identifier never leaves the server
    expect(JSON.stringify(answer)).not.toMatch(/00:1A:2B|SN-HD/);
  });

  it('shows a STANDARD member the same services with nothing to rename', async () => {
    const answer = await services(await portal.as('harbor-staff'));
    expect(answer.services).toHaveLength(3);
    expect(answer.services.flatMap((s) => s.equipment).some((d) => d.canNickname)).toBe(false);
  });

  it('reports a soft-disconnected account’s devices offline (Northgate)', async () => {
    const answer = await services(await portal.as('northgate-owner'));
    const devices = answer.services.flatMap((s) => s.equipment);
    expect(devices.length).toBeGreaterThan(0);
    expect(new Set(devices.map((d) => d.status))).toEqual(new Set(['offline']));
  });

  it('says the status is unknown when network operations do not answer, and still lists everything', async () => {
    const b = await portal.as('harbor-owner');
    portal.app().portal.services.networkOps.faults.set('deviceStatus', 1);
    const answer = await services(b);
    expect(answer.deviceStatusAvailable).toBe(false);
    const devices = answer.services.flatMap((s) => s.equipment);
    expect(devices).toHaveLength(5);
    expect(new Set(devices.map((d) => d.status))).toEqual(new Set(['unknown']));
    // the knob was used up: the next answer has the statuses again
    expect((await services(b)).deviceStatusAvailable).toBe(true);
  });
});

describe('naming a device (spec §5)', () => {
  it('names Harbor’s router, audits it once, keeps an unchanged name without an entry, and removes it', async () => {
    const b = await portal.as('harbor-admin');
    const router = await deviceIdOf('00:1A:2B:3C:10:02');
    const named = await rename(b, router, '  Patio WiFi  ');
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toMatchObject({
      id: router,
      nickname: 'Patio WiFi',
      identifier: '•••• 1002',
      status: 'online',
    });
    expect((await rename(b, router, 'Patio WiFi')).statusCode).toBe(200);
    const entries = () =>
      portal
        .database()
        .db.select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'equipment.renamed'), eq(auditEvents.targetId, router)));
    expect((await entries()).map((e) => [e.area, e.data])).toEqual([
      ['services', { device: 'Patio WiFi', from: null, to: 'Patio WiFi' }],
    ]);
    const cleared = await rename(b, router, '');
    expect(cleared.json().nickname).toBe(null);
    expect(await entries()).toHaveLength(2);
    expect(byModel((await services(b)).services[0]?.equipment ?? [], 'Vireo Business WiFi 6 Router')?.nickname).toBe(
      null,
    );
  });

  it('refuses a DVR on CHTR, a name too long or with a control character, each on its field; nothing changes', async () => {
    const b = await portal.as('harbor-owner');
    const dvr = await deviceIdOf('SN-HDV-4410-7731');
    const router = await deviceIdOf('00:1A:2B:3C:10:02');
    const fieldOf = async (answer: Awaited<ReturnType<typeof rename>>) => {
      expect(answer.statusCode, answer.body).toBe(400);
      return answer.json().error.fields;
    };
    expect(await fieldOf(await rename(b, dvr, 'Lobby TV'))).toEqual([
      { path: 'body.nickname', code: 'services.nickname.notAllowed' },
    ]);
    expect(await fieldOf(await rename(b, router, 'tab\there'))).toEqual([
      { path: 'body.nickname', code: 'services.nickname.invalid' },
    ]);
    expect((await rename(b, router, 'x'.repeat(31))).statusCode).toBe(400);
    const [row] = await portal.database().db.select().from(equipment).where(eq(equipment.id, dvr));
    expect(row?.nickname).toBe(null);
  });

  it('answers 404 for another business’s device and 403 to a BILLING member', async () => {
    const riverbendModem = await deviceIdOf('00:1A:2B:3C:30:01');
    const notFound = await rename(await portal.as('harbor-owner'), riverbendModem, 'Mine now');
    expect([notFound.statusCode, notFound.json().error.code]).toEqual([404, 'NOT_FOUND']);
    const forbidden = await rename(await portal.as('harbor-billing'), await deviceIdOf('00:1A:2B:3C:10:02'), 'Hi');
    expect([forbidden.statusCode, forbidden.json().error.code]).toEqual([403, 'FORBIDDEN']);
    const [row] = await portal.database().db.select().from(equipment).where(eq(equipment.id, riverbendModem));
    expect(row?.nickname).toBe(null);
  });
});

describe('an outage at the premises', () => {
  it("takes Harbor's internet devices offline while it lasts, not its TV or phone; a restart does not bring one back", async () => {
    const owner = await portal.as('harbor-owner');
    const before = await services(owner);
    const address = before.serviceAddress as NonNullable<ServicesResponse['serviceAddress']>;
    const statuses = (answer: ServicesResponse) =>
      Object.fromEntries(answer.services.map((service) => [service.key, service.equipment.map((d) => d.status)]));
    expect(
      Object.values(statuses(before))
        .flat()
        .every((status) => status === 'online'),
    ).toBe(true);

    // an internet outage over Harbor's address, started through network operations' non-production control
    const started = await owner.request({
      method: 'POST',
      url: NETWORK_OPS_EVENTS_PATH,
      headers: owner.csrf(),
      payload: {
        addressLine1: address.addressLine1,
        zip: address.zip,
        kind: 'outage',
        services: ['internet'],
        hours: 2,
      },
    });
    expect(started.statusCode, started.body).toBe(201);
    const during = statuses(await services(owner));
    expect(during.INTERNET?.length).toBeGreaterThan(0);
    expect(during.INTERNET?.every((status) => status === 'offline')).toBe(true);
    expect([...(during.VIDEO ?? []), ...(during.VOICE ?? [])].every((status) => status === 'online')).toBe(true);
    const router = (await services(owner)).services.find((s) => s.key === 'INTERNET')?.equipment[0] as Equipment;
    const restarted = await owner.request({
      method: 'POST',
      url: `/api/pub/services/v1/equipment/${router.id}/restart`,
      headers: owner.csrf(),
    });
    expect(restarted.json()).toMatchObject({ outcome: 'offline', equipment: { status: 'offline' } });

    // restored two hours on: back online (a new session: the clock moved past the idle limit)
    clock.advance(2 * 3_600_000 + 60_000);
    const after = statuses(await services(await portal.as('harbor-owner')));
    expect(
      Object.values(after)
        .flat()
        .every((status) => status === 'online'),
    ).toBe(true);
  });
});
