import { and, asc, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  accounts,
  properties,
  propertyContactPreferences,
  propertyContacts,
  propertyHours,
  propertyHoursExceptions,
} from '../../db/schema';
import type { Cursor } from '../../platform/keyset';

export type PropertyRow = typeof properties.$inferSelect;
export type HoursRow = typeof propertyHours.$inferSelect;
export type ExceptionRow = typeof propertyHoursExceptions.$inferSelect;
export type NewException = Omit<typeof propertyHoursExceptions.$inferInsert, 'id'>;
export type ContactRow = typeof propertyContacts.$inferSelect;
export type NewContact = Omit<typeof propertyContacts.$inferInsert, 'id'>;
export type ChoiceRow = typeof propertyContactPreferences.$inferSelect;

/**
 * A community property's settings (issue 22 item 5, wider-portal.md §10): hours, exceptions, contacts and their
 * notice choices. Every read and write is scoped by the account: another account's property, exception or contact is
 * simply not found. Changes of one property are serialised by locking its row (`lockProperty`), so two saves of its
 * exceptions or contacts at once cannot both pass the overlap or count rules.
 */
export function createPropertySettingsRepository() {
  return {
    /** The account's properties, by name, with the account's time zone. */
    async properties(ex: Executor, accountId: string) {
      const list = await ex
        .select()
        .from(properties)
        .where(eq(properties.accountId, accountId))
        .orderBy(asc(properties.name), asc(properties.id));
      const [account] = await ex
        .select({ timeZone: accounts.timeZone })
        .from(accounts)
        .where(eq(accounts.id, accountId));
      return { list, timeZone: account?.timeZone ?? 'UTC' };
    },

    /** One of the account's properties with the account's time zone; `lock` takes its row for the transaction. */
    async property(ex: Executor, accountId: string, propertyId: string, lock = false) {
      const query = ex
        .select({ property: properties, timeZone: accounts.timeZone })
        .from(properties)
        .innerJoin(accounts, eq(accounts.id, properties.accountId))
        .where(and(eq(properties.accountId, accountId), eq(properties.id, propertyId)));
      const [row] = lock ? await query.for('update', { of: properties }) : await query;
      return row ?? null;
    },

    week(ex: Executor, propertyId: string): Promise<HoursRow[]> {
      return ex
        .select()
        .from(propertyHours)
        .where(eq(propertyHours.propertyId, propertyId))
        .orderBy(asc(propertyHours.weekday));
    },

    /** Replaces the week of a property (seven rows). */
    async setWeek(ex: Executor, rows: HoursRow[]) {
      const propertyId = rows[0]?.propertyId;
      if (!propertyId) return;
      await ex.delete(propertyHours).where(eq(propertyHours.propertyId, propertyId));
      await ex.insert(propertyHours).values(rows);
    },

    /**
     * A page of a property's exceptions: `upcoming` (not over at `today`) from the soonest, `past` from the latest;
     * by start date then id, one row more than `limit` (platform/keyset.ts `toPage`).
     */
    async exceptions(
      ex: Executor,
      propertyId: string,
      query: { when: 'upcoming' | 'past'; today: string; cursor: Cursor | null; limit: number },
    ) {
      const upcoming = query.when === 'upcoming';
      const row = sql`(${propertyHoursExceptions.startsOn}, ${propertyHoursExceptions.id})`;
      const at = query.cursor ? sql`(${query.cursor.date}::date, ${query.cursor.id}::uuid)` : undefined;
      return ex
        .select()
        .from(propertyHoursExceptions)
        .where(
          and(
            eq(propertyHoursExceptions.propertyId, propertyId),
            upcoming
              ? gte(propertyHoursExceptions.endsOn, query.today)
              : lt(propertyHoursExceptions.endsOn, query.today),
            at ? (upcoming ? sql`${row} > ${at}` : sql`${row} < ${at}`) : undefined,
          ),
        )
        .orderBy(
          ...(upcoming
            ? [asc(propertyHoursExceptions.startsOn), asc(propertyHoursExceptions.id)]
            : [desc(propertyHoursExceptions.startsOn), desc(propertyHoursExceptions.id)]),
        )
        .limit(query.limit + 1);
    },

    /** The exceptions of a property that share a day with `[from, to]` (but `except`, the one being changed). */
    overlapping(ex: Executor, propertyId: string, from: string, to: string, except?: string) {
      return ex
        .select()
        .from(propertyHoursExceptions)
        .where(
          and(
            eq(propertyHoursExceptions.propertyId, propertyId),
            sql`${propertyHoursExceptions.startsOn} <= ${to} and ${propertyHoursExceptions.endsOn} >= ${from}`,
            except ? ne(propertyHoursExceptions.id, except) : undefined,
          ),
        );
    },

    /** A property's exceptions over `[from, to]` (the visit windows' days). */
    exceptionsBetween(ex: Executor, propertyId: string, from: string, to: string) {
      return ex
        .select()
        .from(propertyHoursExceptions)
        .where(
          and(
            eq(propertyHoursExceptions.propertyId, propertyId),
            sql`${propertyHoursExceptions.startsOn} <= ${to} and ${propertyHoursExceptions.endsOn} >= ${from}`,
          ),
        );
    },

    async exception(ex: Executor, propertyId: string, id: string): Promise<ExceptionRow | null> {
      const [row] = await ex
        .select()
        .from(propertyHoursExceptions)
        .where(and(eq(propertyHoursExceptions.propertyId, propertyId), eq(propertyHoursExceptions.id, id)));
      return row ?? null;
    },

    async addException(ex: Executor, values: NewException): Promise<ExceptionRow> {
      const [row] = await ex.insert(propertyHoursExceptions).values(values).returning();
      return row as ExceptionRow;
    },

    async updateException(ex: Executor, id: string, values: Partial<NewException>): Promise<ExceptionRow> {
      const [row] = await ex
        .update(propertyHoursExceptions)
        .set(values)
        .where(eq(propertyHoursExceptions.id, id))
        .returning();
      return row as ExceptionRow;
    },

    async removeException(ex: Executor, id: string) {
      await ex.delete(propertyHoursExceptions).where(eq(propertyHoursExceptions.id, id));
    },

    /** A property's contacts by name (at most PROPERTY_CONTACTS_MAX: read whole). */
    contacts(ex: Executor, propertyId: string): Promise<ContactRow[]> {
      return ex
        .select()
        .from(propertyContacts)
        .where(eq(propertyContacts.propertyId, propertyId))
        .orderBy(asc(propertyContacts.name), asc(propertyContacts.id));
    },

    async contact(ex: Executor, propertyId: string, id: string): Promise<ContactRow | null> {
      const [row] = await ex
        .select()
        .from(propertyContacts)
        .where(and(eq(propertyContacts.propertyId, propertyId), eq(propertyContacts.id, id)));
      return row ?? null;
    },

    async addContact(ex: Executor, values: NewContact): Promise<ContactRow> {
      const [row] = await ex.insert(propertyContacts).values(values).returning();
      return row as ContactRow;
    },

    async updateContact(ex: Executor, id: string, values: Partial<NewContact>): Promise<ContactRow> {
      const [row] = await ex.update(propertyContacts).set(values).where(eq(propertyContacts.id, id)).returning();
      return row as ContactRow;
    },

    /** Removes a contact; its choices go with it (the foreign key cascades). */
    async removeContact(ex: Executor, id: string) {
      await ex.delete(propertyContacts).where(eq(propertyContacts.id, id));
    },

    choices(ex: Executor, propertyId: string): Promise<ChoiceRow[]> {
      return ex
        .select()
        .from(propertyContactPreferences)
        .where(eq(propertyContactPreferences.propertyId, propertyId))
        .orderBy(
          asc(propertyContactPreferences.contactId),
          asc(propertyContactPreferences.notice),
          asc(propertyContactPreferences.channel),
        );
    },

    /** Replaces every choice of a property. */
    async setChoices(ex: Executor, propertyId: string, rows: ChoiceRow[]) {
      await ex.delete(propertyContactPreferences).where(eq(propertyContactPreferences.propertyId, propertyId));
      if (rows.length > 0) await ex.insert(propertyContactPreferences).values(rows);
    },

    /**
     * Every property with a contact chosen for `notice` (any account): the contact, its channel and language, the
     * property's address and the account's time zone. The background notices' one read.
     */
    /** The contacts chosen for a kind of notice, each with the channel and its property: every account's, or one's. */
    recipients(ex: Executor, notice: string, accountId?: string) {
      return ex
        .select({
          propertyId: properties.id,
          propertyName: properties.name,
          addressLine1: properties.addressLine1,
          city: properties.city,
          zip: properties.zip,
          timeZone: accounts.timeZone,
          contactId: propertyContacts.id,
          name: propertyContacts.name,
          email: propertyContacts.email,
          phone: propertyContacts.phone,
          language: propertyContacts.language,
          channel: propertyContactPreferences.channel,
        })
        .from(propertyContactPreferences)
        .innerJoin(propertyContacts, eq(propertyContacts.id, propertyContactPreferences.contactId))
        .innerJoin(properties, eq(properties.id, propertyContactPreferences.propertyId))
        .innerJoin(accounts, eq(accounts.id, properties.accountId))
        .where(
          and(
            eq(propertyContactPreferences.notice, notice),
            accountId === undefined ? undefined : eq(properties.accountId, accountId),
          ),
        )
        .orderBy(asc(properties.id), asc(propertyContacts.id), asc(propertyContactPreferences.channel));
    },
  };
}

export type PropertySettingsRepository = ReturnType<typeof createPropertySettingsRepository>;
