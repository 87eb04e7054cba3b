import type { Tx } from '../client';
import * as t from '../schema';
import { idFrom } from './ids';

const HOUR = 60;
/** demo-data.md (Lakeside): weekday office hours 09:00-17:00, Saturday 10:00-14:00, Sunday closed. */
const WEEK: { weekday: number; open1: number | null; close1: number | null }[] = [
  { weekday: 0, open1: null, close1: null },
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, open1: 9 * HOUR, close1: 17 * HOUR })),
  { weekday: 6, open1: 10 * HOUR, close1: 14 * HOUR },
];

/**
 * Each property's three contacts (demo-data.md: manager, maintenance, leasing), by the property's name: names, and
 * fictional +1 704 555-01xx numbers; e-mail at the company's example domain. The leasing office has no mobile number.
 */
const CONTACTS: Record<string, { role: string; name: string; local: string; phone: string | null }[]> = {
  'Lakeside North': [
    { role: 'property_manager', name: 'Rosa Delgado', local: 'rosa.delgado', phone: '+17045550181' },
    { role: 'maintenance', name: 'Marcus Bell', local: 'maintenance.north', phone: '+17045550182' },
    { role: 'leasing', name: 'Tamsin Holloway', local: 'leasing.north', phone: null },
  ],
  'Lakeside South': [
    { role: 'property_manager', name: 'Rosa Delgado', local: 'rosa.delgado', phone: '+17045550181' },
    { role: 'maintenance', name: 'Diego Ramirez', local: 'maintenance.south', phone: '+17045550183' },
    { role: 'leasing', name: 'Tamsin Holloway', local: 'leasing.south', phone: null },
  ],
  'Lakeside Commons': [
    { role: 'property_manager', name: 'Keiko Tanaka', local: 'keiko.tanaka', phone: '+17045550184' },
    { role: 'maintenance', name: 'Owen Brooks', local: 'maintenance.commons', phone: '+17045550185' },
    { role: 'leasing', name: 'Priya Sato', local: 'leasing.commons', phone: null },
  ],
};

/**
 * A persona's properties' business hours, contacts and contact preferences (issue 22 item 5, wider-portal.md §10;
 * demo-data.md, Lakeside): the week above at every property; three contacts each; every notice to the property
 * manager by e-mail, the outages also to maintenance by e-mail. Ids from the property's name and the role (no faker
 * draw: the other demo data stays as it was).
 */
export async function seedPropertySettings(
  tx: Tx,
  options: { accountId: string; domain: string; properties: { id: string; name: string }[]; now: Date },
): Promise<void> {
  const { accountId, domain, now } = options;
  for (const property of options.properties) {
    const contacts = CONTACTS[property.name];
    if (!contacts) continue;
    await tx
      .insert(t.propertyHours)
      .values(
        WEEK.map((day) => ({ propertyId: property.id, accountId, ...day, open2: null, close2: null, updatedAt: now })),
      );
    const ids = new Map<string, string>();
    await tx.insert(t.propertyContacts).values(
      contacts.map((contact) => {
        const id = idFrom(`property-contact:${property.name}:${contact.role}`);
        ids.set(contact.role, id);
        return {
          id,
          propertyId: property.id,
          accountId,
          name: contact.name,
          role: contact.role,
          phone: contact.phone,
          email: `${contact.local}@${domain}`,
          language: 'en',
          createdAt: now,
          updatedAt: now,
        };
      }),
    );
    const manager = ids.get('property_manager') as string;
    const maintenance = ids.get('maintenance') as string;
    const choice = (contactId: string, notice: string) => ({
      contactId,
      propertyId: property.id,
      accountId,
      notice,
      channel: 'email',
    });
    await tx
      .insert(t.propertyContactPreferences)
      .values([
        ...['outages', 'visits', 'billing', 'contract'].map((notice) => choice(manager, notice)),
        choice(maintenance, 'outages'),
      ]);
  }
}
