import {
  AppError,
  type AuditAction,
  type ChangePasswordRequest,
  SESSION_IDLE_SECONDS,
  SESSIONS_LIST_MAX,
  type SessionPlace,
  type SessionsEndedResponse,
  type SessionsResponse,
} from '@vireo/shared';
import type { Db } from '../../db/client';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { browserPartsOf, ipPrefixOf, isLocalAddress } from '../../platform/request-context';
import type { NotificationsService } from '../notifications/notifications.service';
import { refusedPassword } from './email-links';
import type { AuthContext, IdentityService } from './identity.service';
import { hashPassword } from './password';
import { judgePassword } from './password-policy';
import type { SecurityRepository } from './security.repository';

export type SecurityServiceDeps = {
  db: Db;
  clock: Clock;
  repo: SecurityRepository;
  identity: Pick<IdentityService, 'authenticate'>;
  audit: AuditRepository;
  /** Security notices go through the notifications service (always sent, with "This wasn't me"). */
  notices: Pick<NotificationsService, 'notify'>;
  /** Where the notice's recovery link points (PUBLIC_URL). */
  publicUrl: string;
};

/**
 * The approximate place of an address (wider-portal.md §3): there is no place database, so the truncated address
 * (/24 or /48, as the audit log keeps it) is all that is said, or that it is a local network.
 */
function placeOf(ip: string | null): SessionPlace {
  if (isLocalAddress(ip)) return { kind: 'local' };
  const prefix = ipPrefixOf(ip);
  return prefix ? { kind: 'address', prefix } : { kind: 'unknown' };
}

/**
 * A signed-in user's own security (issue 18 item 2, wider-portal.md §3): the sessions they are signed in with, ending
 * one or all the others, and changing the password. A session ended here stops working at its next request: the
 * session context is cached only while the sessions table is unchanged (identity.service resolve, ADR 014).
 */
export function createSecurityService({ db, clock, repo, identity, audit, notices, publicUrl }: SecurityServiceDeps) {
  const record = (tx: Parameters<AuditRepository['record']>[0], auth: AuthContext, action: AuditAction, data: object) =>
    audit.record(tx, {
      at: clock.now(),
      accountId: auth.accountId,
      actorUserId: auth.userId,
      action,
      targetId: auth.userId,
      data: { ...data },
    });

  return {
    /** The live sessions, newest activity first, at most SESSIONS_LIST_MAX (no paging: a person has a few). */
    async listSessions(auth: AuthContext): Promise<SessionsResponse> {
      const now = clock.now();
      const activeSince = new Date(now.getTime() - SESSION_IDLE_SECONDS * 1000);
      const rows = await repo.findLiveSessions(db, auth.userId, now, activeSince, SESSIONS_LIST_MAX);
      return {
        sessions: rows.map((row) => ({
          id: row.publicId,
          ...browserPartsOf(row.userAgent),
          place: placeOf(row.ipAddress),
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          current: row.id === auth.session.id,
        })),
      };
    },

    /**
     * Ends one of the user's other sessions. The current one is refused (409 CONFLICT): this device signs out with
     * sign-out, which also clears the browser's cookies. Another user's session, or an ended one, is NOT_FOUND.
     */
    async endSession(auth: AuthContext, publicId: string): Promise<SessionsEndedResponse> {
      return db.transaction(async (tx) => {
        const found = await repo.findUserSession(tx, auth.userId, publicId);
        if (!found) throw new AppError('NOT_FOUND', 'no such session');
        if (found.id === auth.session.id) throw new AppError('CONFLICT', 'this device signs out with sign-out');
        const sessionsEnded = await repo.endSession(tx, found.id, clock.now());
        await record(tx, auth, 'session.ended', { sessionsEnded });
        return { sessionsEnded };
      });
    },

    /** Ends every other session of the user; this one stays. */
    async endOtherSessions(auth: AuthContext): Promise<SessionsEndedResponse> {
      return db.transaction(async (tx) => {
        const sessionsEnded = await repo.endOtherSessions(tx, auth.userId, auth.session.id, clock.now());
        await record(tx, auth, 'session.ended_others', { sessionsEnded });
        return { sessionsEnded };
      });
    },

    /**
     * wider-portal.md §3: the current password, checked as a sign-in is (a wrong one is INVALID_CREDENTIALS and counts
     * toward the lockout), then the new one by the policy (PASSWORD_REFUSED on body.newPassword). Every other session
     * ends; this one stays and counts as proven now (step-up); a security notice goes to the user, in their language.
     */
    async changePassword(auth: AuthContext, request: ChangePasswordRequest): Promise<SessionsEndedResponse> {
      const user = await repo.getUser(db, auth.userId);
      if (!user) throw new AppError('UNAUTHENTICATED', 'user gone');
      await identity.authenticate(user.username, request.currentPassword);
      const verdict = judgePassword(request.newPassword, {
        username: user.username,
        words: [user.firstName, user.lastName, user.email],
      });
      if (!verdict.acceptable) throw refusedPassword(verdict.problems, 'body.newPassword');
      const passwordHash = await hashPassword(request.newPassword);
      return db.transaction(async (tx) => {
        const now = clock.now();
        await repo.setPasswordHash(tx, user.id, passwordHash);
        const sessionsEnded = await repo.endOtherSessions(tx, user.id, auth.session.id, now);
        await repo.setAuthenticatedAt(tx, auth.session.id, now);
        await record(tx, auth, 'password.changed', { sessionsEnded });
        // a security notice: always sent, with "This wasn't me" (wider-portal.md §3)
        await notices.notify(tx, {
          user,
          accountId: auth.accountId,
          event: 'security',
          kind: 'password-changed',
          compose: (t) => ({
            subject: t('security.passwordChanged.subject'),
            text: t('security.passwordChangedSignedIn.body', {
              username: user.username,
              url: `${publicUrl}/account-recovery`,
            }),
            sms: t('sms.passwordChanged', { username: user.username }),
          }),
        });
        return { sessionsEnded };
      });
    },
  };
}

export type SecurityService = ReturnType<typeof createSecurityService>;
