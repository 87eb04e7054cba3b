import { containsCardNumber } from './card-number';

/** A Wi-Fi network's name (SSID): 1 to 32 bytes (IEEE 802.11), printable, no blank at either end. */
export const WIFI_NAME_MAX_BYTES = 32;
/** A WPA2/WPA3 passphrase: 8 to 63 printable ASCII characters. */
export const WIFI_PASSWORD_MIN_LENGTH = 8;
export const WIFI_PASSWORD_MAX_LENGTH = 63;

export type WifiRule = { ok: true } | { ok: false; message: string };

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;
const CONTROL = /\p{Cc}/u;

/** The text's length in UTF-8 bytes (what an SSID's limit counts). */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** The network name's rule; field codes `selfInstall.wifi.name.*`. */
export function validateWifiName(name: string): WifiRule {
  if (name.trim() === '') return { ok: false, message: 'selfInstall.wifi.name.required' };
  if (name !== name.trim() || CONTROL.test(name)) return { ok: false, message: 'selfInstall.wifi.name.invalid' };
  if (utf8Bytes(name) > WIFI_NAME_MAX_BYTES) {
    return { ok: false, message: 'selfInstall.wifi.name.tooLong' };
  }
  if (containsCardNumber(name)) return { ok: false, message: 'text.cardNumberRefused' };
  return { ok: true };
}

/**
 * The passphrase's rule; field codes `selfInstall.wifi.password.*`. Not the network's name, and never a card number
 * (no free-text field accepts one).
 */
export function validateWifiPassword(password: string, name = ''): WifiRule {
  if (password === '') return { ok: false, message: 'selfInstall.wifi.password.required' };
  if (password.length < WIFI_PASSWORD_MIN_LENGTH) return { ok: false, message: 'selfInstall.wifi.password.tooShort' };
  if (password.length > WIFI_PASSWORD_MAX_LENGTH) return { ok: false, message: 'selfInstall.wifi.password.tooLong' };
  if (!PRINTABLE_ASCII.test(password)) return { ok: false, message: 'selfInstall.wifi.password.invalid' };
  if (name !== '' && password.toLowerCase() === name.toLowerCase()) {
    return { ok: false, message: 'selfInstall.wifi.password.sameAsName' };
  }
  if (containsCardNumber(password)) return { ok: false, message: 'text.cardNumberRefused' };
  return { ok: true };
}

/** How the account installs: in the portal, or by a third-party installer the provider redirects to (spec §2.4). */
export const SELF_INSTALL_TYPES = ['portal', 'redirect'] as const;
export type SelfInstallType = (typeof SELF_INSTALL_TYPES)[number];

/**
 * spec §2.4: the leave-page warning shows on a self-install page that asks for it when the speed-bump toggle is on,
 * unless the page suppresses the confirmation (nothing would be lost there) or the install is a redirect to a
 * third-party installer.
 */
export function showsLeavePageWarning(input: {
  speedBump: boolean;
  suppressed: boolean;
  installType: SelfInstallType | null;
}): boolean {
  return input.speedBump && !input.suppressed && input.installType !== 'redirect';
}
