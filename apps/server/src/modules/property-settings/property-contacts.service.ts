import {
  AppError,
  CONTACT_CODES,
  type ContactPreferences,
  type ContactPreferencesRequest,
  PROPERTY_CONTACTS_MAX,
  type PropertyContact,
  type PropertyContactRequest,
  type PropertyContacts,
} from '@vireo/shared';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Db, Tx } from '../../db/client';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { invalid, type SettingsActor } from './business-hours.service';
import type { ChoiceRow, ContactRow, PropertySettingsRepository } from './property-settings.repository';

/**
 * A telephone number as typed, read as the profile reads one (libphonenumber-js, a national number is a US one), kept
 * E.164; empty is none. A number it does not find valid is 400 on the field.
 */
function e164Of(text: string): string | null {
  if (text.trim() === '') return null;
  const parsed = parsePhoneNumberFromString(text, 'US');
  if (!parsed?.isValid()) throw invalid('body.phone', CONTACT_CODES.phoneInvalid);
  return parsed.number;
}

function contactView(row: ContactRow): PropertyContact {
  return {
    id: row.id,
    name: row.name,
    role: row.role as PropertyContact['role'],
    phone: row.phone,
    email: row.email,
    language: row.language as PropertyContact['language'],
  };
}

const FIELDS = ['name', 'role', 'phone', 'email', 'language'] as const;

/**
 * A community property's contacts and their notice choices (issue 22 item 5, wider-portal.md §10): add, change and
 * remove a contact (at most PROPERTY_CONTACTS_MAX a property; a contact chosen for texts keeps a phone), and the
 * choices of the property saved whole: which contact gets which notice by e-mail or text (a contact without a phone
 * gets no texts; another property's contact is not found). Every change is audited in its transaction.
 */
export function createPropertyContactsService(deps: {
  db: Db;
  clock: Clock;
  repo: PropertySettingsRepository;
  audit: AuditRepository;
}) {
  const { db, clock, repo, audit } = deps;

  async function own(ex: Db | Tx, actor: { accountId: string }, propertyId: string, lock = false) {
    const found = await repo.property(ex, actor.accountId, propertyId, lock);
    if (!found) throw new AppError('NOT_FOUND', 'property');
    return found.property;
  }

  async function ownContact(tx: Tx, propertyId: string, contactId: string) {
    const row = await repo.contact(tx, propertyId, contactId);
    if (!row) throw new AppError('NOT_FOUND', 'contact');
    return row;
  }

  async function list(ex: Db | Tx, actor: { accountId: string }, propertyId: string): Promise<PropertyContacts> {
    const property = await own(ex, actor, propertyId);
    return {
      property: { id: property.id, name: property.name },
      contacts: (await repo.contacts(ex, property.id)).map(contactView),
    };
  }

  const record = (
    tx: Tx,
    actor: SettingsActor,
    action: 'property_contact.added' | 'property_contact.changed' | 'property_contact.removed',
    targetId: string,
    data: Record<string, unknown>,
  ) =>
    audit.record(tx, {
      at: clock.now(),
      accountId: actor.accountId,
      actorUserId: actor.userId,
      action,
      targetId,
      data,
    });

  return {
    contacts: (actor: { accountId: string }, propertyId: string) => list(db, actor, propertyId),

    async addContact(actor: SettingsActor, propertyId: string, request: PropertyContactRequest) {
      const phone = e164Of(request.phone);
      return db.transaction(async (tx) => {
        const property = await own(tx, actor, propertyId, true);
        if ((await repo.contacts(tx, property.id)).length >= PROPERTY_CONTACTS_MAX) {
          throw invalid('body', CONTACT_CODES.tooMany);
        }
        const now = clock.now();
        const row = await repo.addContact(tx, {
          propertyId: property.id,
          accountId: actor.accountId,
          name: request.name,
          role: request.role,
          phone,
          email: request.email,
          language: request.language,
          createdAt: now,
          updatedAt: now,
        });
        await record(tx, actor, 'property_contact.added', row.id, {
          property: property.name,
          name: row.name,
          role: row.role,
        });
        return contactView(row);
      });
    },

    /** Changes a contact; its phone cannot go while the contact is chosen for texts (its choices would be lost). */
    async updateContact(actor: SettingsActor, propertyId: string, contactId: string, request: PropertyContactRequest) {
      const phone = e164Of(request.phone);
      return db.transaction(async (tx) => {
        const property = await own(tx, actor, propertyId, true);
        const before = await ownContact(tx, property.id, contactId);
        if (phone === null && before.phone !== null) {
          const texts = (await repo.choices(tx, property.id)).filter(
            (choice) => choice.contactId === before.id && choice.channel === 'text',
          );
          if (texts.length > 0) throw invalid('body.phone', CONTACT_CODES.phoneNeededForTexts);
        }
        const next = {
          name: request.name,
          role: request.role,
          phone,
          email: request.email,
          language: request.language,
        };
        const changed = FIELDS.filter((field) => before[field] !== next[field]);
        if (changed.length === 0) return contactView(before);
        const row = await repo.updateContact(tx, before.id, { ...next, updatedAt: clock.now() });
        await record(tx, actor, 'property_contact.changed', row.id, {
          property: property.name,
          name: row.name,
          changed,
        });
        return contactView(row);
      });
    },

    /** Removes a contact and its choices. */
    async removeContact(actor: SettingsActor, propertyId: string, contactId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const property = await own(tx, actor, propertyId, true);
        const row = await ownContact(tx, property.id, contactId);
        await repo.removeContact(tx, row.id);
        await record(tx, actor, 'property_contact.removed', row.id, {
          property: property.name,
          name: row.name,
          role: row.role,
        });
      });
    },

    preferences: (actor: { accountId: string }, propertyId: string) => preferences(db, actor, propertyId),

    /**
     * Saves every choice of the property at once. A contact not of the property is 404 (nothing saved); a text for a
     * contact without a phone is 400 on that choice. One audit entry, with the choices added and taken off.
     */
    async setPreferences(
      actor: SettingsActor,
      propertyId: string,
      request: ContactPreferencesRequest,
    ): Promise<ContactPreferences> {
      return db.transaction(async (tx) => {
        const property = await own(tx, actor, propertyId, true);
        const contacts = new Map((await repo.contacts(tx, property.id)).map((row) => [row.id, row]));
        const rows = new Map<string, ChoiceRow>();
        for (const [index, choice] of request.choices.entries()) {
          const contact = contacts.get(choice.contactId);
          if (!contact) throw new AppError('NOT_FOUND', 'contact');
          if (choice.channel === 'text' && contact.phone === null) {
            throw invalid(`body.choices.${index}.channel`, CONTACT_CODES.textNeedsPhone);
          }
          rows.set(keyOf(choice), { ...choice, propertyId: property.id, accountId: actor.accountId });
        }
        const before = new Set((await repo.choices(tx, property.id)).map(keyOf));
        const added = [...rows.keys()].filter((key) => !before.has(key));
        const removed = [...before].filter((key) => !rows.has(key));
        if (added.length > 0 || removed.length > 0) {
          await repo.setChoices(tx, property.id, [...rows.values()]);
          await audit.record(tx, {
            at: clock.now(),
            accountId: actor.accountId,
            actorUserId: actor.userId,
            action: 'contact_preferences.changed',
            targetId: property.id,
            data: {
              property: property.name,
              added: added.map((key) => described(key, contacts)),
              removed: removed.map((key) => described(key, contacts)),
            },
          });
        }
        return preferences(tx, actor, propertyId);
      });
    },
  };

  async function preferences(ex: Db | Tx, actor: { accountId: string }, propertyId: string) {
    const { property, contacts } = await list(ex, actor, propertyId);
    const choices = (await repo.choices(ex, property.id)).map(({ contactId, notice, channel }) => ({
      contactId,
      notice: notice as ContactPreferences['choices'][number]['notice'],
      channel: channel as ContactPreferences['choices'][number]['channel'],
    }));
    return { property, contacts, choices };
  }
}

const keyOf = (choice: { contactId: string; notice: string; channel: string }) =>
  `${choice.contactId}|${choice.notice}|${choice.channel}`;

/** A choice as the audit entry says it: "Marcus Bell: outages by text". */
function described(key: string, contacts: Map<string, ContactRow>): string {
  const [contactId = '', notice, channel] = key.split('|');
  return `${contacts.get(contactId)?.name ?? contactId}: ${notice} by ${channel}`;
}

export type PropertyContactsService = ReturnType<typeof createPropertyContactsService>;
