import { AppError } from '@vireo/shared';
import { describe, expect, it, vi } from 'vitest';
import { fakeAudit, fakeClock, fakeDb, fakeNotices, fakeOutbox, fakeRepository } from '../../../test/fakes';
import type { AuthContext } from './identity.service';
import { createSecurityRepository } from './security.repository';
import { createSecurityService } from './security.service';

const NOW = '2026-11-21T15:00:00.000Z';
const auth = { userId: 'user-1', accountId: 'account-1', session: { id: 'hash-current' } } as unknown as AuthContext;
const user = {
  id: 'user-1',
  username: 'harbor-owner',
  firstName: 'Hannah',
  lastName: 'Reyes',
  email: 'hannah@harbor.example',
  language: 'es',
};

/** The security service over fakes (wider-portal.md §3; sessions.int.test.ts proves the queries and the routes). */
function setup() {
  const repo = fakeRepository(createSecurityRepository);
  const audit = fakeAudit();
  const outbox = fakeOutbox();
  const identity = { authenticate: vi.fn(async () => 'user-1') };
  repo.getUser.mockResolvedValue(user);
  repo.endOtherSessions.mockResolvedValue(2);
  const service = createSecurityService({
    db: fakeDb(),
    clock: fakeClock(NOW),
    repo,
    identity,
    audit,
    notices: fakeNotices(outbox),
    publicUrl: 'https://portal.example',
  });
  return { service, repo, audit, outbox, identity };
}

const row = (id: string, overrides: object = {}) => ({
  id,
  publicId: `${id}-public`,
  createdAt: new Date(NOW),
  lastSeenAt: new Date(NOW),
  ipAddress: null,
  userAgent: null,
  ...overrides,
});

describe('the signed-in sessions', () => {
  it('names each by its public id, marks this one, and says the place without inventing one', async () => {
    const { service, repo } = setup();
    repo.findLiveSessions.mockResolvedValue([
      row('hash-current', { ipAddress: '192.168.1.9' }),
      row('hash-other', { ipAddress: '203.0.113.77' }),
      row('hash-third'),
    ]);
    const { sessions } = await service.listSessions(auth);
    expect(sessions.map((s) => [s.id, s.current, s.place])).toEqual([
      ['hash-current-public', true, { kind: 'local' }],
      ['hash-other-public', false, { kind: 'address', prefix: '203.0.113.0' }],
      ['hash-third-public', false, { kind: 'unknown' }],
    ]);
    // the idle limit: only sessions active in the last SESSION_IDLE_SECONDS
    const [, , now, activeSince, limit] = repo.findLiveSessions.mock.calls[0] ?? [];
    expect((now as Date).getTime() - (activeSince as Date).getTime()).toBe(900_000);
    expect(limit).toBe(50);
  });

  it('refuses to end this device (CONFLICT) and an unknown session (NOT_FOUND), ending nothing', async () => {
    const { service, repo, audit } = setup();
    repo.findUserSession.mockResolvedValueOnce({ id: 'hash-current' });
    await expect(service.endSession(auth, 'x')).rejects.toMatchObject({ code: 'CONFLICT' });
    repo.findUserSession.mockResolvedValueOnce(undefined);
    await expect(service.endSession(auth, 'y')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(repo.endSession).not.toHaveBeenCalled();
    expect(audit.entries).toEqual([]);
  });
});

describe('changing the password', () => {
  it('checks the current password as a sign-in, then ends the others, keeps this one proven now, and tells the user', async () => {
    const { service, repo, audit, outbox, identity } = setup();
    const answer = await service.changePassword(auth, {
      currentPassword: 'Vireo-Demo-2026',
      newPassword: 'Lantern-Harbor-Tide-42',
    });
    expect(answer).toEqual({ sessionsEnded: 2 });
    expect(identity.authenticate).toHaveBeenCalledWith('harbor-owner', 'Vireo-Demo-2026');
    expect(repo.setPasswordHash).toHaveBeenCalledWith(expect.anything(), 'user-1', expect.stringMatching(/^\$argon2/));
    expect(repo.endOtherSessions).toHaveBeenCalledWith(expect.anything(), 'user-1', 'hash-current', new Date(NOW));
    expect(repo.setAuthenticatedAt).toHaveBeenCalledWith(expect.anything(), 'hash-current', new Date(NOW));
    expect(audit.entries).toMatchObject([{ action: 'password.changed', data: { sessionsEnded: 2 } }]);
    expect(outbox.emails).toMatchObject([
      { to: 'hannah@harbor.example', language: 'es', subject: 'Se cambió su contraseña' },
    ]);
  });

  it('changes nothing when the current password is refused', async () => {
    const { service, repo, identity } = setup();
    identity.authenticate.mockRejectedValueOnce(new AppError('INVALID_CREDENTIALS', 'no'));
    await expect(
      service.changePassword(auth, { currentPassword: 'wrong', newPassword: 'Lantern-Harbor-Tide-42' }),
    ).rejects.toMatchObject({ code: 'INVALID_CREDENTIALS' });
    expect(repo.setPasswordHash).not.toHaveBeenCalled();
    expect(repo.endOtherSessions).not.toHaveBeenCalled();
  });

  it('refuses a new password the policy refuses, on body.newPassword, and changes nothing', async () => {
    const { service, repo } = setup();
    const refused = service.changePassword(auth, {
      currentPassword: 'Vireo-Demo-2026',
      newPassword: 'harbor-owner-2026',
    });
    await expect(refused).rejects.toMatchObject({
      code: 'PASSWORD_REFUSED',
      fields: [{ path: 'body.newPassword', code: 'password.containsUsername' }],
    });
    expect(repo.setPasswordHash).not.toHaveBeenCalled();
  });
});
