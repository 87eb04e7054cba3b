import {
  AppError,
  type BillingCategory,
  type Capability,
  canNickname,
  type Equipment,
  type EquipmentRestart,
  maskDeviceIdentifier,
  type ServiceSummary,
  type ServicesResponse,
  validateNickname,
} from '@vireo/shared';
import type { Db } from '../../db/client';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import type { AccountService } from '../account/account.service';
import {
  type DeviceStatus,
  type NetworkOps,
  networkOpsUnavailable,
  type ServedAccount,
} from '../network-ops/network-ops';
import type { EquipmentRow, ServicesRepository } from './services.repository';

/** Which service a billed plan belongs to (a plan is a monthly service charge of its category). */
const SERVICE_OF_CATEGORY: Record<BillingCategory, string | null> = {
  internet: 'INTERNET',
  tv: 'VIDEO',
  phone: 'VOICE',
  mobile: null,
  account: null,
};

/** The order the page lists services in: the core three first. */
const SERVICE_ORDER = [
  'INTERNET',
  'VIDEO',
  'VOICE',
  'EMAIL',
  'SECURITY',
  'BACKUP',
  'DOMAIN',
  'WEB_HOSTING',
  'ETHERNET',
  'LAYER_3_VPN',
  'OPTICAL_WAVE',
] as const satisfies readonly ServiceSummary['key'][];

export type ServicesReader = { accountId: string; capabilities: readonly Capability[] };
export type ServicesActor = ServicesReader & { userId: string; requestId?: string };

export type ServicesDeps = {
  db: Db;
  clock: Clock;
  repo: ServicesRepository;
  accounts: Pick<AccountService, 'get'>;
  networkOps: Pick<NetworkOps, 'deviceStatuses' | 'restart'>;
  audit: AuditRepository;
};

/**
 * Services and equipment (issue 19 item 1, wider-portal.md §5): each service of the account with the plans billed
 * for it now, its lines, and its equipment (identifier masked, online or offline from network operations, the
 * nickname spec §5 allows). Naming and restarting a device are the admin group's (`services.manage`), audited.
 */
export function createServicesService({ db, clock, repo, accounts, networkOps, audit }: ServicesDeps) {
  async function accountOf(accountId: string) {
    const account = await accounts.get(db, accountId);
    if (!account) throw new AppError('NOT_FOUND', 'account');
    return account;
  }

  /** How network operations see the account's devices now: its state, and where it is served (its address). */
  async function served(account: { id: string; status: ServedAccount['status'] }) {
    const address = await repo.serviceAddress(db, account.id);
    return { status: account.status, address } satisfies ServedAccount;
  }

  function equipmentOf(
    row: EquipmentRow,
    footprint: Parameters<typeof canNickname>[0],
    reader: ServicesReader,
    statuses: Map<string, DeviceStatus> | null,
  ): Equipment {
    return {
      id: row.id,
      deviceType: row.deviceType,
      model: row.model,
      identifier: maskDeviceIdentifier(row.identifier),
      nickname: row.nickname,
      canNickname: reader.capabilities.includes('services.manage') && canNickname(footprint, row.deviceType),
      status: statuses?.get(row.identifier) ?? 'unknown',
    };
  }

  return {
    /** The account's service address (where its services are delivered); null when none is on file. */
    async serviceAddress(reader: ServicesReader): Promise<ServicesResponse['serviceAddress']> {
      return repo.serviceAddress(db, reader.accountId);
    },

    /** The internet plan billed today (its statement name, the dearest first), null without one (issue 21 item 7). */
    async internetPlan(accountId: string): Promise<string | null> {
      const account = await accountOf(accountId);
      const plans = await repo.plansOn(db, account.id, clock.today(account.timeZone));
      return plans.find((plan) => plan.category === 'internet')?.description ?? null;
    },

    async getServices(reader: ServicesReader): Promise<ServicesResponse> {
      const account = await accountOf(reader.accountId);
      const today = clock.today(account.timeZone);
      const services = await repo.services(db, account.id);
      const plans = await repo.plansOn(db, account.id, today);
      const lines = await repo.lineCount(db, account.id);
      const devices = await repo.equipment(db, account.id);
      const where = await served(account);
      const statuses = await networkOps.deviceStatuses(db, clock.now(), where, devices);
      return {
        serviceAddress: where.address,
        deviceStatusAvailable: statuses !== null,
        services: services
          .sort((a, b) => SERVICE_ORDER.indexOf(a.key) - SERVICE_ORDER.indexOf(b.key))
          .map((service) => ({
            key: service.key,
            status: service.status,
            plans: plans.filter((plan) => SERVICE_OF_CATEGORY[plan.category] === service.key).map((p) => p.description),
            lineCount: service.key === 'VOICE' ? lines : null,
            equipment: devices
              .filter((device) => device.serviceKey === service.key)
              .map((device) => equipmentOf(device, account.footprint, reader, statuses)),
          })),
      };
    },

    /**
     * Names a device, or removes its name (an empty nickname). spec §5: refused on a type the footprint does not
     * allow (a field error, `services.nickname.notAllowed`); 1-30 printable characters. Another account's device is
     * 404. An unchanged name writes nothing.
     */
    async setNickname(actor: ServicesActor, equipmentId: string, raw: string): Promise<Equipment> {
      const account = await accountOf(actor.accountId);
      const refused = (code: string) =>
        new AppError('VALIDATION_FAILED', 'The nickname is not valid', { fields: [{ path: 'body.nickname', code }] });
      const row = await db.transaction(async (tx) => {
        const device = await repo.lockDevice(tx, account.id, equipmentId);
        if (!device) throw new AppError('NOT_FOUND', 'equipment');
        if (!canNickname(account.footprint, device.deviceType)) throw refused('services.nickname.notAllowed');
        let nickname: string | null = null;
        if (raw.trim() !== '') {
          const rule = validateNickname(raw);
          if (!rule.ok) throw refused(rule.message);
          nickname = rule.value;
        }
        if (nickname === device.nickname) return device;
        await repo.setNickname(tx, device.id, nickname);
        await audit.record(tx, {
          at: clock.now(),
          accountId: account.id,
          actorUserId: actor.userId,
          action: 'equipment.renamed',
          targetId: device.id,
          requestId: actor.requestId ?? null,
          data: { device: nickname ?? device.model, from: device.nickname, to: nickname },
        });
        return { ...device, nickname };
      });
      const statuses = await networkOps.deviceStatuses(db, clock.now(), await served(account), [row]);
      return equipmentOf(row, account.footprint, actor, statuses);
    },

    /**
     * Restarts a device (issue 21 item 5, troubleshooting) through network operations and says how it came back;
     * audited either way (`equipment.restarted`, or `equipment.restart_failed` when it stayed offline). Another
     * account's device is 404; network operations not reaching it is 503 and nothing is recorded (nothing happened).
     */
    async restartEquipment(actor: ServicesActor, equipmentId: string): Promise<EquipmentRestart> {
      const account = await accountOf(actor.accountId);
      const device = (await repo.equipment(db, account.id)).find((row) => row.id === equipmentId);
      if (!device) throw new AppError('NOT_FOUND', 'equipment');
      const outcome = await networkOps
        .restart(db, clock.now(), await served(account), device)
        .catch(networkOpsUnavailable);
      await audit.record(db, {
        at: clock.now(),
        accountId: account.id,
        actorUserId: actor.userId,
        action: outcome === 'online' ? 'equipment.restarted' : 'equipment.restart_failed',
        targetId: device.id,
        requestId: actor.requestId ?? null,
        data: { device: device.nickname ?? device.model, outcome },
      });
      return {
        outcome,
        equipment: equipmentOf(device, account.footprint, actor, new Map([[device.identifier, outcome]])),
      };
    },
  };
}

export type ServicesService = ReturnType<typeof createServicesService>;
