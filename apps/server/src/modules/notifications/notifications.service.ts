import {
  AppError,
  BILLING_NOTIFICATION_EVENTS,
  CARD_BRAND_NAMES,
  type CardBrand,
  defaultNotificationChoice,
  type Locale,
  localeOf,
  type NotificationEvent,
  type NotificationSettings,
  type NotificationSettingsRequest,
  notificationEventsFor,
  type PortalRole,
  QUIET_HOURS,
} from '@vireo/shared';
import type { Db, Tx } from '../../db/client';
import { type Translate, translator } from '../../messages/intl';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { EmailAction } from '../../platform/email';
import type { OutboxRepository } from '../../platform/outbox';
import { CONTACT_NOTICE_OF, type ContactsFor, createContactNotices, type Site } from './contact-notices';
import type { NotificationsRepository } from './notifications.repository';

/** The time zone of a user with no account (none today: every user is a member); the portal's home zone. */
const FALLBACK_TIME_ZONE = 'America/New_York';

export type NotificationsActor = { userId: string; accountId: string; role: PortalRole };

/** What a notice says, in the recipient's language: the e-mail (subject, body, a button) and the text message. */
/** `sms` is the text message without the brand, which `notify` puts first. */
export type NoticeContent = { subject: string; text: string; action?: EmailAction; sms: string };

export type Notice = {
  /** Whom the notice is for: the address the e-mail goes to (a contact e-mail change's notice: the old one). */
  user: { id: string; email: string; language: string | null };
  /** The account the notice is about (its time zone counts the quiet hours); null: the user's first account. */
  accountId: string | null;
  event: NotificationEvent;
  /** What the message is (`receipt`, `password-changed`, ...): shown at the mailbox, found by tests. */
  kind: string;
  compose(t: Translate, locale: Locale): NoticeContent;
};

/** A payment method as a notice names it, in the recipient's language ("Visa card ending in 4242"). */
export function methodName(
  t: Translate,
  method: { cardBrand: CardBrand | null; bankAccountType: 'checking' | 'savings' | null; lastFour: string },
): string {
  if (method.cardBrand)
    return t('method.card', { brand: CARD_BRAND_NAMES[method.cardBrand], lastFour: method.lastFour });
  return t(method.bankAccountType === 'savings' ? 'method.savings' : 'method.checking', { lastFour: method.lastFour });
}

export type NotificationsDeps = {
  db: Db;
  clock: Clock;
  repo: NotificationsRepository;
  audit: AuditRepository;
  outbox: Pick<OutboxRepository, 'queueEmail' | 'queueText'>;
  /** The name a text message begins with (an e-mail shows it in its header). */
  brandName: string;
  /** A "This wasn't me" link for a security notice (identity's e-mailed links, purpose `not_me`). */
  notMeLink(tx: Tx, user: { userId: string; email: string; accountId: string | null }): Promise<string>;
  /** A community account's property contacts chosen for a kind of notice (issue 22 item 5; none: nobody else). */
  contactsFor?: ContactsFor;
};

/**
 * Notifications (issue 18 item 4, wider-portal.md §2-§3): each user's matrix of events x channels, and `notify`, the
 * one way a module tells a user about something. It reads the user's choices (their defaults when none is saved), and
 * queues the e-mail and the text in the transaction of the change, in the user's language; a text needs a mobile
 * number and waits out the quiet hours. A security notice is always sent on both channels and carries "This wasn't
 * me" (a link whose button ends every session, removes the passkeys of the last 24 hours and requires a reset).
 */
export function createNotificationsService({
  db,
  clock,
  repo,
  audit,
  outbox,
  brandName,
  notMeLink,
  contactsFor = async () => [],
}: NotificationsDeps) {
  const notifyContacts = createContactNotices({ clock, outbox, brandName, contactsFor });

  async function choicesOf(ex: Db | Tx, userId: string) {
    const saved = new Map((await repo.choices(ex, userId)).map((row) => [row.event, row]));
    return (event: NotificationEvent) =>
      event === 'security' ? defaultNotificationChoice(event) : (saved.get(event) ?? defaultNotificationChoice(event));
  }

  async function settingsOf(ex: Db | Tx, actor: NotificationsActor): Promise<NotificationSettings> {
    const recipient = await repo.recipient(ex, actor.userId, actor.accountId);
    if (!recipient) throw new AppError('UNAUTHENTICATED', 'user gone');
    const choiceOf = await choicesOf(ex, actor.userId);
    return {
      choices: notificationEventsFor(actor.role).map((event) => ({
        event,
        ...choiceOf(event),
        locked: event === 'security',
      })),
      mobilePhone: recipient.mobilePhone,
      timeZone: recipient.timeZone ?? FALLBACK_TIME_ZONE,
      quietHours: { startHour: QUIET_HOURS.startHour, endHour: QUIET_HOURS.endHour },
    };
  }

  /**
   * Tells a user about something on the channels they chose for the event (security: both, always). Returns what
   * was queued. Inside the caller's transaction: the notice goes only if the change commits.
   */
  async function notify(tx: Tx, notice: Notice): Promise<{ email: boolean; text: boolean }> {
    const { user } = notice;
    const reach = await repo.recipient(tx, user.id, notice.accountId);
    // users and roles changed: the account's admins only (wider-portal.md §3); the bill's events: its billing roles;
    // a deactivated user hears only of their own security
    if (!notificationEventsFor(reach?.role ?? null).includes(notice.event)) return { email: false, text: false };
    if (reach?.status === 'disabled' && notice.event !== 'security') return { email: false, text: false };
    const choice = (await choicesOf(tx, user.id))(notice.event);
    const locale = localeOf(user.language, 'en');
    const t = translator(locale);
    const content = notice.compose(t, locale);
    const now = clock.now();
    const security = notice.event === 'security';
    const notMe = security
      ? await notMeLink(tx, { userId: user.id, email: user.email, accountId: reach?.accountId ?? null })
      : null;
    if (choice.email) {
      await outbox.queueEmail(tx, {
        to: user.email,
        kind: notice.kind,
        language: locale,
        subject: content.subject,
        text: notMe ? `${content.text}\n\n${t('notice.notMe.email', { url: notMe })}` : content.text,
        ...(content.action ? { action: content.action } : {}),
        createdAt: now,
      });
    }
    const mobilePhone = choice.text ? (reach?.mobilePhone ?? null) : null;
    if (mobilePhone) {
      await outbox.queueText(tx, {
        to: mobilePhone,
        kind: notice.kind,
        language: locale,
        body: `${brandName}: ${content.sms}${notMe ? ` ${t('notice.notMe.text', { url: notMe })}` : ''}`,
        security,
        timeZone: reach?.timeZone ?? FALLBACK_TIME_ZONE,
        createdAt: now,
      });
    }
    return { email: choice.email, text: mobilePhone !== null };
  }

  return {
    getSettings: (actor: NotificationsActor) => settingsOf(db, actor),

    /**
     * Saves every choosable event of the user's role at once (one missing, repeated or not the role's is refused,
     * naming the field), audited with the events whose choice changed.
     */
    async updateSettings(actor: NotificationsActor, request: NotificationSettingsRequest) {
      const allowed = notificationEventsFor(actor.role).filter((event) => event !== 'security');
      const seen = new Set<NotificationEvent>();
      request.choices.forEach((choice, index) => {
        if (!allowed.includes(choice.event) || seen.has(choice.event)) {
          throw new AppError('VALIDATION_FAILED', 'an event twice or not the role’s', {
            fields: [{ path: `body.choices.${index}.event`, code: 'invalid_value' }],
          });
        }
        seen.add(choice.event);
      });
      if (seen.size !== allowed.length) {
        throw new AppError('VALIDATION_FAILED', 'every event of the role is needed', {
          fields: [{ path: 'body.choices', code: 'too_small' }],
        });
      }
      return db.transaction(async (tx) => {
        const now = clock.now();
        const before = await choicesOf(tx, actor.userId);
        const changed = request.choices
          .filter((choice) => {
            const was = before(choice.event);
            return was.email !== choice.email || was.text !== choice.text;
          })
          .map((choice) => ({ event: choice.event, email: choice.email, text: choice.text }));
        await repo.saveChoices(tx, actor.userId, request.choices, now);
        if (changed.length > 0) {
          await audit.record(tx, {
            at: now,
            accountId: actor.accountId,
            actorUserId: actor.userId,
            action: 'notifications.changed',
            targetId: actor.userId,
            data: { changed },
          });
        }
        return settingsOf(tx, actor);
      });
    },

    notify,

    /**
     * Tells every active user of an account whose role hears of the event (the bill's events: PRIMARY, ADMIN and
     * BILLING, and none when the account's billing is on the enterprise site), each in their language, and the
     * property contacts chosen for it (CONTACT_NOTICE_OF; at `site`, the property there only). Returns how many users
     * were told on some channel and how many messages went to contacts.
     */
    async notifyAccount(tx: Tx, notice: Omit<Notice, 'user'> & { accountId: string; site?: Site }): Promise<number> {
      let told = 0;
      const emailed = new Set<string>();
      for (const member of await repo.members(tx, notice.accountId)) {
        if (member.isEnterprise && BILLING_NOTIFICATION_EVENTS.includes(notice.event)) continue;
        if (!notificationEventsFor(member.role).includes(notice.event)) continue;
        const sent = await notify(tx, { ...notice, user: member });
        if (sent.email) emailed.add(member.email.toLowerCase());
        if (sent.email || sent.text) told++;
      }
      // and a community property's contacts chosen for such notices (a user of the account e-mailed already: once)
      const about = CONTACT_NOTICE_OF[notice.event];
      if (about) told += await notifyContacts(tx, { ...notice, notice: about }, emailed);
      return told;
    },

    /** Tells the property contacts chosen for a kind of notice (contact-notices.ts): the contract's, for one. */
    notifyContacts,
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
