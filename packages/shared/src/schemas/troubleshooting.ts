import { z } from 'zod';
import { LOCALES } from '../constants';
import { AlertSchema } from './alerts';
import { ServiceAddressSchema } from './profile';
import { EquipmentSchema } from './services';

/**
 * Troubleshooting (issue 21 item 5, wider-portal.md §9): an outage at the service address is looked for first and,
 * when there is one, the check stops there; otherwise the equipment's status, a restart with its result, a speed test
 * and a ticket begun with what was found.
 */
export const TROUBLESHOOTING_PATH = '/api/pub/support/v1/troubleshooting';
/** POST, no body: restarts a device through network operations and answers how it came back (`services.manage`). */
export const EQUIPMENT_RESTART_PATH = '/api/pub/services/v1/equipment/:equipmentId/restart';

/** What a troubleshooting page looks into: the internet (`/troubleshoot-stub`), or TV and phone (`-2`). */
export const TROUBLESHOOT_SUBJECTS = ['internet', 'tv-phone'] as const;
export type TroubleshootSubject = (typeof TROUBLESHOOT_SUBJECTS)[number];
/** The network's words for the services a subject covers (an event's `services`). */
export const NETWORK_SERVICES_OF: Record<TroubleshootSubject, readonly string[]> = {
  internet: ['internet'],
  'tv-phone': ['tv', 'phone'],
};
/** The account's services (their keys) whose equipment a subject shows. */
export const SERVICE_KEYS_OF: Record<TroubleshootSubject, readonly string[]> = {
  internet: ['INTERNET'],
  'tv-phone': ['VIDEO', 'VOICE'],
};

export const TroubleshootingQuerySchema = z.strictObject({
  subject: z.enum(TROUBLESHOOT_SUBJECTS),
  lang: z.enum(LOCALES).optional(),
});
export type TroubleshootingQuery = z.infer<typeof TroubleshootingQuerySchema>;

export const TroubleshootingCheckSchema = z.object({
  serviceAddress: z.nullable(ServiceAddressSchema),
  /** An outage (or maintenance) under way at the service address for these services: the check stopped there. */
  outage: z.nullable(AlertSchema),
  /** The devices of these services with their status; null when an outage stopped the check before them. */
  equipment: z.array(EquipmentSchema).nullable(),
  /** False when network operations did not answer: every device's status is `unknown`. */
  deviceStatusAvailable: z.boolean(),
  /** Whether the reader may restart a device (the admin group's `services.manage`). */
  canRestart: z.boolean(),
});
export type TroubleshootingCheck = z.infer<typeof TroubleshootingCheckSchema>;

/** How a restarted device came back: online, or still offline (then a ticket is the next step). */
export const RESTART_OUTCOMES = ['online', 'offline'] as const;
export const EquipmentRestartSchema = z.object({
  outcome: z.enum(RESTART_OUTCOMES),
  equipment: EquipmentSchema,
});
export type EquipmentRestart = z.infer<typeof EquipmentRestartSchema>;
