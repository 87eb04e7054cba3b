import {
  CONTACT_CODES,
  type ContactPreferences,
  PROPERTY_CONTACTS_MAX,
  type PropertyContact,
  type PropertyContacts,
} from '@vireo/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { communityIds } from '../../../test/community';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { auditEvents, propertyContactPreferences, propertyContacts } from '../../db/schema';

/**
 * A community property's contacts and contact preferences (issue 22 item 5, wider-portal.md §10) through the API, on
 * the Lakeside demo data (demo-data.md: three contacts a property; every notice to the property manager by e-mail, the
 * outages also to maintenance): add, change, remove with their audit entries and refusals; the choices saved whole
 * (a text needs a phone; another property's contact is 404, nothing saved).
 */
const portal = signedInApp();
const contactsUrl = (propertyId: string) => `/api/pub/community/v1/properties/${propertyId}/contacts`;
const preferencesUrl = (propertyId: string) => `/api/pub/community/v1/properties/${propertyId}/contact-preferences`;

let manager: Browser;
let harbor: Browser;
const ids = {} as { lakeside: string; north: string; south: string; foreign: string };

function send(b: Browser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return b.request({ method, url, headers: b.csrf(), payload: payload as object });
}

async function json<T>(b: Browser, url: string): Promise<T> {
  const response = await b.request({ url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

const auditOf = (action: string) =>
  portal
    .database()
    .db.select()
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, ids.lakeside), eq(auditEvents.action, action)));

const byName = (list: PropertyContact[], name: string) => list.find((c) => c.name === name) as PropertyContact;

const NEW_CONTACT = {
  name: 'Lena Fischer',
  role: 'emergency',
  phone: '(704) 555-0190',
  email: 'Lena.Fischer@LakesideApartments.example',
  language: 'es',
};

beforeAll(async () => {
  Object.assign(ids, await communityIds(portal.database().db));
  manager = await portal.as('lakeside-manager');
  harbor = await portal.as('harbor-owner');
});

describe('property contacts', () => {
  it('lists the seeded three by name, with their phones and e-mail', async () => {
    const { property, contacts } = await json<PropertyContacts>(manager, contactsUrl(ids.north));
    expect(property).toEqual({ id: ids.north, name: 'Lakeside North' });
    expect(contacts.map((c) => [c.name, c.role, c.phone, c.email])).toEqual([
      ['Marcus Bell', 'maintenance', '+17045550182', 'maintenance.north@lakesideapartments.example'],
      ['Rosa Delgado', 'property_manager', '+17045550181', 'rosa.delgado@lakesideapartments.example'],
      ['Tamsin Holloway', 'leasing', null, 'leasing.north@lakesideapartments.example'],
    ]);
  });

  it('adds one with its phone kept E.164 and its e-mail in lower case, audited', async () => {
    const added = await send(manager, 'POST', contactsUrl(ids.north), NEW_CONTACT);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({
      name: 'Lena Fischer',
      role: 'emergency',
      phone: '+17045550190',
      email: 'lena.fischer@lakesideapartments.example',
      language: 'es',
    });
    expect(await auditOf('property_contact.added')).toEqual([
      expect.objectContaining({
        area: 'community',
        data: { property: 'Lakeside North', name: 'Lena Fischer', role: 'emergency' },
      }),
    ]);
  });

  it.each([
    ['a phone that is not a number', { phone: '555-12' }, 'body.phone', CONTACT_CODES.phoneInvalid],
    ['a card number as the name', { name: '4242 4242 4242 4242' }, 'body.name', 'text.cardNumberRefused'],
  ])('refuses %s on its field, adding nothing', async (_, change, path, code) => {
    const before = await portal.database().db.select().from(propertyContacts);
    const refused = await send(manager, 'POST', contactsUrl(ids.south), { ...NEW_CONTACT, ...change });
    expect(refused.statusCode).toBe(400);
    expect(JSON.parse(refused.body).error.fields).toEqual([{ path, code }]);
    expect(await portal.database().db.select().from(propertyContacts)).toHaveLength(before.length);
  });

  it('refuses an e-mail that is not one, a role it does not know, and an empty name', async () => {
    for (const change of [{ email: 'lena@' }, { role: 'janitor' }, { name: ' ' }, { language: 'fr' }]) {
      expect((await send(manager, 'POST', contactsUrl(ids.south), { ...NEW_CONTACT, ...change })).statusCode).toBe(400);
    }
  });

  it('changes one, naming the fields changed; its phone cannot go while it is chosen for texts', async () => {
    const { contacts } = await json<PropertyContacts>(manager, contactsUrl(ids.north));
    const marcus = byName(contacts, 'Marcus Bell');
    const url = `${contactsUrl(ids.north)}/${marcus.id}`;
    const body = {
      name: 'Marcus Bell',
      role: 'maintenance',
      phone: '704 555 0182',
      email: marcus.email,
      language: 'es',
    };
    const changed = await send(manager, 'PUT', url, body);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await auditOf('property_contact.changed')).toEqual([
      expect.objectContaining({ data: { property: 'Lakeside North', name: 'Marcus Bell', changed: ['language'] } }),
    ]);
    // chosen for outages by text: the phone stays
    const choices = (await json<ContactPreferences>(manager, preferencesUrl(ids.north))).choices;
    const saved = await send(manager, 'PUT', preferencesUrl(ids.north), {
      choices: [...choices, { contactId: marcus.id, notice: 'outages', channel: 'text' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await send(manager, 'PUT', url, { ...body, phone: '' });
    expect(JSON.parse(refused.body).error.fields).toEqual([
      { path: 'body.phone', code: CONTACT_CODES.phoneNeededForTexts },
    ]);
    expect(byName((await json<PropertyContacts>(manager, contactsUrl(ids.north))).contacts, 'Marcus Bell').phone).toBe(
      '+17045550182',
    );
  });

  it(`removes one with its choices, audited; at most ${PROPERTY_CONTACTS_MAX} a property`, async () => {
    const { contacts } = await json<PropertyContacts>(manager, contactsUrl(ids.north));
    const lena = byName(contacts, 'Lena Fischer');
    await send(manager, 'PUT', preferencesUrl(ids.north), {
      choices: [{ contactId: lena.id, notice: 'visits', channel: 'email' }],
    });
    expect((await send(manager, 'DELETE', `${contactsUrl(ids.north)}/${lena.id}`)).statusCode).toBe(204);
    expect(
      await portal
        .database()
        .db.select()
        .from(propertyContactPreferences)
        .where(eq(propertyContactPreferences.contactId, lena.id)),
    ).toEqual([]);
    expect(await auditOf('property_contact.removed')).toHaveLength(1);
    expect((await send(manager, 'DELETE', `${contactsUrl(ids.north)}/${lena.id}`)).statusCode).toBe(404);

    const south = (await json<PropertyContacts>(manager, contactsUrl(ids.south))).contacts.length;
    for (let n = south; n < PROPERTY_CONTACTS_MAX; n += 1) {
      const added = await send(manager, 'POST', contactsUrl(ids.south), { ...NEW_CONTACT, name: `Extra ${n}` });
      expect(added.statusCode, added.body).toBe(201);
    }
    const over = await send(manager, 'POST', contactsUrl(ids.south), NEW_CONTACT);
    expect(JSON.parse(over.body).error.fields).toEqual([{ path: 'body', code: CONTACT_CODES.tooMany }]);
  });

  it('answers 404 for another account’s property and another property’s contact, 403 to a business account', async () => {
    expect((await manager.request({ url: contactsUrl(ids.foreign) })).statusCode).toBe(404);
    expect((await send(manager, 'POST', contactsUrl(ids.foreign), NEW_CONTACT)).statusCode).toBe(404);
    const { contacts } = await json<PropertyContacts>(manager, contactsUrl(ids.north));
    expect((await send(manager, 'DELETE', `${contactsUrl(ids.south)}/${contacts[0]?.id}`)).statusCode).toBe(404);
    expect((await harbor.request({ url: contactsUrl(ids.north) })).statusCode).toBe(403);
  });
});

describe('contact preferences', () => {
  it('reads the seeded choices: every notice to the manager by e-mail, the outages also to maintenance', async () => {
    const { contacts, choices } = await json<ContactPreferences>(manager, preferencesUrl(ids.south));
    const name = (id: string) => contacts.find((c) => c.id === id)?.name;
    expect(choices.map((c) => `${name(c.contactId)} ${c.notice} ${c.channel}`).sort()).toEqual([
      'Diego Ramirez outages email',
      'Rosa Delgado billing email',
      'Rosa Delgado contract email',
      'Rosa Delgado outages email',
      'Rosa Delgado visits email',
    ]);
  });

  it('saves them whole with one audit entry; the outages to maintenance only', async () => {
    const { contacts } = await json<ContactPreferences>(manager, preferencesUrl(ids.south));
    const diego = byName(contacts, 'Diego Ramirez');
    const rosa = byName(contacts, 'Rosa Delgado');
    const choices = [
      { contactId: diego.id, notice: 'outages', channel: 'email' },
      { contactId: diego.id, notice: 'outages', channel: 'text' },
      ...['visits', 'billing', 'contract'].map((notice) => ({ contactId: rosa.id, notice, channel: 'email' })),
    ];
    const saved = await send(manager, 'PUT', preferencesUrl(ids.south), { choices });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as ContactPreferences).choices).toHaveLength(5);
    const entries = (await auditOf('contact_preferences.changed')).filter((e) => e.targetId === ids.south);
    expect(entries).toEqual([
      expect.objectContaining({
        data: {
          property: 'Lakeside South',
          added: ['Diego Ramirez: outages by text'],
          removed: ['Rosa Delgado: outages by email'],
        },
      }),
    ]);
  });

  it('refuses a text to a contact without a phone, and another property’s contact (404); nothing saved', async () => {
    const before = await json<ContactPreferences>(manager, preferencesUrl(ids.south));
    const tamsin = byName(before.contacts, 'Tamsin Holloway');
    const text = await send(manager, 'PUT', preferencesUrl(ids.south), {
      choices: [
        { contactId: tamsin.id, notice: 'visits', channel: 'email' },
        { contactId: tamsin.id, notice: 'visits', channel: 'text' },
      ],
    });
    expect(JSON.parse(text.body).error.fields).toEqual([
      { path: 'body.choices.1.channel', code: CONTACT_CODES.textNeedsPhone },
    ]);
    const northContact = (await json<PropertyContacts>(manager, contactsUrl(ids.north))).contacts[0];
    const other = await send(manager, 'PUT', preferencesUrl(ids.south), {
      choices: [{ contactId: northContact?.id, notice: 'outages', channel: 'email' }],
    });
    expect(other.statusCode).toBe(404);
    expect(await json<ContactPreferences>(manager, preferencesUrl(ids.south))).toEqual(before);
    expect((await send(harbor, 'PUT', preferencesUrl(ids.south), { choices: [] })).statusCode).toBe(403);
  });
});
