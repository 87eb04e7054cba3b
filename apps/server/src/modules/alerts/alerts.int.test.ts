import { ALERTS_PATH, type AlertsResponse } from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { fixedClock } from '../../platform/clock';

/**
 * Alerts (issue 20 items 1 and 6, spec §3, wider-portal.md §8) through the API: network operations' Orlando outage
 * covers Riverbend's service address (demo-data.md: crew dispatched, restoration in 3 hours, medium confidence), the
 * Portland maintenance next week covers Harbor's; Pinecrest has none; the outage moves through its stages on the
 * clock and is gone once resolved; network operations not answering is 503.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });

async function alertsOf(b: Browser, lang?: 'en' | 'es'): Promise<AlertsResponse['alerts']> {
  const answer = await b.request({ url: lang ? `${ALERTS_PATH}?lang=${lang}` : ALERTS_PATH });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<AlertsResponse>().alerts;
}

describe('alerts of the account’s service address', () => {
  it('tells Riverbend of the outage covering its address, with its stage, estimate and confidence', async () => {
    const b = await portal.as('riverbend-owner');
    const [outage, ...rest] = await alertsOf(b);
    expect(rest).toEqual([]);
    expect(outage).toMatchObject({
      pid: 'OUT-24117',
      type: 'outage',
      severity: 'warning',
      stage: 'crew_dispatched',
      confidence: 'medium',
      active: true,
      estimatedResolution: '2026-11-21T18:00:00.000Z',
      link: '/outage-map',
      action: '/outage-callback',
    });
    expect(outage?.body).toBe(
      'Internet outage in Downtown Orlando, FL: a crew is on the way. Estimated restoration Saturday, November 21 at 1:00 PM (medium confidence). Reference OUT-24117.',
    );
    const [spanish] = await alertsOf(b, 'es');
    expect(spanish?.body).toContain('Interrupción de internet en Downtown Orlando, FL: un equipo va en camino.');
    expect(spanish?.body).toContain('(confianza media)');
  });

  it('tells Harbor of the planned maintenance next week; Pinecrest hears of nothing', async () => {
    const [maintenance, ...rest] = await alertsOf(await portal.as('harbor-staff'));
    expect(rest).toEqual([]);
    expect(maintenance).toMatchObject({
      pid: 'MNT-3306',
      type: 'other',
      severity: 'info',
      stage: 'scheduled',
      active: false,
      link: '/outage-map',
      action: null,
    });
    expect(maintenance?.body).toBe(
      'Planned Internet and Phone maintenance in Portland waterfront, ME: Saturday, November 28 at 12:00 AM to 6:00 AM. Service may be down during that time. Reference MNT-3306.',
    );
    expect(await alertsOf(await portal.as('pinecrest-owner'))).toEqual([]);
  });

  it('follows the outage on the clock until it is resolved; network operations down is 503', async () => {
    const start = clock.now();
    try {
      clock.advance(155 * 60_000);
      expect((await alertsOf(await portal.as('riverbend-owner')))[0]?.stage).toBe('monitoring');
      clock.advance(20 * 60_000);
      expect(await alertsOf(await portal.as('riverbend-owner'))).toEqual([]);
    } finally {
      clock.set(start);
    }
    const b = await portal.as('riverbend-owner');
    portal.app().portal.services.networkOps.faults.set('events', 1);
    const down = await b.request({ url: ALERTS_PATH });
    expect(down.statusCode).toBe(503);
    expect(await alertsOf(b)).toHaveLength(1);
  });
});
