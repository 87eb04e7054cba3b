/**
 * Client-side stored keys (spec §3): the value-added services and the member details, both cleared on sign-out and
 * on maintenance. sessionStorage: they belong to this tab's session, never to the next person at the computer.
 */
export const VAS_STORAGE_KEY = 'vas';
export const MEMBER_DETAILS_STORAGE_KEY = 'memberDetails';
/** Set by `/login?loggedOut=true` before it leaves for the login edge, read once when the sign-in form comes back. */
export const SIGNED_OUT_NOTICE_STORAGE_KEY = 'vireo.signedOutNotice';

function safeSessionStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function writeSessionJson(key: string, value: unknown): void {
  try {
    safeSessionStorage()?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or privacy mode: the portal works without the cached copy.
  }
}

export function readSessionJson(key: string): unknown {
  try {
    const text = safeSessionStorage()?.getItem(key);
    return text == null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}

export function setSessionFlag(key: string): void {
  try {
    safeSessionStorage()?.setItem(key, '1');
  } catch {
    // Without storage the notice is simply not shown.
  }
}

export function readSessionFlag(key: string): boolean {
  try {
    return safeSessionStorage()?.getItem(key) === '1';
  } catch {
    return false;
  }
}

export function removeSessionFlag(key: string): void {
  try {
    safeSessionStorage()?.removeItem(key);
  } catch {
    // Nothing stored, nothing to remove.
  }
}

/** spec §3: `vas` and the member details are cleared on logout (and when maintenance signs the user out). */
export function clearSignedInClientData(): void {
  try {
    const storage = safeSessionStorage();
    storage?.removeItem(VAS_STORAGE_KEY);
    storage?.removeItem(MEMBER_DETAILS_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
}
