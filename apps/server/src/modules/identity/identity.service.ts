import {
  APP_VERSION,
  AppError,
  type Capability,
  capabilitiesOf,
  LOGIN_LOCKOUT_FAILURES,
  LOGIN_LOCKOUT_MINUTES,
  LOGIN_LOCKOUT_WINDOW_MINUTES,
  type MemberDetails,
  type PortalRole,
  SESSION_ABSOLUTE_SECONDS,
  SESSION_IDLE_SECONDS,
  type SessionProfile,
  STEP_UP_MINUTES,
} from '@vireo/shared';
import type { Db, Executor } from '../../db/client';
import type { ReadCache } from '../../db/read-cache';
import { accountServices, accounts, memberships, sessions, users } from '../../db/schema';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { randomToken, sha256 } from '../../platform/tokens';
import {
  type AccountRow,
  createIdentityRepository,
  type IdentityRepository,
  type SessionRow,
} from './identity.repository';
import { hashPassword, verifyPassword } from './password';

const MINUTE = 60_000;
/** What `findLiveSessionContext` reads. */
const SESSION_CONTEXT_TABLES = [sessions, users, memberships, accounts, accountServices];
/** Activity is written at most this often, so a burst of requests is one write. */
const TOUCH_EVERY_MS = 5_000;

export type AuthContext = {
  session: SessionRow;
  userId: string;
  accountId: string;
  /** The account's row as the request began (resolved with the session, so routes need not read it again). */
  account: AccountRow;
  role: PortalRole;
  capabilities: Capability[];
};

/** One answer for every refused sign-in, so none reveals whether the username exists or is locked. */
function invalidCredentials() {
  return new AppError('INVALID_CREDENTIALS', 'The username or password is incorrect.');
}

/**
 * Sign-in checks, lockout and server-side sessions (product-decisions.md, sessions and sign-in). Wrong password,
 * unknown user and locked user take the same time and get the same error.
 */
/** An id no user has (users' ids are random UUIDs). */
const NO_USER_ID = '00000000-0000-0000-0000-000000000000';

export type IdentityServiceDeps = {
  db: Db;
  clock: Clock;
  cache: ReadCache;
  audit: AuditRepository;
  repo?: IdentityRepository;
};

export async function createIdentityService({
  db,
  clock,
  cache,
  audit,
  repo = createIdentityRepository(),
}: IdentityServiceDeps) {
  // Verifying against this hash makes an unknown username cost the same as a known one.
  const dummyHash = await hashPassword(randomToken());

  /**
   * Returns the user id, or throws INVALID_CREDENTIALS whatever the reason, but one: the right password of a user
   * who must reset it (after a lockout, or an admin's requirement) is PASSWORD_RESET_REQUIRED, and no session
   * (wider-portal.md §1 `password-reset-required`). During the lockout even the right password is
   * INVALID_CREDENTIALS: telling it apart would let the guessing go on through the lock.
   */
  async function authenticate(username: string, password: string): Promise<string> {
    const user = await repo.findUserByUsername(db, username);
    const passwordOk = await verifyPassword(user?.passwordHash ?? dummyHash, password);
    const now = clock.now();
    if (!user) {
      // The statements a wrong password runs, on no row: an unknown username is answered in the same time
      // (quality-bars.md: median within 25 ms), not only with the same words.
      await db.transaction(async (tx) => {
        await repo.lockUserRow(tx, NO_USER_ID);
        await repo.updateLoginFailures(tx, NO_USER_ID, {
          failedLoginCount: 1,
          failedLoginWindowStart: now,
          lockedUntil: null,
        });
      });
      throw invalidCredentials();
    }
    // The outcome is decided and recorded in one transaction, and only then reported: throwing inside it would
    // roll the failure count back.
    const outcome = await db.transaction(async (tx): Promise<'ok' | 'refused' | 'resetRequired'> => {
      const locked = await repo.lockUserRow(tx, user.id);
      if (locked?.status !== 'active') return 'refused';
      if (locked.lockedUntil && locked.lockedUntil > now) return 'refused';
      if (passwordOk) {
        // only the right password learns that a reset is due (a wrong one stays INVALID_CREDENTIALS)
        if (locked.passwordResetRequired) return 'resetRequired';
        if (locked.failedLoginCount > 0 || locked.lockedUntil) {
          await repo.updateLoginFailures(tx, user.id, {
            failedLoginCount: 0,
            failedLoginWindowStart: null,
            lockedUntil: null,
          });
        }
        return 'ok';
      }
      const windowOpen =
        locked.failedLoginWindowStart !== null &&
        now.getTime() - locked.failedLoginWindowStart.getTime() < LOGIN_LOCKOUT_WINDOW_MINUTES * MINUTE;
      const failures = windowOpen ? locked.failedLoginCount + 1 : 1;
      const lockout = failures >= LOGIN_LOCKOUT_FAILURES;
      await repo.updateLoginFailures(tx, user.id, {
        failedLoginCount: failures,
        failedLoginWindowStart: windowOpen ? locked.failedLoginWindowStart : now,
        lockedUntil: lockout ? new Date(now.getTime() + LOGIN_LOCKOUT_MINUTES * MINUTE) : null,
        // product-decisions.md: a lockout is lifted by a password reset (wider-portal.md §1); the reset through
        // the e-mailed link clears this (access.repository.ts setPassword)
        ...(lockout ? { passwordResetRequired: true } : {}),
      });
      return 'refused';
    });
    if (outcome === 'refused') throw invalidCredentials();
    if (outcome === 'resetRequired') {
      throw new AppError('PASSWORD_RESET_REQUIRED', 'The password must be reset before signing in.');
    }
    return user.id;
  }

  /** When the session's user last proved who they are: the sign-in, or the last step-up. */
  const provenAt = (session: SessionRow) => session.authenticatedAt ?? session.createdAt;

  /** The step-up's proof, by password or passkey: the session counts as signed in now, for STEP_UP_MINUTES. */
  async function proveSession(ex: Executor, sessionId: string): Promise<{ validUntil: string }> {
    const now = clock.now();
    await repo.setSessionAuthenticatedAt(ex, sessionId, now);
    return { validUntil: new Date(now.getTime() + STEP_UP_MINUTES * MINUTE).toISOString() };
  }

  return {
    authenticate,

    /**
     * The password form's sign-in: `authenticate`, then the entry "Signed in with the password" in the account's audit
     * log (a passkey's sign-in writes its own: passkeys.service). Returns the user id.
     */
    async signIn(username: string, password: string): Promise<string> {
      const userId = await authenticate(username, password);
      const found = await repo.findMembership(db, userId);
      await db.transaction((tx) =>
        audit.record(tx, {
          at: clock.now(),
          accountId: found?.account.id ?? null,
          actorUserId: userId,
          action: 'session.signed_in',
          targetId: null,
          data: {},
        }),
      );
      return userId;
    },

    /** A new session (a new id at every sign-in) with its anti-forgery token. */
    async createSession(input: { userId: string; rememberMe: boolean; ipAddress?: string; userAgent?: string }) {
      const found = await repo.findMembership(db, input.userId);
      if (!found) throw invalidCredentials();
      const token = randomToken();
      const csrfToken = randomToken();
      const now = clock.now();
      await repo.insertSession(db, {
        id: sha256(token),
        userId: input.userId,
        accountId: found.account.id,
        csrfToken,
        rememberMe: input.rememberMe,
        createdAt: now,
        lastSeenAt: now,
        authenticatedAt: now,
        expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_SECONDS * 1000),
        ipAddress: input.ipAddress ?? null,
        userAgent: input.userAgent?.slice(0, 512) ?? null,
      });
      await repo.markSignedIn(db, input.userId, now);
      return { token, csrfToken };
    },

    /**
     * wider-portal.md §3 step-up: the password again, checked as a sign-in is (a wrong one counts toward the lockout,
     * and a locked user is refused), makes the session count as signed in now.
     */
    async stepUp(auth: AuthContext, password: string): Promise<{ validUntil: string }> {
      const found = await repo.findMembership(db, auth.userId);
      if (!found) throw new AppError('UNAUTHENTICATED', 'membership gone');
      await authenticate(found.user.username, password);
      return db.transaction(async (tx) => {
        await audit.record(tx, {
          at: clock.now(),
          accountId: auth.accountId,
          actorUserId: auth.userId,
          action: 'session.confirmed',
          targetId: null,
          data: {},
        });
        return proveSession(tx, auth.session.id);
      });
    },

    proveSession,

    /** wider-portal.md §3: a dangerous action needs a sign-in or step-up within STEP_UP_MINUTES, else STEP_UP_REQUIRED. */
    requireRecentSignIn(auth: AuthContext) {
      if (clock.now().getTime() - provenAt(auth.session).getTime() > STEP_UP_MINUTES * MINUTE) {
        throw new AppError('STEP_UP_REQUIRED', 'confirm it is you: sign in again');
      }
    },

    /** The signed-in context for a session token, or null when it is unknown, revoked, idle too long or expired. */
    async resolve(token: string): Promise<AuthContext | null> {
      const id = sha256(token);
      // from memory while none of its tables changed (ADR 014): a sign-out, a role or status change, a touch of the
      // session all write one of them, so a cached answer is never an outdated one
      const found = await cache.get(`session:${id}`, SESSION_CONTEXT_TABLES, () => repo.findLiveSessionContext(db, id));
      if (!found) return null;
      const { session } = found;
      const now = clock.now();
      const idleMs = now.getTime() - session.lastSeenAt.getTime();
      if (idleMs > SESSION_IDLE_SECONDS * 1000 || now >= session.expiresAt) {
        await repo.revokeSession(db, id, now);
        return null;
      }
      if (found.userStatus !== 'active') return null;
      if (idleMs >= TOUCH_EVERY_MS) await repo.touchSession(db, id, now);
      return {
        session,
        userId: session.userId,
        accountId: found.account.id,
        account: found.account,
        role: found.role,
        capabilities: capabilitiesOf(found.role, {
          hasPhoneMeta: found.hasPhoneMeta,
          hasBulkAgreement: found.account.hasBulkAgreement,
        }),
      };
    },

    async revoke(session: SessionRow) {
      await repo.revokeSession(db, session.id, clock.now());
    },

    /**
     * The sign-in's login transaction (the login edge, ADR 006): kept under the hash of the cookie that carries it,
     * for `LOGIN_TRANSACTION_SECONDS`; expired ones are cleared as new ones start.
     */
    async startLoginTransaction(row: Parameters<IdentityRepository['insertLoginTransaction']>[1]) {
      await repo.deleteExpiredLoginTransactions(db, row.createdAt);
      await repo.insertLoginTransaction(db, row);
    },

    /** Takes the login transaction once: a second callback with the same cookie finds nothing. */
    consumeLoginTransaction(id: string) {
      return repo.consumeLoginTransaction(db, id);
    },

    async setLanguage(userId: string, language: 'en' | 'es') {
      await repo.setLanguage(db, userId, language);
    },

    /** spec §3 member details of the signed-in user (the member edge answers them for their own guid only). */
    async memberDetails(auth: AuthContext): Promise<MemberDetails> {
      const found = await repo.findMembership(db, auth.userId);
      if (!found) throw new AppError('UNAUTHENTICATED', 'membership gone');
      return { FirstName: found.user.firstName, LastName: found.user.lastName, ContactEmail: found.user.email };
    },

    /** spec §3: the session profile, with member details and the session limits. */
    async profile(auth: AuthContext): Promise<SessionProfile> {
      const found = await repo.findMembership(db, auth.userId);
      if (!found) throw new AppError('UNAUTHENTICATED', 'membership gone');
      const [address, owner] = await Promise.all([
        repo.findAddress(db, auth.accountId, 'service'),
        repo.findAccountOwner(db, auth.accountId),
      ]);
      const { user, account } = found;
      return {
        accountType: 'COMMERCIAL',
        role: auth.role,
        username: user.username,
        guid: user.id,
        accountNumber: account.accountNumber,
        accountName: account.companyName,
        zip: address?.zip ?? '',
        footprint: account.footprint,
        userType: user.userType,
        rememberMe: auth.session.rememberMe,
        siteVersion: APP_VERSION,
        isEnterprise: account.isEnterprise,
        hasBulkAgreement: account.hasBulkAgreement,
        language: user.language === 'es' || user.language === 'en' ? user.language : null,
        capabilities: auth.capabilities,
        memberDetails: { firstName: user.firstName, lastName: user.lastName, contactEmail: user.email },
        accountOwner: owner ? { firstName: owner.firstName, lastName: owner.lastName } : null,
        idleTimeoutSeconds: SESSION_IDLE_SECONDS,
        expiresAt: auth.session.expiresAt.toISOString(),
      };
    },
  };
}

export type IdentityService = Awaited<ReturnType<typeof createIdentityService>>;
