import {
  ACTIVATION_STAGES,
  ACTIVATION_STEPS,
  type ActivationFailure,
  type ActivationStage,
  type ActivationStep,
  AppError,
  type Capability,
  maskDeviceIdentifier,
  SELF_INSTALL_ATTEMPTS_BEFORE_HELP,
  type SelfInstallKit,
  type SelfInstallType,
  type SelfInstallWifiRequest,
  validateWifiName,
  validateWifiPassword,
} from '@vireo/shared';
import type { Db, Executor } from '../../db/client';
import type { AuditRepository } from '../../platform/audit';
import type { Clock } from '../../platform/clock';
import { type Provisioning, provisioningUnavailable } from '../provisioning/provisioning';
import type { KitRow, SelfInstallRepository } from './self-install.repository';

export type SelfInstallReader = { accountId: string; capabilities: readonly Capability[] };
export type SelfInstallActor = SelfInstallReader & { userId: string; timeZone: string; requestId?: string };
/** A device as the account's equipment lists it (the services module's table, given in app.ts). */
type InstalledDevice = {
  accountId: string;
  serviceKey: 'INTERNET';
  deviceType: 'modem';
  model: string;
  identifier: string;
  installedOn: string;
};

function kitView(row: KitRow, reader: SelfInstallReader): SelfInstallKit {
  const failure =
    row.failedStep && row.failureReason
      ? {
          step: row.failedStep as ActivationStep,
          reason: row.failureReason as ActivationFailure,
          attempts: row.failedAttempts,
        }
      : null;
  return {
    model: row.model,
    identifier: maskDeviceIdentifier(row.identifier),
    shippedAt: row.shippedAt.toISOString(),
    installType: row.installType as SelfInstallType,
    stage: row.stage as ActivationStage,
    failure,
    needsHelp: failure !== null && failure.attempts >= SELF_INSTALL_ATTEMPTS_BEFORE_HELP,
    wifiName: row.wifiName,
    activatedAt: row.activatedAt?.toISOString() ?? null,
    canActivate: reader.capabilities.includes('services.manage'),
  };
}

/** The step due after `stage` (null once online). */
function nextStep(stage: ActivationStage): ActivationStep | null {
  return ACTIVATION_STEPS[ACTIVATION_STAGES.indexOf(stage)] ?? null;
}

/**
 * Self-install (issue 21 item 6, wider-portal.md §9): the account's kit and its activation through the simulated
 * provisioning system, one step a call (modem seen -> provisioned -> online) so the page shows where it is and where
 * it stopped; a failed step keeps its reason and count (SELF_INSTALL_ATTEMPTS_BEFORE_HELP failures send the person to
 * us); then the Wi-Fi's name and password, set on the gateway (the password is never stored or recorded). Every
 * change is audited (area services); the system not answering is 503 and changes nothing.
 */
export function createSelfInstallService(deps: {
  db: Db;
  clock: Clock;
  repo: SelfInstallRepository;
  provisioning: Pick<Provisioning, 'step' | 'setWifi'>;
  audit: AuditRepository;
  /** The account's equipment (the services module's): the gateway is listed there once online. */
  equipment: { installDevice(ex: Executor, device: InstalledDevice): Promise<void> };
}) {
  const { db, clock, repo, provisioning, audit, equipment } = deps;

  return {
    async kit(reader: SelfInstallReader): Promise<SelfInstallKit | null> {
      const row = await repo.kit(db, reader.accountId);
      return row ? kitView(row, reader) : null;
    },

    /** Tries the next step; 404 without a kit, 409 once online. */
    async activate(actor: SelfInstallActor): Promise<SelfInstallKit> {
      const row = await db.transaction(async (tx) => {
        const kit = await repo.lockKit(tx, actor.accountId);
        if (!kit) throw new AppError('NOT_FOUND', 'no self-install kit');
        const step = nextStep(kit.stage as ActivationStage);
        if (!step) throw new AppError('CONFLICT', 'the kit is online already');
        const answer = await provisioning.step(step, kit.identifier).catch(provisioningUnavailable);
        const record = (action: 'self_install.step_completed' | 'self_install.step_failed', data: object) =>
          audit.record(tx, {
            at: clock.now(),
            accountId: actor.accountId,
            actorUserId: actor.userId,
            action,
            targetId: kit.id,
            requestId: actor.requestId ?? null,
            data: { step, ...data },
          });
        if (answer.done) {
          await record('self_install.step_completed', {});
          if (step === 'online') {
            // the gateway is the internet service's modem from now on: the services page lists it
            await equipment.installDevice(tx, {
              accountId: actor.accountId,
              serviceKey: 'INTERNET',
              deviceType: 'modem',
              model: kit.model,
              identifier: kit.identifier,
              installedOn: clock.today(actor.timeZone),
            });
          }
          return repo.update(tx, kit.id, {
            stage: step,
            failedStep: null,
            failureReason: null,
            failedAttempts: 0,
            ...(step === 'online' ? { activatedAt: clock.now() } : {}),
          });
        }
        const attempts = kit.failedStep === step ? kit.failedAttempts + 1 : 1;
        await record('self_install.step_failed', { reason: answer.reason, attempts });
        return repo.update(tx, kit.id, { failedStep: step, failureReason: answer.reason, failedAttempts: attempts });
      });
      return kitView(row, actor);
    },

    /** Sets the gateway's Wi-Fi once online: the rules of `validateWifiName` / `validateWifiPassword` on the fields. */
    async setWifi(actor: SelfInstallActor, request: SelfInstallWifiRequest): Promise<SelfInstallKit> {
      const name = validateWifiName(request.networkName);
      const password = validateWifiPassword(request.password, request.networkName);
      const fields = [
        ...(name.ok ? [] : [{ path: 'body.networkName', code: name.message }]),
        ...(password.ok ? [] : [{ path: 'body.password', code: password.message }]),
      ];
      if (fields.length > 0) throw new AppError('VALIDATION_FAILED', 'The Wi-Fi settings are not valid', { fields });
      const row = await db.transaction(async (tx) => {
        const kit = await repo.lockKit(tx, actor.accountId);
        if (!kit) throw new AppError('NOT_FOUND', 'no self-install kit');
        if (kit.stage !== 'online') throw new AppError('CONFLICT', 'the kit is not online yet');
        await provisioning
          .setWifi(kit.identifier, request.networkName, request.password)
          .catch(provisioningUnavailable);
        await audit.record(tx, {
          at: clock.now(),
          accountId: actor.accountId,
          actorUserId: actor.userId,
          action: 'self_install.wifi_set',
          targetId: kit.id,
          requestId: actor.requestId ?? null,
          // the network's name only: the password is the gateway's
          data: { networkName: request.networkName, from: kit.wifiName },
        });
        return repo.update(tx, kit.id, { wifiName: request.networkName });
      });
      return kitView(row, actor);
    },
  };
}

export type SelfInstallService = ReturnType<typeof createSelfInstallService>;
