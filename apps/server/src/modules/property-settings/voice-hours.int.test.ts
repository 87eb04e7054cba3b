import {
  type ForwardingSettings,
  HOURS_PROPERTY_UNSET,
  VOICE_LINES_PATH,
  type VoiceLine,
  type VoiceLinesResponse,
} from '@vireo/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { communityIds } from '../../../test/community';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { auditEvents, propertyHours } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * Business hours feed voice schedules (issue 22 item 5, wider-portal.md §10): Lakeside's leasing office lines follow
 * their property's business hours (demo-data.md: weekdays 09:00-17:00, Saturday 10:00-14:00, Sunday closed), so the
 * rule simulator answers by the property's week, its special hours and its closures (as holidays), and follows a
 * change of them at once; a line is tied to a property of its own account whose hours are set, or to its own hours.
 * The clock: Saturday 2026-11-21, 10:00 in Charlotte.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });
const MADE_UP_ID = '00000000-0000-4000-8000-000000000000';
const ids = {} as Awaited<ReturnType<typeof communityIds>>;
let manager: Browser;
let north: VoiceLine;

const lineUrl = (lineId: string, part: string) => `/api/pub/voice/v1/lines/${lineId}${part}`;
const hoursUrl = (propertyId: string) => `/api/pub/community/v1/properties/${propertyId}/hours`;
const send = (b: Browser, method: 'PUT' | 'POST', url: string, payload: object) =>
  b.request({ method, url, headers: b.csrf(), payload });

async function forwarding(b: Browser, line: VoiceLine): Promise<ForwardingSettings> {
  const answer = await b.request({ url: lineUrl(line.id, '/forwarding') });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as ForwardingSettings;
}

/** What a call from a customer at `at` (the account's clock) meets: the outcome and the deciding rule's index. */
async function call(at: string) {
  const answer = await send(manager, 'POST', lineUrl(north.id, '/simulate'), { from: '704-555-0148', at });
  expect(answer.statusCode, answer.body).toBe(200);
  const { outcome, rule } = answer.json() as { outcome: string; rule: number | null };
  return [outcome, rule];
}

beforeAll(async () => {
  Object.assign(ids, await communityIds(portal.database().db));
  manager = await portal.as('lakeside-manager');
  const lines = (await manager.request({ url: VOICE_LINES_PATH })).json() as VoiceLinesResponse;
  expect(lines.lines.map((line) => line.label).sort()).toEqual([
    'Commons leasing office',
    'North leasing office',
    'South leasing office',
  ]);
  north = lines.lines.find((line) => line.label === 'North leasing office') as VoiceLine;
  // the properties a line may follow, for the forwarding editor's choice
  expect(lines.hoursProperties).toEqual([
    { id: ids.commons, name: 'Lakeside Commons' },
    { id: ids.north, name: 'Lakeside North' },
    { id: ids.south, name: 'Lakeside South' },
  ]);
});

describe("a leasing office line follows its property's business hours", () => {
  it('is seeded to follow Lakeside North, with voicemail on holidays and after hours', async () => {
    const settings = await forwarding(manager, north);
    expect(settings.hoursPropertyId).toBe(ids.north);
    expect(settings.scheduleRules.map((rule) => [rule.when, rule.action.type])).toEqual([
      ['holiday', 'voicemail'],
      ['after_hours', 'voicemail'],
    ]);
  });

  it("answers by the property's week, and by its new week once changed (two intervals a day)", async () => {
    // Saturday 10:00-14:00 (the line's own default hours have no Saturday), Sunday closed, a weekday 09:00-17:00
    expect(await call('2026-11-28T11:00')).toEqual(['ring', null]);
    expect(await call('2026-11-28T14:00')).toEqual(['voicemail', 1]);
    expect(await call('2026-11-29T11:00')).toEqual(['voicemail', 1]);
    expect(await call('2026-11-30T08:30')).toEqual(['voicemail', 1]);
    expect(await call('2026-11-30T16:59')).toEqual(['ring', null]);

    const week = [
      { weekday: 0, intervals: [] },
      ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, intervals: [{ opens: '09:00', closes: '17:00' }] })),
      {
        weekday: 6,
        intervals: [
          { opens: '09:00', closes: '12:00' },
          { opens: '13:00', closes: '16:00' },
        ],
      },
    ];
    expect((await send(manager, 'PUT', hoursUrl(ids.north), { week })).statusCode).toBe(200);
    expect(await call('2026-11-28T12:30')).toEqual(['voicemail', 1]);
    expect(await call('2026-11-28T13:30')).toEqual(['ring', null]);
    expect(await call('2026-11-28T15:59')).toEqual(['ring', null]);
  });

  it('takes a closure as a holiday and special hours as the day’s hours', async () => {
    const exceptions = `${hoursUrl(ids.north)}/exceptions`;
    const closed = await send(manager, 'POST', exceptions, {
      kind: 'closed',
      label: 'Thanksgiving',
      startDate: '2026-11-26',
      endDate: '2026-11-26',
      intervals: [],
    });
    expect(closed.statusCode, closed.body).toBe(201);
    const special = await send(manager, 'POST', exceptions, {
      kind: 'special',
      label: 'Day after Thanksgiving',
      startDate: '2026-11-27',
      endDate: '2026-11-27',
      intervals: [{ opens: '10:00', closes: '13:00' }],
    });
    expect(special.statusCode, special.body).toBe(201);
    // the holiday rule decides a closure (rule 0), in what would be opening hours
    expect(await call('2026-11-26T11:00')).toEqual(['voicemail', 0]);
    expect(await call('2026-11-27T09:30')).toEqual(['voicemail', 1]);
    expect(await call('2026-11-27T12:00')).toEqual(['ring', null]);
    expect(await call('2026-11-27T14:00')).toEqual(['voicemail', 1]);
  });

  it('goes back to its own hours, then follows another property; each change audited', async () => {
    const settings = await forwarding(manager, north);
    const own = await send(manager, 'PUT', lineUrl(north.id, '/forwarding'), { ...settings, hoursPropertyId: null });
    expect(own.statusCode, own.body).toBe(200);
    // the line's own hours (the platform's default: weekdays 08:00-18:00, no Saturday)
    expect(await call('2026-11-28T11:00')).toEqual(['voicemail', 1]);
    expect(await call('2026-11-30T08:30')).toEqual(['ring', null]);
    const south = await send(manager, 'PUT', lineUrl(north.id, '/forwarding'), {
      ...settings,
      hoursPropertyId: ids.south,
    });
    expect(south.statusCode, south.body).toBe(200);
    expect((await forwarding(manager, north)).hoursPropertyId).toBe(ids.south);
    expect(await call('2026-11-28T11:00')).toEqual(['ring', null]);
    const entries = await portal
      .database()
      .db.select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, north.id), eq(auditEvents.action, 'forwarding.changed')));
    expect(entries).toHaveLength(2);
  });

  it('refuses another account’s property or a made-up one (404) and a property without hours (400), changing nothing', async () => {
    const before = await forwarding(manager, north);
    for (const id of [ids.foreign, MADE_UP_ID]) {
      const refused = await send(manager, 'PUT', lineUrl(north.id, '/forwarding'), { ...before, hoursPropertyId: id });
      expect(refused.statusCode, refused.body).toBe(404);
    }
    await portal.database().db.delete(propertyHours).where(eq(propertyHours.propertyId, ids.commons));
    const unset = await send(manager, 'PUT', lineUrl(north.id, '/forwarding'), {
      ...before,
      hoursPropertyId: ids.commons,
    });
    expect(unset.statusCode, unset.body).toBe(400);
    expect(unset.json().error.fields).toEqual([{ path: 'body.hoursPropertyId', code: HOURS_PROPERTY_UNSET }]);
    expect(await forwarding(manager, north)).toEqual(before);
  });
});
