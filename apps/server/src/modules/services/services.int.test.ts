import { type Equipment, SERVICES_PATH, type ServicesResponse } from '@vireo/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { auditEvents, equipment } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * Services and equipment (issue 19 item 1, wider-portal.md §5) through the API: Harbor's three services with the plans
 * billed now, its lines and its equipment (identifiers masked, online from network operations, spec §5's nickname
 * rule), naming a device (the admin group's, audited) and network operations not answering.
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
