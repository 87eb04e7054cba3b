import type { ContactPreferences, PropertyContacts } from '@vireo/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { accounts, networkEvents, outboxEmails, outboxTexts, properties } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { NETWORK_OPS_EVENTS_PATH } from '../network-ops/network-ops';

/**
 * Notices follow the contact preferences (issue 22 item 5, wider-portal.md §10; the "Done when": the manager sends
 * outage notices to the maintenance contact only): an outage over Lakeside North, started through network operations'
 * non-production control, is told by the background pass to the contacts chosen for outages there, by their channels
 * and in their language, once however often the pass runs; when it is over, they are told that too. Lakeside South's
 * contacts, outside the outage, hear nothing.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });
const HOUR = 3_600_000;
let manager: Browser;
const ids = {} as { north: string; marcus: string; rosa: string; tamsin: string };

const post = (url: string, payload: unknown) =>
  manager.request({ method: 'POST', url, headers: manager.csrf(), payload: payload as object });
const put = (url: string, payload: unknown) =>
  manager.request({ method: 'PUT', url, headers: manager.csrf(), payload: payload as object });
const NOTICE_KINDS = ['property-outage', 'property-outage-over'];
const emails = () => portal.database().db.select().from(outboxEmails).where(inArray(outboxEmails.kind, NOTICE_KINDS));
const texts = () => portal.database().db.select().from(outboxTexts).where(inArray(outboxTexts.kind, NOTICE_KINDS));
const pass = () => portal.app().portal.services.background.run();
const lastMaintenance = async () =>
  (await portal.database().db.select().from(networkEvents).where(eq(networkEvents.kind, 'maintenance'))).find((e) =>
    e.reference.startsWith('MNT-D'),
  )?.reference;

async function outageAtNorth(kind: 'outage' | 'maintenance' = 'outage') {
  const started = await post(NETWORK_OPS_EVENTS_PATH, {
    addressLine1: '10 Lakeside Way',
    zip: '28202',
    kind,
    hours: 2,
  });
  expect(started.statusCode, started.body).toBe(201);
  return started.json() as { id: string; reference: string };
}

beforeAll(async () => {
  const { db } = portal.database();
  const [lakeside] = await db.select().from(accounts).where(eq(accounts.companyName, 'Lakeside Apartments'));
  const [north] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.accountId, lakeside?.id as string), eq(properties.name, 'Lakeside North')));
  ids.north = north?.id as string;
  manager = await portal.as('lakeside-manager');
  const { contacts } = (
    await manager.request({ url: `/api/pub/community/v1/properties/${ids.north}/contacts` })
  ).json() as PropertyContacts;
  const id = (name: string) => contacts.find((c) => c.name === name)?.id as string;
  ids.marcus = id('Marcus Bell');
  ids.rosa = id('Rosa Delgado');
  ids.tamsin = id('Tamsin Holloway');
});

describe('outage notices at a community property', () => {
  it('tells the contacts chosen for outages (seeded: manager and maintenance by e-mail), once, and not South’s', async () => {
    const event = await outageAtNorth();
    await pass();
    await pass();
    const sent = await emails();
    expect(sent.map((e) => e.toAddress).sort()).toEqual([
      'maintenance.north@lakesideapartments.example',
      'rosa.delgado@lakesideapartments.example',
    ]);
    expect(sent[0]?.subject).toBe(`Outage ${event.reference} at Lakeside North: Internet affected`);
    expect(sent[0]?.body).toContain(`Reference ${event.reference}`);
    expect(sent[0]?.body).toContain('10 Lakeside Way, Charlotte');
    expect(await texts()).toEqual([]);
    // over: the same two are told, once
    clock.advance(2 * HOUR + 60_000);
    await pass();
    await pass();
    const over = (await emails()).filter((e) => e.kind === 'property-outage-over');
    expect(over.map((e) => e.toAddress).sort()).toEqual([
      'maintenance.north@lakesideapartments.example',
      'rosa.delgado@lakesideapartments.example',
    ]);
    expect(over[0]?.subject).toBe(`Internet back at Lakeside North: ${event.reference} is over`);
  });

  it('after the manager sends outages to maintenance only, by e-mail and text in Spanish, tells maintenance only', async () => {
    // a session of now (the clock moved past the last one's idle limit)
    manager = await portal.as('lakeside-manager');
    const url = `/api/pub/community/v1/properties/${ids.north}/contact-preferences`;
    const { choices } = (await manager.request({ url })).json() as ContactPreferences;
    const saved = await put(url, {
      choices: [
        ...choices.filter((c) => c.notice !== 'outages'),
        { contactId: ids.marcus, notice: 'outages', channel: 'email' },
        { contactId: ids.marcus, notice: 'outages', channel: 'text' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const changed = await put(`/api/pub/community/v1/properties/${ids.north}/contacts/${ids.marcus}`, {
      name: 'Marcus Bell',
      role: 'maintenance',
      phone: '+17045550182',
      email: 'maintenance.north@lakesideapartments.example',
      language: 'es',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const before = (await emails()).length;
    const event = await outageAtNorth('maintenance');
    await pass();
    const sent = (await emails()).slice(before);
    expect(sent.map((e) => [e.toAddress, e.language])).toEqual([
      ['maintenance.north@lakesideapartments.example', 'es'],
    ]);
    expect(sent[0]?.subject).toBe(`Mantenimiento programado ${event.reference} en Lakeside North: internet afectado`);
    const [text] = await texts();
    expect(text).toMatchObject({ toNumber: '+17045550182', language: 'es' });
    expect(text?.body).toContain(`Ref. ${event.reference}`);
  });

  it('says nothing of an event that began and ended between two passes', async () => {
    manager = await portal.as('lakeside-manager');
    const event = await outageAtNorth();
    clock.advance(2 * HOUR + 60_000);
    await pass();
    // (the maintenance above is over now: its end is told to maintenance, as it should be)
    const over = (await emails()).filter((e) => e.kind === 'property-outage-over').map((e) => e.subject);
    expect(over).toContain(`internet restablecido en Lakeside North: ${await lastMaintenance()} terminó`);
    const told = [...(await emails()), ...(await texts())].filter((m) =>
      ('body' in m ? m.body : '').includes(event.reference),
    );
    expect(told).toEqual([]);
    await portal.database().db.delete(networkEvents).where(eq(networkEvents.customersAffected, 1));
  });
});
