import {
  SELF_INSTALL_ACTIVATION_PATH,
  SELF_INSTALL_ATTEMPTS_BEFORE_HELP,
  SELF_INSTALL_KIT_PATH,
  SELF_INSTALL_WIFI_PATH,
  SERVICES_PATH,
  type SelfInstallKit,
  type ServicesResponse,
} from '@vireo/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { auditEvents, selfInstallKits } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * Self-install (issue 21 item 6) through the API: Maple's kit (demo-data.md: shipped, not yet activated) is activated
 * one step a call by the simulated provisioning system, through a failed step and its retry (fault knobs), each
 * audited; repeated failures say the person needs us; the system not answering changes nothing; the Wi-Fi is set
 * once online with its rules on each field, the password never kept or recorded.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });
const faults = () => portal.app().portal.services.provisioning.faults;

async function kitOf(b: Browser): Promise<SelfInstallKit | null> {
  const answer = await b.request({ url: SELF_INSTALL_KIT_PATH });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().kit;
}

const activate = (b: Browser) => b.request({ method: 'POST', url: SELF_INSTALL_ACTIVATION_PATH, headers: b.csrf() });
const setWifi = (b: Browser, payload: object) =>
  b.request({ method: 'PUT', url: SELF_INSTALL_WIFI_PATH, headers: b.csrf(), payload });

async function mapleKitRow() {
  const [row] = await portal.database().db.select().from(selfInstallKits);
  if (!row) throw new Error('Maple has a kit');
  return row;
}
const entries = async () =>
  (
    await portal
      .database()
      .db.select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, (await mapleKitRow()).id))
  ).map((entry) => [entry.action, entry.result, entry.data]);

describe('self-install', () => {
  it('shows Maple’s kit waiting, masked; others have none; a STANDARD reader cannot activate', async () => {
    expect(await kitOf(await portal.as('maple-owner'))).toMatchObject({
      model: 'Vireo DOCSIS 4.0 Business Gateway',
      identifier: '•••• 4009',
      installType: 'portal',
      stage: 'shipped',
      failure: null,
      needsHelp: false,
      wifiName: null,
      activatedAt: null,
      canActivate: true,
      shippedAt: '2026-11-18T15:00:00.000Z',
    });
    const harbor = await portal.as('harbor-owner');
    expect(await kitOf(harbor)).toBe(null);
    expect((await activate(harbor)).statusCode).toBe(404);
    expect((await activate(await portal.as('harbor-staff'))).statusCode).toBe(403);
  });

  it('activates step by step through a failure and its retry, then sets the Wi-Fi; each change audited', async () => {
    const b = await portal.as('maple-owner');
    const internetEquipment = async () =>
      (await b.request({ url: SERVICES_PATH })).json<ServicesResponse>().services.find((s) => s.key === 'INTERNET')
        ?.equipment ?? [];
    const before = await internetEquipment();
    // the Wi-Fi waits for the gateway to be online
    expect((await setWifi(b, { networkName: 'Maple Bakery', password: 'croissant-42' })).statusCode).toBe(409);
    expect((await activate(b)).json()).toMatchObject({ stage: 'modem_seen', failure: null });
    faults().set('provision', 1);
    const failed = (await activate(b)).json();
    expect(failed).toMatchObject({
      stage: 'modem_seen',
      failure: { step: 'provisioned', reason: 'provisioningFailed', attempts: 1 },
      needsHelp: false,
    });
    // the provisioning system not answering: 503, nothing changes
    faults().set('unavailable', 1);
    const down = await activate(b);
    expect(down.statusCode).toBe(503);
    expect((await kitOf(b))?.failure?.attempts).toBe(1);
    expect((await activate(b)).json()).toMatchObject({ stage: 'provisioned', failure: null });
    const online = (await activate(b)).json();
    expect(online).toMatchObject({ stage: 'online', activatedAt: '2026-11-21T15:00:00.000Z' });
    expect((await activate(b)).statusCode).toBe(409);
    // online, the gateway is the internet service's equipment on the services page (once), and online there
    const after = await internetEquipment();
    expect(after).toHaveLength(before.length + 1);
    const kitRow = (await portal.database().db.select().from(selfInstallKits))[0];
    expect(after.find((device) => device.model === kitRow?.model)).toMatchObject({
      deviceType: 'modem',
      identifier: online.identifier,
      status: 'online',
    });

    // each field's rule, on its field; a card number is refused in the password too
    const refused = await setWifi(b, { networkName: ' Maple', password: 'short' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'body.password' })]),
    );
    const card = await setWifi(b, { networkName: 'Maple Bakery', password: '4111111111111111' });
    expect(card.json().error.fields).toEqual([{ path: 'body.password', code: 'text.cardNumberRefused' }]);
    const same = await setWifi(b, { networkName: 'MapleBakery', password: 'maplebakery' });
    expect(same.json().error.fields).toEqual([{ path: 'body.password', code: 'selfInstall.wifi.password.sameAsName' }]);
    faults().set('wifi', 1);
    expect((await setWifi(b, { networkName: 'Maple Bakery', password: 'croissant-42' })).statusCode).toBe(503);
    const done = await setWifi(b, { networkName: 'Maple Bakery', password: 'croissant-42' });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ stage: 'online', wifiName: 'Maple Bakery' });

    expect(await entries()).toEqual([
      ['self_install.step_completed', 'succeeded', { step: 'modem_seen' }],
      ['self_install.step_failed', 'failed', { step: 'provisioned', reason: 'provisioningFailed', attempts: 1 }],
      ['self_install.step_completed', 'succeeded', { step: 'provisioned' }],
      ['self_install.step_completed', 'succeeded', { step: 'online' }],
      ['self_install.wifi_set', 'succeeded', { networkName: 'Maple Bakery', from: null }],
    ]);
    // the password is the gateway's: nowhere in the kit or the audit log
    expect(JSON.stringify([await mapleKitRow(), await entries()])).not.toContain('croissant');
  });
});

describe('self-install that needs us', () => {
  const stuck = signedInApp({ clock: fixedClock('2026-11-21T15:00:00Z') });

  it(`says so after ${SELF_INSTALL_ATTEMPTS_BEFORE_HELP} failures of one step, counting only that step's`, async () => {
    const b = await stuck.as('maple-owner');
    const knobs = stuck.app().portal.services.provisioning.faults;
    knobs.set('modemSeen', SELF_INSTALL_ATTEMPTS_BEFORE_HELP);
    let kit: SelfInstallKit | undefined;
    for (let i = 1; i <= SELF_INSTALL_ATTEMPTS_BEFORE_HELP; i++) {
      kit = (await activate(b)).json();
      expect(kit).toMatchObject({
        stage: 'shipped',
        failure: { step: 'modem_seen', reason: 'modemNotSeen', attempts: i },
      });
      expect(kit?.needsHelp).toBe(i === SELF_INSTALL_ATTEMPTS_BEFORE_HELP);
    }
    // fixed at last: the count starts again at the next step
    expect((await activate(b)).json()).toMatchObject({ stage: 'modem_seen', failure: null, needsHelp: false });
    knobs.set('online', 1);
    await activate(b);
    expect((await activate(b)).json()).toMatchObject({
      stage: 'provisioned',
      failure: { step: 'online', reason: 'notOnline', attempts: 1 },
      needsHelp: false,
    });
  });
});
