import {
  type Availability,
  dateInZone,
  TRACKING_AVAILABILITY_PATH,
  TRACKING_CALENDAR_PATH,
  TRACKING_CANCEL_PATH,
  TRACKING_CHANGES_PER_WINDOW,
  TRACKING_CONFIRM_PATH,
  TRACKING_PATH,
  TRACKING_RESCHEDULE_PATH,
  TRACKING_VERIFY_PATH,
  type TrackedVisit,
} from '@vireo/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Browser, post } from '../../../test/sign-in';
import { signedInApp } from '../../../test/signed-in-app';
import { insertVisit } from '../../../test/visits';
import { accounts, auditEvents, dispatchJobs } from '../../db/schema';
import { fixedClock } from '../../platform/clock';
import { signTrackingToken, trackingExpiry } from './tracking-token';

/**
 * Tracking without sign-in (issue 20 item 3, wider-portal.md §7) through the API, as a visitor: a visit read by its
 * signed link (expired and forged links refused apart), the ZIP asked before any change, a move and a cancellation
 * that are the signed-in ones (same rules, one audit entry, its actor a guest), the link renewed for the visit's new
 * day, the calendar file, and the changes counted per client address.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });
const NY = 'America/New_York';
const ZIP = '04101';

let visits = 0;
/** A new repair visit of Harbor's, 3 days ahead at 10:00, and its tracking link's token. */
async function harborVisit(): Promise<{ id: string; token: string; windowStart: Date }> {
  const { db } = portal.database();
  const [harbor] = await db.select().from(accounts).where(eq(accounts.companyName, 'Harbor Coffee Co.'));
  if (!harbor) throw new Error('no Harbor');
  const windowStart = new Date('2026-11-24T15:00:00Z');
  visits += 1;
  const id = await insertVisit(db, {
    accountId: harbor.id,
    jobId: `JOB-T${visits}`,
    windowStart,
    now: clock.now(),
  });
  const token = portal.app().portal.services.tracking.linkToken(id, windowStart, NY);
  return { id, token, windowStart };
}

async function open(b: Browser, token: string): Promise<TrackedVisit> {
  const answer = await post(b, TRACKING_PATH, { token });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
}

async function auditOf(action: string, targetId: string) {
  return portal
    .database()
    .db.select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, targetId)));
}

describe('tracking a visit without sign-in', () => {
  it('shows the visit by its link, renewed to the end of the visit day; expired and forged links are refused', async () => {
    const { id, token } = await harborVisit();
    const b = await portal.visitor();
    const tracked = await open(b, token);
    expect(tracked.visit).toMatchObject({ id, type: 'repair', status: 'scheduled', timeZone: NY, canChange: true });
    expect(tracked.expiresAt).toBe('2026-11-25T05:00:00.000Z');
    expect((await open(b, tracked.token)).visit.id).toBe(id);

    const secrets = portal.app().portal.secrets.cookieSecrets;
    const expired = signTrackingToken(secrets, id, new Date(clock.now().getTime() - 1000));
    const refusedExpired = await post(b, TRACKING_PATH, { token: expired });
    expect(refusedExpired.statusCode).toBe(410);
    expect(refusedExpired.json().error).toMatchObject({ code: 'LINK_EXPIRED' });
    const forged = signTrackingToken(['not-the-portal-secret'], id, new Date('2026-11-25T05:00:00Z'));
    const refusedForged = await post(b, TRACKING_PATH, { token: forged });
    expect(refusedForged.statusCode).toBe(404);
    expect(refusedForged.json().error).toMatchObject({ code: 'LINK_UNKNOWN' });
    // a token in the URL is no token: the route takes it in the body only
    expect((await post(b, `${TRACKING_PATH}?token=${token}`, {})).statusCode).toBe(400);
  });

  it('asks for the service ZIP before any change: a wrong one is refused on the field, nothing changed', async () => {
    const { id, token } = await harborVisit();
    const b = await portal.visitor();
    for (const path of [TRACKING_VERIFY_PATH, TRACKING_AVAILABILITY_PATH, TRACKING_CONFIRM_PATH]) {
      const wrong = await post(b, path, { token, zip: '97205' });
      expect(wrong.statusCode, path).toBe(400);
      expect(wrong.json().error.fields).toEqual([{ path: 'body.zip', code: 'appointments.zip.mismatch' }]);
    }
    const cancel = await post(b, TRACKING_CANCEL_PATH, { token, zip: '97205', reason: 'fixed' });
    expect(cancel.statusCode).toBe(400);
    const [job] = await portal.database().db.select().from(dispatchJobs).where(eq(dispatchJobs.id, id));
    expect(job?.state).toBe('scheduled');
    expect(await auditOf('appointment.cancelled', id)).toEqual([]);
    expect((await post(b, TRACKING_VERIFY_PATH, { token, zip: ZIP })).statusCode).toBe(204);
  });

  it('moves the visit to another day with the ZIP: audited once as a guest, the link renewed for the new day', async () => {
    const { id, token, windowStart } = await harborVisit();
    const b = await portal.visitor();
    const available = await post(b, TRACKING_AVAILABILITY_PATH, { token, zip: ZIP });
    expect(available.statusCode, available.body).toBe(200);
    const visitDay = dateInZone(windowStart, NY);
    const window = available
      .json<Availability>()
      .days.filter((day) => day.date > visitDay)
      .flatMap((day) => day.windows)
      .find((each) => each.available);
    if (!window) throw new Error('no free window after the visit day');

    const moved = await post(b, TRACKING_RESCHEDULE_PATH, { token, zip: ZIP, windowStart: window.start });
    expect(moved.statusCode, moved.body).toBe(200);
    const tracked = moved.json<TrackedVisit>();
    expect(tracked.visit.windowStart).toBe(new Date(window.start).toISOString());
    expect(tracked.expiresAt).toBe(trackingExpiry(new Date(window.start), NY).toISOString());
    expect(new Date(tracked.expiresAt).getTime()).toBeGreaterThan(trackingExpiry(windowStart, NY).getTime());
    // the old link still shows the visit, at its new time
    expect((await open(b, token)).visit.windowStart).toBe(tracked.visit.windowStart);

    const entries = await auditOf('appointment.rescheduled', id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorUserId: null,
      actorKind: 'guest',
      data: { actor: 'guest', via: 'tracking', from: windowStart.toISOString(), to: tracked.visit.windowStart },
    });
  });

  it('cancels with the ZIP and a reason; the calendar file then says METHOD:CANCEL', async () => {
    const { id, token } = await harborVisit();
    const b = await portal.visitor();
    const calendar = await post(b, TRACKING_CALENDAR_PATH, { token, lang: 'es' });
    expect(calendar.statusCode, calendar.body).toBe(200);
    const file = calendar.json<{ filename: string; ics: string }>();
    expect(file.filename).toMatch(/^visit-JOB-T\d+\.ics$/);
    expect(file.ics).toContain('METHOD:REQUEST');
    expect(file.ics).toMatch(/UID:JOB-T\d+@/);

    const cancelled = await post(b, TRACKING_CANCEL_PATH, { token, zip: ZIP, reason: 'not_needed', note: 'Fixed' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<TrackedVisit>().visit).toMatchObject({ status: 'cancelled', canChange: false });
    expect(await auditOf('appointment.cancelled', id)).toHaveLength(1);
    const after = await post(b, TRACKING_CALENDAR_PATH, { token, lang: 'en' });
    expect(after.json<{ ics: string }>().ics).toContain('METHOD:CANCEL');
    // a confirmation of a cancelled visit is refused as the signed-in one is
    expect((await post(b, TRACKING_CONFIRM_PATH, { token, zip: ZIP })).statusCode).toBe(409);
  });

  it(`counts ZIP checks and changes per client address: ${TRACKING_CHANGES_PER_WINDOW} in 10 minutes`, async () => {
    const { token } = await harborVisit();
    const b = await portal.visitor('10.251.0.1');
    for (let i = 0; i < TRACKING_CHANGES_PER_WINDOW; i++) {
      expect((await post(b, TRACKING_VERIFY_PATH, { token, zip: `0000${i % 10}` })).statusCode).toBe(400);
    }
    const limited = await post(b, TRACKING_VERIFY_PATH, { token, zip: ZIP });
    expect(limited.statusCode).toBe(429);
    // reading the visit is counted apart
    expect((await post(b, TRACKING_PATH, { token })).statusCode).toBe(200);
  });
});
