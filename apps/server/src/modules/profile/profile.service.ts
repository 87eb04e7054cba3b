import {
  AppError,
  type AuditAction,
  type CompanyDetails,
  type CompanyDetailsRequest,
  EMAIL_UNCHANGED_CODE,
  type EmailChangeResponse,
  LINK_EXPIRY_MINUTES,
  type LinkVerifyResponse,
  type Locale,
  localeOf,
  type PersonalDetails,
  type PersonalDetailsRequest,
  PHONE_INVALID_CODE,
} from '@vireo/shared';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Db, Tx } from '../../db/client';
import { translator } from '../../messages/intl';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { OutboxRepository } from '../../platform/outbox';
import type { NotificationsService } from '../notifications/notifications.service';
import type { ProfileRepository } from './profile.repository';

export type ProfileActor = { userId: string; accountId: string };

/** A new link of identity's email-links (the token in the URL, its hash in `email_links`). */
type IssueLink = (
  tx: Tx,
  link: {
    purpose: 'email_change';
    userId: string;
    accountId: string | null;
    email: string;
    data: Record<string, unknown>;
  },
) => Promise<{ url: string; expiresAt: Date }>;

/** What the service is given (app.ts, the composition root). */
export type ProfileServiceDeps = {
  db: Db;
  clock: Clock;
  repo: ProfileRepository;
  audit: AuditRepository;
  outbox: Pick<OutboxRepository, 'queueEmail'>;
  /** The notice to the old address is a security notice (always sent, with "This wasn't me"; issue 18 item 4). */
  notices: Pick<NotificationsService, 'notify'>;
  issueLink: IssueLink;
  /** Where the notice's recovery link points (PUBLIC_URL). */
  publicUrl: string;
};

/**
 * A telephone number as typed, read as libphonenumber-js reads it (a national number is a US one), kept E.164; an
 * empty one is none. A number it does not find valid is 400 VALIDATION_FAILED on the field (`phone.invalid`).
 */
export function e164Of(text: string, path: string): string | null {
  if (text.trim() === '') return null;
  const number = validE164(text);
  if (number === null) {
    throw new AppError('VALIDATION_FAILED', 'not a valid telephone number', {
      fields: [{ path, code: PHONE_INVALID_CODE }],
    });
  }
  return number;
}

/** A telephone number as e164Of reads it (a national number is a US one), in E.164; null when it is not one. */
export function validE164(text: string): string | null {
  const parsed = parsePhoneNumberFromString(text, 'US');
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * Profile & Settings, the Profile part (issue 18 item 1, wider-portal.md §3): a signed-in user's own personal details
 * and language, the contact e-mail change (a link to the new address, a notice to the old one at once: CPNI,
 * 47 CFR 64.2010(f)), and the account's company details (`company.manage`). Every change writes an audit entry
 * (area profile) in its transaction.
 */
export function createProfileService({
  db,
  clock,
  repo,
  audit,
  outbox,
  notices,
  issueLink,
  publicUrl,
}: ProfileServiceDeps) {
  const record = (tx: Tx, actor: ProfileActor, action: AuditAction, data: object, targetId = actor.userId) =>
    audit.record(tx, {
      at: clock.now(),
      accountId: actor.accountId,
      actorUserId: actor.userId,
      action,
      targetId,
      data: { ...data },
    });

  async function personal(ex: Db | Tx, userId: string): Promise<PersonalDetails> {
    const user = await repo.getUser(ex, userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'user gone');
    const pending = await repo.findPendingEmailChange(ex, userId, clock.now());
    return {
      username: user.username,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      mobilePhone: user.mobilePhone,
      language: user.language === 'en' || user.language === 'es' ? user.language : null,
      pendingEmail: pending?.email ?? null,
    };
  }

  async function company(ex: Db | Tx, accountId: string): Promise<CompanyDetails> {
    const [row, address] = await Promise.all([repo.getCompany(ex, accountId), repo.getServiceAddress(ex, accountId)]);
    if (!row) throw new AppError('NOT_FOUND', 'account');
    return {
      accountNumber: row.accountNumber,
      displayName: row.displayName ?? row.companyName,
      businessPhone: row.businessPhone,
      billingContactName: row.billingContactName,
      billingContactEmail: row.billingContactEmail,
      serviceAddress: address ?? null,
    };
  }

  return {
    getPersonal: (actor: ProfileActor) => personal(db, actor.userId),

    /** Names (freeText) and the mobile number (E.164); the audit entry names the fields that changed. */
    async setPersonal(actor: ProfileActor, request: PersonalDetailsRequest): Promise<PersonalDetails> {
      const mobilePhone = e164Of(request.mobilePhone, 'body.mobilePhone');
      return db.transaction(async (tx) => {
        const before = await repo.getUser(tx, actor.userId);
        if (!before) throw new AppError('UNAUTHENTICATED', 'user gone');
        const next = { firstName: request.firstName, lastName: request.lastName, mobilePhone };
        const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => before[key] !== next[key]);
        if (changed.length > 0) {
          await repo.setPersonalDetails(tx, actor.userId, next);
          await record(tx, actor, 'profile.updated', { changed });
        }
        return personal(tx, actor.userId);
      });
    },

    /** The language the UI, e-mails, texts, PDFs and CSV follow (PUT /session/v1/language), audited. */
    async setLanguage(actor: ProfileActor, language: Locale) {
      await db.transaction(async (tx) => {
        const before = await repo.getUser(tx, actor.userId);
        if (!before || before.language === language) return;
        await repo.setLanguage(tx, actor.userId, language);
        await record(tx, actor, 'profile.language_changed', { from: before.language, to: language });
      });
    },

    /**
     * wider-portal.md §3: a change of the contact e-mail takes effect only when a link sent to the new address is
     * confirmed (`confirmEmailChange`); a notice goes to the old address at once (CPNI, 47 CFR 64.2010(f)). Only the
     * newest request's link works.
     */
    async requestEmailChange(actor: ProfileActor, email: string): Promise<EmailChangeResponse> {
      return db.transaction(async (tx) => {
        const user = await repo.getUser(tx, actor.userId);
        if (!user) throw new AppError('UNAUTHENTICATED', 'user gone');
        if (user.email.toLowerCase() === email) {
          throw new AppError('VALIDATION_FAILED', 'the address is the current one', {
            fields: [{ path: 'body.email', code: EMAIL_UNCHANGED_CODE }],
          });
        }
        const now = clock.now();
        await repo.retireEmailChanges(tx, user.id, now);
        const { url, expiresAt } = await issueLink(tx, {
          purpose: 'email_change',
          userId: user.id,
          accountId: actor.accountId,
          email,
          data: { previousEmail: user.email },
        });
        const locale = localeOf(user.language, 'en');
        const t = translator(locale);
        await outbox.queueEmail(tx, {
          to: email,
          kind: 'email-change',
          language: locale,
          subject: t('profile.emailChange.subject'),
          text: t('profile.emailChange.body', {
            username: user.username,
            hours: LINK_EXPIRY_MINUTES.email_change / 60,
          }),
          action: { label: t('profile.emailChange.action'), url },
          createdAt: now,
        });
        // a security notice to the address of record: always sent (CPNI), with "This wasn't me" (wider-portal.md §3)
        await notices.notify(tx, {
          user,
          accountId: actor.accountId,
          event: 'security',
          kind: 'email-change-notice',
          compose: (notice) => ({
            subject: notice('profile.emailChangeNotice.subject'),
            text: notice('profile.emailChangeNotice.body', {
              username: user.username,
              email,
              url: `${publicUrl}/account-recovery`,
            }),
            sms: notice('sms.emailChange', { username: user.username, email }),
          }),
        });
        await record(tx, actor, 'profile.email_change_requested', {});
        return { pendingEmail: email, expiresAt: expiresAt.toISOString() };
      });
    },

    /**
     * The confirmation (identity's link page, LINK_VERIFY_PATH, in the link's transaction; the link is already locked,
     * usable and marked used by the caller): the new address becomes the user's contact e-mail.
     */
    async confirmEmailChange(
      tx: Tx,
      link: { userId: string | null; accountId: string | null; email: string },
    ): Promise<LinkVerifyResponse> {
      const user = link.userId ? await repo.getUser(tx, link.userId) : undefined;
      if (!user) throw new AppError('LINK_UNKNOWN', 'link');
      await repo.setEmail(tx, user.id, link.email);
      await audit.record(tx, {
        at: clock.now(),
        accountId: link.accountId,
        actorUserId: user.id,
        action: 'profile.email_changed',
        targetId: user.id,
        data: {},
      });
      return { purpose: 'email_change', username: user.username };
    },

    getCompany: (actor: ProfileActor) => company(db, actor.accountId),

    /** The display name, business phone (E.164) and billing contact; the service address is not changed here. */
    async setCompany(actor: ProfileActor, request: CompanyDetailsRequest): Promise<CompanyDetails> {
      const businessPhone = e164Of(request.businessPhone, 'body.businessPhone') ?? '';
      return db.transaction(async (tx) => {
        const before = await company(tx, actor.accountId);
        const next = {
          displayName: request.displayName,
          businessPhone,
          billingContactName: request.billingContactName,
          billingContactEmail: request.billingContactEmail,
        };
        const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => before[key] !== next[key]);
        if (changed.length > 0) {
          await repo.setCompany(tx, actor.accountId, next);
          await record(tx, actor, 'company.updated', { changed }, actor.accountId);
        }
        return company(tx, actor.accountId);
      });
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
