import { createHmac } from 'node:crypto';
import { type ActivationFailure, type ActivationStep, AppError } from '@vireo/shared';
import { createFaultKnobs, faultKnobRoutes } from '../../platform/fault-knobs';

/**
 * The provider's provisioning system as self-install asks it (issue 21 item 6; simulated, like network operations):
 * whether a shipped gateway has been seen on the network, provisioning its service, bringing it online, and setting
 * its Wi-Fi. Each step answers done or a failure with its reason; the failure modes are non-production fault knobs:
 * `modemSeen`, `provision` and `online` fail their step (with its reason) the next N times, `unavailable` makes the
 * system not answer (503, nothing changes), `wifi` makes the gateway refuse its Wi-Fi settings (503), `unitAccess`
 * makes a community unit's access change or Wi-Fi lookup fail (503; the lease job retries).
 * For the community variant (issue 22 item 3, wider-portal.md §10) it also holds each unit's access on the property's
 * network and the unit's own Wi-Fi passphrase (one network per property, one passphrase per unit and tenancy, as
 * Ruckus One's per-unit keys): a new tenancy gets a new passphrase, so a resident who moved out is locked out.
 */
export const PROVISIONING_OPERATIONS = [
  'modemSeen',
  'provision',
  'online',
  'unavailable',
  'wifi',
  'unitAccess',
] as const;
type Operation = (typeof PROVISIONING_OPERATIONS)[number];

const STEP_KNOB: Record<ActivationStep, { knob: Operation; reason: ActivationFailure }> = {
  modem_seen: { knob: 'modemSeen', reason: 'modemNotSeen' },
  provisioned: { knob: 'provision', reason: 'provisioningFailed' },
  online: { knob: 'online', reason: 'notOnline' },
};

export class ProvisioningError extends Error {
  constructor(readonly operation: Operation) {
    super(`provisioning failed ${operation}`);
    this.name = 'ProvisioningError';
  }
}

/** The letters of a unit's passphrase: no 0/O, 1/I/L, so it can be read out and typed from a text message. */
const PASSPHRASE_LETTERS = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** The simulated system's own key for the units' passphrases (a simulation's constant, not a secret of the portal). */
const SIMULATOR_KEY = 'vireo-provisioning-simulator';

/** The passphrase of a unit's tenancy: 12 letters in groups of four ("7KQM-PX2D-WN4R"), the same on every instance. */
export function unitPassphrase(unitId: string, tenancy: string): string {
  const bytes = createHmac('sha256', SIMULATOR_KEY).update(`${unitId}:${tenancy}`).digest();
  const letters = [...bytes.subarray(0, 12)].map((byte) => PASSPHRASE_LETTERS[byte % PASSPHRASE_LETTERS.length]);
  return [0, 4, 8].map((at) => letters.slice(at, at + 4).join('')).join('-');
}

/** The provisioning system not answering, as the portal answers it: 503. */
export function provisioningUnavailable(error: unknown): never {
  if (error instanceof ProvisioningError) throw new AppError('SERVICE_UNAVAILABLE', error.message);
  throw error;
}

export function createProvisioning() {
  const faults = createFaultKnobs(PROVISIONING_OPERATIONS);
  /** The gateways' Wi-Fi names, as the simulated gateways hold them (their passwords are checked, never kept). */
  const wifiNames = new Map<string, string>();
  /** The units' access as the simulated network holds it (set by the portal; the portal's table is the record). */
  const unitAccess = new Map<string, string>();
  return {
    /** Tries one activation step of the gateway `identifier`: done, or the reason it failed. */
    async step(
      step: ActivationStep,
      _identifier: string,
    ): Promise<{ done: true } | { done: false; reason: ActivationFailure }> {
      if (faults.take('unavailable')) throw new ProvisioningError('unavailable');
      const { knob, reason } = STEP_KNOB[step];
      return faults.take(knob) ? { done: false, reason } : { done: true };
    },

    /** Sets the gateway's Wi-Fi network name and passphrase. */
    async setWifi(identifier: string, networkName: string, _password: string): Promise<void> {
      if (faults.take('wifi')) throw new ProvisioningError('wifi');
      wifiNames.set(identifier, networkName);
    },

    /**
     * Sets a community unit's access on its property's network: `active` lets its devices on, `suspended` and
     * `inactive` keep them off. Idempotent (setting the same access again changes nothing).
     */
    async setUnitAccess(unitId: string, access: 'active' | 'suspended' | 'inactive'): Promise<void> {
      if (faults.take('unitAccess')) throw new ProvisioningError('unitAccess');
      unitAccess.set(unitId, access);
    },

    /** A unit's Wi-Fi for its tenancy (the resident's move-in date): the property's network and the unit's passphrase. */
    async unitWifi(
      unitId: string,
      tenancy: string,
      propertyName: string,
    ): Promise<{ networkName: string; passphrase: string }> {
      if (faults.take('unitAccess')) throw new ProvisioningError('unitAccess');
      return { networkName: `${propertyName} Residents`, passphrase: unitPassphrase(unitId, tenancy) };
    },

    /** The access this instance last set for a unit (what the simulated network holds; for tests and the lease job). */
    unitAccessOf(unitId: string): string | undefined {
      return unitAccess.get(unitId);
    },

    faults,
  };
}

export type Provisioning = ReturnType<typeof createProvisioning>;

export const PROVISIONING_FAULTS_PATH = '/api/dev/provisioning/faults';

/** Registered only outside production, for a session or the local operator (plugins/dev-control.ts). */
export const provisioningDevRoutes = (provisioning: Provisioning) =>
  faultKnobRoutes(PROVISIONING_FAULTS_PATH, PROVISIONING_OPERATIONS, provisioning.faults);
