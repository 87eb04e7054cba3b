import {
  type BusinessHours,
  type BusinessHoursRequest,
  type ContactPreferences,
  type ContactPreferencesRequest,
  capabilitiesOf,
  type HoursException,
  type HoursExceptionRequest,
  type PortalRole,
  PROPERTY_NAMES_PATH,
  type PropertyContact,
  type PropertyContactRequest,
  type PropertyNames,
} from '@vireo/shared';
import { type FakeApiOptions, type FakeHandler, jsonResponse, noContent, testProfile } from '../../../test/fake-api';

/** A user of Lakeside Apartments (demo-data.md): a bulk agreement; PRIMARY and ADMIN change the settings. */
export function lakesideUser(role: PortalRole = 'PRIMARY') {
  return testProfile(role, {
    accountName: 'Lakeside Apartments',
    hasBulkAgreement: true,
    capabilities: capabilitiesOf(role, { hasBulkAgreement: true }),
  });
}

const id = (n: number, kind: number) => `5e77ed00-0000-4000-8${kind}00-${String(n).padStart(12, '0')}`;
export const NORTH = { id: id(1, 0), name: 'Lakeside North' };
export const SOUTH = { id: id(2, 0), name: 'Lakeside South' };
const base = `/api/pub/community/v1/properties`;

const WEEKDAY = [{ opens: '09:00', closes: '17:00' }];
/** demo-data.md: weekdays 09:00-17:00, Saturday 10:00-14:00, Sunday closed. */
export function lakesideWeek(): BusinessHours['week'] {
  return [
    { weekday: 0, intervals: [] },
    ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, intervals: WEEKDAY })),
    { weekday: 6, intervals: [{ opens: '10:00', closes: '14:00' }] },
  ];
}

export const CONTACTS: PropertyContact[] = [
  {
    id: id(1, 1),
    name: 'Marcus Bell',
    role: 'maintenance',
    phone: '+17045550182',
    email: 'maintenance.north@lakesideapartments.example',
    language: 'en',
  },
  {
    id: id(2, 1),
    name: 'Rosa Delgado',
    role: 'property_manager',
    phone: '+17045550181',
    email: 'rosa.delgado@lakesideapartments.example',
    language: 'en',
  },
  {
    id: id(3, 1),
    name: 'Tamsin Holloway',
    role: 'leasing',
    phone: null,
    email: 'leasing.north@lakesideapartments.example',
    language: 'en',
  },
];

const validation = (fields: { path: string; code: string }[]) =>
  jsonResponse({ error: { code: 'VALIDATION_FAILED', message: 'refused (test)', fields } }, 400);

/**
 * A fake of the settings API over Lakeside North and South, with their state kept here (what a test sent is what the
 * next read answers): the week, holidays (a keyset page of 20, the cursor the next index), contacts and choices.
 * `refuse` answers a request with a validation failure instead, once.
 */
export function settingsApi(options: { role?: PortalRole; canManage?: boolean } = {}) {
  const role = options.role ?? 'PRIMARY';
  const state = {
    week: new Map([NORTH.id, SOUTH.id].map((propertyId) => [propertyId, lakesideWeek()])),
    exceptions: [] as HoursException[],
    contacts: [...CONTACTS],
    choices: [
      ...(['outages', 'visits', 'billing', 'contract'] as const).map((notice) => ({
        contactId: CONTACTS[1]?.id as string,
        notice,
        channel: 'email' as const,
      })),
      { contactId: CONTACTS[0]?.id as string, notice: 'outages' as const, channel: 'email' as const },
    ] as ContactPreferences['choices'],
    refuse: null as { path: string; code: string } | null,
    sent: [] as unknown[],
  };
  const names: PropertyNames = {
    properties: [NORTH, SOUTH].map((p, n) => ({
      ...p,
      address: { line1: `${10 + 30 * n} Lakeside Way`, city: 'Charlotte', state: 'NC', zip: '28202' },
    })),
    timeZone: 'America/New_York',
    canManage: options.canManage ?? (role === 'PRIMARY' || role === 'ADMIN'),
  };
  const propertyOf = (propertyId: string) => (propertyId === SOUTH.id ? SOUTH : NORTH);
  const refused = () => {
    const refusal = state.refuse;
    state.refuse = null;
    return refusal ? validation([refusal]) : null;
  };
  const hours: FakeHandler = (request) => {
    const propertyId = request.path.split('/')[6] as string;
    if (request.method === 'PUT') {
      state.sent.push(request.body);
      const stop = refused();
      if (stop) return stop;
      state.week.set(propertyId, (request.body as BusinessHoursRequest).week);
    }
    return jsonResponse({
      property: propertyOf(propertyId),
      timeZone: names.timeZone,
      configured: true,
      week: state.week.get(propertyId) ?? lakesideWeek(),
    } satisfies BusinessHours);
  };
  const exceptions: FakeHandler = (request) => {
    if (request.method === 'POST') {
      state.sent.push(request.body);
      const stop = refused();
      if (stop) return stop;
      const body = request.body as HoursExceptionRequest;
      const added = { ...body, id: id(state.exceptions.length + 1, 2), editable: true };
      state.exceptions.push(added);
      return jsonResponse(added, 201);
    }
    const query = new URLSearchParams(request.search);
    const from = Number(query.get('cursor') ?? 0);
    const list = query.get('when') === 'past' ? [] : state.exceptions;
    return jsonResponse({
      items: list.slice(from, from + 20),
      nextCursor: from + 20 < list.length ? String(from + 20) : null,
    });
  };
  const contacts: FakeHandler = (request) => {
    const propertyId = request.path.split('/')[6] as string;
    if (request.method === 'POST') {
      state.sent.push(request.body);
      const stop = refused();
      if (stop) return stop;
      const body = request.body as PropertyContactRequest;
      const added = { ...body, id: id(state.contacts.length + 1, 1), phone: body.phone || null };
      state.contacts.push(added);
      return jsonResponse(added, 201);
    }
    return jsonResponse({ property: propertyOf(propertyId), contacts: state.contacts });
  };
  const contact: FakeHandler = (request) => {
    const contactId = request.path.split('/').at(-1) as string;
    if (request.method === 'DELETE') {
      state.contacts = state.contacts.filter((each) => each.id !== contactId);
      state.choices = state.choices.filter((each) => each.contactId !== contactId);
      return noContent();
    }
    state.sent.push(request.body);
    const stop = refused();
    if (stop) return stop;
    const body = request.body as PropertyContactRequest;
    const changed = { ...body, id: contactId, phone: body.phone || null };
    state.contacts = state.contacts.map((each) => (each.id === contactId ? changed : each));
    return jsonResponse(changed);
  };
  const preferences: FakeHandler = (request) => {
    const propertyId = request.path.split('/')[6] as string;
    if (request.method === 'PUT') {
      state.sent.push(request.body);
      const stop = refused();
      if (stop) return stop;
      state.choices = (request.body as ContactPreferencesRequest).choices;
    }
    return jsonResponse({
      property: propertyOf(propertyId),
      contacts: state.contacts,
      choices: state.choices,
    } satisfies ContactPreferences);
  };
  const routes: FakeApiOptions['routes'] = { [`GET ${PROPERTY_NAMES_PATH}`]: jsonResponse(names) };
  for (const property of [NORTH, SOUTH]) {
    const at = `${base}/${property.id}`;
    routes[`${at}/hours`] = hours;
    routes[`${at}/hours/exceptions`] = exceptions;
    routes[`${at}/contacts`] = contacts;
    for (const each of CONTACTS) routes[`${at}/contacts/${each.id}`] = contact;
    routes[`${at}/contact-preferences`] = preferences;
  }
  return { state, options: { profile: lakesideUser(role), routes } satisfies FakeApiOptions };
}
