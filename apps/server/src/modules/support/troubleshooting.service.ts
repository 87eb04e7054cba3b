import {
  type Locale,
  NETWORK_SERVICES_OF,
  SERVICE_KEYS_OF,
  type TroubleshootingCheck,
  type TroubleshootSubject,
} from '@vireo/shared';
import type { AlertsService } from '../alerts/alerts.service';
import type { ServicesReader, ServicesService } from '../services/services.service';

/**
 * Troubleshooting's check (issue 21 item 5, wider-portal.md §9): first an outage (or a maintenance) under way at the
 * service address for the subject's services, and when there is one the check stops there, before the equipment is
 * asked about (a restart cannot help then); otherwise the subject's devices with their status from network
 * operations. Restarting one is the services module's (`restartEquipment`).
 */
export function createTroubleshootingService(deps: {
  alerts: Pick<AlertsService, 'forAccount'>;
  services: Pick<ServicesService, 'serviceAddress' | 'getServices'>;
}) {
  return {
    async check(
      reader: ServicesReader & { timeZone: string },
      subject: TroubleshootSubject,
      locale: Locale,
    ): Promise<TroubleshootingCheck> {
      const canRestart = reader.capabilities.includes('services.manage');
      const serviceAddress = await deps.services.serviceAddress(reader);
      const { alerts } = await deps.alerts.forAccount(reader, locale, NETWORK_SERVICES_OF[subject]);
      // alerts come an outage first, then maintenance under way
      const outage = alerts.find((alert) => alert.active) ?? null;
      if (outage) return { serviceAddress, outage, equipment: null, deviceStatusAvailable: true, canRestart };
      const { services, deviceStatusAvailable } = await deps.services.getServices(reader);
      const keys = SERVICE_KEYS_OF[subject];
      const equipment = services
        .filter((service) => keys.includes(service.key))
        .flatMap((service) => service.equipment);
      return { serviceAddress, outage: null, equipment, deviceStatusAvailable, canRestart };
    },
  };
}

export type TroubleshootingService = ReturnType<typeof createTroubleshootingService>;
