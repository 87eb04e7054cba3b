import { readSessionJson, removeSessionFlag, writeSessionJson } from '../../../lib/client-storage';

/**
 * A reset link's token, carried from `/verify-link` to the reset form (`/account-recovery?password-reset=true`) in
 * this tab's session storage rather than in a second address: it stays out of the history and of any Referer, and a
 * reload of the form keeps it. Removed once the password is changed.
 */
const RESET_TOKEN_KEY = 'vireo.resetLink';

export type ResetLink = { token: string; username: string | null };

export function keepResetToken(link: ResetLink): void {
  writeSessionJson(RESET_TOKEN_KEY, link);
}

export function readResetToken(): ResetLink | null {
  const link = readSessionJson(RESET_TOKEN_KEY) as Partial<ResetLink> | null;
  if (typeof link?.token !== 'string') return null;
  return { token: link.token, username: typeof link.username === 'string' ? link.username : null };
}

export function forgetResetToken(): void {
  removeSessionFlag(RESET_TOKEN_KEY);
}
