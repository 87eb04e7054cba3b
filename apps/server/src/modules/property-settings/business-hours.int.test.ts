import {
  type BusinessHours,
  EXCEPTION_CODES,
  EXCEPTIONS_PAGE,
  HOURS_CODES,
  type HoursException,
  type HoursExceptionsPage,
  PROPERTY_NAMES_PATH,
  type PropertyNames,
} from '@vireo/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { communityIds } from '../../../test/community';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { auditEvents, propertyHoursExceptions } from '../../db/schema';

/**
 * A community property's business hours (issue 22 item 5, wider-portal.md §10) through the API, on the Lakeside demo
 * data (demo-data.md: weekdays 09:00-17:00, Saturday 10:00-14:00, Sunday closed): the week saved whole with one audit
 * entry, every rule's refusal with its field code, the exceptions (holidays, closures, special hours) with theirs and
 * their keyset pages; another account's property or exception is 404, a business account 403. The clock: Saturday
 * 2026-11-21, 10:00 in Charlotte.
 */
const portal = signedInApp();
const MADE_UP_ID = '00000000-0000-4000-8000-000000000000';
const hoursUrl = (propertyId: string) => `/api/pub/community/v1/properties/${propertyId}/hours`;
const exceptionsUrl = (propertyId: string, query = '') =>
  `/api/pub/community/v1/properties/${propertyId}/hours/exceptions${query}`;

let manager: Browser;
let leasing: Browser;
let harbor: Browser;
const ids = {} as { lakeside: string; north: string; south: string; foreign: string };

const WEEKDAY = [{ opens: '09:00', closes: '17:00' }];
const SEEDED_WEEK = [
  { weekday: 0, intervals: [] },
  ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, intervals: WEEKDAY })),
  { weekday: 6, intervals: [{ opens: '10:00', closes: '14:00' }] },
];

function send(b: Browser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return b.request({ method, url, headers: b.csrf(), payload: payload as object });
}

async function json<T>(b: Browser, url: string): Promise<T> {
  const response = await b.request({ url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

function expectField(response: { statusCode: number; body: string }, path: string, code: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(JSON.parse(response.body).error.fields).toEqual([{ path, code }]);
}

const auditOf = (action: string) =>
  portal
    .database()
    .db.select()
    .from(auditEvents)
    .where(and(eq(auditEvents.accountId, ids.lakeside), eq(auditEvents.action, action)));

beforeAll(async () => {
  Object.assign(ids, await communityIds(portal.database().db));
  manager = await portal.as('lakeside-manager');
  leasing = await portal.as('lakeside-leasing');
  harbor = await portal.as('harbor-owner');
});

describe('the week', () => {
  it('lists the account’s properties for the picker, with the zone their hours are in', async () => {
    const names = await json<PropertyNames>(leasing, PROPERTY_NAMES_PATH);
    expect(names.timeZone).toBe('America/New_York');
    expect(names.canManage).toBe(true);
    expect(names.properties.map((p) => p.name)).toEqual(['Lakeside Commons', 'Lakeside North', 'Lakeside South']);
    expect(names.properties[1]?.address).toEqual({
      line1: '10 Lakeside Way',
      city: 'Charlotte',
      state: 'NC',
      zip: '28202',
    });
  });

  it('reads the seeded week: weekdays 09:00-17:00, Saturday 10:00-14:00, Sunday closed', async () => {
    const hours = await json<BusinessHours>(manager, hoursUrl(ids.north));
    expect(hours).toEqual({
      property: { id: ids.north, name: 'Lakeside North' },
      timeZone: 'America/New_York',
      configured: true,
      week: SEEDED_WEEK,
    });
  });

  it('saves the week whole, with one audit entry naming the days changed; the same week again writes none', async () => {
    const week = SEEDED_WEEK.map((day) =>
      day.weekday === 6
        ? { weekday: 6, intervals: [{ opens: '10:00', closes: '15:00' }] }
        : day.weekday === 3
          ? {
              weekday: 3,
              intervals: [
                { opens: '13:00', closes: '18:30' },
                { opens: '08:00', closes: '12:00' },
              ],
            }
          : day,
    );
    const saved = await send(manager, 'PUT', hoursUrl(ids.north), { week });
    expect(saved.statusCode, saved.body).toBe(200);
    // the intervals come back in their order of the day
    expect((saved.json() as BusinessHours).week[3]?.intervals).toEqual([
      { opens: '08:00', closes: '12:00' },
      { opens: '13:00', closes: '18:30' },
    ]);
    expect((await json<BusinessHours>(leasing, hoursUrl(ids.north))).week[6]?.intervals).toEqual([
      { opens: '10:00', closes: '15:00' },
    ]);
    const entries = await auditOf('business_hours.changed');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      targetId: ids.north,
      area: 'community',
      data: { property: 'Lakeside North', weekdays: [3, 6] },
    });
    expect((await send(manager, 'PUT', hoursUrl(ids.north), { week })).statusCode).toBe(200);
    expect(await auditOf('business_hours.changed')).toHaveLength(1);
  });

  it.each([
    ['off the 15-minute grid', [{ opens: '10:05', closes: '15:00' }], 'body.week.6.intervals.0', HOURS_CODES.step],
    ['closing before it opens', [{ opens: '15:00', closes: '10:00' }], 'body.week.6.intervals.0', HOURS_CODES.order],
    [
      'opening and closing at once',
      [{ opens: '10:00', closes: '10:00' }],
      'body.week.6.intervals.0',
      HOURS_CODES.order,
    ],
    [
      'two intervals that overlap',
      [
        { opens: '09:00', closes: '12:00' },
        { opens: '11:45', closes: '14:00' },
      ],
      'body.week.6.intervals.1',
      HOURS_CODES.overlap,
    ],
  ])('refuses a day %s, on that interval, and keeps the week', async (_, intervals, path, code) => {
    const before = await json<BusinessHours>(manager, hoursUrl(ids.south));
    const week = SEEDED_WEEK.map((day) => (day.weekday === 6 ? { weekday: 6, intervals } : day));
    expectField(await send(manager, 'PUT', hoursUrl(ids.south), { week }), path, code);
    expect(await json<BusinessHours>(manager, hoursUrl(ids.south))).toEqual(before);
  });

  it('refuses a weekday given twice, a third interval, a time that is not HH:MM, and a week of six days', async () => {
    const twice = SEEDED_WEEK.map((day) => (day.weekday === 0 ? { ...day, weekday: 1 } : day));
    expectField(
      await send(manager, 'PUT', hoursUrl(ids.south), { week: twice }),
      'body.week.1.weekday',
      HOURS_CODES.weekday,
    );
    const third = SEEDED_WEEK.map((day) =>
      day.weekday === 1 ? { weekday: 1, intervals: [...WEEKDAY, ...WEEKDAY, ...WEEKDAY] } : day,
    );
    expect((await send(manager, 'PUT', hoursUrl(ids.south), { week: third })).statusCode).toBe(400);
    const late = SEEDED_WEEK.map((day) =>
      day.weekday === 1 ? { weekday: 1, intervals: [{ opens: '09:00', closes: '25:00' }] } : day,
    );
    expect((await send(manager, 'PUT', hoursUrl(ids.south), { week: late })).statusCode).toBe(400);
    expect((await send(manager, 'PUT', hoursUrl(ids.south), { week: SEEDED_WEEK.slice(1) })).statusCode).toBe(400);
    expect((await json<BusinessHours>(manager, hoursUrl(ids.south))).week).toEqual(SEEDED_WEEK);
  });

  it('answers 404 for another account’s property or a made-up one, and 403 to a business account', async () => {
    for (const id of [ids.foreign, MADE_UP_ID]) {
      expect((await manager.request({ url: hoursUrl(id) })).statusCode).toBe(404);
      expect((await send(manager, 'PUT', hoursUrl(id), { week: SEEDED_WEEK })).statusCode).toBe(404);
    }
    expect((await harbor.request({ url: hoursUrl(ids.north) })).statusCode).toBe(403);
    expect((await harbor.request({ url: PROPERTY_NAMES_PATH })).statusCode).toBe(403);
  });
});

describe('holidays and closures', () => {
  const closure = {
    kind: 'closed',
    label: 'Thanksgiving',
    startDate: '2026-11-26',
    endDate: '2026-11-27',
    intervals: [],
  };

  it('adds a closure over two days and special hours on one, lists them soonest first, and audits each', async () => {
    const added = await send(manager, 'POST', exceptionsUrl(ids.north), closure);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ ...closure, editable: true, id: expect.any(String) });
    const special = {
      kind: 'special',
      label: 'Christmas Eve',
      startDate: '2026-12-24',
      endDate: '2026-12-24',
      intervals: [{ opens: '09:00', closes: '12:00' }],
    };
    expect((await send(leasing, 'POST', exceptionsUrl(ids.north), special)).statusCode).toBe(201);
    const page = await json<HoursExceptionsPage>(manager, exceptionsUrl(ids.north));
    expect(page.items.map((e) => e.label)).toEqual(['Thanksgiving', 'Christmas Eve']);
    expect(page.nextCursor).toBeNull();
    expect(await auditOf('hours_exception.added')).toHaveLength(2);
  });

  it.each([
    [
      'a day already taken',
      { ...closure, startDate: '2026-11-27', endDate: '2026-11-28' },
      'body.startDate',
      EXCEPTION_CODES.overlaps,
    ],
    [
      'a start in the past',
      { ...closure, startDate: '2026-11-20', endDate: '2026-11-20' },
      'body.startDate',
      EXCEPTION_CODES.past,
    ],
    [
      'an end before the start',
      { ...closure, startDate: '2026-12-02', endDate: '2026-12-01' },
      'body.endDate',
      EXCEPTION_CODES.order,
    ],
    [
      'a closure over 90 days',
      { ...closure, startDate: '2027-01-01', endDate: '2027-04-01' },
      'body.endDate',
      EXCEPTION_CODES.tooLong,
    ],
    [
      'a start over two years ahead',
      { ...closure, startDate: '2028-11-22', endDate: '2028-11-22' },
      'body.startDate',
      EXCEPTION_CODES.tooFar,
    ],
    [
      'a closure with hours',
      { ...closure, startDate: '2026-12-01', endDate: '2026-12-01', intervals: WEEKDAY },
      'body.intervals',
      EXCEPTION_CODES.specialHours,
    ],
    [
      'special hours without hours',
      { ...closure, kind: 'special', startDate: '2026-12-01', endDate: '2026-12-01' },
      'body.intervals',
      EXCEPTION_CODES.specialHours,
    ],
    [
      'special hours over two days',
      { kind: 'special', label: 'Inventory', startDate: '2026-12-01', endDate: '2026-12-02', intervals: WEEKDAY },
      'body.endDate',
      EXCEPTION_CODES.specialOneDay,
    ],
    [
      'special hours off the grid',
      {
        kind: 'special',
        label: 'Inventory',
        startDate: '2026-12-01',
        endDate: '2026-12-01',
        intervals: [{ opens: '09:10', closes: '12:00' }],
      },
      'body.intervals.0',
      HOURS_CODES.step,
    ],
  ])('refuses %s with its field code, adding nothing', async (_, body, path, code) => {
    const before = await portal.database().db.select().from(propertyHoursExceptions);
    expectField(await send(manager, 'POST', exceptionsUrl(ids.north), body), path, code);
    expect(await portal.database().db.select().from(propertyHoursExceptions)).toHaveLength(before.length);
  });

  it('refuses an empty label and a card number in it', async () => {
    const empty = await send(manager, 'POST', exceptionsUrl(ids.south), { ...closure, label: '  ' });
    expect(empty.statusCode).toBe(400);
    const card = await send(manager, 'POST', exceptionsUrl(ids.south), { ...closure, label: '4242 4242 4242 4242' });
    expect(JSON.parse(card.body).error.fields).toEqual([{ path: 'body.label', code: 'text.cardNumberRefused' }]);
  });

  it('changes and removes one not over yet, each audited; one over is listed as past and kept as it was', async () => {
    const { items } = await json<HoursExceptionsPage>(manager, exceptionsUrl(ids.north));
    const thanksgiving = items.find((e) => e.label === 'Thanksgiving') as HoursException;
    const url = `${exceptionsUrl(ids.north)}/${thanksgiving.id}`;
    const changed = await send(manager, 'PUT', url, { ...closure, label: 'Thanksgiving break', endDate: '2026-11-29' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ label: 'Thanksgiving break', endDate: '2026-11-29' });
    expect(await auditOf('hours_exception.changed')).toHaveLength(1);
    expect((await send(manager, 'DELETE', url)).statusCode).toBe(204);
    expect(await auditOf('hours_exception.removed')).toHaveLength(1);
    expect((await send(manager, 'DELETE', url)).statusCode).toBe(404);

    const now = portal.clock.now();
    const [over] = await portal
      .database()
      .db.insert(propertyHoursExceptions)
      .values({
        propertyId: ids.north,
        accountId: ids.lakeside,
        kind: 'closed',
        label: 'Labor Day',
        startsOn: '2026-09-07',
        endsOn: '2026-09-07',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const past = await json<HoursExceptionsPage>(manager, exceptionsUrl(ids.north, '?when=past'));
    expect(past.items).toEqual([expect.objectContaining({ label: 'Labor Day', editable: false })]);
    const pastUrl = `${exceptionsUrl(ids.north)}/${over?.id}`;
    expect(
      (await send(manager, 'PUT', pastUrl, { ...closure, startDate: '2026-12-07', endDate: '2026-12-07' })).statusCode,
    ).toBe(409);
    expect((await send(manager, 'DELETE', pastUrl)).statusCode).toBe(409);
  });

  it('lets one under way keep its start in the past, but not end before today', async () => {
    const now = portal.clock.now();
    const [under] = await portal
      .database()
      .db.insert(propertyHoursExceptions)
      .values({
        propertyId: ids.north,
        accountId: ids.lakeside,
        kind: 'closed',
        label: 'Boiler repair',
        startsOn: '2026-11-20',
        endsOn: '2026-11-21',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const url = `${exceptionsUrl(ids.north)}/${under?.id}`;
    const body = { ...closure, label: 'Boiler repair', startDate: '2026-11-20' };
    expectField(
      await send(manager, 'PUT', url, { ...body, endDate: '2026-11-20' }),
      'body.endDate',
      EXCEPTION_CODES.past,
    );
    const longer = await send(manager, 'PUT', url, { ...body, endDate: '2026-11-22' });
    expect(longer.statusCode, longer.body).toBe(200);
    expect(longer.json()).toMatchObject({ startDate: '2026-11-20', endDate: '2026-11-22', editable: true });
    expect((await send(manager, 'DELETE', url)).statusCode).toBe(204);
  });

  it(`pages the upcoming ones, ${EXCEPTIONS_PAGE} a page, by start date`, async () => {
    for (let day = 0; day < EXCEPTIONS_PAGE + 3; day += 1) {
      const date = `2027-02-${String(day + 1).padStart(2, '0')}`;
      const added = await send(manager, 'POST', exceptionsUrl(ids.south), {
        ...closure,
        label: `Day ${day + 1}`,
        startDate: date,
        endDate: date,
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    const first = await json<HoursExceptionsPage>(leasing, exceptionsUrl(ids.south));
    expect(first.items).toHaveLength(EXCEPTIONS_PAGE);
    const second = await json<HoursExceptionsPage>(leasing, exceptionsUrl(ids.south, `?cursor=${first.nextCursor}`));
    expect(second.items.map((e) => e.label)).toEqual(['Day 21', 'Day 22', 'Day 23']);
    expect(second.nextCursor).toBeNull();
    expect((await leasing.request({ url: exceptionsUrl(ids.south, '?cursor=nonsense') })).statusCode).toBe(400);
  });

  it('answers 404 for another account’s property and for an exception of another property', async () => {
    expect((await manager.request({ url: exceptionsUrl(ids.foreign) })).statusCode).toBe(404);
    expect((await send(manager, 'POST', exceptionsUrl(ids.foreign), closure)).statusCode).toBe(404);
    const { items } = await json<HoursExceptionsPage>(manager, exceptionsUrl(ids.north));
    const other = `${exceptionsUrl(ids.south)}/${items[0]?.id}`;
    expect((await send(manager, 'DELETE', other)).statusCode).toBe(404);
    expect((await send(harbor, 'DELETE', other)).statusCode).toBe(403);
  });
});
