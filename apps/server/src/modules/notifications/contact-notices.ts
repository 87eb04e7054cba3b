import { type Locale, localeOf, type NotificationEvent, type PropertyNotice } from '@vireo/shared';
import type { Tx } from '../../db/client';
import { type Translate, translator } from '../../messages/intl';
import type { Clock } from '../../platform/clock';
import type { OutboxRepository } from '../../platform/outbox';
import type { NoticeContent } from './notifications.service';

/** A property contact chosen for a kind of notice, on one channel (property-settings' preferences). */
export type ContactRecipient = {
  email: string;
  phone: string | null;
  language: string;
  /** `email` or `text` (PROPERTY_NOTICE_CHANNELS). */
  channel: string;
  timeZone: string;
};

/** A place a notice is about (a visit's address): only the contacts of the property there are told. */
export type Site = { addressLine1: string; zip: string };

/** The contacts an account's properties chose for a kind of notice; at `site`, those of the property there only. */
export type ContactsFor = (
  tx: Tx,
  accountId: string,
  notice: PropertyNotice,
  site?: Site,
) => Promise<ContactRecipient[]>;

/**
 * The users' events a property's contacts may be chosen for (issue 22 item 5, wider-portal.md §10 "which contact
 * receives which notices (outages, visits, billing, contract)"): the bill ready and a payment not made (billing), a
 * visit's reminders (visits). Outages are told per property by property-notices.ts; the contract by tech amenities'
 * renewal notice (`notifyContacts` with `contract`).
 */
export const CONTACT_NOTICE_OF: Partial<Record<NotificationEvent, PropertyNotice>> = {
  bill_ready: 'billing',
  payment_failed: 'billing',
  appointment_reminder: 'visits',
};

export type ContactNotice = {
  accountId: string;
  notice: PropertyNotice;
  site?: Site;
  /** What the message is (`bill-ready`, `visit-reminder`, `contract-renewal`): shown at the mailbox, found by tests. */
  kind: string;
  compose(t: Translate, locale: Locale): NoticeContent;
};

/**
 * Tells the contacts chosen for a kind of notice, each on each channel chosen, in the contact's language, inside the
 * caller's transaction (exactly once when the caller's is: a claimed job, a billing run's statement). An address is
 * told once per notice (a contact chosen at three properties, or a user of the account told already: `told`).
 * Returns how many messages were queued.
 */
export function createContactNotices(deps: {
  clock: Clock;
  outbox: Pick<OutboxRepository, 'queueEmail' | 'queueText'>;
  brandName: string;
  contactsFor: ContactsFor;
}) {
  const { clock, outbox, brandName, contactsFor } = deps;
  return async function notifyContacts(tx: Tx, notice: ContactNotice, told = new Set<string>()): Promise<number> {
    let queued = 0;
    const now = clock.now();
    for (const contact of await contactsFor(tx, notice.accountId, notice.notice, notice.site)) {
      const address = contact.channel === 'email' ? contact.email.toLowerCase() : contact.phone;
      if (!address || told.has(address)) continue;
      told.add(address);
      const locale = localeOf(contact.language, 'en');
      const content = notice.compose(translator(locale), locale);
      queued += await queueForContact(tx, outbox, contact, {
        kind: notice.kind,
        locale,
        content: { ...content, sms: `${brandName}: ${content.sms}` },
        now,
      });
    }
    return queued;
  };
}

/**
 * Queues one message to a contact on its channel (the e-mail, or the text when it has a mobile number; `sms` as
 * sent, brand first): 1 when queued, 0 when a text has no number. Also the outage notices' (property-notices.ts).
 */
export async function queueForContact(
  tx: Tx,
  outbox: Pick<OutboxRepository, 'queueEmail' | 'queueText'>,
  contact: Pick<ContactRecipient, 'email' | 'phone' | 'channel' | 'timeZone'>,
  message: { kind: string; locale: Locale; content: NoticeContent; now: Date },
): Promise<number> {
  const { kind, locale, content, now } = message;
  if (contact.channel === 'email') {
    await outbox.queueEmail(tx, {
      to: contact.email,
      kind,
      language: locale,
      subject: content.subject,
      text: content.text,
      ...(content.action ? { action: content.action } : {}),
      createdAt: now,
    });
    return 1;
  }
  if (!contact.phone) return 0;
  await outbox.queueText(tx, {
    to: contact.phone,
    kind,
    language: locale,
    body: content.sms,
    security: false,
    timeZone: contact.timeZone,
    createdAt: now,
  });
  return 1;
}

export type NotifyContacts = ReturnType<typeof createContactNotices>;
