import {
  AppError,
  MOVE_OUT_BEFORE_MOVE_IN,
  MOVE_OUT_PAST,
  type ResidentInput,
  type UnitConflict,
  type UnitDetail,
  type WifiCredentialsRequest,
  type WifiCredentialsResponse,
} from '@vireo/shared';
import type { Db, Executor, Tx } from '../../db/client';
import { translator } from '../../messages/intl';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { JobHandler, Jobs } from '../../platform/jobs';
import type { OutboxRepository } from '../../platform/outbox';
import type { AccountActor } from '../../plugins/auth';
import { e164Of } from '../profile/profile.service';
import { type Provisioning, ProvisioningError, provisioningUnavailable } from '../provisioning/provisioning';
import type { CommunityRepository, NextTenancyRow, UnitChange, UnitRow } from './community.repository';
import { unitDetail } from './community.service';
import { type LeasePayload, leaseJob, MOVE_IN_JOB, MOVE_OUT_JOB } from './lease-jobs';
import { type CheckedResident, heldLease, moveOutInPast, residentChange, tenancyOf } from './tenancy';

/** The outbox kind of a resident's Wi-Fi details. */
export const UNIT_WIFI_NOTICE = 'unit-wifi';

export type Found = { unit: UnitRow; propertyName: string; next: NextTenancyRow | null };

function conflict(reason: UnitConflict): never {
  throw new AppError('CONFLICT', `unit change refused: ${reason}`, { details: { reason } });
}

function refusedField(path: string, code: string): never {
  throw new AppError('VALIDATION_FAILED', `resident refused: ${code}`, { fields: [{ path, code }] });
}

// only a manager changes a unit
const detailOf = (found: Found): UnitDetail => unitDetail(found, true);

/** Where a message went, partly hidden: the e-mail's first letter and domain, the number's last four digits. */
export function maskDestination(destination: string): string {
  const at = destination.indexOf('@');
  return at > 0 ? `${destination[0]}•••${destination.slice(at)}` : `•••• ${destination.slice(-4)}`;
}

/** The audit entry's words about a unit: its property, number and resident (never a passphrase or a contact). */
const about = ({ unit, propertyName }: Found) => ({
  property: propertyName,
  unit: unit.number,
  resident: unit.residentName,
});

/**
 * A community unit's changes (issue 22 item 3, wider-portal.md §10), for `community.manage`: its access suspended or
 * restored (on the provider's network first: provisioning), its resident edited or a new one moved in, and its Wi-Fi
 * details sent to the resident through the outbox. Access follows the lease: a move-in date today or past grants it at
 * once, a later one by the `community.move_in` job on that day; a move-out date ends it (the unit vacant, the resident
 * gone, a new passphrase for the next tenancy) by the `community.move_out` job the day after. Jobs run exactly once
 * across instances (platform/jobs.ts: SKIP LOCKED) and check that the lease still says so. Every change is audited.
 */
export function createUnitChanges(deps: {
  db: Db;
  clock: Clock;
  repo: Pick<CommunityRepository, 'unit' | 'update' | 'setNext' | 'clearNext'>;
  audit: AuditRepository;
  provisioning: Pick<Provisioning, 'setUnitAccess' | 'unitWifi'>;
  outbox: Pick<OutboxRepository, 'queueEmail' | 'queueText'>;
  jobs: Pick<Jobs, 'enqueue'>;
}) {
  const { db, clock, repo, audit, provisioning, outbox, jobs } = deps;

  async function locked(tx: Executor, accountId: string, unitId: string): Promise<Found> {
    const found = await repo.unit(tx, accountId, unitId, { lock: true });
    if (!found) throw new AppError('NOT_FOUND', 'unit');
    return found;
  }

  async function change(tx: Executor, found: Found, set: UnitChange, now: Date): Promise<Found> {
    return { ...found, unit: await repo.update(tx, found.unit.id, set, now) };
  }

  /** The move-in: an inactive unit whose lease still starts on `date` becomes active (a suspended one stays so). */
  async function moveIn(tx: Executor, found: Found, date: string, now: Date, actor: AccountActor | null) {
    const { unit } = found;
    if (unit.occupancy !== 'occupied' || unit.moveIn !== date || unit.access !== 'inactive') return found;
    await provisioning.setUnitAccess(unit.id, 'active');
    const moved = await change(tx, found, { access: 'active' }, now);
    await audit.record(tx, {
      at: now,
      accountId: unit.accountId,
      actorUserId: actor?.userId ?? null,
      requestId: actor?.requestId ?? null,
      action: 'unit.moved_in',
      targetId: unit.id,
      data: { ...about(found), moveIn: date },
    });
    return moved;
  }

  /** The move-out: access ends, the resident goes and the unit is vacant (a next tenancy stays planned). */
  async function vacate(tx: Executor, found: Found, now: Date): Promise<Found> {
    const { unit } = found;
    await provisioning.setUnitAccess(unit.id, 'inactive');
    const vacant = await change(
      tx,
      found,
      {
        occupancy: 'vacant',
        access: 'inactive',
        residentName: null,
        residentEmail: null,
        residentPhone: null,
        moveIn: null,
        moveOut: null,
      },
      now,
    );
    await audit.record(tx, {
      at: now,
      accountId: unit.accountId,
      action: 'unit.moved_out',
      targetId: unit.id,
      data: { ...about(found), moveOut: unit.moveOut },
    });
    return vacant;
  }

  /**
   * The next tenancy's move-in day: the current resident, whose move-out came before it, moves out first (if that
   * job has not run yet), the next resident becomes the unit's and access is theirs.
   */
  async function moveInNext(tx: Executor, found: Found, date: string, now: Date): Promise<Found> {
    const { next } = found;
    if (!next || next.moveIn !== date) return moveIn(tx, found, date, now, null);
    const vacant = found.unit.occupancy === 'occupied' ? await vacate(tx, found, now) : found;
    await repo.clearNext(tx, found.unit.id);
    const promoted = await change(
      tx,
      { ...vacant, next: null },
      {
        occupancy: 'occupied',
        residentName: next.residentName,
        residentEmail: next.residentEmail,
        residentPhone: next.residentPhone,
        moveIn: next.moveIn,
        moveOut: next.moveOut,
      },
      now,
    );
    return moveIn(tx, promoted, date, now, null);
  }

  /** A lease job's handler: the unit, locked, if the account still has it (a removed unit's job does nothing). */
  function leaseHandler(act: (tx: Tx, found: Found, date: string, now: Date) => Promise<unknown>): JobHandler {
    return async (tx, job, now) => {
      const { accountId, unitId, date } = job.payload as LeasePayload;
      const found = await repo.unit(tx, accountId, unitId, { lock: true });
      if (found) await act(tx, found, date, now);
    };
  }

  /**
   * A unit's resident set to `resident` (checked: a name, the phone in E.164, dates in order), by a manager's edit or
   * an import (resident-import.ts), in the caller's transaction with the unit locked: the current lease or, when the
   * move-in comes after the current move-out, the next one (tenancy.ts; the caller refused an overlap). Nothing when
   * nothing differs, else the change audited and the lease's jobs queued (a new tenancy, or another move-in date).
   */
  async function applyResident(
    tx: Executor,
    found: Found,
    resident: CheckedResident,
    actor: AccountActor,
    at: { today: string; now: Date },
    options: { imported?: boolean } = {},
  ): Promise<Found> {
    const { unit } = found;
    const { now, today } = at;
    const tenancy = tenancyOf(found, resident, today);
    if (tenancy.kind === 'refused') throw new Error(`resident not checked against the unit's leases: ${tenancy.code}`);
    const { changed, newLease } = residentChange(heldLease(found, tenancy.kind), resident);
    if (changed.length === 0 && !newLease) return found;
    const imported = options.imported ? { imported: true } : {};
    const moveInJob = leaseJob(
      MOVE_IN_JOB,
      { accountId: actor.accountId, unitId: unit.id, date: resident.moveIn },
      actor.timeZone,
    );
    const by = { at: now, accountId: actor.accountId, actorUserId: actor.userId, requestId: actor.requestId };
    if (tenancy.kind === 'next') {
      let current = found;
      if (tenancy.endsCurrent !== null && newLease) {
        // the new lease ends the current one the day before: its move-out job, its change audited
        current = await change(tx, found, { moveOut: tenancy.endsCurrent }, now);
        await audit.record(tx, {
          ...by,
          action: 'unit.resident_updated',
          targetId: unit.id,
          data: { ...about(found), changed: ['moveOut'], newResident: false, ...imported },
        });
        const payload = { accountId: actor.accountId, unitId: unit.id, date: tenancy.endsCurrent };
        await jobs.enqueue(tx, leaseJob(MOVE_OUT_JOB, payload, actor.timeZone));
      }
      const next = await repo.setNext(tx, {
        unitId: unit.id,
        accountId: unit.accountId,
        residentName: resident.name,
        residentEmail: resident.email,
        residentPhone: resident.phone,
        moveIn: resident.moveIn,
        moveOut: resident.moveOut,
        updatedAt: now,
      });
      await audit.record(tx, {
        ...by,
        action: 'unit.next_resident_set',
        targetId: unit.id,
        data: { ...about(found), next: resident.name, moveIn: resident.moveIn, changed, ...imported },
      });
      if (newLease) await jobs.enqueue(tx, moveInJob);
      // its move-out job now: it ends the lease only once it is the unit's (the handler reads the unit's move-out)
      if (resident.moveOut !== null && resident.moveOut !== found.next?.moveOut) {
        const payload = { accountId: actor.accountId, unitId: unit.id, date: resident.moveOut };
        await jobs.enqueue(tx, leaseJob(MOVE_OUT_JOB, payload, actor.timeZone));
      }
      return { ...current, next };
    }
    let saved = await change(
      tx,
      found,
      {
        occupancy: 'occupied',
        residentName: resident.name,
        residentEmail: resident.email,
        residentPhone: resident.phone,
        moveIn: resident.moveIn,
        moveOut: resident.moveOut,
      },
      now,
    );
    await audit.record(tx, {
      ...by,
      action: 'unit.resident_updated',
      targetId: unit.id,
      data: { ...about(saved), changed, newResident: unit.occupancy === 'vacant', ...imported },
    });
    if (newLease) {
      if (resident.moveIn <= today) {
        // the lease has begun: access now, or by the job as soon as the network answers
        saved = await moveIn(tx, saved, resident.moveIn, now, actor).catch(async (error: unknown) => {
          if (!(error instanceof ProvisioningError)) throw error;
          await jobs.enqueue(tx, { ...moveInJob, runAt: now });
          return saved;
        });
      } else {
        await jobs.enqueue(tx, moveInJob);
      }
    }
    if (resident.moveOut !== null && resident.moveOut !== unit.moveOut) {
      const payload = { accountId: actor.accountId, unitId: unit.id, date: resident.moveOut };
      await jobs.enqueue(tx, leaseJob(MOVE_OUT_JOB, payload, actor.timeZone));
    }
    return saved;
  }

  return {
    async setAccess(actor: AccountActor, unitId: string, access: 'active' | 'suspended'): Promise<UnitDetail> {
      return db.transaction(async (tx) => {
        const found = await locked(tx, actor.accountId, unitId);
        if (found.unit.access === 'inactive') conflict('notActivated');
        // already so (a second click, another manager): nothing to change, nothing to record
        if (found.unit.access === access) return detailOf(found);
        await provisioning.setUnitAccess(found.unit.id, access).catch(provisioningUnavailable);
        const now = clock.now();
        const changed = await change(tx, found, { access }, now);
        await audit.record(tx, {
          at: now,
          accountId: actor.accountId,
          actorUserId: actor.userId,
          requestId: actor.requestId,
          action: access === 'suspended' ? 'unit.access_suspended' : 'unit.access_restored',
          targetId: found.unit.id,
          data: about(found),
        });
        return detailOf(changed);
      });
    },

    async updateResident(actor: AccountActor, unitId: string, input: ResidentInput): Promise<UnitDetail> {
      const phone = input.phone === null ? null : e164Of(input.phone, 'body.phone');
      if (input.moveOut !== null && input.moveOut < input.moveIn) refusedField('body.moveOut', MOVE_OUT_BEFORE_MOVE_IN);
      const today = clock.today(actor.timeZone);
      return db.transaction(async (tx) => {
        const found = await locked(tx, actor.accountId, unitId);
        const resident = { name: input.name, email: input.email, phone, moveIn: input.moveIn, moveOut: input.moveOut };
        const tenancy = tenancyOf(found, resident, today);
        if (tenancy.kind === 'refused') refusedField(`body.${tenancy.field}`, tenancy.code);
        if (moveOutInPast(heldLease(found, tenancy.kind), input.moveOut, today)) {
          refusedField('body.moveOut', MOVE_OUT_PAST);
        }
        return detailOf(await applyResident(tx, found, resident, actor, { today, now: clock.now() }));
      });
    },

    applyResident,

    async sendWifi(
      actor: AccountActor,
      unitId: string,
      request: WifiCredentialsRequest,
    ): Promise<WifiCredentialsResponse> {
      return db.transaction(async (tx) => {
        const found = await locked(tx, actor.accountId, unitId);
        const { unit } = found;
        if (unit.occupancy !== 'occupied' || unit.residentName === null || unit.moveIn === null) conflict('noResident');
        if (unit.access === 'suspended') conflict('accessSuspended');
        if (unit.access === 'inactive') conflict('notActivated');
        const to = request.channel === 'email' ? unit.residentEmail : unit.residentPhone;
        if (to === null) conflict('noDestination');
        const wifi = await provisioning
          .unitWifi(unit.id, unit.moveIn, found.propertyName)
          .catch(provisioningUnavailable);
        const t = translator(request.language);
        const values = {
          name: unit.residentName,
          property: found.propertyName,
          unit: unit.number,
          network: wifi.networkName,
          passphrase: wifi.passphrase,
        };
        const now = clock.now();
        if (request.channel === 'email') {
          await outbox.queueEmail(tx, {
            to,
            kind: UNIT_WIFI_NOTICE,
            language: request.language,
            subject: t('unitWifi.subject', values),
            text: t('unitWifi.body', values),
            createdAt: now,
          });
        } else {
          await outbox.queueText(tx, {
            to,
            kind: UNIT_WIFI_NOTICE,
            language: request.language,
            body: t('sms.unitWifi', values),
            security: false,
            timeZone: actor.timeZone,
            createdAt: now,
          });
        }
        await audit.record(tx, {
          at: now,
          accountId: actor.accountId,
          actorUserId: actor.userId,
          requestId: actor.requestId,
          action: 'unit.wifi_sent',
          targetId: unit.id,
          // where it went, not the passphrase
          data: { ...about(found), channel: request.channel },
        });
        return { channel: request.channel, sentTo: maskDestination(to) };
      });
    },

    /**
     * `community.move_in`: access on the move-in day, the next tenancy's resident made the unit's first when it is
     * theirs (a provisioning failure is retried by the job runner, the transaction undone).
     */
    moveInHandler: leaseHandler((tx, found, date, now) => moveInNext(tx, found, date, now)),

    /** `community.move_out`: the day after the move-out date, access ends and the unit is vacant. */
    moveOutHandler: leaseHandler(async (tx, found, date, now) => {
      const { unit } = found;
      if (unit.occupancy !== 'occupied' || unit.moveOut !== date) return;
      await vacate(tx, found, now);
    }),
  };
}

export type UnitChanges = ReturnType<typeof createUnitChanges>;
