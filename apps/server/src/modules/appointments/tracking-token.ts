import { createHmac } from 'node:crypto';
import { addDays, dateInZone, startOfDayInZone } from '@vireo/shared';
import { safeEqual } from '../../platform/tokens';

/**
 * Issue 20 item 3 (wider-portal.md §7 "Tracking without sign-in"): the token of a visit's tracking link,
 * `<visit id>.<expiry, Unix seconds>.<HMAC-SHA256>`, signed with the first of the configured secrets and verified
 * against each (so secrets can rotate). It names one visit and expires when the visit's day is over on the service
 * address's clock; nothing is stored, and a changed visit keeps its link (the id stays).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function signature(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(`tracking:${payload}`).digest('base64url');
}

/** The end of the visit's day on the service address's clock: when its tracking link stops working. */
export function trackingExpiry(windowStart: Date, timeZone: string): Date {
  return startOfDayInZone(addDays(dateInZone(windowStart, timeZone), 1), timeZone);
}

export function signTrackingToken(secrets: readonly string[], visitId: string, expiresAt: Date): string {
  const [secret] = secrets;
  if (!secret) throw new Error('no secret to sign a tracking token');
  const payload = `${visitId}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${signature(secret, payload)}`;
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
  const [visitId, expires, mac, extra] = token.split('.');
  if (!visitId || !expires || !mac || extra !== undefined || !UUID.test(visitId) || !/^\d{1,12}$/.test(expires)) {
    return null;
  }
  const payload = `${visitId}.${expires}`;
  if (!secrets.some((secret) => safeEqual(signature(secret, payload), mac))) return null;
  const expiresAt = new Date(Number(expires) * 1000);
  return now < expiresAt ? { visitId, expiresAt } : 'expired';
}
