import type { Footprint } from '../roles';

/** The kinds of equipment a service can have at the customer's premises (wider-portal.md §5). */
export const DEVICE_TYPES = [
  'modem',
  'router',
  'voice_adapter',
  'dvr',
  'digital_receiver',
  'transport_adapter',
  'cable_card',
  'tv_device',
] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** spec §5: the video devices a CHTR customer cannot nickname. */
const NOT_NICKNAMED_ON_CHTR: ReadonlySet<DeviceType> = new Set([
  'dvr',
  'digital_receiver',
  'transport_adapter',
  'cable_card',
  'tv_device',
]);

/**
 * spec §5 "Equipment nicknames": TWC and Brighthouse customers can always edit; for others, digital video recorders,
 * digital receivers, transport adapters, cable cards and TV devices cannot be nicknamed.
 */
export function canNickname(footprint: Footprint, deviceType: DeviceType): boolean {
  if (footprint === 'TWC' || footprint === 'BHN') return true;
  return !NOT_NICKNAMED_ON_CHTR.has(deviceType);
}

/** wider-portal.md §5: a nickname is 1-30 printable characters. */
export const EQUIPMENT_NICKNAME_MAX_LENGTH = 30;

export type NicknameRule = { ok: true; value: string } | { ok: false; message: string };

/**
 * A short name as typed (a device's nickname, a phone line's): trimmed; 1 to `max` characters, none of them a control
 * character. The message is `<prefix>.required` / `.tooLong` / `.invalid` (translated ids).
 */
export function validateShortName(raw: string, max: number, prefix: string): NicknameRule {
  const value = raw.trim();
  if (value === '') return { ok: false, message: `${prefix}.required` };
  if ([...value].length > max) return { ok: false, message: `${prefix}.tooLong` };
  // printable: no control characters (C0, DEL, C1), no line or paragraph separators
  if (/[\p{Cc}\u2028\u2029]/u.test(value)) return { ok: false, message: `${prefix}.invalid` };
  return { ok: true, value };
}

/** A nickname as typed (`services.nickname.required` / `.tooLong` / `.invalid`). */
export function validateNickname(raw: string): NicknameRule {
  return validateShortName(raw, EQUIPMENT_NICKNAME_MAX_LENGTH, 'services.nickname');
}

/**
 * A device's MAC address or serial number as the portal shows it: only its last 4 characters, the rest masked
 * ("•••• 3F9A"); the whole identifier never leaves the server.
 */
export function maskDeviceIdentifier(identifier: string): string {
  const plain = identifier.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  return `•••• ${plain.slice(-4)}`;
}
