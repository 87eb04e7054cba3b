import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInApp } from '../../../test/signed-in-app';
import { insertVisit } from '../../../test/visits';
import { accounts, dispatchJobs, outboxEmails, users } from '../../db/schema';
import { fixedClock } from '../../platform/clock';

/**
 * Technician visit reminders (issue 20 item 4, wider-portal.md §7): the day before and when the technician sets off,
 * through the notification platform (each user's choices, language and channels), with the visit's tracking link;
 * once per visit and window; again for a visit's new day; never for a cancelled visit.
 */
const clock = fixedClock('2026-11-21T15:00:00Z');
const portal = signedInApp({ clock });

async function mailsTo(username: string, kind: string) {
  const { db } = portal.database();
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.username, username));
  return db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.toAddress, user?.email as string), eq(outboxEmails.kind, kind)))
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id));
}

async function accountId(companyName: string) {
  const [row] = await portal.database().db.select().from(accounts).where(eq(accounts.companyName, companyName));
  return row?.id as string;
}

const run = () => portal.app().portal.services.background.run();

describe('technician visit reminders', () => {
  it('reminds the day before, once, with the tracking link that opens the visit', async () => {
    // Pinecrest's repair is tomorrow 13:00-15:00 (demo-data.md)
    expect((await run()).visitReminders).toBeGreaterThanOrEqual(1);
    const [mail] = await mailsTo('pinecrest-owner', 'visit-reminder');
    expect(mail?.subject).toBe('Reminder: your repair visit is tomorrow, 1:00 PM to 3:00 PM');
    expect(mail?.body).toContain('Sunday, November 22, between 1:00 PM and 3:00 PM');
    const url = /\/appointment-tracking\?token=(\S+)/.exec(mail?.body ?? '');
    expect(url, 'the tracking link').not.toBeNull();
    // the link works without a sign-in
    const visitor = await portal.visitor();
    const opened = await visitor.request({
      method: 'POST',
      url: '/api/pub/sbnetserviceapptedge/v1/tracking',
      headers: visitor.csrf(),
      payload: { token: url?.[1] },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().visit).toMatchObject({ type: 'repair', status: 'confirmed' });

    // the next pass tells nobody again; Harbor's installation (in 3 days) is not reminded yet
    expect((await run()).visitReminders).toBe(0);
    expect(await mailsTo('pinecrest-owner', 'visit-reminder')).toHaveLength(1);
    expect(await mailsTo('harbor-owner', 'visit-reminder')).toHaveLength(0);
  });

  it('tells the account when the technician sets off, with the ETA; a moved visit is reminded for its new day', async () => {
    const { db } = portal.database();
    const harbor = await accountId('Harbor Coffee Co.');
    const now = clock.now().getTime();
    // a visit whose window started 5 minutes ago: the technician is on the way, expected 35 minutes from now
    await insertVisit(db, {
      accountId: harbor,
      jobId: 'JOB-R1',
      windowStart: new Date(now - 300_000),
      now: new Date(now),
    });
    // and one the day after tomorrow, then moved to tomorrow
    const moved = await insertVisit(db, {
      accountId: harbor,
      jobId: 'JOB-R2',
      windowStart: new Date('2026-11-23T15:00:00Z'),
      now: new Date(now),
    });
    await run();
    const [enRoute] = await mailsTo('harbor-owner', 'visit-en-route');
    expect(enRoute?.subject).toBe('Your technician is on the way: arriving around 10:35 AM');
    expect(enRoute?.body).toContain('Grace Kim is on the way to 120 Commercial St, Portland');
    expect((await mailsTo('harbor-owner', 'visit-reminder')).filter((m) => m.body.includes('JOB-R2'))).toHaveLength(0);

    await db
      .update(dispatchJobs)
      .set({ windowStart: new Date('2026-11-22T15:00:00Z'), windowEnd: new Date('2026-11-22T17:00:00Z') })
      .where(eq(dispatchJobs.id, moved));
    await run();
    const reminded = (await mailsTo('harbor-owner', 'visit-reminder')).filter((m) => m.body.includes('JOB-R2'));
    expect(reminded).toHaveLength(1);
    expect(reminded[0]?.subject).toBe('Reminder: your repair visit is tomorrow, 10:00 AM to 12:00 PM');
    // Harbor's staff hear of the visit too (appointment reminders are every role's), in their language
    const staff = await mailsTo('harbor-staff', 'visit-en-route');
    expect(staff).toHaveLength(1);
  });

  it('never reminds of a cancelled visit', async () => {
    const { db } = portal.database();
    const harbor = await accountId('Harbor Coffee Co.');
    const cancelled = await insertVisit(db, {
      accountId: harbor,
      jobId: 'JOB-R3',
      windowStart: new Date('2026-11-22T17:00:00Z'),
      now: clock.now(),
    });
    await db.update(dispatchJobs).set({ state: 'cancelled' }).where(eq(dispatchJobs.id, cancelled));
    await run();
    const { db: d } = portal.database();
    const any = await d.select().from(outboxEmails).where(like(outboxEmails.body, '%JOB-R3%'));
    expect(any).toEqual([]);
  });
});
