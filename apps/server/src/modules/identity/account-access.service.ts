import { randomUUID } from 'node:crypto';
import {
  AppError,
  LINK_EXPIRY_MINUTES,
  type LinkStatusResponse,
  type LinkVerifyResponse,
  type Locale,
  localeOf,
  NOT_ME_PASSKEY_HOURS,
  type PasswordCheckRequest,
  type PasswordCheckResponse,
  REGISTRATION_CODE_FAILURES,
  REGISTRATION_LOCK_MINUTES,
  type RecoveryRequest,
  type RegistrationRequest,
  type ResetPasswordRequest,
} from '@vireo/shared';
import type { Db, Tx } from '../../db/client';
import { translator } from '../../messages/intl';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { OutboxRepository } from '../../platform/outbox';
import { safeEqual, sha256 } from '../../platform/tokens';
import type { AccountService } from '../account/account.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { AccessRepository, EmailLinkRow } from './access.repository';
import { createEmailLinks, refusedPassword } from './email-links';
import { hashPassword } from './password';
import { judgePassword } from './password-policy';

const MINUTE = 60_000;

export type AccountAccessDeps = {
  db: Db;
  clock: Clock;
  repo: AccessRepository;
  accounts: Pick<AccountService, 'findByNumber'>;
  outbox: Pick<OutboxRepository, 'queueEmail'>;
  /** Security notices (issue 18 item 4): always sent, with "This wasn't me". */
  notices: Pick<NotificationsService, 'notify'>;
  audit: AuditRepository;
  /** Where the links in e-mails point (PUBLIC_URL). */
  publicUrl: string;
  /** A contact e-mail change's link (issue 18 item 1): the profile module sets the new address. */
  emailChanges?: {
    confirmEmailChange(tx: Tx, link: EmailLinkRow): Promise<LinkVerifyResponse>;
  };
};

/** What a registration's verification link finishes: the account's new PRIMARY user. */
type PendingRegistration = {
  accountId: string;
  username: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  language: Locale;
};

/**
 * The open doors (issue 17, wider-portal.md §1): Create account, the links e-mails carry (random tokens stored
 * hashed, single-use, expiring), account recovery and the password check. Every answer that could tell whether an
 * address, a username or an account exists is the same either way, and costs the same work.
 */

/** The least time a recovery takes (issue 17: one timing): a known address's work took ~45 ms more under load. */
export const RECOVERY_ANSWER_FLOOR_MS = 150;

/** Waits until `performance.now()` reaches `at` (at once when it has). */
function notBefore(at: number): Promise<void> {
  const wait = at - performance.now();
  return wait > 0 ? new Promise((resolve) => setTimeout(resolve, wait)) : Promise.resolve();
}

export function createAccountAccessService({
  db,
  clock,
  repo,
  accounts,
  outbox,
  notices,
  audit,
  publicUrl,
  emailChanges,
}: AccountAccessDeps) {
  const { issueLink, stateOf, usableLink } = createEmailLinks({ clock, repo, publicUrl });

  /**
   * "This wasn't me" (issue 18 item 4, wider-portal.md §3), a security notice's link: every session of the user ends,
   * the passkeys added in the last NOT_ME_PASSKEY_HOURS go, and the next sign-in asks for a password reset first.
   */
  async function notMe(
    tx: Tx,
    link: { id: string; userId: string; accountId: string | null },
  ): Promise<LinkVerifyResponse> {
    const { id: linkId, userId } = link;
    const now = clock.now();
    const user = await repo.getUser(tx, userId);
    if (!user) throw new AppError('LINK_UNKNOWN', 'link');
    await repo.markLinkUsed(tx, linkId, now);
    const sessionsEnded = await repo.revokeSessions(tx, userId, now);
    const passkeysRemoved = await repo.lockDown(
      tx,
      userId,
      new Date(now.getTime() - NOT_ME_PASSKEY_HOURS * 60 * MINUTE),
    );
    await audit.record(tx, {
      at: now,
      accountId: link.accountId ?? (await repo.accountOf(tx, userId)),
      actorUserId: userId,
      action: 'security.not_me',
      targetId: userId,
      data: { sessionsEnded, passkeysRemoved },
    });
    return { purpose: 'not_me', username: user.username };
  }

  async function sendVerification(tx: Tx, email: string, registration: PendingRegistration) {
    const t = translator(registration.language);
    const { url } = await issueLink(tx, {
      purpose: 'verify_email',
      userId: null,
      accountId: registration.accountId,
      email,
      data: registration,
    });
    await outbox.queueEmail(tx, {
      to: email,
      kind: 'verify-email',
      language: registration.language,
      subject: t('link.verify.subject'),
      text: t('link.verify.body', { username: registration.username, hours: LINK_EXPIRY_MINUTES.verify_email / 60 }),
      action: { label: t('link.verify.action'), url },
      createdAt: clock.now(),
    });
  }

  async function sendReset(
    tx: Tx,
    user: { id: string; username: string; language: string | null },
    email: string,
    fallback: Locale,
  ) {
    const locale = localeOf(user.language, fallback);
    const t = translator(locale);
    await repo.retireLinks(tx, user.id, 'password_reset', clock.now());
    const { url } = await issueLink(tx, {
      purpose: 'password_reset',
      userId: user.id,
      accountId: null,
      email,
      data: {},
    });
    await outbox.queueEmail(tx, {
      to: email,
      kind: 'password-reset',
      language: locale,
      subject: t('link.reset.subject'),
      text: t('link.reset.body', { username: user.username, minutes: LINK_EXPIRY_MINUTES.password_reset }),
      action: { label: t('link.reset.action'), url },
      createdAt: clock.now(),
    });
  }

  return {
    checkPassword(request: PasswordCheckRequest): PasswordCheckResponse {
      return judgePassword(request.password, { username: request.username, words: request.words });
    },

    /**
     * Create account (wider-portal.md §1): the account number, the service ZIP and the statement's security code prove
     * the bill is theirs; the verification link finishes it. One answer (REGISTRATION_MISMATCH) for any wrong field;
     * 3 wrong codes for an account in an hour lock it for an hour; an account with a PRIMARY says to ask for an invite.
     */
    async register(request: RegistrationRequest): Promise<{ sentTo: string }> {
      const verdict = judgePassword(request.password, {
        username: request.username,
        words: [request.firstName, request.lastName, request.email],
      });
      if (!verdict.acceptable) throw refusedPassword(verdict.problems);
      // the slow step first, whatever follows: a wrong account number costs what a right one does
      const passwordHash = await hashPassword(request.password);
      const now = clock.now();
      const outcome = await db.transaction(async (tx) => {
        const account = await accounts.findByNumber(tx, request.billingAccount);
        const since = new Date(now.getTime() - REGISTRATION_LOCK_MINUTES * MINUTE);
        const failures = await repo.failedRegistrationAttemptsSince(tx, account?.id ?? randomUUID(), since);
        if (!account || account.serviceZip !== request.zip || !account.statementCode) return 'mismatch';
        if (failures >= REGISTRATION_CODE_FAILURES) return 'locked';
        if (!safeEqual(account.statementCode, request.statementCode)) {
          await repo.recordRegistrationAttempt(tx, account.id, now, false);
          await audit.record(tx, { at: now, accountId: account.id, action: 'registration.code_refused', data: {} });
          return failures + 1 >= REGISTRATION_CODE_FAILURES ? 'locked' : 'mismatch';
        }
        if (await repo.accountHasPrimary(tx, account.id)) return 'owned';
        if (await repo.usernameTaken(tx, request.username)) return 'taken';
        await repo.recordRegistrationAttempt(tx, account.id, now, true);
        await sendVerification(tx, request.email, {
          accountId: account.id,
          username: request.username,
          passwordHash,
          firstName: request.firstName,
          lastName: request.lastName,
          language: request.language,
        });
        await audit.record(tx, {
          at: now,
          accountId: account.id,
          action: 'registration.started',
          data: { username: request.username },
        });
        return 'sent';
      });
      if (outcome === 'mismatch') throw new AppError('REGISTRATION_MISMATCH', 'account details do not match');
      if (outcome === 'locked') throw new AppError('REGISTRATION_LOCKED', 'registration locked for an hour');
      if (outcome === 'owned') throw new AppError('ACCOUNT_HAS_OWNER', 'the account has an owner');
      if (outcome === 'taken') {
        throw new AppError('USERNAME_TAKEN', 'username taken', { fields: [{ path: 'body.username', code: 'taken' }] });
      }
      return { sentTo: request.email };
    },

    async linkStatus(token: string): Promise<LinkStatusResponse> {
      const link = await repo.findLink(db, sha256(token));
      const state = stateOf(link);
      if (!link || state === 'unknown') return { state: 'unknown', purpose: null, username: null };
      const username =
        typeof link.data.username === 'string'
          ? link.data.username
          : link.userId
            ? ((await repo.getUser(db, link.userId))?.username ?? null)
            : null;
      return { state, purpose: link.purpose, username };
    },

    /**
     * Acts on a verification link (the page's button, never the GET of the link). A registration's link makes the user
     * the account's PRIMARY, unless someone became it meanwhile or took the username; a contact e-mail change's link
     * (issue 18 item 1) makes its address the user's e-mail.
     */
    async verify(token: string): Promise<LinkVerifyResponse> {
      const result = await db.transaction(async (tx) => {
        const link = await usableLink(
          tx,
          token,
          emailChanges ? ['verify_email', 'email_change', 'not_me'] : ['verify_email', 'not_me'],
        );
        if (link.purpose === 'not_me' && link.userId) return notMe(tx, { ...link, userId: link.userId });
        if (link.purpose === 'email_change' && emailChanges) {
          await repo.markLinkUsed(tx, link.id, clock.now());
          return emailChanges.confirmEmailChange(tx, link);
        }
        const pending = link.data as PendingRegistration;
        const now = clock.now();
        if (await repo.accountHasPrimary(tx, pending.accountId)) return 'owned' as const;
        if (await repo.usernameTaken(tx, pending.username)) return 'taken' as const;
        const userId = randomUUID();
        await repo.insertMember(
          tx,
          {
            id: userId,
            username: pending.username,
            passwordHash: pending.passwordHash,
            firstName: pending.firstName,
            lastName: pending.lastName,
            email: link.email,
            language: pending.language,
            createdAt: now,
          },
          { accountId: pending.accountId, role: 'PRIMARY' },
        );
        await repo.markLinkUsed(tx, link.id, now);
        await audit.record(tx, {
          at: now,
          accountId: pending.accountId,
          actorUserId: userId,
          action: 'user.registered',
          targetId: userId,
          data: { role: 'PRIMARY' },
        });
        return { purpose: link.purpose, username: pending.username };
      });
      if (result === 'owned') throw new AppError('ACCOUNT_HAS_OWNER', 'the account has an owner');
      if (result === 'taken') throw new AppError('USERNAME_TAKEN', 'username taken');
      return result;
    },

    /** Forgot username: e-mails the usernames of the address; the same answer whether it has any or not. */
    async recoverUsername(request: RecoveryRequest): Promise<{ sentTo: string }> {
      const answerAt = performance.now() + RECOVERY_ANSWER_FLOOR_MS;
      await db.transaction(async (tx) => {
        const found = await repo.activeUsersByEmail(tx, request.email);
        if (found.length === 0) return;
        const locale = localeOf(found[0]?.language, request.language);
        const t = translator(locale);
        await outbox.queueEmail(tx, {
          to: request.email,
          kind: 'username-reminder',
          language: locale,
          subject: t('recovery.username.subject', { count: found.length }),
          text: t('recovery.username.body', {
            count: found.length,
            usernames: found.map((user) => `  ${user.username}`).join('\n'),
            url: `${publicUrl}/login`,
          }),
          createdAt: clock.now(),
        });
      });
      await notBefore(answerAt);
      return { sentTo: request.email };
    },

    /** Forgot password: a reset link (30 min) to each user of the address; the same answer either way. */
    async recoverPassword(request: RecoveryRequest): Promise<{ sentTo: string }> {
      const answerAt = performance.now() + RECOVERY_ANSWER_FLOOR_MS;
      await db.transaction(async (tx) => {
        for (const user of await repo.activeUsersByEmail(tx, request.email)) {
          await sendReset(tx, user, request.email, request.language);
          await audit.record(tx, {
            at: clock.now(),
            accountId: await repo.accountOf(tx, user.id),
            actorUserId: user.id,
            action: 'user.reset_requested',
            targetId: user.id,
            data: {},
          });
        }
      });
      await notBefore(answerAt);
      return { sentTo: request.email };
    },

    /** The reset form: a new password ends every session of the user and lifts a lockout (wider-portal.md §1). */
    async resetPassword(request: ResetPasswordRequest): Promise<{ username: string }> {
      return db.transaction(async (tx) => {
        const link = await usableLink(tx, request.token, ['password_reset']);
        const user = link.userId ? await repo.getUser(tx, link.userId) : null;
        if (user?.status !== 'active') throw new AppError('LINK_UNKNOWN', 'link');
        const verdict = judgePassword(request.password, {
          username: user.username,
          words: [user.firstName, user.lastName, user.email],
        });
        if (!verdict.acceptable) throw refusedPassword(verdict.problems);
        const now = clock.now();
        await repo.setPassword(tx, user.id, await hashPassword(request.password));
        const ended = await repo.revokeSessions(tx, user.id, now);
        await repo.markLinkUsed(tx, link.id, now);
        await audit.record(tx, {
          at: now,
          accountId: await repo.accountOf(tx, user.id),
          actorUserId: user.id,
          action: 'user.password_reset',
          targetId: user.id,
          data: { sessionsEnded: ended },
        });
        // a security notice: always sent, with "This wasn't me" (wider-portal.md §3)
        await notices.notify(tx, {
          user,
          accountId: null,
          event: 'security',
          kind: 'password-changed',
          compose: (t) => ({
            subject: t('security.passwordChanged.subject'),
            text: t('security.passwordChanged.body', { username: user.username, url: `${publicUrl}/account-recovery` }),
            sms: t('sms.passwordChanged', { username: user.username }),
          }),
        });
        return { username: user.username };
      });
    },

    /**
     * A fresh link for an expired or used one, to the same address: a reset link, or a registration's unused one. No
     * other link is renewed from itself (CONFLICT, and nothing is sent): an invitation by whoever sent it, a contact
     * e-mail change or "This wasn't me" where they began (Profile & Settings, a new security notice).
     */
    async renewLink(token: string, language: Locale): Promise<{ sentTo: string }> {
      return db.transaction(async (tx) => {
        const link = await repo.lockLink(tx, sha256(token));
        if (!link) throw new AppError('LINK_UNKNOWN', 'link');
        if (link.purpose === 'password_reset' && link.userId) {
          const user = await repo.getUser(tx, link.userId);
          if (user?.status === 'active') await sendReset(tx, user, link.email, language);
        } else if (link.purpose === 'verify_email' && !link.usedAt) {
          const pending = link.data as PendingRegistration;
          await repo.markLinkUsed(tx, link.id, clock.now());
          if (!(await repo.accountHasPrimary(tx, pending.accountId))) await sendVerification(tx, link.email, pending);
        } else {
          throw new AppError('CONFLICT', 'this link is not renewed from itself');
        }
        return { sentTo: link.email };
      });
    },
  };
}

export type AccountAccessService = ReturnType<typeof createAccountAccessService>;
