import { z } from 'zod';
import { DEVICE_TYPES, EQUIPMENT_NICKNAME_MAX_LENGTH } from '../rules/equipment';
import { SERVICE_KEYS } from './account';
import { freeText } from './free-text';
import { ServiceAddressSchema } from './profile';

/** Issue 19 item 1 (wider-portal.md §5): the account's services with their plan, address, status and equipment. */
export const SERVICES_PATH = '/api/pub/services/v1/services';
/** PUT `{ nickname }`: names a device (spec §5 rule); an empty nickname removes it. */
export const EQUIPMENT_NICKNAME_PATH = '/api/pub/services/v1/equipment/:equipmentId/nickname';

export const DEVICE_STATUSES = ['online', 'offline', 'unknown'] as const;

export const EquipmentSchema = z.object({
  id: z.uuid(),
  deviceType: z.enum(DEVICE_TYPES),
  model: z.string(),
  /** The MAC address or serial number, all but its last 4 characters masked. */
  identifier: z.string(),
  nickname: z.string().nullable(),
  /** spec §5: whether this account's footprint lets this type be nicknamed (and the reader may). */
  canNickname: z.boolean(),
  /** From network operations; `unknown` when they did not answer. */
  status: z.enum(DEVICE_STATUSES),
});
export type Equipment = z.infer<typeof EquipmentSchema>;

export const ServiceSummarySchema = z.object({
  key: z.enum(SERVICE_KEYS),
  status: z.enum(['Assigned', 'Unassigned', 'Active', 'Undefined']),
  /** The plans billed for it now (e.g. "Business Internet Premier"); empty when none is billed here. */
  plans: z.array(z.string()),
  /** Business phone lines, for VOICE. */
  lineCount: z.number().int().nullable(),
  equipment: z.array(EquipmentSchema),
});
export type ServiceSummary = z.infer<typeof ServiceSummarySchema>;

export const ServicesResponseSchema = z.object({
  serviceAddress: z.nullable(ServiceAddressSchema),
  services: z.array(ServiceSummarySchema),
  /** False when network operations did not answer: every device's status is `unknown`. */
  deviceStatusAvailable: z.boolean(),
});
export type ServicesResponse = z.infer<typeof ServicesResponseSchema>;

export const EquipmentNicknameRequestSchema = z.strictObject({
  nickname: freeText({ max: EQUIPMENT_NICKNAME_MAX_LENGTH, min: 0 }),
});
export type EquipmentNicknameRequest = z.infer<typeof EquipmentNicknameRequestSchema>;
