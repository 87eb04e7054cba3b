import { type ActivationFailure, type ActivationStep, AppError } from '@vireo/shared';
import { createFaultKnobs, faultKnobRoutes } from '../../platform/fault-knobs';

/**
 * The provider's provisioning system as self-install asks it (issue 21 item 6; simulated, like network operations):
 * whether a shipped gateway has been seen on the network, provisioning its service, bringing it online, and setting
 * its Wi-Fi. Each step answers done or a failure with its reason; the failure modes are non-production fault knobs:
 * `modemSeen`, `provision` and `online` fail their step (with its reason) the next N times, `unavailable` makes the
 * system not answer (503, nothing changes), `wifi` makes the gateway refuse its Wi-Fi settings (503).
 */
export const PROVISIONING_OPERATIONS = ['modemSeen', 'provision', 'online', 'unavailable', 'wifi'] as const;
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

/** The provisioning system not answering, as the portal answers it: 503. */
export function provisioningUnavailable(error: unknown): never {
  if (error instanceof ProvisioningError) throw new AppError('SERVICE_UNAVAILABLE', error.message);
  throw error;
}

export function createProvisioning() {
  const faults = createFaultKnobs(PROVISIONING_OPERATIONS);
  /** The gateways' Wi-Fi names, as the simulated gateways hold them (their passwords are checked, never kept). */
  const wifiNames = new Map<string, string>();
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

    faults,
  };
}

export type Provisioning = ReturnType<typeof createProvisioning>;

export const PROVISIONING_FAULTS_PATH = '/api/dev/provisioning/faults';

/** Registered only outside production, for a session or the local operator (plugins/dev-control.ts). */
export const provisioningDevRoutes = (provisioning: Provisioning) =>
  faultKnobRoutes(PROVISIONING_FAULTS_PATH, PROVISIONING_OPERATIONS, provisioning.faults);
