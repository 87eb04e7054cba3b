import { describe, expect, it } from 'vitest';
import { showsLeavePageWarning, validateWifiName, validateWifiPassword } from './self-install';

describe('spec §2.4 leave-page warning on self-install', () => {
  // every combination: only the speed bump on, a page that does not suppress it and an install in the portal warn
  it.each([
    [true, false, 'portal', true],
    [true, false, null, true],
    [true, true, 'portal', false],
    [true, false, 'redirect', false],
    [true, true, 'redirect', false],
    [false, false, 'portal', false],
    [false, true, 'portal', false],
    [false, false, 'redirect', false],
  ] as const)('speed bump %s, suppressed %s, install %s: warns %s', (speedBump, suppressed, installType, warns) => {
    expect(showsLeavePageWarning({ speedBump, suppressed, installType })).toBe(warns);
  });
});

describe('the Wi-Fi rules', () => {
  it.each([
    ['Maple Bakery', null],
    ['', 'selfInstall.wifi.name.required'],
    ['   ', 'selfInstall.wifi.name.required'],
    [' Maple', 'selfInstall.wifi.name.invalid'],
    ['Maple\tBakery', 'selfInstall.wifi.name.invalid'],
    ['x'.repeat(32), null],
    ['x'.repeat(33), 'selfInstall.wifi.name.tooLong'],
    // 32 bytes are fewer characters in Spanish: 16 "ñ" are 32 bytes, 17 are 34
    ['ñ'.repeat(16), null],
    ['ñ'.repeat(17), 'selfInstall.wifi.name.tooLong'],
    ['Card 4111 1111 1111 1111', 'text.cardNumberRefused'],
  ])('network name %j: %s', (name, code) => {
    const rule = validateWifiName(name);
    expect(rule.ok ? null : rule.message).toBe(code);
  });

  it.each([
    ['croissant-42', '', null],
    ['', '', 'selfInstall.wifi.password.required'],
    ['1234567', '', 'selfInstall.wifi.password.tooShort'],
    ['x'.repeat(63), '', null],
    ['x'.repeat(64), '', 'selfInstall.wifi.password.tooLong'],
    ['contraseña-segura', '', 'selfInstall.wifi.password.invalid'],
    ['MapleBakery', 'maplebakery', 'selfInstall.wifi.password.sameAsName'],
    ['4111111111111111', '', 'text.cardNumberRefused'],
  ])('password %j (network %j): %s', (password, name, code) => {
    const rule = validateWifiPassword(password, name);
    expect(rule.ok ? null : rule.message).toBe(code);
  });
});
