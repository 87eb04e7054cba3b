import {
  APPOINTMENTS_PATH,
  type Appointment,
  type AppointmentsPage,
  type Availability,
  dateInZone,
} from '@vireo/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Browser } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { insertVisit, setBooked } from '../../../test/visits';
import { accounts, auditEvents, dispatchJobs, dispatchSlots } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * Technician visits through the API (issue 20 items 1-2 and 4, wider-portal.md §7): Harbor's installation needing
 * confirmation and Pinecrest's repair (demo-data.md), confirmed, moved to a window dispatch has free (the old window
 * kept until the new one is booked), refused a full window, cancelled with a reason; each change audited once; the
 * technician's progress on the clock; the calendar file's UID, SEQUENCE and METHOD; two people taking the last place
 * of a window at once (run on PostgreSQL too, by the server-pg project).
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });
const NY = 'America/New_York';

const visitUrl = (id: string, suffix = '') => `${APPOINTMENTS_PATH}/${id}${suffix}`;

async function get<T>(b: Browser, url: string): Promise<T> {
  const answer = await b.request({ url });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

const post = (b: Browser, url: string, payload?: object) =>
  b.request({ method: 'POST', url, headers: b.csrf(), ...(payload ? { payload } : {}) });

async function installation(b: Browser): Promise<Appointment> {
  const { items } = await get<AppointmentsPage>(b, APPOINTMENTS_PATH);
  const visit = items.find((item) => item.jobId === 'JOB-88213');
  if (!visit) throw new Error('no installation');
  return visit;
}

async function auditCount(action: string, targetId: string) {
  const rows = await portal
    .database()
    .db.select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, targetId)));
  return rows.length;
}

/** A window on another day than the visit's that dispatch has free. */
async function freeWindow(b: Browser, visit: Appointment, except: string[] = []) {
  const { days } = await get<Availability>(b, visitUrl(visit.id, '/availability'));
  const day = dateInZone(new Date(visit.windowStart), NY);
  for (const each of days) {
    if (each.date === day) continue;
    const window = each.windows.find((w) => w.available && !except.includes(w.start));
    if (window) return window;
  }
  throw new Error('no free window');
}

describe('technician visits', () => {
  it("lists Harbor's installation in 3 days, 08:00-10:00, needing confirmation; Pinecrest's repair tomorrow", async () => {
    const visit = await installation(await portal.as('harbor-owner'));
    expect(visit).toMatchObject({
      type: 'installation',
      status: 'confirmation_needed',
      orderId: 'ORD-4471-2208',
      timeZone: NY,
      address: { addressLine1: expect.any(String), zip: expect.stringMatching(/^\d{5}$/) },
      technician: expect.any(String),
      etaAt: null,
      canChange: true,
    });
    const start = new Date(visit.windowStart);
    expect(dateInZone(start, NY)).toBe('2026-11-24');
    expect(start.toLocaleTimeString('en-US', { timeZone: NY, hour: '2-digit', minute: '2-digit' })).toBe('08:00 AM');
    expect(Date.parse(visit.windowEnd) - start.getTime()).toBe(2 * 3_600_000);
    const { items } = await get<AppointmentsPage>(await portal.as('pinecrest-owner'), APPOINTMENTS_PATH);
    expect(
      items.map((item) => [item.type, item.status, dateInZone(new Date(item.windowStart), 'America/Chicago')]),
    ).toEqual([['repair', 'confirmed', '2026-11-22']]);
  });

  it('shows harbor-staff (STANDARD) the visit without a way to change it, and refuses a change', async () => {
    const staff = await portal.as('harbor-staff');
    const visit = await installation(staff);
    expect(visit.canChange).toBe(false);
    expect((await post(staff, visitUrl(visit.id, '/confirm'))).statusCode).toBe(403);
    expect((await staff.request({ url: visitUrl(visit.id, '/availability') })).statusCode).toBe(403);
  });

  it('confirms the installation once: audited once, a second confirm changes nothing', async () => {
    const billing = await portal.as('harbor-billing');
    const visit = await installation(billing);
    const confirmed = await post(billing, visitUrl(visit.id, '/confirm'));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<Appointment>().status).toBe('confirmed');
    expect((await post(billing, visitUrl(visit.id, '/confirm'))).statusCode).toBe(200);
    expect(await auditCount('appointment.confirmed', visit.id)).toBe(1);
  });

  it('offers 14 days of 2-hour windows, Monday to Saturday 08:00-18:00, some full, its own window taken', async () => {
    const b = await portal.as('harbor-owner');
    const visit = await installation(b);
    const { days } = await get<Availability>(b, visitUrl(visit.id, '/availability'));
    expect(days).toHaveLength(14);
    expect(days[0]?.date).toBe('2026-11-22');
    for (const day of days) {
      const sunday = new Date(`${day.date}T12:00:00Z`).getUTCDay() === 0;
      expect(day.windows.length, day.date).toBe(sunday ? 0 : 5);
    }
    const windows = days.flatMap((day) => day.windows);
    expect(windows.find((w) => w.start === visit.windowStart)?.available).toBe(false);
    expect(windows.some((w) => !w.available && w.start !== visit.windowStart)).toBe(true);
    expect(windows.filter((w) => w.available).length).toBeGreaterThan(10);
  });

  it('moves the visit to a free window: the new place booked, the old one given back, SEQUENCE raised', async () => {
    const b = await portal.as('harbor-admin');
    const visit = await installation(b);
    const { db } = portal.database();
    const slot = async (start: string) =>
      (
        await db
          .select()
          .from(dispatchSlots)
          .where(eq(dispatchSlots.windowStart, new Date(start)))
      )[0]?.booked;
    const oldBooked = await slot(visit.windowStart);
    const target = await freeWindow(b, visit);
    const moved = await post(b, visitUrl(visit.id, '/reschedule'), { windowStart: target.start });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Appointment>()).toMatchObject({ windowStart: target.start, windowEnd: target.end });
    expect(await slot(visit.windowStart)).toBe((oldBooked as number) - 1);
    expect(await slot(target.start)).toBeGreaterThanOrEqual(1);
    expect(await auditCount('appointment.rescheduled', visit.id)).toBe(1);
    // the same window again: nothing changes
    expect((await post(b, visitUrl(visit.id, '/reschedule'), { windowStart: target.start })).statusCode).toBe(200);
    expect(await auditCount('appointment.rescheduled', visit.id)).toBe(1);
    const ics = await b.request({ url: `${APPOINTMENTS_PATH}/calendar/ORD-4471-2208/JOB-88213?lang=es` });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.body).toContain('UID:JOB-88213@vireo-business.example');
    expect(ics.body).toContain('SEQUENCE:1');
    expect(ics.body).toContain('METHOD:REQUEST');
    expect(ics.body).toContain('Visita técnica de Vireo: instalación');
  });

  it('keeps the visit where it was when the window is full, not offered, or dispatch fails', async () => {
    const b = await portal.as('harbor-owner');
    const visit = await installation(b);
    const target = await freeWindow(b, visit);
    const { db } = portal.database();
    await setBooked(db, new Date(target.start), 2);
    const full = await post(b, visitUrl(visit.id, '/reschedule'), { windowStart: target.start });
    expect(full.statusCode).toBe(400);
    expect(full.json().error.fields).toEqual([{ path: 'body.windowStart', code: 'appointments.window.full' }]);
    // 09:00 is no window's start; a Sunday has none; a month ahead is past the 14 days; the past; a year 0800 (fuzzing)
    for (const start of [
      '2026-11-24T14:00:00.000Z',
      '2026-11-29T15:00:00.000Z',
      '2026-12-22T15:00:00.000Z',
      '2026-11-20T15:00:00.000Z',
      '0800-02-29T20:00:00Z',
    ]) {
      const refused = await post(b, visitUrl(visit.id, '/reschedule'), { windowStart: start });
      expect(refused.json().error.fields, start).toEqual([
        { path: 'body.windowStart', code: 'appointments.window.invalid' },
      ]);
    }
    portal.app().portal.services.dispatch.faults.set('book', 1);
    const other = await freeWindow(b, visit, [target.start]);
    expect((await post(b, visitUrl(visit.id, '/reschedule'), { windowStart: other.start })).statusCode).toBe(503);
    expect((await installation(b)).windowStart).toBe(visit.windowStart);
  });

  it('moves the technician on the clock: on the way with an ETA, there, done; no change once the window started', async () => {
    const b = await portal.as('pinecrest-owner');
    const [visit] = (await get<AppointmentsPage>(b, APPOINTMENTS_PATH)).items;
    if (!visit) throw new Error('no visit');
    const { db } = portal.database();
    const now = clock.now().getTime();
    // the window moved to have started this long ago (the clock itself stays: the session would expire)
    const startedAgo = async (ms: number) => {
      await db
        .update(dispatchJobs)
        .set({ windowStart: new Date(now - ms), windowEnd: new Date(now - ms + 7_200_000) })
        .where(eq(dispatchJobs.id, visit.id));
      return get<Appointment>(b, visitUrl(visit.id));
    };
    expect(await startedAgo(60_000)).toMatchObject({
      status: 'en_route',
      etaAt: new Date(now + 39 * 60_000).toISOString(),
      canChange: false,
    });
    expect((await post(b, visitUrl(visit.id, '/cancel'), { reason: 'fixed' })).statusCode).toBe(409);
    expect((await startedAgo(45 * 60_000)).status).toBe('on_site');
    expect((await startedAgo(3 * 3_600_000)).status).toBe('completed');
  });

  it('cancels with a reason: the place given back, METHOD:CANCEL; cancelled again changes nothing', async () => {
    const b = await portal.as('harbor-owner');
    const visit = await installation(b);
    const cancelled = await post(b, visitUrl(visit.id, '/cancel'), {
      reason: 'schedule',
      note: 'Closed for inventory',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Appointment>()).toMatchObject({
      status: 'cancelled',
      cancelReason: 'schedule',
      canChange: false,
    });
    expect((await post(b, visitUrl(visit.id, '/cancel'), { reason: 'other' })).statusCode).toBe(200);
    expect(await auditCount('appointment.cancelled', visit.id)).toBe(1);
    expect((await post(b, visitUrl(visit.id, '/confirm'))).statusCode).toBe(409);
    const ics = await b.request({ url: `${APPOINTMENTS_PATH}/calendar/ORD-4471-2208/JOB-88213` });
    expect(ics.body).toContain('METHOD:CANCEL');
    expect(ics.body).toContain('STATUS:CANCELLED');
    expect(ics.body).toContain('SEQUENCE:2');
    // a card number in the note is refused (no free-text field accepts one)
    const card = await post(b, visitUrl(visit.id, '/cancel'), { reason: 'other', note: 'card 4242 4242 4242 4242' });
    expect(card.statusCode).toBe(400);
  });

  it('gives the last place of a window to exactly one of two visits moved there at once', async () => {
    const { db } = portal.database();
    const [harbor] = await db.select().from(accounts).where(eq(accounts.companyName, 'Harbor Coffee Co.'));
    const b = await portal.as('harbor-owner');
    const jobs = await Promise.all(
      ['JOB-RACE-1', 'JOB-RACE-2'].map((jobId, i) =>
        insertVisit(db, {
          accountId: harbor?.id as string,
          jobId,
          windowStart: new Date(Date.parse('2026-11-25T13:00:00Z') + i * 2 * 3_600_000),
          now: clock.now(),
        }),
      ),
    );
    // Friday 2026-11-27, 10:00-12:00 in Portland: one place left
    const last = '2026-11-27T15:00:00.000Z';
    await setBooked(db, new Date(last), 1);
    const answers = await Promise.all(jobs.map((id) => post(b, visitUrl(id, '/reschedule'), { windowStart: last })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const [slot] = await db
      .select()
      .from(dispatchSlots)
      .where(eq(dispatchSlots.windowStart, new Date(last)));
    expect(slot?.booked).toBe(2);
    const moved = await db
      .select()
      .from(dispatchJobs)
      .where(eq(dispatchJobs.windowStart, new Date(last)));
    expect(moved).toHaveLength(1);
  });
});
