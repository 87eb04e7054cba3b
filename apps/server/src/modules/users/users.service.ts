import {
  ACCESS_END_MAX_DAYS,
  ACCESS_END_REMINDER_DAYS,
  AppError,
  type AuditAction,
  addDays,
  type ChangeRoleRequest,
  dateInZone,
  type Invitation,
  type InvitationsPage,
  type InvitationsQuery,
  type InviteRequest,
  type ManagedUser,
  type PortalRole,
  startOfDayInZone,
  type UsersPage,
  type UsersQuery,
} from '@vireo/shared';
import type { Db, Tx } from '../../db/client';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { decodeCursor, toPage } from '../../platform/keyset';
import { type InvitationsService, pendingInvitationOf } from '../identity/invitations.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { accessEndingNotice, roleChangedNotice } from './users.notices';
import type { MemberRow, UsersRepository } from './users.repository';

const DEFAULT_LIMIT = 25;

/** The signed-in PRIMARY or ADMIN who manages the account's users (`users.manage`, spec §6). */
export type UsersActor = { accountId: string; userId: string; role: PortalRole };

export type UsersServiceDeps = {
  db: Db;
  clock: Clock;
  repo: UsersRepository;
  audit: AuditRepository;
  invitations: Pick<InvitationsService, 'invite'>;
  /** Ends every live session of a user in the caller's transaction; how many (identity's, given by app.ts). */
  endSessions: (tx: Tx, userId: string, at: Date) => Promise<number>;
  /** Role changes (security) and access endings (users changed) go through the notifications matrix (issue 18 item 4). */
  notices: Pick<NotificationsService, 'notify'>;
  /** Where the links in e-mails point (PUBLIC_URL). */
  publicUrl: string;
};

/** Why an action on a user is refused (wider-portal.md §4): nobody acts on themselves or on the PRIMARY. */
function protectionOf(actor: UsersActor, member: MemberRow): 'self' | 'primary' | null {
  if (member.id === actor.userId) return 'self';
  if (member.role === 'PRIMARY') return 'primary';
  return null;
}

function refuseProtected(actor: UsersActor, member: MemberRow) {
  const reason = protectionOf(actor, member);
  if (reason) throw new AppError('USER_PROTECTED', `not on ${reason}`, { details: { reason } });
}

const isDeactivated = (member: MemberRow) => member.status === 'disabled';

/** A member as the list shows them, with what the actor may do to them (the same rules the changes enforce). */
function toManagedUser(actor: UsersActor, member: MemberRow): ManagedUser {
  const free = protectionOf(actor, member) === null;
  const deactivated = isDeactivated(member);
  return {
    id: member.id,
    firstName: member.firstName,
    lastName: member.lastName,
    username: member.username,
    email: member.email,
    role: member.role,
    status: deactivated ? 'deactivated' : 'active',
    accessEndsAt: member.accessEndsAt?.toISOString() ?? null,
    lastSignInAt: member.lastSignInAt?.toISOString() ?? null,
    isYou: member.id === actor.userId,
    can: {
      changeRole: free,
      deactivate: free && !deactivated,
      reactivate: free && deactivated,
      remove: free,
      changeAccess: free,
      receivePrimary: actor.role === 'PRIMARY' && member.role === 'ADMIN' && !deactivated,
    },
  };
}

/**
 * Users and roles (issue 18 item 5, wider-portal.md §4, product-decisions.md roles): the account's PRIMARY and ADMINs
 * list, invite, change roles, deactivate, reactivate and remove users; the PRIMARY transfers the role to an active
 * ADMIN. Every change locks the member's rows and writes its audit entry in one transaction. The routes declare the
 * step-up (`stepUp`) of role changes and transfers (§3).
 */
export function createUsersService(deps: UsersServiceDeps) {
  const { db, clock, repo, audit, invitations, endSessions, notices, publicUrl } = deps;
  async function record(
    tx: Tx,
    actor: UsersActor,
    action: AuditAction,
    targetId: string,
    data: Record<string, unknown>,
  ) {
    await audit.record(tx, {
      at: clock.now(),
      accountId: actor.accountId,
      actorUserId: actor.userId,
      action,
      targetId,
      data,
    });
  }

  const nameOf = (member: MemberRow) => `${member.firstName} ${member.lastName}`;

  /** A member of the actor's account, locked; NOT_FOUND for anyone else (another business's id included). */
  async function member(tx: Tx, actor: UsersActor, userId: string) {
    const found = await repo.lockMember(tx, actor.accountId, userId);
    if (!found) throw new AppError('NOT_FOUND', 'no such user');
    return found;
  }

  /** A change to one member: locked, refused when protected, changed, audited; answers the member as they now are. */
  async function change(
    actor: UsersActor,
    userId: string,
    work: (tx: Tx, target: MemberRow) => Promise<{ action: AuditAction; data: Record<string, unknown> } | null>,
  ) {
    return db.transaction(async (tx) => {
      const target = await member(tx, actor, userId);
      refuseProtected(actor, target);
      const done = await work(tx, target);
      if (done) await record(tx, actor, done.action, target.id, { name: nameOf(target), ...done.data });
      const now = await repo.lockMember(tx, actor.accountId, userId);
      return { user: toManagedUser(actor, now ?? target) };
    });
  }

  /** The end of a time-boxed access: the end of the chosen day in the account's zone; VALIDATION_FAILED outside range. */
  async function accessEnd(tx: Tx | Db, accountId: string, day: string | null | undefined, path: string) {
    if (!day) return null;
    const timeZone = await repo.timeZoneOf(tx, accountId);
    const today = dateInZone(clock.now(), timeZone);
    if (day <= today || day > addDays(today, ACCESS_END_MAX_DAYS)) {
      throw new AppError('VALIDATION_FAILED', 'the access ends tomorrow at the earliest, within a year', {
        fields: [{ path, code: 'out_of_range' }],
      });
    }
    return startOfDayInZone(addDays(day, 1), timeZone);
  }

  function toInvitation(row: {
    link: { id: string; email: string; createdAt: Date; expiresAt: Date; data: unknown };
    inviterFirstName: string | null;
    inviterLastName: string | null;
  }): Invitation {
    const pending = pendingInvitationOf(row.link);
    return {
      id: row.link.id,
      email: row.link.email,
      firstName: pending.firstName,
      lastName: pending.lastName,
      role: pending.role,
      status: row.link.expiresAt <= clock.now() ? 'expired' : 'pending',
      sentAt: row.link.createdAt.toISOString(),
      expiresAt: row.link.expiresAt.toISOString(),
      accessEndsAt: pending.accessEndsAt?.toISOString() ?? null,
      invitedBy:
        row.inviterFirstName !== null && row.inviterLastName !== null
          ? { firstName: row.inviterFirstName, lastName: row.inviterLastName }
          : null,
    };
  }

  async function invitationById(tx: Tx, actor: UsersActor, id: string) {
    const row = await repo.lockInvitation(tx, actor.accountId, id);
    if (!row) throw new AppError('NOT_FOUND', 'no such invitation');
    return row;
  }

  return {
    async list(actor: UsersActor, query: UsersQuery): Promise<UsersPage> {
      const cursor = decodeCursor(query.cursor, 'text');
      const limit = query.limit ?? DEFAULT_LIMIT;
      const { rows, hasOtherSide } = await repo.list(db, actor.accountId, {
        q: query.q || undefined,
        status: query.status,
        cursor,
        limit,
      });
      const page = toPage(rows, { limit, cursor, dateOf: (row) => row.sortKey, hasOtherSide });
      return { ...page, items: page.items.map((row) => toManagedUser(actor, row)) };
    },

    /** wider-portal.md §4: any role but PRIMARY (transferred instead); a step-up first (the route's `stepUp`). */
    changeRole(actor: UsersActor, userId: string, request: ChangeRoleRequest) {
      return change(actor, userId, async (tx, target) => {
        if (target.role === request.role) return null;
        await repo.setRole(tx, actor.accountId, target.id, request.role);
        // a security notice to the user whose role changed (wider-portal.md §3), with "This wasn't me"
        await notices.notify(tx, roleChangedNotice(target, actor.accountId, request.role));
        return { action: 'user.role_changed', data: { from: target.role, to: request.role } };
      });
    },

    async changeAccess(actor: UsersActor, userId: string, accessEndsOn: string | null) {
      const accessEndsAt = await accessEnd(db, actor.accountId, accessEndsOn, 'body.accessEndsOn');
      return change(actor, userId, async (tx, target) => {
        await repo.setAccessEnd(tx, actor.accountId, target.id, accessEndsAt);
        return {
          action: 'user.access_changed',
          data: { from: target.accessEndsAt?.toISOString() ?? null, to: accessEndsAt?.toISOString() ?? null },
        };
      });
    },

    /** Keeps the user's settings and ends their sessions; reversible (wider-portal.md §4). */
    deactivate(actor: UsersActor, userId: string) {
      return change(actor, userId, async (tx, target) => {
        if (isDeactivated(target)) return null;
        const now = clock.now();
        await repo.setStatus(tx, target.id, 'disabled', now);
        const sessionsEnded = await endSessions(tx, target.id, now);
        return { action: 'user.deactivated', data: { sessionsEnded } };
      });
    },

    /** A time-boxed access that has ended is lifted with it (else the job would deactivate the user again). */
    reactivate(actor: UsersActor, userId: string) {
      return change(actor, userId, async (tx, target) => {
        if (!isDeactivated(target)) return null;
        const now = clock.now();
        await repo.setStatus(tx, target.id, 'active', now);
        if (target.accessEndsAt && target.accessEndsAt <= now)
          await repo.setAccessEnd(tx, actor.accountId, target.id, null);
        return { action: 'user.reactivated', data: {} };
      });
    },

    /**
     * Deletes the sign-in. Payment methods, scheduled payments and Auto Pay belong to the account and stay; the audit
     * log keeps the name (wider-portal.md §4).
     */
    async remove(actor: UsersActor, userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const target = await member(tx, actor, userId);
        refuseProtected(actor, target);
        await record(tx, actor, 'user.removed', target.id, {
          name: nameOf(target),
          email: target.email,
          role: target.role,
        });
        await repo.deleteUser(tx, target.id);
      });
    },

    /**
     * wider-portal.md §4: only the PRIMARY, only to an active ADMIN, after a step-up; one transaction in which the
     * PRIMARY becomes ADMIN and the ADMIN PRIMARY. The actor's PRIMARY row is locked first, so concurrent transfers
     * (and role changes) take turns, and the database keeps exactly one PRIMARY whatever happens (migration 0010).
     */
    async transferPrimary(actor: UsersActor, userId: string) {
      return db.transaction(async (tx) => {
        const self = await member(tx, actor, actor.userId);
        if (self.role !== 'PRIMARY') throw new AppError('FORBIDDEN', 'only the PRIMARY transfers the role');
        const target = await member(tx, actor, userId);
        if (target.id === self.id || target.role !== 'ADMIN' || isDeactivated(target)) {
          throw new AppError('PRIMARY_TRANSFER_INVALID', 'the Primary role goes to an active ADMIN');
        }
        // recorded first: the entry keeps the actor's role as they acted (PRIMARY), read in this transaction
        await record(tx, actor, 'user.primary_transferred', target.id, { name: nameOf(target), from: self.id });
        await repo.setRole(tx, actor.accountId, self.id, 'ADMIN');
        await repo.setRole(tx, actor.accountId, target.id, 'PRIMARY');
        const after = await repo.lockMember(tx, actor.accountId, target.id);
        return { user: toManagedUser({ ...actor, role: 'ADMIN' }, after ?? target) };
      });
    },

    async listInvitations(actor: UsersActor, query: InvitationsQuery): Promise<InvitationsPage> {
      const cursor = decodeCursor(query.cursor);
      const limit = query.limit ?? DEFAULT_LIMIT;
      const { rows, hasOtherSide } = await repo.listInvitations(db, actor.accountId, { cursor, limit });
      const page = toPage(
        rows.map((row) => ({ ...row, id: row.link.id })),
        { limit, cursor, dateOf: (row) => row.link.createdAt.toISOString(), hasOtherSide },
      );
      return { ...page, items: page.items.map(toInvitation) };
    },

    /** wider-portal.md §4: by e-mail, with a role and an optional end of access; a 72 h link (issue 17 item 3). */
    async invite(actor: UsersActor, request: InviteRequest) {
      return db.transaction(async (tx) => {
        if (await repo.addressTaken(tx, actor.accountId, request.email)) {
          throw new AppError('ALREADY_MEMBER', 'a member or an invitation has this address', {
            fields: [{ path: 'body.email', code: 'already_member' }],
          });
        }
        const accessEndsAt = await accessEnd(tx, actor.accountId, request.accessEndsOn, 'body.accessEndsOn');
        const { id } = await invitations.invite(tx, {
          accountId: actor.accountId,
          invitedBy: actor.userId,
          email: request.email,
          firstName: request.firstName,
          lastName: request.lastName,
          role: request.role,
          language: request.language,
          accessEndsAt,
        });
        return { invitation: toInvitation(await invitationById(tx, actor, id)) };
      });
    },

    /** A new link with a new 72 h (the old link stops working), sent by the actor (wider-portal.md §4). */
    async resendInvitation(actor: UsersActor, invitationId: string) {
      return db.transaction(async (tx) => {
        const old = await invitationById(tx, actor, invitationId);
        const pending = pendingInvitationOf(old.link);
        await repo.deleteInvitation(tx, old.link.id);
        const { id } = await invitations.invite(
          tx,
          {
            accountId: actor.accountId,
            invitedBy: actor.userId,
            email: old.link.email,
            firstName: pending.firstName,
            lastName: pending.lastName,
            role: pending.role,
            language: pending.language,
            accessEndsAt: pending.accessEndsAt,
          },
          'user.invitation_resent',
        );
        return { invitation: toInvitation(await invitationById(tx, actor, id)) };
      });
    },

    /**
     * Time-boxed access (wider-portal.md §4), in the background work: a member whose access has ended is deactivated
     * (sessions ended; an audit entry by Vireo), and the inviter of one ending within ACCESS_END_REMINDER_DAYS is
     * e-mailed once. Answers how many members it changed or reminded.
     */
    async runAccessEnds(): Promise<number> {
      const now = clock.now();
      let done = 0;
      for (const ended of await repo.accessEnded(db, now)) {
        done += await db.transaction(async (tx) => {
          const target = await repo.lockMember(tx, ended.accountId, ended.userId);
          if (!target || isDeactivated(target) || !target.accessEndsAt || target.accessEndsAt > now) return 0;
          // the PRIMARY keeps the account (an access end cannot be set on them; this is a guard)
          if (target.role === 'PRIMARY') return 0;
          await repo.setStatus(tx, target.id, 'disabled', now);
          const sessionsEnded = await endSessions(tx, target.id, now);
          await audit.record(tx, {
            at: now,
            accountId: ended.accountId,
            action: 'user.access_ended',
            targetId: target.id,
            data: { name: nameOf(target), sessionsEnded },
          });
          return 1;
        });
      }
      const soon = new Date(now.getTime() + ACCESS_END_REMINDER_DAYS * 24 * 3_600_000);
      for (const ending of await repo.accessEndingUnreminded(db, now, soon)) {
        done += await db.transaction(async (tx) => {
          if (!(await repo.claimReminder(tx, ending.accountId, ending.userId, now))) return 0;
          if (!ending.inviterId || !ending.inviterEmail || !ending.accessEndsAt) return 1;
          // users and roles changed, to the inviter on the channels they chose (issue 18 item 4)
          const inviter = {
            id: ending.inviterId,
            email: ending.inviterEmail,
            language: ending.inviterLanguage,
            firstName: ending.inviterFirstName,
          };
          await notices.notify(
            tx,
            accessEndingNotice({ ...ending, accessEndsAt: ending.accessEndsAt, inviter }, publicUrl),
          );
          return 1;
        });
      }
      return done;
    },

    async deleteInvitation(actor: UsersActor, invitationId: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await invitationById(tx, actor, invitationId);
        const pending = pendingInvitationOf(row.link);
        await repo.deleteInvitation(tx, row.link.id);
        await record(tx, actor, 'user.invitation_deleted', row.link.id, {
          email: row.link.email,
          name: `${pending.firstName} ${pending.lastName}`,
          role: pending.role,
        });
      });
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
