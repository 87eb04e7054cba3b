import { describe, expect, it } from 'vitest';
import { FOOTPRINTS } from '../roles';
import { canNickname, DEVICE_TYPES, maskDeviceIdentifier, validateNickname } from './equipment';

describe('canNickname (spec §5, equipment nicknames)', () => {
  // every footprint x device type: TWC and BHN always; CHTR never for DVRs, digital receivers, transport adapters,
  // cable cards and TV devices
  const expected: Record<(typeof FOOTPRINTS)[number], Record<(typeof DEVICE_TYPES)[number], boolean>> = {
    TWC: {
      modem: true,
      router: true,
      voice_adapter: true,
      dvr: true,
      digital_receiver: true,
      transport_adapter: true,
      cable_card: true,
      tv_device: true,
    },
    BHN: {
      modem: true,
      router: true,
      voice_adapter: true,
      dvr: true,
      digital_receiver: true,
      transport_adapter: true,
      cable_card: true,
      tv_device: true,
    },
    CHTR: {
      modem: true,
      router: true,
      voice_adapter: true,
      dvr: false,
      digital_receiver: false,
      transport_adapter: false,
      cable_card: false,
      tv_device: false,
    },
  };
  const cases = FOOTPRINTS.flatMap((footprint) =>
    DEVICE_TYPES.map((deviceType) => [footprint, deviceType, expected[footprint][deviceType]] as const),
  );

  it('covers every footprint and device type', () => {
    expect(cases).toHaveLength(FOOTPRINTS.length * DEVICE_TYPES.length);
  });

  it.each(cases)('%s %s: %s', (footprint, deviceType, allowed) => {
    expect(canNickname(footprint, deviceType)).toBe(allowed);
  });
});

describe('validateNickname (wider-portal.md §5: 1-30 printable characters)', () => {
  it.each([
    ['Front desk modem', { ok: true, value: 'Front desk modem' }],
    ['  Back office  ', { ok: true, value: 'Back office' }],
    ['x'.repeat(30), { ok: true, value: 'x'.repeat(30) }],
    ['Café módem ☕', { ok: true, value: 'Café módem ☕' }],
    ['', { ok: false, message: 'services.nickname.required' }],
    ['   ', { ok: false, message: 'services.nickname.required' }],
    ['x'.repeat(31), { ok: false, message: 'services.nickname.tooLong' }],
    ['line\nbreak', { ok: false, message: 'services.nickname.invalid' }],
    ['tab\there', { ok: false, message: 'services.nickname.invalid' }],
    ['bell\u0007', { ok: false, message: 'services.nickname.invalid' }],
    ['sep\u2028arator', { ok: false, message: 'services.nickname.invalid' }],
  ])('%j', (raw, result) => {
    expect(validateNickname(raw)).toEqual(result);
  });
});

describe('maskDeviceIdentifier', () => {
  it('shows only the last 4 characters of a MAC address or serial number', () => {
    expect(maskDeviceIdentifier('00:1A:2B:3C:4D:5E')).toBe('•••• 4D5E');
    expect(maskDeviceIdentifier('sn-m1234567890')).toBe('•••• 7890');
  });
});
