import { TROUBLESHOOTING_PATH, type TroubleshootingCheck } from '@vireo/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { auditEvents, equipment } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * Troubleshooting (issue 21 item 5, wider-portal.md §9) through the API: the Orlando outage stops Riverbend's internet
 * check before its equipment (demo-data.md), not its phone's; Pinecrest's modem is restarted and comes back, or stays
 * offline (network operations' `restartRecovery` knob), or the command does not reach it (`restart`: 503, nothing
 * recorded); Northgate's suspended service stays offline; a STANDARD member checks but cannot restart.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });

async function check(b: Browser, subject: string, lang?: string): Promise<TroubleshootingCheck> {
  const answer = await b.request({ url: `${TROUBLESHOOTING_PATH}?subject=${subject}${lang ? `&lang=${lang}` : ''}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const deviceIdOf = async (identifier: string) =>
  (
    await portal.database().db.select({ id: equipment.id }).from(equipment).where(eq(equipment.identifier, identifier))
  )[0]?.id as string;

const restart = (b: Browser, id: string) =>
  b.request({ method: 'POST', url: `/api/pub/services/v1/equipment/${id}/restart`, headers: b.csrf() });

const entriesOf = (targetId: string) =>
  portal
    .database()
    .db.select()
    .from(auditEvents)
    .where(and(eq(auditEvents.targetId, targetId)));

describe('troubleshooting’s check', () => {
  it('stops at the outage covering Riverbend’s address, before its equipment is asked about', async () => {
    const b = await portal.as('riverbend-owner');
    const internet = await check(b, 'internet');
    expect(internet.outage).toMatchObject({ pid: 'OUT-24117', type: 'outage', stage: 'crew_dispatched', active: true });
    expect(internet.equipment).toBe(null);
    expect(internet.serviceAddress).toMatchObject({ city: 'Orlando' });
    expect(internet.canRestart).toBe(true);
    expect((await check(b, 'internet', 'es')).outage?.body).toContain('Interrupción de internet');
    // the outage is the internet's: a TV and phone check goes on to their equipment (Riverbend has none)
    expect(await check(b, 'tv-phone')).toMatchObject({ outage: null, equipment: [] });
  });

  it('lists Pinecrest’s internet equipment with its status; a STANDARD member sees it without a restart', async () => {
    const pinecrest = await check(await portal.as('pinecrest-owner'), 'internet');
    expect(pinecrest).toMatchObject({ outage: null, deviceStatusAvailable: true, canRestart: true });
    expect(pinecrest.equipment?.map((device) => [device.deviceType, device.identifier, device.status])).toEqual([
      ['modem', '•••• 2001', 'online'],
    ]);
    // Harbor's maintenance is next week: nothing under way stops the check
    const harbor = await check(await portal.as('harbor-staff'), 'internet');
    expect(harbor).toMatchObject({ outage: null, canRestart: false });
    expect(harbor.equipment).toHaveLength(2);
    const tvPhone = await check(await portal.as('harbor-staff'), 'tv-phone');
    expect(tvPhone.equipment?.map((device) => device.deviceType)).toEqual(['dvr', 'digital_receiver', 'voice_adapter']);
  });

  it('answers 400 to an unknown subject and 503 when network operations do not answer about outages', async () => {
    const b = await portal.as('pinecrest-owner');
    expect((await b.request({ url: `${TROUBLESHOOTING_PATH}?subject=mobile` })).statusCode).toBe(400);
    portal.app().portal.services.networkOps.faults.set('events', 1);
    expect((await b.request({ url: `${TROUBLESHOOTING_PATH}?subject=internet` })).statusCode).toBe(503);
  });
});

describe('restarting a device', () => {
  it('restarts Pinecrest’s modem, which comes back online, or stays offline; each audited with its outcome', async () => {
    const b = await portal.as('pinecrest-owner');
    const modem = await deviceIdOf('00:1A:2B:3C:20:01');
    const back = await restart(b, modem);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json()).toMatchObject({ outcome: 'online', equipment: { id: modem, status: 'online' } });
    portal.app().portal.services.networkOps.faults.set('restartRecovery', 1);
    const stuck = await restart(b, modem);
    expect(stuck.json()).toMatchObject({ outcome: 'offline', equipment: { status: 'offline' } });
    const entries = await entriesOf(modem);
    expect(entries.map((entry) => [entry.action, entry.area, entry.result, entry.data])).toEqual([
      [
        'equipment.restarted',
        'services',
        'succeeded',
        { device: 'Vireo DOCSIS 3.1 Business Gateway', outcome: 'online' },
      ],
      [
        'equipment.restart_failed',
        'services',
        'failed',
        { device: 'Vireo DOCSIS 3.1 Business Gateway', outcome: 'offline' },
      ],
    ]);
    expect(entries.every((entry) => entry.requestId !== null)).toBe(true);
  });

  it('answers 503 and records nothing when the command does not reach the device', async () => {
    const b = await portal.as('pinecrest-owner');
    const modem = await deviceIdOf('00:1A:2B:3C:20:01');
    const before = (await entriesOf(modem)).length;
    portal.app().portal.services.networkOps.faults.set('restart', 1);
    const down = await restart(b, modem);
    expect(down.statusCode).toBe(503);
    expect(down.json().error.code).toBe('SERVICE_UNAVAILABLE');
    expect(await entriesOf(modem)).toHaveLength(before);
  });

  it('leaves a suspended service’s device offline (Northgate)', async () => {
    const gateway = await deviceIdOf('00:1A:2B:3C:50:01');
    const answer = await restart(await portal.as('northgate-owner'), gateway);
    expect(answer.json().outcome).toBe('offline');
  });

  it('answers 404 for another business’s device and 403 to a STANDARD member', async () => {
    const riverbendModem = await deviceIdOf('00:1A:2B:3C:30:01');
    expect((await restart(await portal.as('pinecrest-owner'), riverbendModem)).statusCode).toBe(404);
    const harborModem = await deviceIdOf('00:1A:2B:3C:10:01');
    expect((await restart(await portal.as('harbor-staff'), harborModem)).statusCode).toBe(403);
    expect(await entriesOf(riverbendModem)).toEqual([]);
    expect(await entriesOf(harborModem)).toEqual([]);
  });
});
