import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import {
  type AddPasskeyRequest,
  AppError,
  type AuditAction,
  PASSKEY_CHALLENGE_SECONDS,
  PASSKEYS_MAX,
  type Passkey,
  type PasskeyAssertion,
  type PasskeysResponse,
  type StepUpResponse,
} from '@vireo/shared';
import type { Db, Executor, Tx } from '../../db/client';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { NotificationsService } from '../notifications/notifications.service';
import type { AuthContext } from './identity.service';
import type { PasskeyRow, PasskeysRepository } from './passkeys.repository';

export type PasskeysServiceDeps = {
  db: Db;
  clock: Clock;
  repo: PasskeysRepository;
  audit: AuditRepository;
  /** Security notices go through the notifications service (always sent, with "This wasn't me"). */
  notices: Pick<NotificationsService, 'notify'>;
  /** The portal's address (PUBLIC_URL): the relying party's id is its host name, the expected origin its origin. */
  publicUrl: string;
  /** The step-up's proof: the session counts as signed in now (identity's, given by app.ts). */
  proveSession(tx: Tx, sessionId: string): Promise<StepUpResponse>;
};

/** One answer for every WebAuthn answer that does not verify (ADR 029): nothing tells an attacker which part failed. */
const refused = () => new AppError('PASSKEY_REFUSED', 'the passkey could not be verified');
/** A user the password form would refuse is refused here with the same answer (identity.service authenticate). */
const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'The username or password is incorrect.');

const registrationBinding = (sessionId: string) => `registration:${sessionId}`;
const signInBinding = (uid: string) => `sign-in:${uid}`;
const stepUpBinding = (sessionId: string) => `step-up:${sessionId}`;

const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/**
 * Passkeys (issue 18 item 2, wider-portal.md §3, ADR 029): a signed-in user adds, lists, renames and removes their
 * own; the sign-in form signs in with one. Challenges are kept on the server, single-use, for
 * PASSKEY_CHALLENGE_SECONDS, bound to the session (registration) or to the OIDC interaction (sign-in).
 */
export function createPasskeysService({
  db,
  clock,
  repo,
  audit,
  notices,
  publicUrl,
  proveSession,
}: PasskeysServiceDeps) {
  const url = new URL(publicUrl);
  const rpID = url.hostname;
  const expectedOrigin = url.origin;

  const record = (
    tx: Executor,
    auth: AuthContext,
    action: AuditAction,
    targetId: string,
    data: Record<string, unknown>,
  ) =>
    audit.record(tx, { at: clock.now(), accountId: auth.accountId, actorUserId: auth.userId, action, targetId, data });

  const keepChallenge = async (binding: string, challenge: string) => {
    const now = clock.now();
    await repo.putChallenge(
      db,
      { id: binding, challenge, expiresAt: new Date(now.getTime() + PASSKEY_CHALLENGE_SECONDS * 1000) },
      now,
    );
  };

  /** The challenge of a binding, taken once (a replay finds none); an expired one is refused too. */
  const takeChallenge = async (ex: Executor, binding: string) => {
    const row = await repo.takeChallenge(ex, binding);
    if (!row || row.expiresAt <= clock.now()) throw refused();
    return row.challenge;
  };

  const mine = async (ex: Executor, auth: AuthContext, id: string) => {
    const row = await repo.findUserPasskey(ex, auth.userId, id);
    if (!row) throw new AppError('NOT_FOUND', 'no such passkey');
    return row;
  };

  /** Checks a sign-in or step-up assertion against the challenge and the stored public key: the new counter. */
  const verifyAssertion = async (passkey: PasskeyRow, assertion: PasskeyAssertion, expectedChallenge: string) => {
    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verification = await verifyAuthenticationResponse({
        response: { ...assertion, rawId: assertion.id } as AuthenticationResponseJSON,
        expectedChallenge,
        expectedOrigin,
        expectedRPID: rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: passkey.transports as AuthenticatorTransport[],
        },
        requireUserVerification: true,
      });
    } catch {
      throw refused();
    }
    if (!verification.verified) throw refused();
    return verification.authenticationInfo.newCounter;
  };

  /** The password form's user rules: inactive or locked is INVALID_CREDENTIALS, a required reset says so. */
  const refuseBlocked = (
    user: { status: string; lockedUntil: Date | null; passwordResetRequired: boolean },
    now: Date,
  ) => {
    if (user.status !== 'active' || (user.lockedUntil && user.lockedUntil > now)) throw invalidCredentials();
    if (user.passwordResetRequired) {
      throw new AppError('PASSWORD_RESET_REQUIRED', 'The password must be reset before signing in.');
    }
  };

  return {
    async list(auth: AuthContext): Promise<PasskeysResponse> {
      const rows = await repo.listForUser(db, auth.userId);
      return { passkeys: rows.map(toPasskey), max: PASSKEYS_MAX };
    },

    /** The browser's `navigator.credentials.create` options: a discoverable credential, user verification required. */
    async registrationOptions(auth: AuthContext) {
      const user = await repo.getUser(db, auth.userId);
      if (!user) throw new AppError('UNAUTHENTICATED', 'user gone');
      const existing = await repo.listForUser(db, auth.userId);
      if (existing.length >= PASSKEYS_MAX) throw new AppError('PASSKEYS_FULL', `at most ${PASSKEYS_MAX} passkeys`);
      const options = await generateRegistrationOptions({
        rpName: 'Vireo Business',
        rpID,
        userName: user.username,
        userID: new TextEncoder().encode(user.id),
        userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.username,
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
      });
      await keepChallenge(registrationBinding(auth.session.id), options.challenge);
      return options as typeof options & Record<string, unknown>;
    },

    /**
     * Verifies the browser's answer against this session's challenge (taken once), keeps the passkey with its name,
     * audits passkey.added and e-mails a security notice in the user's language (wider-portal.md §3).
     */
    async add(auth: AuthContext, request: AddPasskeyRequest): Promise<Passkey> {
      const user = await repo.getUser(db, auth.userId);
      if (!user) throw new AppError('UNAUTHENTICATED', 'user gone');
      const expectedChallenge = await takeChallenge(db, registrationBinding(auth.session.id));
      let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verification = await verifyRegistrationResponse({
          response: { ...request.credential, rawId: request.credential.id } as RegistrationResponseJSON,
          expectedChallenge,
          expectedOrigin,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
      } catch {
        throw refused();
      }
      if (!verification.verified) throw refused();
      const { credential } = verification.registrationInfo;
      return db.transaction(async (tx) => {
        if ((await repo.countForUser(tx, auth.userId)) >= PASSKEYS_MAX) {
          throw new AppError('PASSKEYS_FULL', `at most ${PASSKEYS_MAX} passkeys`);
        }
        const now = clock.now();
        const row = await repo.insert(tx, {
          userId: auth.userId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? request.credential.response.transports ?? [],
          name: request.name,
          createdAt: now,
        });
        // the same credential registered twice (by this user or another): refused, as any answer that does not verify
        if (!row) throw refused();
        await record(tx, auth, 'passkey.added', row.id, { name: row.name });
        // a security notice: always sent, with "This wasn't me" (wider-portal.md §3)
        await notices.notify(tx, {
          user: { id: auth.userId, email: user.email, language: user.language },
          accountId: auth.accountId,
          event: 'security',
          kind: 'passkey-added',
          compose: (t) => ({
            subject: t('security.passkeyAdded.subject'),
            text: t('security.passkeyAdded.body', {
              username: user.username,
              name: row.name,
              url: `${publicUrl}/account-recovery`,
            }),
            sms: t('sms.passkeyAdded', { username: user.username, name: row.name }),
          }),
        });
        return toPasskey(row);
      });
    },

    async rename(auth: AuthContext, id: string, name: string): Promise<Passkey> {
      return db.transaction(async (tx) => {
        const row = await mine(tx, auth, id);
        await repo.rename(tx, row.id, name);
        await record(tx, auth, 'passkey.renamed', row.id, { name });
        return toPasskey({ ...row, name });
      });
    },

    async remove(auth: AuthContext, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await mine(tx, auth, id);
        await repo.remove(tx, row.id);
        await record(tx, auth, 'passkey.removed', row.id, { name: row.name });
      });
    },

    /** The sign-in form's options: any of the user's discoverable passkeys (no username asked), bound to the interaction. */
    async signInOptions(uid: string) {
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: 'required',
        timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
      });
      await keepChallenge(signInBinding(uid), options.challenge);
      return options as typeof options & Record<string, unknown>;
    },

    /**
     * Verifies an assertion against the interaction's challenge (taken once) and the stored public key, then applies
     * the password form's user rules: inactive (deactivated, access ended) or locked is INVALID_CREDENTIALS, a user who
     * must reset the password is PASSWORD_RESET_REQUIRED. Returns the user id; the caller completes the OIDC login.
     */
    async signIn(uid: string, assertion: PasskeyAssertion): Promise<string> {
      const expectedChallenge = await takeChallenge(db, signInBinding(uid));
      const passkey = await repo.findByCredentialId(db, assertion.id);
      if (!passkey) throw refused();
      const newCounter = await verifyAssertion(passkey, assertion, expectedChallenge);
      const user = await repo.getUser(db, passkey.userId);
      const now = clock.now();
      if (!user?.accountId) throw invalidCredentials();
      refuseBlocked(user, now);
      const { accountId } = user;
      await db.transaction(async (tx) => {
        await repo.markUsed(tx, passkey.id, newCounter, now);
        await audit.record(tx, {
          at: now,
          accountId,
          actorUserId: user.id,
          action: 'session.signed_in_passkey',
          targetId: passkey.id,
          data: { name: passkey.name },
        });
      });
      return user.id;
    },

    /** wider-portal.md §3 step-up by passkey: the options name only the user's own passkeys, bound to this session. */
    async stepUpOptions(auth: AuthContext) {
      const existing = await repo.listForUser(db, auth.userId);
      // no passkey to use: refused as any passkey answer is; the dialog says to use the password
      if (existing.length === 0) throw refused();
      const options = await generateAuthenticationOptions({
        rpID,
        userVerification: 'required',
        allowCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
        timeout: PASSKEY_CHALLENGE_SECONDS * 1000,
      });
      await keepChallenge(stepUpBinding(auth.session.id), options.challenge);
      return options as typeof options & Record<string, unknown>;
    },

    /**
     * The step-up's second way (issue 18 item 3): one of the user's own passkeys, verified against this session's
     * challenge (taken once), makes the session count as signed in now, as the password does (identity.stepUp).
     */
    async stepUp(auth: AuthContext, assertion: PasskeyAssertion): Promise<StepUpResponse> {
      const expectedChallenge = await takeChallenge(db, stepUpBinding(auth.session.id));
      const passkey = await repo.findByCredentialId(db, assertion.id);
      // another user's passkey proves nothing about this session
      if (!passkey || passkey.userId !== auth.userId) throw refused();
      const newCounter = await verifyAssertion(passkey, assertion, expectedChallenge);
      const user = await repo.getUser(db, auth.userId);
      const now = clock.now();
      if (!user) throw new AppError('UNAUTHENTICATED', 'user gone');
      refuseBlocked(user, now);
      return db.transaction(async (tx) => {
        await repo.markUsed(tx, passkey.id, newCounter, now);
        await record(tx, auth, 'session.confirmed', passkey.id, { name: passkey.name });
        return proveSession(tx, auth.session.id);
      });
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
