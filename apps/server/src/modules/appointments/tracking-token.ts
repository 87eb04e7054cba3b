import { addDays, dateInZone, startOfDayInZone } from '@vireo/shared';
import { readLinkToken, signLinkToken } from '../../platform/tokens';

/**
 * Issue 20 item 3 (wider-portal.md §7 "Tracking without sign-in"): the token of a visit's tracking link
 * (platform/tokens.ts `signLinkToken`, purpose `tracking`). It names one visit and expires when the visit's day is
 * over on the service address's clock; nothing is stored, and a changed visit keeps its link (the id stays).
 */
const PURPOSE = 'tracking';

/** The end of the visit's day on the service address's clock: when its tracking link stops working. */
export function trackingExpiry(windowStart: Date, timeZone: string): Date {
  return startOfDayInZone(addDays(dateInZone(windowStart, timeZone), 1), timeZone);
}

export function signTrackingToken(secrets: readonly string[], visitId: string, expiresAt: Date): string {
  return signLinkToken(secrets, PURPOSE, visitId, expiresAt);
}

/**
 * The visit a token names, when one of `secrets` signed it and it has not expired at `now`; 'expired' for one the
 * portal signed whose day is over; null for anything else.
 */
export function readTrackingToken(
  secrets: readonly string[],
  token: string,
  now: Date,
): { visitId: string; expiresAt: Date } | 'expired' | null {
  const read = readLinkToken(secrets, PURPOSE, token, now);
  return read && read !== 'expired' ? { visitId: read.id, expiresAt: read.expiresAt } : read;
}
