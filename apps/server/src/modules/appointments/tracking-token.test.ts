import { describe, expect, it } from 'vitest';
import { readTrackingToken, signTrackingToken, trackingExpiry } from './tracking-token';

const VISIT = '7a1c0e2b-1f3d-4c5e-8a9b-00000000e001';
const NOW = new Date('2026-11-21T15:00:00Z');

describe('the tracking link token (issue 20 item 3)', () => {
  it('expires when the visit day is over on the service address’s clock', () => {
    // 2026-11-24 08:00 in Portland, Maine: the day ends at 05:00 UTC on the 25th
    expect(trackingExpiry(new Date('2026-11-24T13:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2026-11-25T05:00:00.000Z',
    );
    // a late window in Los Angeles is still that day there
    expect(trackingExpiry(new Date('2026-11-25T01:00:00Z'), 'America/Los_Angeles').toISOString()).toBe(
      '2026-11-25T08:00:00.000Z',
    );
  });

  it('names its visit until it expires; then, or altered, or signed by another secret, it names nothing', () => {
    const expiresAt = new Date('2026-11-25T05:00:00Z');
    const token = signTrackingToken(['new-secret', 'old-secret'], VISIT, expiresAt);
    expect(readTrackingToken(['new-secret'], token, NOW)).toEqual({ visitId: VISIT, expiresAt });
    // rotation: a token signed with the old secret still reads while that secret is configured
    const old = signTrackingToken(['old-secret'], VISIT, expiresAt);
    expect(readTrackingToken(['new-secret', 'old-secret'], old, NOW)).toEqual({ visitId: VISIT, expiresAt });
    expect(readTrackingToken(['new-secret'], old, NOW)).toBeNull();
    // its day over, it says so (the page says the link expired, not that it is wrong)
    expect(readTrackingToken(['new-secret'], token, new Date('2026-11-25T05:00:00Z'))).toBe('expired');
    const [, expires, mac] = token.split('.');
    const other = '7a1c0e2b-1f3d-4c5e-8a9b-00000000e002';
    expect(readTrackingToken(['new-secret'], `${other}.${expires}.${mac}`, NOW)).toBeNull();
    expect(readTrackingToken(['new-secret'], `${VISIT}.${Number(expires) + 86_400}.${mac}`, NOW)).toBeNull();
    for (const bad of ['', 'x', `${VISIT}.${expires}`, `${token}.extra`, `not-a-uuid.${expires}.${mac}`]) {
      expect(readTrackingToken(['new-secret'], bad, NOW), bad).toBeNull();
    }
  });
});
