import type { Availability } from '@vireo/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { accounts, dispatchJobs, properties } from '../../db/schema';

/**
 * Business hours feed the visit windows (issue 22 item 5, wider-portal.md §10: "feeds appointment windows (site
 * access)"): at Lakeside North's address only dispatch's windows inside the property's hours are offered (weekdays
 * 09:00-17:00: 10-12, 12-14, 14-16; Saturday 10:00-14:00: 10-12, 12-14), none on a closure, the special hours' on
 * their day; a move to a window outside them is refused. A visit elsewhere keeps every window. The clock: Saturday
 * 2026-11-21, 10:00 in Charlotte.
 */
const portal = signedInApp();
let manager: Browser;
const ids = {} as { lakeside: string; north: string; visit: string; elsewhere: string };
const availability = (visit: string) => `/api/pub/sbnetserviceapptedge/v1/appointments/${visit}/availability`;

async function hoursOf(visit: string): Promise<Record<string, string[]>> {
  const response = await manager.request({ url: availability(visit) });
  expect(response.statusCode, response.body).toBe(200);
  const { days } = response.json() as Availability;
  const local = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', { timeZone: 'America/New_York', hour: '2-digit', minute: '2-digit' }).format(
      new Date(iso),
    );
  return Object.fromEntries(days.map((day) => [day.date, day.windows.map((w) => `${local(w.start)}-${local(w.end)}`)]));
}

async function visitAt(addressLine1: string, jobId: string) {
  const now = portal.clock.now();
  const start = new Date('2026-11-30T15:00:00Z');
  const [job] = await portal
    .database()
    .db.insert(dispatchJobs)
    .values({
      accountId: ids.lakeside,
      orderId: `ORD-${jobId}`,
      jobId,
      type: 'repair',
      state: 'scheduled',
      area: '282',
      address: { addressLine1, city: 'Charlotte', state: 'NC', zip: '28202' },
      windowStart: start,
      windowEnd: new Date(start.getTime() + 7_200_000),
      technician: 'Grace Kim',
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: dispatchJobs.id });
  return job?.id as string;
}

beforeAll(async () => {
  const { db } = portal.database();
  const [lakeside] = await db.select().from(accounts).where(eq(accounts.companyName, 'Lakeside Apartments'));
  ids.lakeside = lakeside?.id as string;
  const [north] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.accountId, ids.lakeside), eq(properties.name, 'Lakeside North')));
  ids.north = north?.id as string;
  ids.visit = await visitAt('10 Lakeside Way', 'JOB-SITE-1');
  ids.elsewhere = await visitAt('1 Lakeside Way', 'JOB-SITE-2');
  manager = await portal.as('lakeside-manager');
});

describe('visit windows at a community property', () => {
  it('offers only the windows inside its hours: weekdays 10-16, Saturday 10-14, none on Sunday', async () => {
    const days = await hoursOf(ids.visit);
    expect(days['2026-11-22']).toEqual([]);
    expect(days['2026-11-23']).toEqual(['10:00-12:00', '12:00-14:00', '14:00-16:00']);
    expect(days['2026-11-28']).toEqual(['10:00-12:00', '12:00-14:00']);
    // elsewhere (the company's office, not a property): dispatch's day, 08:00-18:00
    expect((await hoursOf(ids.elsewhere))['2026-11-23']).toHaveLength(5);
  });

  it('offers none on a closure and the special hours’ on their day', async () => {
    const url = `/api/pub/community/v1/properties/${ids.north}/hours/exceptions`;
    const add = (payload: object) => manager.request({ method: 'POST', url, headers: manager.csrf(), payload });
    const closure = {
      kind: 'closed',
      label: 'Boiler work',
      startDate: '2026-11-24',
      endDate: '2026-11-24',
      intervals: [],
    };
    expect((await add(closure)).statusCode).toBe(201);
    const special = {
      kind: 'special',
      label: 'Late opening',
      startDate: '2026-11-25',
      endDate: '2026-11-25',
      intervals: [{ opens: '12:00', closes: '16:00' }],
    };
    expect((await add(special)).statusCode).toBe(201);
    const days = await hoursOf(ids.visit);
    expect(days['2026-11-24']).toEqual([]);
    expect(days['2026-11-25']).toEqual(['12:00-14:00', '14:00-16:00']);
  });

  it('refuses a move to a window outside its hours, and takes one inside them', async () => {
    const move = (windowStart: string) =>
      manager.request({
        method: 'POST',
        url: `/api/pub/sbnetserviceapptedge/v1/appointments/${ids.visit}/reschedule`,
        headers: manager.csrf(),
        payload: { windowStart },
      });
    // Monday 08:00 in Charlotte: dispatch has the window, the property is not open yet
    const early = await move('2026-11-23T13:00:00.000Z');
    expect(early.statusCode, early.body).toBe(400);
    expect(JSON.parse(early.body).error.fields).toEqual([
      { path: 'body.windowStart', code: 'appointments.window.invalid' },
    ]);
    // the closure's day
    expect((await move('2026-11-24T15:00:00.000Z')).statusCode).toBe(400);
    const { days } = (await manager.request({ url: availability(ids.visit) })).json() as Availability;
    const open = days.flatMap((day) => day.windows).find((window) => window.available);
    const inside = await move(open?.start as string);
    expect(inside.statusCode, inside.body).toBe(200);
  });
});
