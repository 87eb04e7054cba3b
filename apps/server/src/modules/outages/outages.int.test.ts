import {
  type NetworkEventsPage,
  OUTAGE_ADDRESS_CHECK_PATH,
  OUTAGE_CHECKS_PER_WINDOW,
  OUTAGES_PATH,
} from '@vireo/shared';
import { describe, expect, it } from 'vitest';
import { type Browser, post } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { fixedClock } from '../../platform/clock';

/**
 * The outage map's data (issue 20 item 5, wider-portal.md §8) for a visitor without a sign-in: the Orlando outage
 * (stages so far, estimate, confidence, area) and the Portland maintenance, keyset-paged, the latest start first; a
 * resolved outage shown for 24 hours more; "is my address affected?" for served and unknown addresses; the checks
 * counted per client address.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });

async function list(b: Browser, query = ''): Promise<NetworkEventsPage> {
  const answer = await b.request({ url: `${OUTAGES_PATH}${query}` });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

describe('the outage map’s data', () => {
  it('lists the events for anyone, the latest start first, with stages so far, estimate, confidence and area', async () => {
    const b = await portal.visitor();
    const { items } = await list(b);
    expect(items.map((event) => event.reference)).toEqual(['MNT-3306', 'OUT-24117']);
    const outage = items[1];
    expect(outage).toMatchObject({
      kind: 'outage',
      services: ['internet'],
      region: 'Downtown Orlando, FL',
      timeZone: 'America/New_York',
      stage: 'crew_dispatched',
      confidence: 'medium',
      active: true,
      endedAt: null,
      customersAffected: 1240,
      estimatedEndAt: '2026-11-21T18:00:00.000Z',
    });
    expect(outage?.history.map((step) => step.stage)).toEqual(['investigating', 'identified', 'crew_dispatched']);
    expect(outage?.area.type).toBe('Polygon');
    expect(items[0]).toMatchObject({ kind: 'maintenance', stage: 'scheduled', active: false, confidence: null });

    // a page at a time
    const first = await list(b, '?limit=1');
    expect(first.items.map((event) => event.reference)).toEqual(['MNT-3306']);
    const second = await list(b, `?limit=1&cursor=${first.nextCursor}`);
    expect(second.items.map((event) => event.reference)).toEqual(['OUT-24117']);
    expect(second.nextCursor).toBeNull();
  });

  it('keeps a resolved outage on the map for 24 hours, then drops it', async () => {
    const start = clock.now();
    try {
      clock.advance(4 * 3_600_000);
      const resolved = (await list(await portal.visitor())).items.find((event) => event.reference === 'OUT-24117');
      expect(resolved).toMatchObject({ stage: 'resolved', active: false, endedAt: '2026-11-21T17:50:00.000Z' });
      clock.advance(24 * 3_600_000);
      const later = (await list(await portal.visitor())).items.map((event) => event.reference);
      expect(later).toEqual(['MNT-3306']);
    } finally {
      clock.set(start);
    }
  });

  it('says whether a served address is affected; an address the network does not serve is said so', async () => {
    const b = await portal.visitor();
    const check = async (addressLine1: string, zip: string) => {
      const answer = await post(b, OUTAGE_ADDRESS_CHECK_PATH, { addressLine1, zip });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json();
    };
    expect(await check('88  river bend dr ', '32801')).toEqual({ served: true, affectedBy: ['OUT-24117'] });
    expect(await check('120 Commercial St', '04101')).toEqual({ served: true, affectedBy: ['MNT-3306'] });
    expect(await check('4410 Pinecrest Rd', '78731')).toEqual({ served: true, affectedBy: [] });
    expect(await check('1 Nowhere Rd', '32801')).toEqual({ served: false, affectedBy: [] });
  });

  it(`counts address checks per client address: ${OUTAGE_CHECKS_PER_WINDOW} in 10 minutes`, async () => {
    const b = await portal.visitor('10.252.0.1');
    for (let i = 0; i < OUTAGE_CHECKS_PER_WINDOW; i++) {
      const answer = await post(b, OUTAGE_ADDRESS_CHECK_PATH, { addressLine1: `${i} Main St`, zip: '32801' });
      expect(answer.statusCode).toBe(200);
    }
    expect((await post(b, OUTAGE_ADDRESS_CHECK_PATH, { addressLine1: '1 Main St', zip: '32801' })).statusCode).toBe(
      429,
    );
  });
});
