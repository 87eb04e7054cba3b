import type { AccountStatus } from '@vireo/shared';
import { createFaultKnobs, faultKnobRoutes } from '../../platform/fault-knobs';

/**
 * The provider's network operations as the portal asks them (simulated, like the billing system): whether each
 * device at a customer's premises is online. A device answers when its account's service is up: a soft or full
 * disconnect takes it offline. Its failure mode is the lookup failing (non-production fault knob `deviceStatus`),
 * which the portal shows as "status unavailable", never as an error page. Outages at an address (issue 20) will
 * take that address's devices offline here too.
 */
export const NETWORK_OPS_OPERATIONS = ['deviceStatus'] as const;

export type DeviceStatus = 'online' | 'offline';

export function createNetworkOps() {
  const faults = createFaultKnobs(NETWORK_OPS_OPERATIONS);
  return {
    /**
     * The status of each device (by its identifier) of an account in this state; null when network operations do
     * not answer.
     */
    async deviceStatuses(
      account: { status: AccountStatus },
      identifiers: readonly string[],
    ): Promise<Map<string, DeviceStatus> | null> {
      if (faults.take('deviceStatus')) return null;
      const status: DeviceStatus = account.status === 'active' ? 'online' : 'offline';
      return new Map(identifiers.map((identifier) => [identifier, status]));
    },
    faults,
  };
}

export type NetworkOps = ReturnType<typeof createNetworkOps>;

export const NETWORK_OPS_FAULTS_PATH = '/api/dev/network-ops/faults';

/** Registered only outside production, for a session or the local operator (plugins/dev-control.ts). */
export const networkOpsDevRoutes = (networkOps: NetworkOps) =>
  faultKnobRoutes(NETWORK_OPS_FAULTS_PATH, NETWORK_OPS_OPERATIONS, networkOps.faults);
